import CGtk
import CSepiaGtk
import Glibc

/// Opening other sources in the running window: the actions `app.open` (Ctrl+O: photo files
/// or manifests) and `app.open-folder` (Ctrl+Shift+O: folders; GTK 4.8's chooser of files
/// cannot pick folders), their buttons in the header bar, and drops on the window (files,
/// folders, http(s) URLs and `file:` URIs).
///
/// The chooser is a `GtkFileChooserNative`: the desktop portal's where there is one, GTK's
/// own dialog otherwise; several items may be picked at once. What is chosen or dropped goes
/// to `open` as sources (``OpenedSources``); what cannot be opened goes to `refuse` as a
/// sentence for the status line, and opens nothing.
@MainActor
final class SourceOpening {
    private let application: UnsafeMutablePointer<GtkApplication>
    private let open: @MainActor ([String]) -> Void
    private let refuse: @MainActor (String) -> Void
    /// The window the chooser is modal to and that takes drops, once installed.
    private var window: Widget?
    /// The chooser shown, if any: one at a time.
    private var chooser: OpaquePointer?

    /// Adds the actions and their accelerators to `application`; chosen or dropped sources go
    /// to `open`, refusals to `refuse`.
    init(
        application: UnsafeMutablePointer<GtkApplication>, open: @escaping @MainActor ([String]) -> Void,
        refuse: @escaping @MainActor (String) -> Void
    ) {
        self.application = application
        self.open = open
        self.refuse = refuse
        addAction("open", accelerator: "<Control>o") { [unowned self] in choose(folders: false) }
        addAction("open-folder", accelerator: "<Control><Shift>o") { [unowned self] in choose(folders: true) }
    }

    /// Puts the Open buttons at the start of `header` and takes drops on `window`.
    func install(in window: Widget, header: Widget) {
        self.window = window
        let buttons = [
            ("Open…", "document-open-symbolic", "app.open", "Open photo files or a manifest (Ctrl+O)"),
            ("Open Folder…", "folder-open-symbolic", "app.open-folder", "Open a folder of photos (Ctrl+Shift+O)"),
        ]
        for (label, icon, action, tooltip) in buttons {
            let button = gtk_button_new_from_icon_name(icon)!
            sepia_set_accessible_label(button, label)
            gtk_actionable_set_action_name(sepia_actionable(button.object), action)
            gtk_widget_set_tooltip_text(button, tooltip)
            gtk_header_bar_pack_start(OpaquePointer(header), button)
        }
        let target = sepia_drop_target_new_for_files_and_text()!
        SignalHandlers.connect(target.object, "drop") { [unowned self] (value: UnsafePointer<GValue>?) -> Bool in dropped(value) }
        gtk_widget_add_controller(window, sepia_event_controller(target.object))
    }

    /// Closes the chooser, if one is shown (the app quits).
    func stop() {
        guard let chooser else { return }
        self.chooser = nil
        gtk_native_dialog_destroy(sepia_native_dialog(chooser.object))
        g_object_unref(chooser.object)
    }

    // MARK: Choosing

    private func addAction(_ name: String, accelerator: String, _ body: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        SignalHandlers.connect(action.object, "activate") { (_: gpointer?) in body() }
        g_action_map_add_action(OpaquePointer(application), action)
        g_object_unref(action.object)
        DesktopApp.setAccelerators([accelerator], for: "app." + name, in: application)
    }

    private func choose(folders: Bool) {
        guard chooser == nil, let window else { return }
        let chooser = gtk_file_chooser_native_new(
            folders ? "Open Folders" : "Open Photos or a Manifest", sepia_window(window.object),
            folders ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel")!
        self.chooser = chooser
        gtk_file_chooser_set_select_multiple(sepia_file_chooser(chooser.object), true.gboolean)
        gtk_native_dialog_set_modal(sepia_native_dialog(chooser.object), true.gboolean)
        SignalHandlers.connect(chooser.object, "response") { [unowned self] (response: gint) in chosen(response) }
        gtk_native_dialog_show(sepia_native_dialog(chooser.object))
    }

    private func chosen(_ response: gint) {
        guard let chooser else { return }
        self.chooser = nil
        // The signal's emission holds a reference of its own until the handler returns.
        defer { g_object_unref(chooser.object) }
        guard response == GTK_RESPONSE_ACCEPT.rawValue, let list = gtk_file_chooser_get_files(sepia_file_chooser(chooser.object)) else {
            return
        }
        defer { g_object_unref(list.object) }
        let files = (0..<g_list_model_get_n_items(list)).compactMap { index -> OpenedSources.File? in
            guard let item = g_list_model_get_item(list, index) else { return nil }
            defer { g_object_unref(item) }
            return Self.file(item)
        }
        take(OpenedSources.sources(of: files))
    }

    // MARK: Dropping

    private func dropped(_ value: UnsafePointer<GValue>?) -> Bool {
        guard let value else { return false }
        if let list = sepia_value_get_files(value) {
            defer { g_slist_free(list) }
            var files: [OpenedSources.File] = []
            var node: UnsafeMutablePointer<GSList>? = list
            while let current = node {
                if let item = current.pointee.data { files.append(Self.file(item)) }
                node = current.pointee.next
            }
            return take(OpenedSources.sources(of: files))
        }
        if let text = sepia_value_get_text(value) {
            return take(OpenedSources.sources(ofText: String(cString: text)))
        }
        refuse("Only files, folders and URLs can be dropped here.")
        return false
    }

    /// Opens the sources, or shows why not; returns whether something opened.
    @discardableResult
    private func take(_ result: Result<[String], OpenedSources.Refusal>) -> Bool {
        switch result {
        case .success(let sources):
            open(sources)
            return true
        case .failure(let refusal):
            refuse(refusal.message)
            return false
        }
    }

    /// A GFile as its path's bytes (not decoded: a Linux name need not be UTF-8) and its URI.
    private static func file(_ object: gpointer) -> OpenedSources.File {
        let file = sepia_file(object)
        var path: [UInt8]?
        if let bytes = g_file_get_path(file) {
            path = Array(UnsafeRawBufferPointer(start: bytes, count: strlen(bytes)))
            g_free(bytes)
        }
        let uri = g_file_get_uri(file)
        defer { g_free(uri) }
        return OpenedSources.File(path: path, uri: uri.map { String(cString: $0) } ?? "")
    }
}
