package import SepiaTerminal

/// What the user asked for, whatever key or mouse gesture said it.
package enum BrowserAction: Sendable, Equatable {
    /// Move the selection by this many rows.
    case move(Int)
    /// Move by whole screens.
    case page(Int)
    /// Move by half screens.
    case halfPage(Int)
    /// Scroll by rows, the selection staying put where it can (mouse wheel).
    case scroll(Int)
    /// Select the first row.
    case first
    /// Select the last row.
    case last
    /// Select the row on screen at this terminal line (a mouse click).
    case click(line: Int)
    /// Open the selected photo large.
    case open
    /// Close what is open: the photo, the help, the alert.
    case back
    /// Leave the program.
    case quit
    /// Give the terminal back and stop, until the shell's `fg` (Ctrl-Z).
    case suspend
    /// Show or hide the key help.
    case help
    /// Try a failed row again.
    case retry
    /// Show or hide the queue panel.
    case queuePanel
}

/// The keys and mouse gestures users expect of a terminal list (less, vim, mutt, htop).
package enum KeyBindings {
    /// Rows the mouse wheel scrolls per notch.
    package static let wheelRows = 1

    /// The action an input event asks for, or nil when the event means nothing here.
    package static func action(for event: InputEvent) -> BrowserAction? {
        switch event {
        case .key(let key): action(for: key)
        case .mouse(let mouse): action(for: mouse)
        }
    }

    private static func action(for key: Key) -> BrowserAction? {
        switch key {
        case .down, .character("j"): .move(1)
        case .up, .character("k"): .move(-1)
        case .pageDown, .control("f"), .character(" "): .page(1)
        case .pageUp, .control("b"): .page(-1)
        case .control("d"): .halfPage(1)
        case .control("u"): .halfPage(-1)
        case .home, .character("g"): .first
        case .end, .character("G"): .last
        case .enter, .right, .character("l"): .open
        case .escape, .left, .character("h"), .backspace: .back
        case .character("q"), .control("c"): .quit
        case .control("z"): .suspend
        case .character("?"): .help
        case .character("r"): .retry
        case .character("o"): .queuePanel
        default: nil
        }
    }

    private static func action(for mouse: MouseEvent) -> BrowserAction? {
        switch mouse.kind {
        case .wheelDown: .scroll(wheelRows)
        case .wheelUp: .scroll(-wheelRows)
        case .press(button: 0): .click(line: mouse.row)
        default: nil
        }
    }
}
