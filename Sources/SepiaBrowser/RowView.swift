import Foundation
import SepiaList
import SepiaPipeline
import SepiaTerminal

/// Draws one row of the list: a selection marker, the thumbnail (or a placeholder), the
/// photo's name, and its state: a spinner while it works, the download's progress when its
/// size is known, "Failed to load: reason" when it failed.
enum RowView {
    static func draw(
        _ row: BrowserFrame.Row, at line: Int, in buffer: inout ScreenBuffer, pictures: inout [PlacedPicture], frame: BrowserFrame
    ) {
        let layout = frame.layout
        let width = layout.size.columns
        if row.isSelected {
            for offset in 0..<BrowserLayout.rowHeight {
                buffer.write("▌", row: line + offset, column: 0, style: BrowserTheme.marker)
            }
        }
        drawThumbnail(row.thumbnail, at: line, in: &buffer, pictures: &pictures)
        let textWidth = max(width - layout.textColumn - 1, 0)
        buffer.write(
            row.record.name, row: line, column: layout.textColumn,
            style: row.isSelected ? BrowserTheme.selectedName : BrowserTheme.name, maxWidth: textWidth)
        let (text, style) = stateText(row, frame: frame)
        // A failure's reason may need the row's remaining lines.
        let lines = row.record.state.isFailed ? Box.wrap(text, width: textWidth) : [text]
        for (offset, text) in lines.prefix(BrowserLayout.rowHeight - 1).enumerated() {
            buffer.write(text, row: line + 1 + offset, column: layout.textColumn, style: style, maxWidth: textWidth)
        }
        if let fraction = row.progress?.fraction {
            buffer.write(
                progressBar(fraction, width: min(textWidth, 30)), row: line + 2,
                column: layout.textColumn, style: BrowserTheme.working)
        }
    }

    /// What the row's second line says, and in what style.
    static func stateText(_ row: BrowserFrame.Row, frame: BrowserFrame) -> (String, CellStyle) {
        let status = PhotoRowStatus(record: row.record, isWorking: row.isWorking, progress: row.progress)
        let text = status.text(filterName: frame.filterName)
        switch status {
        case .downloading, .filtering: return ("\(frame.spinner) " + text, BrowserTheme.working)
        case .waiting, .downloaded: return (text, BrowserTheme.dim)
        case .filtered: return (text, BrowserTheme.done)
        case .failed: return (text, BrowserTheme.failure)
        }
    }

    private static func progressBar(_ fraction: Double, width: Int) -> String {
        guard width > 2 else { return "" }
        let filled = Int((Double(width - 2) * fraction).rounded(.down))
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - 2 - filled) + "]"
    }

    /// The thumbnail centred in its column, or the placeholder pattern while there is none.
    private static func drawThumbnail(_ picture: Picture?, at line: Int, in buffer: inout ScreenBuffer, pictures: inout [PlacedPicture]) {
        let columns = BrowserLayout.thumbnailColumns
        guard let picture else {
            let placeholder = Cell(text: "░", style: BrowserTheme.placeholder)
            buffer.fill(row: line, column: 2, width: columns, height: BrowserLayout.rowHeight, with: placeholder)
            return
        }
        let indent = max((columns - picture.columns) / 2, 0)
        PictureDrawing.draw(
            picture, line: line, column: 2 + indent, maxColumns: columns, maxLines: BrowserLayout.rowHeight, in: &buffer,
            pictures: &pictures)
    }
}
