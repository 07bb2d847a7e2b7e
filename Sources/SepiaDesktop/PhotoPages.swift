import CGtk
import CSepiaGtk
import SepiaImaging
import SepiaList
import SepiaPipeline

/// The window's two pages, in a `GtkStack`: the photo list, and one photo large
/// (``LargePhotoPage``).
///
/// Enter on the selected row, or a double-click on a row (the list view's `activate`; a single
/// click only selects), opens the row large; Esc or the header bar's back button (the window's
/// `win.back` action, enabled only on the photo page) goes back to the list, whose scroll
/// position, selection and keyboard focus are as they were: the list is hidden, not rebuilt.
/// The terminal browser's large view behaves the same way (Enter opens, Esc goes back).
@MainActor
final class PhotoPages {
    /// The stack: the widget to place.
    let widget: Widget
    private let list: PhotoListView
    private let page: LargePhotoPage
    private let controller: PhotoListController
    private let backButton: Widget
    private let backAction: OpaquePointer

    /// The pages of `window`, with `list` first; the back button goes at the start of `header`.
    init(list: PhotoListView, controller: PhotoListController, pipeline: PhotoPipeline, window: Widget, header: Widget) {
        self.list = list
        self.controller = controller
        page = LargePhotoPage(pipeline: pipeline)
        widget = gtk_stack_new()
        let stack = OpaquePointer(widget)
        gtk_stack_add_named(stack, list.widget, "list")
        gtk_stack_add_named(stack, page.widget, "photo")
        gtk_stack_set_visible_child(stack, list.widget)
        gtk_widget_set_vexpand(widget, true.gboolean)

        backAction = g_simple_action_new("back", nil)!
        g_simple_action_set_enabled(backAction, false.gboolean)
        g_action_map_add_action(OpaquePointer(window), backAction)
        backButton = gtk_button_new_from_icon_name("go-previous-symbolic")
        gtk_actionable_set_action_name(OpaquePointer(backButton), "win.back")
        gtk_widget_set_tooltip_text(backButton, "Back to the list (Esc)")
        sepia_set_accessible_label(backButton, "Back")
        gtk_widget_set_visible(backButton, false.gboolean)
        gtk_header_bar_pack_start(OpaquePointer(header), backButton)
        if let application = gtk_window_get_application(sepia_window(window.object)) {
            DesktopApp.setAccelerators(["Escape"], for: "win.back", in: application)
        }

        gtk_list_view_set_single_click_activate(OpaquePointer(list.listView), false.gboolean)
        SignalHandlers.connect(list.listView.object, "activate", position: { [weak self] position in self?.open(row: Int(position)) })
        SignalHandlers.connect(backAction.object, "activate") { [weak self] (_: gpointer?) in self?.back() }
    }

    isolated deinit {
        g_object_unref(backAction.object)
    }

    /// Shows the controller's change on the photo page when it concerns its row.
    func changed(_ change: PhotoListChange) {
        guard case .rows(let rows) = change, let row = page.row, rows.contains(row), controller.records.indices.contains(row)
        else { return }
        page.rowChanged(controller.records[row])
    }

    /// Closes the photo page for good (the app quits): its request is cancelled.
    func stop() {
        page.close()
    }

    /// Opens `row` large, fitted to the pages' area at the display's scale.
    private func open(row: Int) {
        guard controller.records.indices.contains(row) else { return }
        let box = PixelSize(width: Int(gtk_widget_get_width(widget)), height: Int(gtk_widget_get_height(widget)))
        let scale = Int(max(gtk_widget_get_scale_factor(widget), 1))
        page.open(row: row, record: controller.records[row], processing: controller.configuration.processing, box: box, scale: scale)
        gtk_stack_set_visible_child(OpaquePointer(widget), page.widget)
        g_simple_action_set_enabled(backAction, true.gboolean)
        gtk_widget_set_visible(backButton, true.gboolean)
        gtk_widget_grab_focus(page.widget)
    }

    /// Back to the list as it was; the photo page lets its photo go.
    private func back() {
        page.close()
        gtk_stack_set_visible_child(OpaquePointer(widget), list.widget)
        g_simple_action_set_enabled(backAction, false.gboolean)
        gtk_widget_set_visible(backButton, false.gboolean)
        gtk_widget_grab_focus(list.listView)
    }
}
