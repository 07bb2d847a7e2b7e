import SepiaTerminal

/// The error alert: the tutorial's headline, the message, and the keys that close it, in a
/// panel sized to them (at most `widest` columns of text, wrapped).
enum AlertOverlay {
    /// The alert's first sentence, the tutorial's own.
    static let headline = "Oops! There was an error fetching photo details."
    /// The keys that close it.
    static let hint = "Enter: dismiss    q: quit"
    /// The widest the text gets, however wide the screen: longer messages wrap.
    static let widest = 68

    static func panel(message: String) -> OverlayPanel {
        let paragraphs = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let natural = ([headline, hint] + paragraphs).map { Box.columns(of: $0) }.max() ?? 0
        return OverlayPanel(title: "Error", border: BrowserTheme.alertBorder, preferredWidth: min(natural, widest)) { width in
            Box.wrap(headline, width: width).map { OverlayLine($0, style: BrowserTheme.name) } + [.blank]
                + paragraphs.flatMap { paragraph in
                    paragraph.isEmpty ? [.blank] : Box.wrap(paragraph, width: width).map { OverlayLine($0) }
                }
                + [.blank] + Box.wrap(hint, width: width).map { OverlayLine($0) }
        }
    }

    static func draw(_ message: String, in buffer: inout ScreenBuffer) {
        panel(message: message).draw(in: &buffer)
    }
}
