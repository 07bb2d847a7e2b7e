package import SepiaTerminal

/// How the browser looks and what it reports.
package struct BrowserOptions: Sendable {
    /// The title line's text.
    package var title: String
    /// How thumbnails are drawn, as asked for: `.auto` uses kitty images in a kitty that
    /// answers the placeholder probe, cell mosaics elsewhere.
    package var graphics: GraphicsMode
    /// Whether colours are sent as 24-bit or mapped to the 256-colour palette.
    package var colorMode: ColorMode
    /// The filter's name, shown on filtered rows.
    package var filterName: String
    /// Whether mouse reports are asked for.
    package var mouse: Bool

    /// Options for a browser.
    package init(title: String, graphics: GraphicsMode, colorMode: ColorMode, filterName: String, mouse: Bool = true) {
        self.title = title
        self.graphics = graphics
        self.colorMode = colorMode
        self.filterName = filterName
        self.mouse = mouse
    }
}
