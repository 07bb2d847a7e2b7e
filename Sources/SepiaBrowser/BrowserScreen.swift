import SepiaList
import SepiaTerminal

/// Turns a ``BrowserFrame`` into the cells of one screen.
enum BrowserScreen {
    /// Draws the whole screen: its cells, and the pictures the terminal draws with pixels
    /// over blank ones.
    static func draw(_ frame: BrowserFrame) -> (cells: ScreenBuffer, pictures: [PlacedPicture]) {
        let layout = frame.layout
        var buffer = ScreenBuffer(size: layout.size)
        var pictures: [PlacedPicture] = []
        let titleBar = String(repeating: " ", count: layout.size.columns)
        buffer.write(titleBar, row: 0, column: 0, style: BrowserTheme.title)
        buffer.write(" " + frame.title, row: 0, column: 0, style: BrowserTheme.title)
        switch frame.source {
        case .idle, .loading:
            drawLoading(frame, in: &buffer)
        case .loaded, .failed:
            if let detail = frame.detail {
                DetailView.draw(detail, frame: frame, in: &buffer, pictures: &pictures)
            } else {
                for (index, row) in frame.rows.enumerated() {
                    RowView.draw(row, at: layout.line(ofVisibleIndex: index), in: &buffer, pictures: &pictures, frame: frame)
                }
                if frame.rows.isEmpty, frame.source == .loaded {
                    buffer.write("The manifest lists no photos.", row: layout.listTop + 1, column: 2, style: BrowserTheme.dim)
                }
            }
        }
        if let queues = frame.queues { QueuePanel.draw(queues, frame: frame, in: &buffer) }
        StatusLine.draw(frame, in: &buffer)
        switch frame.overlay {
        case .alert(let message)?: AlertOverlay.draw(message, in: &buffer)
        case .help?: HelpOverlay.draw(picturesNote: frame.picturesNote, in: &buffer)
        case nil: break
        }
        return (buffer, pictures)
    }

    private static func drawLoading(_ frame: BrowserFrame, in buffer: inout ScreenBuffer) {
        let line = frame.layout.listTop + frame.layout.listHeight / 2
        let text = "\(frame.spinner) Loading photo details…"
        let column = max((frame.layout.size.columns - text.count) / 2, 0)
        buffer.write(text, row: line, column: column, style: BrowserTheme.working)
    }
}
