import SepiaImaging

extension TerminalProbe {
    /// What the answers to `query` say (answers to nothing asked for are ignored).
    ///
    /// Inside tmux, the answers up to the first DA1 answer are tmux's own (the sixel
    /// attribute and XTSMGRAPHICS), the later ones the outer terminal's; any of those means
    /// passthrough is on. The cell size comes from `CSI 16 t`, else from `CSI 14 t` divided
    /// by `grid` (not inside tmux, whose pane is only part of the outer window), else from
    /// `systemWindowPixels` divided by `grid`, else it is the fallback.
    public func capabilities(from answers: [TerminalAnswer]) -> TerminalCapabilities {
        let drawingTerminalAnswers: ArraySlice<TerminalAnswer>
        let terminalAnswers: ArraySlice<TerminalAnswer>
        if insideTmux {
            let end = answers.firstIndex(where: \.isDeviceAttributes).map { $0 + 1 } ?? answers.endIndex
            drawingTerminalAnswers = answers[..<end]
            terminalAnswers = answers[end...]
        } else {
            drawingTerminalAnswers = answers[...]
            terminalAnswers = answers[...]
        }
        var capabilities = TerminalCapabilities()
        capabilities.insideTmux = insideTmux
        capabilities.tmuxPassthrough = insideTmux && !terminalAnswers.isEmpty
        readSixelAnswers(drawingTerminalAnswers, into: &capabilities)
        for answer in terminalAnswers {
            switch answer {
            case .kittyGraphics(Self.kittyImageID, "OK"): capabilities.kittyGraphics = true
            case .kittyGraphics(Self.kittyPlaceholderImageID, "OK"): capabilities.kittyPlaceholders = true
            case .version(let report): capabilities.terminal = TerminalIdentity(versionReport: report)
            case .windowPixels(let size) where size.width > 0 && size.height > 0: capabilities.windowPixels = size
            case .cellPixels(let size) where TerminalCapabilities.plausibleCell(size) != nil:
                capabilities.cellPixels = size
                capabilities.cellPixelsSource = .cellSizeReport
            default: break
            }
        }
        if capabilities.cellPixelsSource == .fallback {
            if !insideTmux, let cell = capabilities.windowPixels.flatMap({ TerminalCapabilities.cell(ofWindow: $0, grid: grid) }) {
                capabilities.cellPixels = cell
                capabilities.cellPixelsSource = .windowSizeReport
            } else if let cell = systemWindowPixels.flatMap({ TerminalCapabilities.cell(ofWindow: $0, grid: grid) }) {
                capabilities.cellPixels = cell
                capabilities.cellPixelsSource = .systemWindowSize
            }
        }
        capabilities.inlineImages = inlineImagesEvidence(terminal: capabilities.terminal)
        return capabilities
    }

    /// Sets the sixel attribute from a DA1 answer (attribute 4, after the device class) and
    /// the colour registers and largest image from successful XTSMGRAPHICS answers.
    private func readSixelAnswers(_ answers: ArraySlice<TerminalAnswer>, into capabilities: inout TerminalCapabilities) {
        for answer in answers {
            switch answer {
            case .deviceAttributes(let parameters):
                capabilities.sixel = parameters.dropFirst().contains(4)
            case .graphicsAttribute(item: 1, status: 0, let values) where (values.first ?? 0) > 0:
                capabilities.sixelColorRegisters = values[0]
            case .graphicsAttribute(item: 2, status: 0, let values) where values.count >= 2 && values[0] > 0 && values[1] > 0:
                capabilities.largestSixel = PixelSize(width: values[0], height: values[1])
            default: break
            }
        }
    }

    /// The terminals known to show iTerm2 inline images, by the names they give.
    static let inlineImagesTerminals = ["iterm2", "iterm.app", "wezterm", "mintty"]

    /// Why the terminal is taken to show iTerm2 inline images: XTVERSION's name, else
    /// `TERM_PROGRAM` or `LC_TERMINAL` (iTerm2 sets `LC_TERMINAL=iTerm2`, which ssh passes on)
    /// naming iTerm2, WezTerm or mintty.
    private func inlineImagesEvidence(terminal: TerminalIdentity?) -> TerminalCapabilities.InlineImagesEvidence? {
        if let terminal, Self.inlineImagesTerminals.contains(terminal.name.lowercased()) {
            return .versionReport(terminal)
        }
        for variable in ["TERM_PROGRAM", "LC_TERMINAL"] {
            if let value = environment[variable], Self.inlineImagesTerminals.contains(value.lowercased()) {
                return .environment(variable: variable, value: value)
            }
        }
        return nil
    }
}
