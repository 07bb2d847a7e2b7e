import SepiaList
import SepiaTerminal

/// A photo opened large: its picture centred in the list's area, its name and state above.
enum DetailView {
    static func draw(_ detail: BrowserFrame.Detail, frame: BrowserFrame, in buffer: inout ScreenBuffer, pictures: inout [PlacedPicture]) {
        let layout = frame.layout
        let row = BrowserFrame.Row(record: detail.record, isWorking: false, progress: nil, thumbnail: nil, isSelected: false)
        let (state, style) = RowView.stateText(row, frame: frame)
        let caption = "\(detail.record.name) — "
        let used = buffer.write(caption, row: layout.listTop, column: 2, style: BrowserTheme.name)
        let note = detail.playbackNote.map { ", \($0)" } ?? ""
        buffer.write(state + note + "   (Esc: back)", row: layout.listTop, column: 2 + used, style: style)
        guard let picture = detail.picture else {
            let text =
                detail.record.image == nil
                ? "No picture yet"
                : detail.picturesOff ? "Pictures are off (--graphics none)" : "\(frame.spinner) Scaling…"
            buffer.write(text, row: layout.listTop + layout.listHeight / 2, column: 4, style: BrowserTheme.dim)
            return
        }
        let lines = max(layout.listHeight - 1, 0)
        let top = layout.listTop + 1 + max((lines - picture.lines) / 2, 0)
        let left = max((layout.size.columns - picture.columns) / 2, 0)
        PictureDrawing.draw(
            picture, line: top, column: left, maxColumns: layout.size.columns, maxLines: lines, in: &buffer, pictures: &pictures)
    }
}
