package import Foundation

/// A long-running helper (an X server, a terminal emulator) started for a test or a benchmark
/// and ended by ``stop()`` or, at the latest, by its lifetime.
///
/// The program runs under coreutils' `timeout`, so a test runner that dies before calling
/// ``stop()`` leaves nothing behind past ``lifetime``. Its standard output and error go to
/// files in a folder of its own (never pipes: Foundation on Linux sees a pipe's end only when
/// every process holding it has closed it), read back by ``log``.
package final class BackgroundProcess {
    /// How long a helper may live unless a caller asks for another lifetime: longer than any
    /// test or benchmark run, short enough that a stray one goes soon.
    package static let defaultLifetime: TimeInterval = 900

    private let process = Process()
    private let folder: URL
    /// The file the program's standard output goes to.
    package let outputFile: URL
    /// The file the program's standard error goes to.
    package let errorFile: URL
    /// The program's name, for messages.
    package let name: String

    /// Starts `executable` (a name looked up on the `PATH`, or a path) with `arguments` and
    /// `environment` (the whole environment), to be killed after `lifetime` seconds if nothing
    /// stops it first.
    package init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        lifetime: TimeInterval = BackgroundProcess.defaultLifetime
    ) throws {
        guard let program = ExecutableFile.named(executable), let timeout = ExecutableFile.onPath("timeout") else {
            throw EndToEndError("\(executable) (or coreutils' timeout) is not on the PATH: run scripts/install-deps.")
        }
        name = program.lastPathComponent
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-bg-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        outputFile = folder.appendingPathComponent("stdout")
        errorFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = timeout
        process.arguments = ["--kill-after=5", String(Int(lifetime.rounded(.up))), program.path] + arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether the program still runs.
    package var isRunning: Bool { process.isRunning }

    /// The program's exit status once it has ended (a signal that ended it counts as
    /// `timeout` reports it), nil while it runs.
    package var exitStatus: Int32? { process.isRunning ? nil : process.terminationStatus }

    /// The program's own process id (`timeout`'s only child), or nil before it started or
    /// after it ended.
    package var programID: Int32? {
        let timeout = process.processIdentifier
        let children = try? String(contentsOfFile: "/proc/\(timeout)/task/\(timeout)/children", encoding: .utf8)
        return children?.split(separator: " ").first.flatMap { Int32($0) }
    }

    /// Sends `signal` to the program (through `timeout`, which passes SIGTERM, SIGINT, SIGHUP
    /// and SIGQUIT on).
    package func send(_ signal: Int32) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, signal)
    }

    /// What the program printed on its standard output so far.
    package var output: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }

    /// The end of what the program printed on its standard error, for a failure's message.
    package var log: String { String(((try? String(contentsOf: errorFile, encoding: .utf8)) ?? "").suffix(2000)) }

    /// Ends the program: SIGTERM (which `timeout` passes on), then SIGKILL to both after two
    /// seconds; returns when it has ended. Calling it again does nothing.
    package func stop() {
        guard process.isRunning else { return }
        process.terminate()
        if !Polling.wait(every: 0.02, for: 2, until: { !process.isRunning }) {
            let timeoutProcess = process.processIdentifier
            // The program is timeout's only child: kill it through the process group
            // timeout made for itself (it runs the program in the foreground of its own group).
            kill(-timeoutProcess, SIGKILL)
            kill(timeoutProcess, SIGKILL)
            process.waitUntilExit()
        }
    }
}
