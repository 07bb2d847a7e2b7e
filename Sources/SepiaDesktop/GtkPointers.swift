import CGtk
import CSepiaGtk

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
