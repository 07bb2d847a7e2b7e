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
