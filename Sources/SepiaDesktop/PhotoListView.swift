import CGtk
import CSepiaGtk
import SepiaImaging
import SepiaList
import SepiaPipeline

/// The tutorial's table view in GTK: a `GtkListView` in a `GtkScrolledWindow`, over a model
/// of the controller's rows, with a `GtkSignalListItemFactory` whose `setup` makes a row's
/// widgets once, `bind` shows a row in them (`cellForRowAt`) and `unbind` detaches them
/// (`didEndDisplaying`). Rows are recycled: 100,000 rows cost what the bound rows cost.
///
/// Binding drives no work: GTK binds rows far beyond the screen. The rows on screen come
/// from the vertical adjustment (``ListGeometry``): a layout change (the first layout, a
/// resize, new rows) is ``PhotoListController/show(rows:)``, and every change of the scroll
/// position (wheel, touchpad and its kinetic deceleration, scrollbar, keyboard) is
/// ``PhotoListController/scroll(toShow:)``, which suspends the queues until scrolling
/// settles. The controller's changes update only the bound rows they concern.
@MainActor
final class PhotoListView {
    /// The scrolled window holding the list: the widget to place.
    let widget: Widget
    /// The list view itself (it takes the keyboard focus).
    let listView: Widget
    private let controller: PhotoListController
    /// The model of rows: as many rows as the controller has.
    private let model: OpaquePointer
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>
    /// Each list item's widgets, made by `setup`, dropped by `teardown`.
    private var widgetsByItem: [UnsafeMutableRawPointer: PhotoRowWidgets] = [:]
    /// The widgets of each bound row.
    private var boundRows: [Int: PhotoRowWidgets] = [:]
    /// The scroll position last seen, so that only a real move counts as scrolling.
    private var lastValue: Double = 0
    /// The 10 Hz refresh of the working rows' progress, while any works.
    private var progressTimer: guint = 0

    /// A list of `controller`'s rows; a done row names the filter its photo went through.
    init(controller: PhotoListController) {
        self.controller = controller
        model = sepia_row_model_new()
        let factory = gtk_signal_list_item_factory_new()!
        // The selection and the list view take the references they are given.
        let selection = gtk_single_selection_new(sepia_list_model(g_object_ref(model.object)))!
        // Nothing is selected until the user picks a row (by keyboard or pointer).
        gtk_single_selection_set_autoselect(selection, false.gboolean)
        listView = gtk_list_view_new(sepia_selection_model(selection.object), factory)
        gtk_list_view_set_show_separators(OpaquePointer(listView), true.gboolean)
        widget = gtk_scrolled_window_new()
        let scrolled = sepia_scrolled_window(widget.object)
        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scrolled, listView)
        gtk_widget_set_vexpand(widget, true.gboolean)
        gtk_widget_set_hexpand(widget, true.gboolean)
        adjustment = gtk_scrolled_window_get_vadjustment(scrolled)

        SignalHandlers.connect(factory.object, "setup") { [weak self] item in self?.setUp(item) }
        SignalHandlers.connect(factory.object, "bind") { [weak self] item in self?.bind(item) }
        SignalHandlers.connect(factory.object, "unbind") { [weak self] item in self?.unbind(item) }
        SignalHandlers.connect(factory.object, "teardown") { [weak self] item in self?.tearDown(item) }
        SignalHandlers.connect(adjustment, "changed") { [weak self] in self?.layoutChanged() }
        SignalHandlers.connect(adjustment, "value-changed") { [weak self] in self?.scrolled() }
    }

    isolated deinit {
        g_object_unref(model.object)
    }

    // MARK: Rows

    /// Makes the list as long as the controller's rows (after the source loaded).
    func reloadRows() {
        sepia_row_model_set_count(model, guint(controller.records.count))
        controller.show(rows: visibleRows)
        startProgressTimerIfWorking()
    }

    /// Shows the controller's change in the bound rows it concerns.
    func changed(_ change: PhotoListChange) {
        switch change {
        case .rows(let rows):
            for row in rows { if let widgets = boundRows[row] { update(widgets, row: row) } }
        case .source, .scrollPhase:
            break
        }
        startProgressTimerIfWorking()
    }

    /// Stops refreshing (the app quits).
    func stop() {
        if progressTimer != 0 { g_source_remove(progressTimer) }
        progressTimer = 0
    }

    /// The rows on screen now.
    var visibleRows: Range<Int> {
        ListGeometry.visibleRows(
            value: gtk_adjustment_get_value(adjustment), pageSize: gtk_adjustment_get_page_size(adjustment),
            upper: gtk_adjustment_get_upper(adjustment), rowCount: controller.records.count)
    }

    // MARK: The factory's signals

    private func setUp(_ item: gpointer?) {
        guard let item else { return }
        let widgets = PhotoRowWidgets()
        gtk_list_item_set_child(sepia_list_item(item), widgets.root)
        SignalHandlers.connect(widgets.retryButton.object, "clicked") { [weak self, weak widgets] in
            guard let self, let row = widgets?.row else { return }
            controller.retry(row: row)
        }
        widgetsByItem[item] = widgets
    }

    private func bind(_ item: gpointer?) {
        guard let item, let widgets = widgetsByItem[item] else { return }
        let row = Int(gtk_list_item_get_position(sepia_list_item(item)))
        guard controller.records.indices.contains(row) else { return }
        widgets.row = row
        boundRows[row] = widgets
        update(widgets, row: row)
    }

    private func unbind(_ item: gpointer?) {
        guard let item, let widgets = widgetsByItem[item] else { return }
        if let row = widgets.row, boundRows[row] === widgets { boundRows[row] = nil }
        widgets.unbind()
    }

    private func tearDown(_ item: gpointer?) {
        guard let item else { return }
        widgetsByItem[item] = nil
    }

    /// Shows `row` in `widgets`.
    private func update(_ widgets: PhotoRowWidgets, row: Int) {
        guard controller.records.indices.contains(row) else { return }
        let record = controller.records[row]
        let status = PhotoRowStatus(
            record: record, isWorking: controller.isWorking(row: row), progress: controller.downloadProgress(row: row))
        widgets.show(
            name: record.name, status: status, filterName: record.processing?.filter.description ?? "",
            canRetry: record.canRetry)
        let scale = Int(max(gtk_widget_get_scale_factor(widgets.picture), 1))
        Thumbnails.show(
            record,
            key: ThumbnailKey(
                row: row, state: record.state, processing: record.processing, previewUnits: record.preview?.completeUnits, scale: scale),
            in: widgets)
    }

    // MARK: Scrolling

    /// The page's size or the list's length changed: the first layout, a resize, new rows.
    private func layoutChanged() {
        lastValue = gtk_adjustment_get_value(adjustment)
        controller.show(rows: visibleRows)
        startProgressTimerIfWorking()
    }

    /// The scroll position changed: the user scrolls, by whatever means.
    private func scrolled() {
        let value = gtk_adjustment_get_value(adjustment)
        guard value != lastValue else { return }
        lastValue = value
        controller.scroll(toShow: visibleRows)
        startProgressTimerIfWorking()
    }

    // MARK: Progress

    /// Refreshes the bound rows ten times a second while any row works: neither the start of
    /// a row's work, nor its progress, nor its cancellation (the row scrolled away) is a
    /// change the controller publishes. Once no row works, a last refresh shows the rows
    /// that stopped, and the timer ends: an idle list runs nothing.
    private func startProgressTimerIfWorking() {
        guard progressTimer == 0, controller.workingRowCount > 0 else { return }
        progressTimer = SignalHandlers.every(milliseconds: 100) { [weak self] in
            guard let self else { return false }
            for (row, widgets) in boundRows where widgets.showsWork || controller.isWorking(row: row) { update(widgets, row: row) }
            guard controller.workingRowCount > 0 else {
                progressTimer = 0
                return false
            }
            return true
        }
    }
}
