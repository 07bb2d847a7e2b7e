import CGtk
import CSepiaGtk
import Foundation
import SepiaDemoServer
import SepiaList
import SepiaOperations
import SepiaPipeline
import SepiaSystem
import SepiaTerminal

/// The desktop app: the photo list in a GTK 4 window, on the same ``PhotoListController`` as
/// the terminal browser.
///
/// GLib's main loop owns the main thread (``run(_:)`` returns when the app has quit); the
/// main dispatch queue, `OperationQueue.main` and the main actor run from it
/// (``MainQueueBridge``). Closing the window, Ctrl+Q, SIGINT and SIGTERM all quit the same
/// way: the rows' work is cancelled, the HTTP client shut down, the demo server stopped, then
/// the loop ends.
@MainActor
package final class DesktopApp {
    /// The application's id (D-Bus name and desktop entry's name).
    nonisolated package static let applicationID = "io.github.sepia.Sepia"

    private let options: DesktopOptions
    private let loader: HTTPLoader
    /// The destinations downloads may reach; sources opened later are trusted as given ones.
    private let destinationPolicy: DestinationPolicy?
    private let pipeline: PhotoPipeline
    private let controller: PhotoListController
    private let application: UnsafeMutablePointer<GtkApplication>
    private var window: Widget?
    private var list: PhotoListView?
    private var pages: PhotoPages?
    private var headerSpinner: Widget?
    private var statusLabel: Widget?
    private var filterControls: FilterControls?
    private var inspector: QueueInspector?
    private var demoServer: DemoPhotoServer?
    /// How many entries of the folders given are not rows (not images, unreadable…).
    private var skippedCount = 0
    /// How many placeholders of the manifest's entries do not decode (the rows show none).
    private var ignoredPlaceholderCount = 0
    private var isQuitting = false
    /// Whether this load's failure was shown: once per load.
    private var alertShown = false
    private var title: WindowTitle
    /// The title of the sources opened last, shown once their rows load.
    private var openedTitle: WindowTitle?
    /// The header bar's title: the short form of ``title``, the full one as its tooltip.
    private var titleLabel: Widget?
    /// Loads started, so that only the newest one's skipped entries are counted.
    private var loadCount = 0
    private var opening: SourceOpening?
    /// The queues as the scroll phase changed, for `--stats-file`.
    private var scrollTally = ScrollTally()

    /// Runs the app with `options` until it quits; returns the process's exit status (0, or
    /// 1 when no display can be opened or the options cannot be used, with a message on
    /// standard error).
    package static func run(_ options: DesktopOptions) -> Int32 {
        guard gtk_init_check() != 0 else {
            printError("sepia-gtk: cannot open a display (DISPLAY or WAYLAND_DISPLAY); `sepia browse` shows the photos in a terminal.")
            return 1
        }
        let app: DesktopApp
        do {
            app = try DesktopApp(options: options)
        } catch {
            printError("sepia-gtk: \(error)")
            return 1
        }
        MainQueueBridge.install()
        g_application_run(sepia_g_application(app.application), 0, nil)
        g_object_unref(app.application.object)
        return 0
    }

    private init(options: DesktopOptions) throws {
        self.options = options
        let loaderConfiguration: HTTPLoaderConfiguration
        // The demo's manifest is not trusted: served on loopback, it may name loopback until a
        // source opened later lowers the limit. `--allow-private-networks`: no policy at all.
        destinationPolicy =
            options.allowsPrivateNetworks ? nil : DestinationPolicy(sourceArguments: options.demo ? [] : options.sources)
        if options.demo {
            // The demo server is on loopback: no proxy of the environment is asked to reach it.
            loaderConfiguration = HTTPLoaderConfiguration(totalTimeout: options.timeout, destinationPolicy: destinationPolicy)
        } else {
            loaderConfiguration = HTTPLoaderConfiguration(
                totalTimeout: options.timeout, proxies: try ProxySettings(environment: ProcessInfo.processInfo.environment),
                destinationPolicy: destinationPolicy)
        }
        loader = HTTPLoader(configuration: loaderConfiguration)
        pipeline = PhotoPipeline(
            loader: loader,
            configuration: .browsing(countsBytesPerURL: options.statsFile != nil, memoryBudget: options.memoryBudget))
        var listConfiguration = PhotoListConfiguration.browsing(prefetchDistance: options.prefetch, naive: options.naive)
        listConfiguration.processing.filter = options.filter
        listConfiguration.processing.pixelLimit = options.pixelLimit
        controller = PhotoListController(
            loader: options.naive ? BlockingPhotoLoader(pipeline: pipeline) : pipeline, configuration: listConfiguration)
        title = options.demo ? .demo : WindowTitle(sources: options.sources)
        if options.measuresResponsiveness { ResponsivenessProbe.active = ResponsivenessProbe() }
        application = gtk_application_new(Self.applicationID, G_APPLICATION_NON_UNIQUE)
        SignalHandlers.connect(application.object, "activate") { [unowned self] in activate() }
        let quitAction = g_simple_action_new("quit", nil)!
        SignalHandlers.connect(quitAction.object, "activate") { [unowned self] (_: gpointer?) in quit() }
        g_action_map_add_action(OpaquePointer(application), quitAction)
        g_object_unref(quitAction.object)
        Self.setAccelerators(["<Control>q"], for: "app.quit", in: application)
        opening = SourceOpening(
            application: application, open: { [unowned self] sources in self.open(sources) }, refuse: { [unowned self] in setStatus($0) })
        for signal in [SIGINT, SIGTERM] {
            SignalHandlers.onUnixSignal(signal) { [unowned self] in
                quit()
                return true
            }
        }
    }

    // MARK: The window

    private func activate() {
        guard window == nil else { return }
        let window = gtk_application_window_new(application)!
        self.window = window
        gtk_window_set_default_size(sepia_window(window.object), 900, 720)
        let header = gtk_header_bar_new()!
        let spinner = gtk_spinner_new()!
        opening?.install(in: window, header: header)
        gtk_header_bar_pack_start(OpaquePointer(header), spinner)
        headerSpinner = spinner
        let inspector = QueueInspector(controller: controller)
        self.inspector = inspector
        gtk_header_bar_pack_end(OpaquePointer(header), inspector.toggleButton)
        let filterControls = FilterControls(filter: options.filter) { [unowned self] filter in filterChanged(filter) }
        self.filterControls = filterControls
        gtk_header_bar_pack_end(OpaquePointer(header), filterControls.widget)
        let titleLabel = gtk_label_new(nil)!
        gtk_label_set_ellipsize(sepia_label(titleLabel.object), PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_add_css_class(titleLabel, "title")
        gtk_header_bar_set_title_widget(OpaquePointer(header), titleLabel)
        self.titleLabel = titleLabel
        gtk_window_set_titlebar(sepia_window(window.object), header)

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let list = PhotoListView(controller: controller)
        self.list = list
        let pages = PhotoPages(
            list: list, controller: controller, pipeline: pipeline, window: window, header: header)
        self.pages = pages
        let panes = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_append(sepia_box(panes.object), pages.widget)
        gtk_box_append(sepia_box(panes.object), inspector.widget)
        gtk_box_append(sepia_box(content.object), panes)
        KeysWindow.install(on: window)
        MainMenu.install(in: header)
        let status = gtk_label_new(nil)!
        gtk_label_set_xalign(sepia_label(status.object), 0)
        setMargins(of: status, to: 6)
        gtk_widget_add_css_class(status, "dim-label")
        gtk_box_append(sepia_box(content.object), status)
        statusLabel = status
        gtk_window_set_child(sepia_window(window.object), content)

        SignalHandlers.connect(window.object, "close-request") { [unowned self] () -> Bool in
            quit()
            return true  // the window closes once the work has stopped
        }
        controller.onChange = { [unowned self] change in changed(change) }
        updateTitle()
        ResponsivenessProbe.active?.watchFrames(of: window)
        gtk_window_present(sepia_window(window.object))
        gtk_widget_grab_focus(list.listView)
        // On the loop's next turn: the window is up before a naive data source holds the thread.
        DispatchQueue.main.async { MainActor.assumeIsolated { self.startSource() } }
    }

    private func startSource() {
        guard !isQuitting else { return }
        guard options.demo else { return loadSource(options.sources) }
        setStatus("Starting the demo photo server…")
        let configuration = DemoServerConfiguration(photoCount: options.demoPhotoCount)
        Task { @MainActor in
            do {
                let server = try await DemoPhotoServer.start(configuration)
                guard !isQuitting else { return await server.stop() }
                demoServer = server
                title = .demo(photoCount: server.catalog.photos.count, brokenCount: server.catalog.brokenEntries.count)
                updateTitle()
                loadSource([server.jsonURL.absoluteString])  // its entries carry placeholders
            } catch {
                showAlert("The demo photo server did not start: \(error)")
            }
        }
    }

    /// Shows the photos of `sources` the user opened (Open…, a drop) instead of the rows once
    /// they load; until then, and if they fail, the rows stay. Their http(s) manifests are
    /// trusted as the command line's are. The demo server, if any, keeps serving the rows it
    /// listed until the app quits.
    private func open(_ sources: [String]) {
        guard !isQuitting else { return }
        destinationPolicy?.trust(sourceArguments: sources)
        openedTitle = WindowTitle(sources: sources)
        loadSource(sources)
    }

    /// Loads the rows of `sources` into the controller (on this thread with `--naive`, the
    /// tutorial's frozen first version).
    private func loadSource(_ sources: [String]) {
        let (recursive, naive, loader) = (options.recursive, options.naive, loader)
        alertShown = false
        loadCount += 1
        let load = loadCount
        controller.loadSource { [unowned self] completion in
            let finish: @Sendable (Result<PhotoCollection, PhotoSourceError>) -> Void = { result in
                let collection = try? result.get()
                let (skipped, ignored) = (collection?.skipped.count ?? 0, collection?.ignoredPlaceholders.count ?? 0)
                // Before the controller's own hop to the main queue: the counts are there with the rows.
                DispatchQueue.main.async {
                    MainActor.assumeIsolated {
                        guard load == self.loadCount else { return }
                        self.skippedCount = skipped
                        self.ignoredPlaceholderCount = ignored
                    }
                }
                completion(result.map(\.entries))
            }
            if naive {
                finish(BlockingPhotoLoader.loadSource(sources, recursive: recursive, loader: loader))
            } else {
                PhotoSource.load(sources, recursive: recursive, loader: loader, completion: finish)
            }
        }
    }

    // MARK: Changes

    private func changed(_ change: PhotoListChange) {
        guard !isQuitting else { return }
        switch change {
        case .source:
            if controller.sourceState == .loaded {
                list?.reloadRows()
                if let openedTitle { title = openedTitle }
                updateTitle()
            }
            if case .failed(let message) = controller.sourceState { showAlert(message) }
            if controller.sourceState != .loading { openedTitle = nil }
            updateStatus()
        case .scrollPhase:
            scrollTally.note(controller.scrollPhase, queues: controller.queueCounters)
            updateStatus()
        case .rows:
            break
        }
        list?.changed(change)
        pages?.changed(change)
        inspector?.refresh()
    }

    /// The user chose another filter: the rows are filtered again with it.
    private func filterChanged(_ filter: PhotoFilter) {
        guard !isQuitting else { return }
        controller.setFilter(filter)
        updateStatus()
        inspector?.refresh()
    }

    private func updateTitle() {
        guard let window else { return }
        let shown = options.naive ? title.appending(full: " (naive: everything on the main thread)", short: " (naive)") : title
        gtk_window_set_title(sepia_window(window.object), shown.full)
        if let titleLabel {
            gtk_label_set_text(sepia_label(titleLabel.object), shown.short)
            gtk_widget_set_tooltip_text(titleLabel, shown.full)
        }
    }

    private func updateStatus() {
        let loading = controller.sourceState == .loading
        if let headerSpinner {
            gtk_spinner_set_spinning(sepia_spinner(headerSpinner.object), loading.gboolean)
            gtk_widget_set_visible(headerSpinner, loading.gboolean)
        }
        switch controller.sourceState {
        case .idle: setStatus("")
        case .loading: setStatus("Loading the photo list…")
        case .failed:
            let count = controller.records.count
            // A source opened later failed: the rows of the one before stay.
            let before = count == 1 ? "the photo from before stays" : "the \(count) photos from before stay"
            setStatus(count == 0 ? "The photo list could not be loaded." : "The photo list could not be loaded; \(before).")
        case .loaded:
            let count = controller.records.count
            var text = count == 1 ? "1 photo" : "\(count) photos"
            if skippedCount > 0 { text += skippedCount == 1 ? ", 1 other entry skipped" : ", \(skippedCount) other entries skipped" }
            if ignoredPlaceholderCount > 0 {
                text += ignoredPlaceholderCount == 1 ? ", 1 placeholder ignored" : ", \(ignoredPlaceholderCount) placeholders ignored"
            }
            text += " · \(controller.configuration.processing.filter.description)"
            if controller.scrollPhase == .scrolling { text += " · scrolling: queues suspended" }
            setStatus(text)
        }
    }

    private func setStatus(_ text: String) {
        guard let statusLabel else { return }
        gtk_label_set_text(sepia_label(statusLabel.object), text)
    }

    /// The data source's failure, as the tutorial's "Oops!" alert: a modal dialog over the
    /// window, once per load.
    private func showAlert(_ message: String) {
        guard !alertShown, let window else { return }
        alertShown = true
        let dialog = sepia_alert_new(sepia_window(window.object), "Oops!", "There was an error fetching the photo list:\n\(message)")!
        gtk_window_present(sepia_window(dialog.object))
    }

    // MARK: Quitting

    /// Cancels the rows' work, shuts the HTTP client down and stops the demo server, then
    /// ends the main loop; the window stays (hidden) until then. Only the first call acts.
    private func quit() {
        guard !isQuitting else { return }
        isQuitting = true
        list?.stop()
        pages?.stop()
        opening?.stop()
        filterControls?.stop()
        inspector?.stop()
        let cancelledBeforeQuit = Dictionary(controller.queueCounters.map { ($0.name, $0.cancelled) }) { $0 + $1 }
        let visibleRows = controller.visibleRows
        let responsiveness = ResponsivenessProbe.active?.finish()
        controller.cancelAll()
        if let window { gtk_widget_set_visible(window, false.gboolean) }
        Task { @MainActor in
            if let statsFile = options.statsFile {
                do {
                    let list = PhotoListStats(
                        controller: controller, pipeline: options.naive ? nil : pipeline, peakResidentBytes: ResidentMemory.peak())
                    try DesktopStats(
                        list: list, scrolling: scrollTally, cancelledBeforeQuit: cancelledBeforeQuit,
                        visibleRows: [visibleRows.lowerBound, visibleRows.upperBound], responsiveness: responsiveness
                    )
                    .write(to: statsFile)
                } catch {
                    Self.printError("sepia-gtk: cannot write \(statsFile): \(error)")
                }
            }
            // The server first, as `sepia demo` does: it abandons its pending responses at
            // once, so the downloads waiting on them end and the client shuts down at once
            // (the other way round, the client's shutdown waited for the server's answers).
            // A photo the server is rendering is finished first (seconds in a debug build).
            await demoServer?.stop()
            await loader.shutdown()
            if let window { gtk_window_destroy(sepia_window(window.object)) }
            window = nil
            g_application_quit(sepia_g_application(application))
        }
    }

    /// Makes `accelerators` (GTK's names: "<Control>q", "Escape") activate `action` in every
    /// window of `application`.
    static func setAccelerators(_ accelerators: [String], for action: String, in application: UnsafeMutablePointer<GtkApplication>) {
        withCStringArray(accelerators) { gtk_application_set_accels_for_action(application, action, $0) }
    }

    /// Writes `message` as a line on standard error, made safe for a terminal: it quotes paths
    /// and errors from outside.
    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data((TerminalSafeText.make(message) + "\n").utf8))
    }
}
