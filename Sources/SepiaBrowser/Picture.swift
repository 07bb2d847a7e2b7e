import SepiaTerminal

/// A picture ready to draw in a frame.
enum Picture: Sendable {
    /// Drawn as text: half blocks, or kitty placeholders.
    case cells([[Cell]])
    /// Drawn by the terminal with pixels over cells the frame leaves blank.
    case pixels(PixelPicture)

    /// The cells it covers across.
    var columns: Int {
        switch self {
        case .cells(let rows): rows.map(\.count).max() ?? 0
        case .pixels(let picture): picture.columns
        }
    }

    /// The cells it covers down.
    var lines: Int {
        switch self {
        case .cells(let rows): rows.count
        case .pixels(let picture): picture.lines
        }
    }
}
