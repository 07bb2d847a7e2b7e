/// The way pictures are drawn, and why, in words for the status line and the help.
public struct GraphicsChoice: Sendable, Equatable {
    /// The mode pictures are drawn in; never `.auto`.
    public var mode: GraphicsMode
    /// Why, as in "sixel: the terminal answered DA1 with attribute 4 (xterm(390))".
    public var reason: String

    /// Makes a choice.
    public init(mode: GraphicsMode, reason: String) {
        self.mode = mode
        self.reason = reason
    }

    /// The mode for `asked` in a terminal with `capabilities`.
    ///
    /// A mode asked for is kept. `auto` becomes, in this order:
    /// 1. kitty placeholders, when the kitty query with `U=1` was answered (also through
    ///    tmux: placeholders are text, which tmux moves with its panes);
    /// 2. kitty direct placement, when only the query without `U=1` was answered (kitty
    ///    before 0.28, WezTerm, Konsole), not inside tmux;
    /// 3. iTerm2 inline images, when the terminal is iTerm2, WezTerm or mintty, not inside tmux;
    /// 4. sixel, when DA1 lists attribute 4 (inside tmux, tmux's own DA1: then tmux draws it);
    /// 5. blocks otherwise, naming `allow-passthrough` inside tmux when nothing came through.
    public static func choose(asked: GraphicsMode, capabilities: TerminalCapabilities) -> GraphicsChoice {
        guard asked == .auto else { return GraphicsChoice(mode: asked, reason: "\(asked.rawValue): asked for with --graphics") }
        let terminal = capabilities.terminal.map { " (\($0))" } ?? ""
        if capabilities.kittyPlaceholders {
            return GraphicsChoice(
                mode: .kittyPlaceholders,
                reason: "kitty-placeholders: the terminal answered the kitty graphics query with U=1\(terminal)")
        }
        if capabilities.kittyGraphics && !capabilities.insideTmux {
            return GraphicsChoice(
                mode: .kitty,
                reason: "kitty: the terminal answered the kitty graphics query, without Unicode placeholders\(terminal)")
        }
        if let evidence = capabilities.inlineImages, !capabilities.insideTmux {
            return GraphicsChoice(mode: .iterm, reason: "iterm: \(evidence) shows iTerm2 inline images")
        }
        if capabilities.sixel {
            let who = capabilities.insideTmux ? "tmux" : "the terminal"
            return GraphicsChoice(
                mode: .sixel, reason: "sixel: \(who) answered DA1 with attribute 4\(capabilities.insideTmux ? "" : terminal)")
        }
        if capabilities.insideTmux && !capabilities.tmuxPassthrough {
            return GraphicsChoice(
                mode: .blocks,
                reason: "blocks: inside tmux, the terminal's answers did not come through; try `set -g allow-passthrough on`")
        }
        if capabilities.insideTmux {
            return GraphicsChoice(
                mode: .blocks, reason: "blocks: inside tmux, no graphics protocol that works through tmux answered\(terminal)")
        }
        return GraphicsChoice(mode: .blocks, reason: "blocks: no graphics protocol answered\(terminal)")
    }
}
