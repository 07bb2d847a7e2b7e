import CGtk
import CSepiaGtk
import Foundation

/// The keys window: a `GtkShortcutsWindow` listing every key of the app, made from GtkBuilder
/// XML, as the window's help overlay (its `win.show-help-overlay` action), which F1 and the
/// header bar's menu open; Esc or its close button closes it.
///
/// The list lists what the app does with keys, its list view's own navigation included: keep
/// it in step when a key is added.
@MainActor
enum KeysWindow {
    /// Makes the keys window `window`'s help overlay, opened by F1.
    static func install(on window: Widget) {
        let builder = gtk_builder_new_from_string(xml, -1)!
        defer { g_object_unref(builder.object) }
        guard let keys = gtk_builder_get_object(builder, "keys") else { return }
        gtk_application_window_set_help_overlay(sepia_application_window(window.object), sepia_shortcuts_window(keys))
        if let application = gtk_window_get_application(sepia_window(window.object)) {
            DesktopApp.setAccelerators(["F1"], for: "win.show-help-overlay", in: application)
        }
    }

    /// The keys, by group: GTK's accelerator names (several, space-separated, for one line)
    /// and what each does.
    static let groups: [(title: String, keys: [(accelerator: String, title: String)])] = [
        (
            "The photo list",
            [
                ("Up Down", "Select the photo above / below"),
                ("Page_Up Page_Down", "A screen up / down"),
                ("Home End", "The first / last photo"),
                ("Return", "Open the selected photo large (or double-click it)"),
            ]
        ),
        ("A photo large", [("Escape", "Back to the list")]),
        (
            "The app",
            [
                ("<Control>o", "Open photos or a photo list…"),
                ("<Control><Shift>o", "Open a folder…"),
                ("<Alt>f", "Choose the filter"),
                ("<Control>i", "Show or hide the queues"),
                ("F1", "Show these keys"),
                ("<Control>q", "Quit"),
            ]
        ),
    ]

    /// The window as GtkBuilder XML: a section of ``groups``.
    static var xml: String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        let groupElements = groups.map { group in
            let shortcuts = group.keys.map { key in
                """
                <child><object class="GtkShortcutsShortcut">\
                <property name="accelerator">\(escaped(key.accelerator))</property>\
                <property name="title">\(escaped(key.title))</property>\
                </object></child>
                """
            }
            return """
                <child><object class="GtkShortcutsGroup">\
                <property name="title">\(escaped(group.title))</property>\(shortcuts.joined())\
                </object></child>
                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface><object class="GtkShortcutsWindow" id="keys"><property name="modal">1</property>\
            <child><object class="GtkShortcutsSection"><property name="section-name">keys</property>\
            <property name="max-height">12</property>\(groupElements.joined())</object></child>\
            </object></interface>
            """
    }
}
