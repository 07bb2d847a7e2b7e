import CGtk
import CSepiaGtk

/// The header bar's menu (GNOME's primary menu, at the end of the header bar): the keys
/// window and quitting, each with its key shown beside it.
@MainActor
enum MainMenu {
    /// Puts the menu button at the end of `header`.
    static func install(in header: Widget) {
        let menu = g_menu_new()!
        g_menu_append(menu, "Keyboard Shortcuts", "win.show-help-overlay")
        g_menu_append(menu, "Quit", "app.quit")
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(OpaquePointer(button), UnsafeMutablePointer<GMenuModel>(menu))
        g_object_unref(menu.object)  // the button holds its own reference
        gtk_widget_set_tooltip_text(button, "Main menu")
        sepia_set_accessible_label(button, "Main menu")
        gtk_header_bar_pack_end(OpaquePointer(header), button)
    }
}
