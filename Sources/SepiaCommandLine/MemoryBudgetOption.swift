package import ArgumentParser
import Foundation
package import SepiaPipeline

/// A `--memory-budget` or `SEPIA_MEMORY_BUDGET` value: a number of bytes with an optional binary
/// unit (`K`, `M`, `G`, also written `Ki`/`KiB`, ...: 512M is 512 × 2^20 bytes), or `none`.
package struct MemoryBudgetArgument: ExpressibleByArgument, Sendable {
    /// The budget's bytes, or nil for `none` (no budget).
    package let bytes: Int?

    /// The environment variable that sets the budget when the option is not given.
    package static let environmentVariable = "SEPIA_MEMORY_BUDGET"

    package init?(argument: String) {
        let text = argument.lowercased()
        if text == "none" {
            bytes = nil
            return
        }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let shifts: [Substring: Int] = ["": 0, "k": 10, "ki": 10, "kib": 10, "m": 20, "mi": 20, "mib": 20, "g": 30, "gi": 30, "gib": 30]
        guard let count = Int(digits), count > 0, let shift = shifts[text.dropFirst(digits.count)],
            count <= Int.max >> (shift + 1)
        else { return nil }
        bytes = count << shift
    }

    /// The budget this value asks for.
    package var budget: MemoryBudget? { bytes.map { MemoryBudget(capacity: $0) } }

    /// The environment variable's value, or nil when it is not set.
    ///
    /// - Throws: `ValidationError` when it is set to something else than a budget.
    package static func fromEnvironment(_ environment: [String: String]) throws -> MemoryBudgetArgument? {
        guard let text = environment[environmentVariable] else { return nil }
        guard let parsed = MemoryBudgetArgument(argument: text) else {
            throw ValidationError("\(environmentVariable) must be a number of bytes such as 512M or 2G, or none (got \(text)).")
        }
        return parsed
    }

    /// The budget of a batch: `option` when given, else the environment variable's, else
    /// ``MemoryBudget/defaultCapacity(cgroupRoot:ownCgroup:physicalMemory:)``.
    package static func resolve(_ option: MemoryBudgetArgument?, environment: [String: String]) throws -> MemoryBudget? {
        guard let chosen = try option ?? fromEnvironment(environment) else {
            return MemoryBudget(capacity: MemoryBudget.defaultCapacity())
        }
        return chosen.budget
    }
}

/// `--memory-budget`, shared by `sepia process`, the terminal browser (`sepia browse`, `sepia
/// demo`) and the desktop window (`sepia-gtk`).
package struct MemoryBudgetOption: ParsableArguments, Sendable {
    @Option(
        help: ArgumentHelp(
            "Bytes of decoded photos in flight at once, such as 512M or 2G, or none (default: $SEPIA_MEMORY_BUDGET, else half the cgroup's memory limit or of the physical memory).",
            valueName: "bytes"))
    package var memoryBudget: MemoryBudgetArgument?

    package init() {}

    package func validate() throws {
        if memoryBudget == nil { _ = try MemoryBudgetArgument.fromEnvironment(ProcessInfo.processInfo.environment) }
    }

    /// The budget asked for (see ``MemoryBudgetArgument/resolve(_:environment:)``).
    package func budget() throws -> MemoryBudget? {
        try MemoryBudgetArgument.resolve(memoryBudget, environment: ProcessInfo.processInfo.environment)
    }
}
