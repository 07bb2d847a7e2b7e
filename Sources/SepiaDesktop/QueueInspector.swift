import CGtk
import CSepiaGtk
import SepiaList
import SepiaOperations

/// The live queue inspector: a side panel showing, for each of the controller's queues (the
/// "Download queue" and the "Image Filtration queue"), its running and waiting operations,
/// whether it is suspended, and how many completed or were cancelled: the gauges the
/// tutorial opens in Xcode. Hidden at first; its header-bar toggle button and Ctrl+I show
/// and hide it.
///
/// Each queue's figures are labels in a grid whose accessible label sums them up ("Download
/// queue: running 2, waiting 5, suspended no, completed 10, cancelled 1") for screen readers
/// and tests.
///
/// The figures are read ``refreshInterval`` times a second only while the panel shows and the
/// queues have work (a row works, or a queue runs or holds operations); otherwise no timer
/// runs, and ``refresh()`` (called on the controller's changes) starts it again.
@MainActor
final class QueueInspector {
    /// Milliseconds between two readings while the queues work.
    static let refreshInterval: guint = 250

    /// The panel: the widget to place beside the list.
    let widget: Widget
    /// The header bar's button that shows and hides the panel.
    let toggleButton: Widget
    private let controller: PhotoListController
    /// Each queue's figures, in the controller's order of queues.
    private var queues: [QueueFigures] = []
    /// The counters last shown.
    private var shown: [StageCounters] = []
    private var timer: guint = 0

    /// A hidden panel over `controller`'s queues, and its toggle button.
    init(controller: PhotoListController) {
        self.controller = controller
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)
        setMargins(of: widget, to: 12)
        let title = gtk_label_new("Queues")!
        gtk_widget_add_css_class(title, "title-4")
        gtk_box_append(sepia_box(widget.object), title)
        for counters in controller.queueCounters {
            let figures = QueueFigures(name: counters.name)
            gtk_box_append(sepia_box(widget.object), figures.grid)
            queues.append(figures)
        }
        gtk_widget_set_visible(widget, false.gboolean)

        toggleButton = gtk_toggle_button_new()
        gtk_button_set_icon_name(sepia_button(toggleButton.object), "sidebar-show-right-symbolic")
        sepia_set_accessible_label(toggleButton, "Queues")
        gtk_widget_set_tooltip_text(toggleButton, "Show the queues (Ctrl+I)")
        SignalHandlers.connect(toggleButton.object, "toggled") { [weak self] in self?.toggled() }
        // Ctrl+I anywhere in the window clicks the button.
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_set_scope(shortcuts, GTK_SHORTCUT_SCOPE_GLOBAL)
        gtk_event_controller_set_propagation_phase(shortcuts, GTK_PHASE_CAPTURE)
        gtk_shortcut_controller_add_shortcut(
            shortcuts, gtk_shortcut_new(gtk_shortcut_trigger_parse_string("<Control>i"), gtk_signal_action_new("activate")))
        gtk_widget_add_controller(toggleButton, shortcuts)
    }

    /// Whether the panel shows.
    private var isShown: Bool { gtk_toggle_button_get_active(sepia_toggle_button(toggleButton.object)) != 0 }

    /// Shows the queues as they are now if the panel shows, and keeps reading them while they
    /// work: call it when the list may have started or ended work.
    func refresh() {
        guard isShown else { return }
        update()
        guard timer == 0, hasWork else { return }
        timer = SignalHandlers.every(milliseconds: Self.refreshInterval) { [weak self] in
            guard let self else { return false }
            update()
            guard isShown, hasWork else {
                timer = 0
                return false
            }
            return true
        }
    }

    /// Stops reading the queues (the app quits).
    func stop() {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
    }

    /// Whether a row works or a queue runs or holds operations: the figures may change.
    private var hasWork: Bool {
        controller.workingRowCount > 0 || shown.contains { $0.running > 0 || $0.waiting > 0 }
    }

    private func toggled() {
        gtk_widget_set_visible(widget, isShown.gboolean)
        if isShown { refresh() } else { stop() }
    }

    /// Shows the counters that changed.
    private func update() {
        let counters = controller.queueCounters
        guard counters != shown else { return }
        shown = counters
        for (figures, counters) in zip(queues, counters) { figures.show(counters) }
    }
}

/// One queue's figures in the inspector: its name over a grid of labelled numbers.
@MainActor
private final class QueueFigures {
    /// The figures' names, in the grid's order.
    private static let names = ["running", "waiting", "suspended", "completed", "cancelled"]

    let grid: Widget
    private let name: String
    private var values: [Widget] = []

    init(name: String) {
        self.name = name
        grid = gtk_grid_new()
        let layout = sepia_grid(grid.object)
        gtk_grid_set_row_spacing(layout, 2)
        gtk_grid_set_column_spacing(layout, 12)
        let heading = gtk_label_new(name)!
        gtk_label_set_xalign(sepia_label(heading.object), 0)
        gtk_widget_add_css_class(heading, "heading")
        gtk_grid_attach(layout, heading, 0, 0, 2, 1)
        for (index, figure) in Self.names.enumerated() {
            let label = gtk_label_new(figure.prefix(1).uppercased() + figure.dropFirst())!
            gtk_label_set_xalign(sepia_label(label.object), 0)
            gtk_widget_add_css_class(label, "dim-label")
            gtk_grid_attach(layout, label, 0, gint(index + 1), 1, 1)
            let value = gtk_label_new(nil)!
            gtk_label_set_xalign(sepia_label(value.object), 1)
            gtk_widget_add_css_class(value, "numeric")
            gtk_grid_attach(layout, value, 1, gint(index + 1), 1, 1)
            values.append(value)
        }
    }

    func show(_ counters: StageCounters) {
        let figures = [
            "\(counters.running)", "\(counters.waiting)", counters.isSuspended ? "yes" : "no", "\(counters.completed)",
            "\(counters.cancelled)",
        ]
        for (label, text) in zip(values, figures) { gtk_label_set_text(sepia_label(label.object), text) }
        let summary = zip(Self.names, figures).map { "\($0) \($1)" }.joined(separator: ", ")
        sepia_set_accessible_label(grid, "\(name): \(summary)")
    }
}
