/// Turns screen buffers into the bytes that draw them, sending only what changed since the
/// previous frame, with the pixel pictures placed over them.
///
/// Each changed cell costs at most a cursor move (skipped when the cursor is already there
/// after the cell before), an SGR sequence (skipped when the style is the one in effect) and
/// its text. Pictures follow the cells: each goes only where every cell it covers is blank
/// (text drawn over one, as an overlay is, hides it), and only what changed is sent (see
/// `PictureLayer`). A frame is one byte array, wrapped in a synchronized update (mode 2026)
/// when enabled so the terminal shows it all at once, and ends with an SGR reset. The screen
/// is cleared (ESC [ 2 J) only on the first frame, after `invalidate()` and when the size
/// changes; then every cell that is not a default blank is drawn and every picture sent again.
public struct FrameRenderer: Sendable {
    /// How colours are sent.
    public let colorMode: ColorMode
    /// Whether frames are wrapped in ESC [ ? 2026 h … ESC [ ? 2026 l.
    public let synchronizedOutput: Bool
    /// What the terminal shows, or nil when it is unknown.
    private var lastFrame: ScreenBuffer?
    /// The pictures the terminal shows or holds.
    private var pictureLayer = PictureLayer()

    /// Makes a renderer whose first frame repaints the whole screen.
    public init(colorMode: ColorMode, synchronizedOutput: Bool = true) {
        self.colorMode = colorMode
        self.synchronizedOutput = synchronizedOutput
    }

    /// The bytes that change the screen from the previous frame to `frame` with `pictures`
    /// over it; empty when nothing changed.
    public mutating func render(_ frame: ScreenBuffer, pictures: [PlacedPicture] = []) -> [UInt8] {
        let repaint = lastFrame?.size != frame.size
        var baseline = repaint ? ScreenBuffer(size: frame.size) : lastFrame!
        defer { lastFrame = frame }
        let shown = pictures.filter { $0.fitsOnBlankCells(of: frame) }

        var output: [UInt8] = []
        if synchronizedOutput { output += ControlSequence.beginSynchronizedUpdate }
        let header = output.count
        if repaint {
            pictureLayer.removeAll(into: &output)
            output += ControlSequence.resetStyle + ControlSequence.clearScreen
        } else {
            pictureLayer.removeLeaving(shown, baseline: &baseline, into: &output)
        }
        appendChanges(from: baseline, to: frame, into: &output)
        pictureLayer.draw(shown, baseline: baseline, frame: frame, into: &output)
        // One pass over the cells finds the changes; no separate comparison of the frames.
        if output.count == header { return [] }
        output += ControlSequence.resetStyle
        if synchronizedOutput { output += ControlSequence.endSynchronizedUpdate }
        return output
    }

    /// Forgets what the terminal shows, so the next frame clears and repaints everything
    /// (after something else drew on the screen, or to recover from garbage).
    public mutating func invalidate() {
        lastFrame = nil
    }

    /// The bytes that free every picture the terminal holds (kitty images), before the
    /// terminal is given back for a while or for good; the next frame repaints everything.
    /// Painted pictures (sixel, iTerm2) go with the alternate screen they were painted on.
    public mutating func removePictures() -> [UInt8] {
        var output: [UInt8] = []
        pictureLayer.removeAll(into: &output)
        lastFrame = nil
        return output
    }

    /// Appends moves, styles and text for every cell of `frame` that differs from
    /// `baseline`. The terminal starts in the default style (every frame ends with a reset).
    private func appendChanges(from baseline: ScreenBuffer, to frame: ScreenBuffer, into output: inout [UInt8]) {
        let columns = frame.size.columns
        var style = CellStyle()
        var cursor: (row: Int, column: Int)?
        for row in 0..<frame.size.rows {
            for column in 0..<columns {
                let cell = frame[row, column]
                guard !cell.isContinuation, cell != baseline[row, column] else { continue }
                if cursor.map({ $0 != (row, column) }) ?? true {
                    ControlSequence.appendMoveCursor(row: row, column: column, to: &output)
                }
                if cell.style != style {
                    cell.style.appendSelectGraphicRendition(colorMode: colorMode, to: &output)
                    style = cell.style
                }
                output += cell.text.utf8
                let next = column + (frame[row, column + 1].isContinuation ? 2 : 1)
                // After the last column the cursor waits to wrap, so its position is unknown.
                cursor = next < columns ? (row, next) : nil
            }
        }
    }
}
