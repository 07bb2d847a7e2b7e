/// A terminal's name and version, as it reports them to XTVERSION (`CSI > 0 q`, answered with
/// `DCS > | text ST`; xterm's ctlseqs, "Report xterm name and version (XTVERSION)").
public struct TerminalIdentity: Sendable, Equatable, CustomStringConvertible {
    /// The name, as in `xterm`, `kitty`, `WezTerm`, `tmux`.
    public var name: String
    /// The version, when the report has one.
    public var version: String?
    /// The report as the terminal sent it.
    public var description: String

    /// Reads a report: `name(version)` (xterm, kitty, foot), `name version` (WezTerm,
    /// iTerm2, tmux, mintty) or a bare name.
    public init(versionReport report: String) {
        description = report
        if let open = report.firstIndex(of: "("), report.hasSuffix(")") {
            name = String(report[..<open])
            version = String(report[report.index(after: open)..<report.index(before: report.endIndex)])
        } else if let space = report.firstIndex(of: " ") {
            name = String(report[..<space])
            version = String(report[report.index(after: space)...])
        } else {
            name = report
            version = nil
        }
    }
}
