import SepiaTerminal

/// The styles the browser draws with.
enum BrowserTheme {
    static let title = CellStyle(foreground: .rgb(RGB(40, 28, 16)), background: .rgb(RGB(222, 196, 150)), bold: true)
    static let statusBar = CellStyle(foreground: .rgb(RGB(235, 225, 205)), background: .rgb(RGB(70, 56, 40)))
    static let statusAccent = CellStyle(foreground: .rgb(RGB(255, 214, 120)), background: .rgb(RGB(70, 56, 40)), bold: true)
    static let name = CellStyle(bold: true)
    static let selectedName = CellStyle(foreground: .rgb(RGB(255, 214, 120)), bold: true)
    static let marker = CellStyle(foreground: .rgb(RGB(255, 214, 120)))
    static let plain = CellStyle()
    static let dim = CellStyle(dim: true)
    static let working = CellStyle(foreground: .rgb(RGB(120, 180, 255)))
    static let done = CellStyle(foreground: .rgb(RGB(130, 200, 120)))
    static let failure = CellStyle(foreground: .rgb(RGB(240, 90, 80)))
    static let placeholder = CellStyle(foreground: .rgb(RGB(90, 90, 90)))
    static let border = CellStyle(foreground: .rgb(RGB(222, 196, 150)))
    static let alertBorder = CellStyle(foreground: .rgb(RGB(240, 90, 80)), bold: true)
}
