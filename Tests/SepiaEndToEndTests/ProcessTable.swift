import Foundation

/// Looks processes up in `/proc` (Linux, where tmux runs the tests).
enum ProcessTable {
    /// The ids of the processes whose parent is `parent` and whose command name is `name`.
    static func children(of parent: pid_t, named name: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8)
            else { return nil }
            return parentAndName(stat).flatMap { $0.parent == parent && $0.name == name ? pid : nil }
        }
    }

    /// The state letter of process `pid` ("R", "S", "T" for stopped…), or nil when it is gone.
    static func state(of pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    /// Reads "PID (NAME) STATE PPID …"; the name may hold spaces and parentheses, so it ends
    /// at the last ")".
    private static func parentAndName(_ stat: String) -> (parent: pid_t, name: String)? {
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let parent = pid_t(fields[1]) else { return nil }
        return (parent, String(stat[stat.index(after: open)..<close]))
    }
}
