extension MosaicSymbols {
    /// The terminals that draw sextants themselves rather than from a font, by their
    /// XTVERSION name (lowercased): kitty (since 0.24), foot, WezTerm and contour.
    static let terminalsDrawingSextants: Set<String> = ["kitty", "foot", "wezterm", "contour"]

    /// Sextants in a terminal known to draw them (named by its XTVERSION report), quadrants
    /// anywhere else, since nearly every font has those.
    public static func best(for terminal: TerminalIdentity?) -> MosaicSymbols {
        guard let name = terminal?.name.lowercased(), terminalsDrawingSextants.contains(name) else { return .quadrants }
        return .sextants
    }
}
