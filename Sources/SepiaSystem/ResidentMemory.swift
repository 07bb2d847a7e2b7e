import Foundation
import SepiaOperations

/// This process's resident memory, read from `/proc/self` (Linux), and another's; for
/// benchmarks, tests and status panels.
package enum ResidentMemory {
    /// Resets the peak (VmHWM) to the current resident size and returns it, or nil where the
    /// system cannot (no `/proc/self/clear_refs`).
    package static func resetPeak() -> Int? {
        guard FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs"),
            (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
        else { return nil }
        return peak()
    }

    /// The peak resident size in bytes since the process started or the last reset.
    package static func peak() -> Int? {
        field("VmHWM:")
    }

    /// The resident size in bytes now.
    package static func current() -> Int? {
        field("VmRSS:")
    }

    /// The peak resident size in bytes of another process, `pid`, or nil when it is gone.
    package static func peak(ofProcess pid: Int32) -> Int? {
        field("VmHWM:", process: String(pid))
    }

    /// The resident size in bytes of another process, `pid`, now, or nil when it is gone.
    package static func current(ofProcess pid: Int32) -> Int? {
        field("VmRSS:", process: String(pid))
    }

    /// A "Name:   N kB" line of /proc/PROCESS/status, in bytes.
    private static func field(_ name: String, process: String = "self") -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
