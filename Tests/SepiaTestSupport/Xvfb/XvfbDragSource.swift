import Foundation

/// A window that offers files or text to drag, on the display of an ``XvfbDesktopApp``: a GTK 4
/// program in Debian's python3 (python3-gi, gir1.2-gtk-4.0) whose `GtkDragSource` covers its
/// whole window, so that ``XvfbDesktopApp/drag(from:to:)`` pressed anywhere in it drags the
/// offer to another window over XDND, as a file manager or a browser does.
///
/// With no window manager the window sits at the screen's top left, over the app's, at
/// ``size``: a drag starts inside it and ends outside it.
package final class XvfbDragSource {
    /// The window's size in pixels, from the screen's top left.
    package static let size = (width: 160, height: 80)

    /// What the window offers.
    package enum Offer {
        /// Files (a GdkFileList), by their URIs.
        case files([String])
        /// Text (a string).
        case text(String)
    }

    private let program: BackgroundProcess
    private let folder: URL

    /// Starts the window offering `offer` on `app`'s display; ``isShown`` says when it is up.
    package init(_ offer: Offer, on app: XvfbDesktopApp) throws {
        let python = "/usr/bin/python3"
        guard ExecutableFile.isExecutable(URL(fileURLWithPath: python)) else {
            throw EndToEndError("/usr/bin/python3 is missing: run scripts/install-deps.")
        }
        folder = try makeTemporaryCacheDirectory()
        let script = folder.appendingPathComponent("drag-source.py")
        try Data(Self.script.utf8).write(to: script)
        let arguments: [String] =
            switch offer {
            case .files(let uris): ["files"] + uris
            case .text(let text): ["text", text]
            }
        program = try app.launch(python, [script.path] + arguments)
    }

    deinit {
        stop()
    }

    /// Whether the window is shown (the program prints "shown" once it is mapped).
    package var isShown: Bool { program.output.contains("shown") }

    /// Whether the drag it offered has ended: dropped and read by the target, or cancelled (the
    /// program prints "ended" on `drag-end` or `drag-cancel`). Until then the target may still ask
    /// this program for the data, so it must stay up.
    package var hasEnded: Bool { program.output.contains("ended") }

    /// The end of what the program wrote on its standard error.
    package var log: String { program.log }

    /// Ends the program. Calling it again does nothing.
    package func stop() {
        program.stop()
    }

    private static let script = #"""
        import sys
        import gi
        gi.require_version("Gtk", "4.0")
        gi.require_version("Gdk", "4.0")
        from gi.repository import Gdk, Gio, GLib, GObject, Gtk

        kind, items = sys.argv[1], sys.argv[2:]

        def offer(source, x, y):
            if kind == "files":
                files = Gdk.FileList.new_from_array([Gio.File.new_for_uri(uri) for uri in items])
                return Gdk.ContentProvider.new_for_value(GObject.Value(Gdk.FileList, files))
            return Gdk.ContentProvider.new_for_value(GObject.Value(GObject.TYPE_STRING, items[0]))

        def ended(*_):
            print("ended", flush=True)
            return False  # drag-cancel: GTK may show its own cancel animation

        def activate(app):
            window = Gtk.ApplicationWindow(application=app, title="Drag source")
            window.set_decorated(False)
            window.set_default_size(WIDTH, HEIGHT)
            area = Gtk.Label(label="Drag me")
            area.set_size_request(WIDTH, HEIGHT)
            source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
            source.connect("prepare", offer)
            source.connect("drag-end", ended)
            source.connect("drag-cancel", ended)
            area.add_controller(source)
            window.set_child(area)
            window.connect("map", lambda *_: (print("shown", flush=True)))
            window.present()

        app = Gtk.Application(application_id=None, flags=Gio.ApplicationFlags.NON_UNIQUE)
        app.connect("activate", activate)
        app.run([sys.argv[0]])
        """#.replacingOccurrences(of: "WIDTH", with: "\(size.width)").replacingOccurrences(of: "HEIGHT", with: "\(size.height)")
}
