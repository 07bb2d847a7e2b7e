import Foundation

/// A short account of how a program ended badly, read from its standard error as Swift's
/// backtracer writes it (`SWIFT_BACKTRACE=interactive=no,color=no`): the fatal error and the
/// crashed thread's frames in Sepia's own sources.
enum CrashReport {
    /// "exit status N" and the fatal error with up to six frames (or the last five lines of
    /// `standardError` when it holds neither), and where the whole of it was kept.
    static func summary(exitStatus: Int32, standardError: String, keptAt kept: URL?) -> String {
        let lines = standardError.split(separator: "\n").map(String.init)
        let fatal = lines.filter { $0.contains("Fatal error") || $0.contains("Program crashed") }.prefix(2)
        let summary = Array(fatal) + crashedFrames(lines).prefix(6).map { "  at \($0)" }
        var report = "exit status \(exitStatus)"
        for line in summary.isEmpty ? Array(lines.suffix(5)) : summary { report += "\n" + line }
        if let kept, !lines.isEmpty { report += "\n  (standard error kept in \(kept.path))" }
        return report
    }

    /// The frames of the thread the backtracer says crashed that are in Sepia's sources (not
    /// in a dependency's checkout), without their frame number and address.
    private static func crashedFrames(_ lines: [String]) -> [String] {
        guard
            let start = lines.firstIndex(where: { $0.hasPrefix("Thread ") && $0.trimmingCharacters(in: .whitespaces).hasSuffix("crashed:") }
            )
        else { return [] }
        let thread = lines[(start + 1)...].prefix { !$0.hasPrefix("Thread ") }
        return thread.filter { $0.contains("/Sources/") && !$0.contains("/checkouts/") }.map { line in
            line.trimmingCharacters(in: .whitespaces).replacing(#/^\d+ \[ra\]\s*(?:\[\w+\]\s*)?0x[0-9a-f]+ /#, with: "")
        }
    }
}
