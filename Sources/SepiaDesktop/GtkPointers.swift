import CGtk
import CSepiaGtk
import Glibc

/// A GTK widget, as GTK's constructors return it.
typealias Widget = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer {
    /// A GObject (a widget, the application…) as an untyped pointer, for the checked casts
    /// (`sepia_label(widget.object)`) and `gpointer` parameters.
    var object: gpointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer {
    /// A GObject whose struct GTK keeps private, as an untyped pointer.
    var object: gpointer { UnsafeMutableRawPointer(self) }
}

/// GLib's booleans.
extension Bool {
    var gboolean: CGtk.gboolean { self ? 1 : 0 }
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings (GTK's `const char *
/// const *`), valid during the call only.
func withCStringArray<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    var copies = strings.map { strdup($0) }
    copies.append(nil)
    defer { for copy in copies { free(copy) } }
    return copies.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count, body)
    }
}

/// Sets all four margins of `widget` to `pixels`.
func setMargins(of widget: Widget, to pixels: gint) {
    gtk_widget_set_margin_start(widget, pixels)
    gtk_widget_set_margin_end(widget, pixels)
    gtk_widget_set_margin_top(widget, pixels)
    gtk_widget_set_margin_bottom(widget, pixels)
}
