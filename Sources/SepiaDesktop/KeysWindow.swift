import CGtk
import CSepiaGtk

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

    /// The window: the list's keys, the large photo's, the app's.
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <object class="GtkShortcutsWindow" id="keys">
            <property name="modal">1</property>
            <child>
              <object class="GtkShortcutsSection">
                <property name="section-name">keys</property>
                <property name="max-height">12</property>
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">The photo list</property>
                    <child>
                      <object class="GtkShortcutsShortcut">
                        <property name="accelerator">Up Down</property>
                        <property name="title">Select the photo above / below</property>
                      </object>
                    </child>
                    <child>
                      <object class="GtkShortcutsShortcut">
                        <property name="accelerator">Page_Up Page_Down</property>
                        <property name="title">A screen up / down</property>
                      </object>
                    </child>
                    <child>
                      <object class="GtkShortcutsShortcut">
                        <property name="accelerator">Home End</property>
                        <property name="title">The first / last photo</property>
                      </object>
                    </child>
                    <child>
                      <object class="GtkShortcutsShortcut">
                        <property name="accelerator">Return</property>
                        <property name="title">Open the selected photo large (or double-click it)</property>
                      </object>
                    </child>
                  </object>
                </child>
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">A photo large</property>
                    <child>
                      <object class="GtkShortcutsShortcut">
                        <property name="accelerator">Escape</property>
                        <property name="title">Back to the list</property>
                      </object>
                    </child>
                  </object>
                </child>
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">The app</property>
                    <child>
                      <object class="GtkShortcutsShortcut">
                        <property name="accelerator">&lt;Control&gt;o</property>
                        <property name="title">Open photos or a photo list…</property>
                      </object>
                    </child>
                    <child>
                      <object class="GtkShortcutsShortcut">
                        <property name="accelerator">F1</property>
                        <property name="title">Show these keys</property>
                      </object>
                    </child>
                    <child>
                      <object class="GtkShortcutsShortcut">
                        <property name="accelerator">&lt;Control&gt;q</property>
                        <property name="title">Quit</property>
                      </object>
                    </child>
                  </object>
                </child>
              </object>
            </child>
          </object>
        </interface>
        """
}
