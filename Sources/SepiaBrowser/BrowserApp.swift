import Dispatch
import Foundation
import SepiaImaging
package import SepiaList
import SepiaOperations
package import SepiaPipeline
import SepiaSystem
import SepiaTerminal

/// The terminal photo list: the tutorial's table view on a terminal.
///
/// Everything here runs on the main actor, which only handles input, asks the
/// ``PhotoListController`` for work and draws: downloads, decoding and filtering run on the
/// pipeline's queues, thumbnails are scaled on a global queue, input is read on a thread of
/// its own. The terminal is restored on `q`, Ctrl-C, SIGINT, SIGTERM, SIGHUP and
/// SIGQUIT here, and on crashes by ``TerminalSession``; Ctrl-Z (or SIGTSTP) gives it back
/// until the process is continued.
@MainActor
package final class BrowserApp {
    /// How the browser ended: the exit status, and the signal the process must die of, if any.
    package struct Exit: Sendable {
        /// The exit status (the shell's 128 + n after signal n).
        package let status: Int32
        /// The signal to die of once the caller has cleaned up (SIGQUIT asks for a core dump).
        package let signal: Int32?

        /// Ends the process as the browser ended: dies of ``signal``, or exits with ``status``.
        package func end() -> Never {
            if let signal { ProcessSignal.dieOf(signal) }
            exit(status)
        }
    }

    private let controller: PhotoListController
    private let options: BrowserOptions
    private let terminal: TerminalSession
    private let thumbnails: ThumbnailStore
    /// How pictures are drawn, and why, for the help.
    private let graphicsChoice: GraphicsChoice
    /// Whether the browser runs in tmux, which passes kitty placeholder images through.
    private let insideTmux: Bool
    private var renderer: FramePacer?
    private var frameRenderer: FrameRenderer
    private var layout: BrowserLayout
    private var viewport: ListViewport
    private var detailRow: Int?
    /// The animation of the photo opened large, while one plays.
    private let playback = DetailPlayback()
    private var showsHelp = false
    private var showsQueues = false
    private var alertDismissed = false
    /// How many entries of the folders given are not rows (not images, unreadable…).
    private var skippedCount = 0
    /// How many placeholders of the manifest's entries do not decode (the rows show none).
    private var ignoredPlaceholderCount = 0
    private var counts: StateCounts?
    private var inputReader: InputReader?
    private let signalTrap: SignalTrap
    private var animationTimer: (any DispatchSourceTimer)?
    private var isQuitting = false
    /// Resumed with how the browser ended, to return from ``run(fetch:)``.
    private var exitContinuation: CheckedContinuation<Exit, Never>?

    /// Takes over the terminal for a list driven by `controller`.
    ///
    /// - Throws: ``TerminalError`` when standard input is not a terminal.
    package init(controller: PhotoListController, options: BrowserOptions) throws {
        self.controller = controller
        self.options = options
        // Trapped before the terminal is touched: a signal that comes while the session starts
        // (raw mode, then up to 300 ms of probing) waits on the main queue for `run()`, which
        // restores the terminal, instead of killing the process with the terminal left raw.
        let relay = SignalRelay()
        signalTrap = SignalTrap(Self.handledSignals, queue: .main) { number in
            MainActor.assumeIsolated { relay.deliver(number) }
        }
        do {
            terminal = try TerminalSession.start(mouse: options.mouse)
        } catch {
            signalTrap.release()
            throw error
        }
        let (format, capabilities, choice) = Self.pictures(asked: options.graphics, terminal: terminal)
        graphicsChoice = choice
        insideTmux = capabilities.insideTmux
        thumbnails = ThumbnailStore(format: format, cellSize: capabilities.cellPixels)
        // Placed kitty images outlive the alternate screen: every way out deletes them.
        if format == .kitty { terminal.setPictureCleanup(KittyGraphics.deleteAllPlaced) }
        // Kitty placeholders name their image by their 24-bit foreground colour.
        frameRenderer = FrameRenderer(colorMode: format == .kittyPlaceholders ? .trueColor : options.colorMode)
        layout = BrowserLayout(size: terminal.size)
        viewport = ListViewport(rowCount: 0, pageSize: layout.rowsPerPage)
        relay.recipient = { [unowned self] number in received(number) }
    }

    /// Loads the rows with `fetch` (see ``PhotoListController/loadSource(_:)``) and runs until
    /// the user quits, Ctrl-C or a signal ends the browser. The terminal is restored and the
    /// work cancelled when this returns; the caller cleans up, then calls ``Exit/end()``. The
    /// status line counts the entries that the folders skipped.
    package func run(fetch: @escaping (@escaping @Sendable (Result<PhotoCollection, PhotoSourceError>) -> Void) -> Void) async -> Exit {
        renderer = FramePacer { [unowned self] in drawFrame() }
        thumbnails.onReady = { [unowned self] in renderer?.request() }
        playback.onFrame = { [unowned self] in renderer?.request() }
        controller.onChange = { [unowned self] change in changed(change) }
        startReadingInput()
        startAnimationTimer()
        drawFrame()
        return await withCheckedContinuation { continuation in
            exitContinuation = continuation
            // On the next turn of the main queue: a signal that came while the terminal
            // started, waiting there, is handled first.
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [self] in
                    if !isQuitting { loadSource(fetch) }
                }
            }
        }
    }

    /// Hands the rows to the controller and keeps the counts of skipped entries and ignored
    /// placeholders, which reach
    /// the main queue before the rows do (the controller takes them there too, later).
    private func loadSource(_ fetch: @escaping (@escaping @Sendable (Result<PhotoCollection, PhotoSourceError>) -> Void) -> Void) {
        controller.loadSource { [unowned self] completion in
            fetch { result in
                let collection = try? result.get()
                let (skipped, ignored) = (collection?.skipped.count ?? 0, collection?.ignoredPlaceholders.count ?? 0)
                DispatchQueue.main.async {
                    MainActor.assumeIsolated {
                        self.skippedCount = skipped
                        self.ignoredPlaceholderCount = ignored
                    }
                }
                completion(result.map(\.entries))
            }
        }
    }

    /// How to draw pictures: probes the terminal (unless no pixels are wanted), chooses the
    /// mode with ``GraphicsChoice`` and sizes pixel pictures by the cell size it reports.
    private static func pictures(asked: GraphicsMode, terminal: TerminalSession) -> (PictureFormat, TerminalCapabilities, GraphicsChoice) {
        let needsProbe = asked != .none && asked != .blocks
        let capabilities = needsProbe ? terminal.probeCapabilities() : TerminalCapabilities()
        let choice = GraphicsChoice.choose(asked: asked, capabilities: capabilities)
        let format: PictureFormat
        switch choice.mode {
        case .kitty: format = .kitty
        case .kittyPlaceholders: format = .kittyPlaceholders
        case .sixel:
            format = .sixel(
                colorRegisters: capabilities.sixelColorRegisters ?? SixelEncoder.defaultColorRegisters, largest: capabilities.largestSixel)
        case .iterm: format = .iterm
        case .blocks, .auto: format = .mosaic(MosaicSymbols.best(for: capabilities.terminal))
        case .none: format = .none
        }
        return (format, capabilities, choice)
    }

    // MARK: Input

    private func startReadingInput() {
        do {
            let reader = try InputReader { [unowned self] events in
                DispatchQueue.main.async { MainActor.assumeIsolated { self.handle(events) } }
            }
            reader.start()
            inputReader = reader
        } catch {
            quit(status: 1, message: "sepia: cannot read the keyboard: \(error)")
        }
    }

    private func handle(_ events: [InputEvent]) {
        for event in events {
            guard let action = KeyBindings.action(for: event) else { continue }
            perform(action)
        }
        renderer?.request(urgent: true)
    }

    private func perform(_ action: BrowserAction) {
        // q and Ctrl-c quit from every view, as the help says, and Ctrl-z suspends from every
        // view; Esc, h and ← close one.
        if action == .quit { return quit(status: 0) }
        if action == .suspend { return suspend() }
        if case .failed = controller.sourceState, !alertDismissed {
            if action == .open || action == .back { alertDismissed = true }
            return
        }
        if showsHelp {
            if action == .back || action == .help { showsHelp = false }
            return
        }
        if detailRow != nil {
            if action == .back || action == .open {
                detailRow = nil
                playback.stop()
                thumbnails.drop(.detail)
            }
            return
        }
        performInList(action)
    }

    private func performInList(_ action: BrowserAction) {
        let before = viewport
        switch action {
        case .move(let delta): viewport.moveSelection(by: delta)
        case .page(let pages): viewport.page(by: pages)
        case .halfPage(let halves): viewport.halfPage(by: halves)
        case .scroll(let rows): viewport.scroll(by: rows)
        case .first: viewport.select(0)
        case .last: viewport.select(viewport.rowCount - 1)
        case .click(let line):
            if let index = layout.visibleIndex(atLine: line) { viewport.select(viewport.top + index) }
        case .open: if viewport.rowCount > 0 { detailRow = viewport.selection }
        case .back, .quit, .suspend: break  // nothing to go back to; `perform` did the others
        case .help: showsHelp = true
        case .retry: controller.retry(row: viewport.selection)
        case .queuePanel: showsQueues.toggle()
        }
        if viewport.top != before.top { controller.scroll(toShow: viewport.visibleRows) }
    }

    // MARK: Changes

    private func changed(_ change: PhotoListChange) {
        switch change {
        case .source:
            viewport.setRowCount(controller.records.count)
            counts = nil
            if controller.sourceState == .loaded { controller.show(rows: viewport.visibleRows) }
        case .rows:
            counts = nil
        case .scrollPhase:
            break
        }
        renderer?.request()
    }

    private func resized() {
        let size = terminal.size
        // A new font size changes the cells' pixels: pictures are made again at the new size
        // when the terminal says (the probe's answer stands otherwise).
        if let cell = terminal.systemWindowPixels.flatMap({ TerminalCapabilities.cell(ofWindow: $0, grid: size) }) {
            thumbnails.cellSize = cell
        }
        layout = BrowserLayout(size: size)
        viewport.resize(pageSize: layout.rowsPerPage)
        frameRenderer.invalidate()
        controller.show(rows: viewport.visibleRows)
        renderer?.request(urgent: true)
    }

    // MARK: Drawing

    private func drawFrame() {
        // Nothing is drawn while suspended: the frame would be dropped, but the renderer
        // would take it as shown.
        guard !isQuitting, terminal.isActive else { return }
        let frame = currentFrame()
        let screen = BrowserScreen.draw(frame)
        // The frame first, then the placeholder images it names: a key's effect is not held
        // behind image data (kitty draws a placeholder's image as soon as it arrives).
        let output = frameRenderer.render(screen.cells, pictures: screen.pictures) + pendingPictureOutput()
        if !output.isEmpty { terminal.write(output) }
    }

    /// The placeholder images to send or free before the next frame; inside tmux, each
    /// command passed through to the terminal tmux runs in.
    private func pendingPictureOutput() -> [UInt8] {
        let pending = thumbnails.takePendingOutput()
        return insideTmux ? TmuxPassthrough.wrapEach(pending) : pending
    }

    private func currentFrame() -> BrowserFrame {
        let records = controller.records
        let visible = viewport.visibleRows
        thumbnails.keepRows(visible)
        let rows = visible.map { row in
            BrowserFrame.Row(
                record: records[row], isWorking: controller.isWorking(row: row),
                progress: controller.downloadProgress(row: row),
                thumbnail: thumbnails.picture(for: .row(row), record: records[row], area: BrowserLayout.thumbnailCells),
                isSelected: row == viewport.selection)
        }
        let stateCounts = counts ?? StateCounts(records)
        counts = stateCounts
        let queues = controller.queueCounters
        var detail: BrowserFrame.Detail?
        if let detailRow, records.indices.contains(detailRow) {
            let record = records[detailRow]
            if thumbnails.drawsPictures { playback.update(row: detailRow, record: record, controller: controller) }
            detail = BrowserFrame.Detail(
                record: record,
                picture: thumbnails.picture(for: .detail, record: record, area: layout.detailCells, frame: playback.frame),
                picturesOff: !thumbnails.drawsPictures, playbackNote: playback.note)
        }
        var overlay: BrowserFrame.Overlay?
        if case .failed(let message) = controller.sourceState, !alertDismissed {
            overlay = .alert(message: message)
        } else if showsHelp {
            overlay = .help
        }
        return BrowserFrame(
            layout: layout, title: options.title, source: controller.sourceState, rows: rows,
            firstRow: visible.lowerBound, rowCount: records.count, counts: stateCounts, skippedCount: skippedCount,
            ignoredPlaceholderCount: ignoredPlaceholderCount,
            networkActive: (queues.first?.running ?? 0) > 0, scrollPhase: controller.scrollPhase,
            filterName: options.filterName, detail: detail, overlay: overlay,
            queues: showsQueues ? queues : nil, spinner: Spinner.frame(at: ProcessInfo.processInfo.systemUptime),
            picturesNote: graphicsChoice.reason)
    }

    /// Redraws ten times a second while something on screen moves (spinners, progress, the
    /// queue panel's counters).
    private func startAnimationTimer() {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + Spinner.interval, repeating: Spinner.interval)
        timer.setEventHandler { [unowned self] in
            MainActor.assumeIsolated {
                let loading = controller.sourceState == .loading || controller.sourceState == .idle
                if loading || showsQueues || controller.workingRowCount > 0 { renderer?.request() }
            }
        }
        timer.resume()
        animationTimer = timer
    }

    // MARK: Signals and quitting

    /// The signals the browser handles, from `init` on.
    private static let handledSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH]

    private func received(_ number: Int32) {
        switch number {
        case SIGWINCH: resized()
        case SIGTSTP: suspend()
        case SIGCONT: continued()
        // SIGQUIT asks for a core dump: the process dies of it once the terminal is back.
        case SIGQUIT: quit(status: 128 + number, dyingOf: number)
        // The shell's convention for a death by signal: 128 + its number.
        default: quit(status: 128 + number)
        }
    }

    /// Ctrl-Z or SIGTSTP, as in vim or htop: frees the kitty images, gives the terminal back
    /// (normal screen, cursor, cooked mode) and stops the process. The shell's `fg` continues
    /// it, and SIGCONT takes the terminal back in `continued()`.
    ///
    /// SIGSTOP stops the process: the SIGTSTP disposition stays with the trap (re-raising
    /// SIGTSTP would need it at the default meanwhile, and the trap would see it again).
    private func suspend() {
        guard !isQuitting, terminal.isActive else { return }
        thumbnails.forgetTerminalImages()
        terminal.write(pendingPictureOutput() + frameRenderer.removePictures())
        terminal.suspend()
        kill(getpid(), SIGSTOP)
    }

    /// SIGCONT, after Ctrl-Z or any other stop: takes the terminal back and repaints all of it,
    /// at the size it has now.
    private func continued() {
        guard !isQuitting else { return }
        terminal.resume()
        resized()
    }

    private func quit(status: Int32, message: String? = nil, dyingOf deadlySignal: Int32? = nil) {
        guard !isQuitting else { return }
        isQuitting = true
        animationTimer?.cancel()
        playback.stop()
        inputReader?.stop()
        controller.cancelAll()
        thumbnails.forgetTerminalImages()
        terminal.write(pendingPictureOutput() + frameRenderer.removePictures())
        terminal.restore()
        if let message { FileHandle.standardError.write(Data((message + "\n").utf8)) }
        // The terminal is back: a signal during the caller's clean-up does what it always does.
        signalTrap.release()
        exitContinuation?.resume(returning: Exit(status: status, signal: deadlySignal))
        exitContinuation = nil
    }
}
