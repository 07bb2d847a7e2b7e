import Foundation

/// Runs a program to its end with `posix_spawnp` and `wait4`, timing it from spawn to exit:
/// the wall time a user waits for a command, start-up included. (Foundation's `Process` is
/// not used: on Linux its `waitUntilExit` polls a run loop, which blurs short runs.)
enum ChildProcess {
    /// How long one run took.
    struct Timing {
        /// Wall seconds from spawn to exit.
        let wall: Double
        /// User and system CPU seconds of the child.
        let cpu: Double
    }

    /// A run that did not exit with status 0.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `program` (looked up on `PATH`) with `arguments`, standard output into the file
    /// `outputPath` and standard error to /dev/null.
    static func run(_ program: String, _ arguments: [String], outputPath: String) throws -> Timing {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let start = ContinuousClock.now
        let status = posix_spawnp(&pid, program, &actions, nil, argv, environ)
        guard status == 0 else { throw Failure(description: "\(program): \(String(cString: strerror(status)))") }
        var exit: Int32 = 0
        var usage = rusage()
        while wait4(pid, &exit, 0, &usage) < 0 && errno == EINTR {}
        let wall = (ContinuousClock.now - start).seconds
        guard exit == 0 else { throw Failure(description: "\(program) \(arguments.joined(separator: " ")) ended with status \(exit)") }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
        return Timing(wall: wall, cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
}
