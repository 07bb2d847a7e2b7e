import CGtk
import CSepiaGtk
import Foundation
import SepiaPipeline

/// The header bar's filter controls: a drop-down of the filters (sepia, grayscale, none) and
/// a scale of the sepia intensity, from 0 to 1, that only sepia uses (it is insensitive
/// otherwise). They start at the command line's filter. The drop-down's label, "Filter",
/// takes the keyboard there with Alt+F.
///
/// Choosing a filter tells `onChange` at once. Dragging the scale sends many values: only the
/// one it rests on for ``restingDelay`` milliseconds is told, so that the rows are not filtered
/// again for each step of a drag.
@MainActor
final class FilterControls {
    /// The filters of the drop-down, in its order, with their names there (sepia at the
    /// scale's intensity).
    private static let choices: [(name: String, filter: PhotoFilter)] = [
        ("Sepia", .sepia), ("Grayscale", .grayscale), ("None", .none),
    ]
    /// How long the scale must rest on a value before the rows are filtered with it.
    static let restingDelay: guint = 150

    /// The box holding the controls: the widget to place.
    let widget: Widget
    private let dropDown: Widget
    private let scale: Widget
    private let onChange: (PhotoFilter) -> Void
    /// The sepia filter the drop-down's "Sepia" stands for: at the command line's intensity
    /// (the default one when the command line chose another filter) until the scale moves.
    private var sepia: PhotoFilter
    /// The pending report of the scale's value, while it has not rested long enough.
    private var restingTimer: guint = 0

    /// Controls showing `filter`, telling `onChange` each filter the user chooses.
    init(filter: PhotoFilter, onChange: @escaping (PhotoFilter) -> Void) {
        self.onChange = onChange
        if case .sepia = filter { sepia = filter } else { sepia = .sepia }
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        let label = gtk_label_new_with_mnemonic("_Filter")!
        gtk_box_append(sepia_box(widget.object), label)
        dropDown = Self.dropDown(of: Self.choices.map(\.name))
        gtk_label_set_mnemonic_widget(sepia_label(label.object), dropDown)
        sepia_set_accessible_label(dropDown, "Filter")
        gtk_drop_down_set_selected(OpaquePointer(dropDown), guint(Self.choice(of: filter)))
        gtk_box_append(sepia_box(widget.object), dropDown)

        scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 0.05)
        let range = sepia_range(scale.object)
        gtk_range_set_round_digits(range, 2)
        gtk_scale_set_digits(sepia_scale(scale.object), 2)
        gtk_scale_set_draw_value(sepia_scale(scale.object), true.gboolean)
        gtk_scale_set_value_pos(sepia_scale(scale.object), GTK_POS_RIGHT)
        if case .sepia(let intensity) = sepia { gtk_range_set_value(range, Double(intensity)) }
        gtk_widget_set_size_request(scale, 140, -1)
        gtk_widget_set_tooltip_text(scale, "Sepia intensity")
        sepia_set_accessible_label(scale, "Sepia intensity")
        gtk_box_append(sepia_box(widget.object), scale)
        updateSensitivity()

        SignalHandlers.connect(dropDown.object, "notify::selected") { [weak self] (_: gpointer?) in self?.filterChosen() }
        SignalHandlers.connect(scale.object, "value-changed") { [weak self] in self?.intensityMoved() }
    }

    /// Drops a scale value still waiting to rest: it is never reported (a filter was chosen
    /// meanwhile, or the app quits).
    func stop() {
        if restingTimer != 0 { g_source_remove(restingTimer) }
        restingTimer = 0
    }

    /// The filter the controls show.
    var filter: PhotoFilter {
        choosesSepia ? sepia : chosen
    }

    /// The drop-down's filter (sepia at its default intensity for "Sepia").
    private var chosen: PhotoFilter {
        Self.choices[min(Int(gtk_drop_down_get_selected(OpaquePointer(dropDown))), Self.choices.count - 1)].filter
    }

    /// Whether the drop-down chooses sepia, the filter the scale is for.
    private var choosesSepia: Bool {
        if case .sepia = chosen { true } else { false }
    }

    private func filterChosen() {
        stop()
        updateSensitivity()
        onChange(filter)
    }

    /// The scale moved: its value is told once it has rested there.
    private func intensityMoved() {
        sepia = .sepia(intensity: Float(gtk_range_get_value(sepia_range(scale.object))))
        stop()
        restingTimer = SignalHandlers.every(milliseconds: Self.restingDelay) { [weak self] in
            guard let self else { return false }
            restingTimer = 0
            onChange(filter)
            return false
        }
    }

    private func updateSensitivity() {
        gtk_widget_set_sensitive(scale, choosesSepia.gboolean)
    }

    /// The drop-down's position of `filter` (any sepia intensity is "Sepia").
    private static func choice(of filter: PhotoFilter) -> Int {
        choices.firstIndex { choice in
            switch (choice.filter, filter) {
            case (.sepia, .sepia): true
            default: choice.filter == filter
            }
        } ?? 0
    }

    /// A drop-down of `names`.
    private static func dropDown(of names: [String]) -> Widget {
        withCStringArray(names) { gtk_drop_down_new_from_strings($0) }
    }
}
