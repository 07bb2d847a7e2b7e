public import Foundation

extension MemoryBudget {
    /// The share of the memory limit a default budget takes: half, leaving the rest to the
    /// process itself (its manifest, caches, encoders, freed heap kept by malloc) and to photos
    /// whose decoder does not ask a budget.
    public static let defaultShare = 0.5

    /// The default budget's capacity: ``defaultShare`` of the memory limit of the process's
    /// cgroup (v2 `memory.max` of its own cgroup, or of `/sys/fs/cgroup` as a container sees
    /// it; v1 `memory/memory.limit_in_bytes`), or of the physical memory when there is no
    /// limit or it is larger.
    public static func defaultCapacity(
        cgroupRoot: String = "/sys/fs/cgroup", ownCgroup: String = "/proc/self/cgroup",
        physicalMemory: UInt64 = ProcessInfo.processInfo.physicalMemory
    ) -> Int {
        let limit = min(cgroupLimit(root: cgroupRoot, ownCgroup: ownCgroup) ?? physicalMemory, physicalMemory)
        return Int(min(Double(limit) * defaultShare, Double(Int.max / 2)))
    }

    /// The memory limit of the process's cgroup, or nil when it has none (or none can be read).
    static func cgroupLimit(root: String, ownCgroup: String) -> UInt64? {
        var candidates: [String] = []
        // cgroup v2: the line "0::/path" names the process's own cgroup.
        if let lines = try? String(contentsOfFile: ownCgroup, encoding: .utf8),
            let path = lines.split(separator: "\n").first(where: { $0.hasPrefix("0::") })?.dropFirst(3), path != "/"
        {
            candidates.append(root + path + "/memory.max")
        }
        candidates += [root + "/memory.max", root + "/memory/memory.limit_in_bytes"]
        for file in candidates {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            // "max" (v2) means no limit; v1 says so with a number near Int64.max, which the
            // caller's minimum with the physical memory takes care of.
            return UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return nil
    }
}
