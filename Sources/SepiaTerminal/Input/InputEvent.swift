/// One thing the user did at the terminal.
public enum InputEvent: Sendable, Hashable {
    /// A key press.
    case key(Key)
    /// A mouse press, release, movement or wheel turn.
    case mouse(MouseEvent)
}
