/// A mouse report (xterm's SGR mouse mode, 1006).
public struct MouseEvent: Sendable, Hashable {
    /// What the mouse did. Buttons are numbered as xterm numbers them: 0 left, 1 middle,
    /// 2 right, and 8 to 11 for the extra buttons.
    public enum Kind: Sendable, Hashable {
        /// A button went down.
        case press(button: Int)
        /// A button came up.
        case release(button: Int)
        /// The mouse moved with a button held (only reported in modes 1002 and 1003).
        case drag(button: Int)
        /// The mouse moved with no button held (only reported in mode 1003).
        case move
        /// The wheel turned away from the user.
        case wheelUp
        /// The wheel turned towards the user.
        case wheelDown
    }

    /// The keys held during a mouse report.
    public struct Modifiers: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// Makes a set from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Shift was held.
        public static let shift = Modifiers(rawValue: 1)
        /// Alt (Meta) was held.
        public static let alt = Modifiers(rawValue: 2)
        /// Ctrl was held.
        public static let control = Modifiers(rawValue: 4)
    }

    /// What happened.
    public var kind: Kind
    /// The 0-based column of the cell under the pointer.
    public var column: Int
    /// The 0-based row of the cell under the pointer.
    public var row: Int
    /// The keys held.
    public var modifiers: Modifiers

    /// Makes an event.
    public init(kind: Kind, column: Int, row: Int, modifiers: Modifiers = []) {
        self.kind = kind
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}
