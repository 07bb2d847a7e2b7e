/// A key press, as the terminal reports it.
public enum Key: Sendable, Hashable {
    /// A printable character (any script, as typed).
    case character(Character)
    /// Return or Enter (CR or LF; also Ctrl-M and Ctrl-J).
    case enter
    /// Escape on its own (also what Alt+key starts with).
    case escape
    /// Backspace (DEL or BS; also Ctrl-H).
    case backspace
    /// Tab (also Ctrl-I).
    case tab
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Insert.
    case insert
    /// Delete (forward delete).
    case delete
    /// Ctrl with a letter, as the lowercase letter: Ctrl-C is `.control("c")`. Ctrl-H, Ctrl-I,
    /// Ctrl-J and Ctrl-M send the same bytes as Backspace, Tab and Enter and come out as those.
    case control(Character)
    /// A function key, F1 to F12 as 1 to 12.
    case function(Int)
}
