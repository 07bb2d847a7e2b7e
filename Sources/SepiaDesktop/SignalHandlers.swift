import CGtk
import CSepiaGtk

/// Swift closures as GObject signal handlers.
///
/// GObject calls C functions with a user-data pointer; Swift closures capture, so each
/// handler is a retained box passed as that pointer, with a plain C function (no captures)
/// that unboxes it. The box is released by the closure's destroy notify, when the handler is
/// disconnected or its object finalised: nothing leaks and nothing dangles.
///
/// Every handler runs on the main thread, GTK's, which is the main actor's.
@MainActor
enum SignalHandlers {
    /// Connects `body` to `signal` of `instance`, whose handlers take the instance only
    /// (`clicked`, `value-changed`, `changed`, `activate` of a button).
    @discardableResult
    static func connect(_ instance: gpointer, _ signal: String, _ body: @escaping @MainActor () -> Void) -> gulong {
        let handler: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            MainActor.assumeIsolated { Unmanaged<Box<() -> Void>>.fromOpaque(data!).takeUnretainedValue().body() }
        }
        return sepia_signal_connect(
            instance, signal, unsafeBitCast(handler, to: GCallback.self), Unmanaged.passRetained(Box(body)).toOpaque(), releaseBox)
    }

    /// Connects `body` to `signal` of `instance`, whose handlers take one pointer argument
    /// after the instance (a list item factory's `setup`, `bind`, `unbind`, `teardown`; an
    /// action's `activate`, whose parameter it is).
    @discardableResult
    static func connect(_ instance: gpointer, _ signal: String, _ body: @escaping @MainActor (gpointer?) -> Void) -> gulong {
        let handler: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            MainActor.assumeIsolated { Unmanaged<Box<(gpointer?) -> Void>>.fromOpaque(data!).takeUnretainedValue().body(argument) }
        }
        return sepia_signal_connect(
            instance, signal, unsafeBitCast(handler, to: GCallback.self), Unmanaged.passRetained(Box(body)).toOpaque(), releaseBox)
    }

    /// Connects `body` to `signal` of `instance`, whose handlers take one unsigned integer
    /// after the instance (a list view's `activate`, whose row position it is).
    @discardableResult
    static func connect(_ instance: gpointer, _ signal: String, position body: @escaping @MainActor (guint) -> Void) -> gulong {
        let handler: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, position, data in
            MainActor.assumeIsolated { Unmanaged<Box<(guint) -> Void>>.fromOpaque(data!).takeUnretainedValue().body(position) }
        }
        return sepia_signal_connect(
            instance, signal, unsafeBitCast(handler, to: GCallback.self), Unmanaged.passRetained(Box(body)).toOpaque(), releaseBox)
    }

    /// Connects `body` to `signal` of `instance`, whose handlers take the instance only and
    /// return whether they handled it (a window's `close-request`: true keeps it open).
    @discardableResult
    static func connect(_ instance: gpointer, _ signal: String, _ body: @escaping @MainActor () -> Bool) -> gulong {
        let handler: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            MainActor.assumeIsolated { Unmanaged<Box<() -> Bool>>.fromOpaque(data!).takeUnretainedValue().body() ? 1 : 0 }
        }
        return sepia_signal_connect(
            instance, signal, unsafeBitCast(handler, to: GCallback.self), Unmanaged.passRetained(Box(body)).toOpaque(), releaseBox)
    }

    /// Connects `body` to `signal` of `instance`, whose handlers take one `int` argument after
    /// the instance (a native dialog's `response`, whose response id it is).
    @discardableResult
    static func connect(_ instance: gpointer, _ signal: String, _ body: @escaping @MainActor (gint) -> Void) -> gulong {
        let handler: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, argument, data in
            MainActor.assumeIsolated { Unmanaged<Box<(gint) -> Void>>.fromOpaque(data!).takeUnretainedValue().body(argument) }
        }
        return sepia_signal_connect(
            instance, signal, unsafeBitCast(handler, to: GCallback.self), Unmanaged.passRetained(Box(body)).toOpaque(), releaseBox)
    }

    /// Connects `body` to `signal` of `instance`, whose handlers take a value and a position and
    /// return whether they took the value (a drop target's `drop`).
    @discardableResult
    static func connect(_ instance: gpointer, _ signal: String, _ body: @escaping @MainActor (UnsafePointer<GValue>?) -> Bool)
        -> gulong
    {
        let handler: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = { _, value, _, _, data in
            MainActor.assumeIsolated {
                Unmanaged<Box<(UnsafePointer<GValue>?) -> Bool>>.fromOpaque(data!).takeUnretainedValue().body(value) ? 1 : 0
            }
        }
        return sepia_signal_connect(
            instance, signal, unsafeBitCast(handler, to: GCallback.self), Unmanaged.passRetained(Box(body)).toOpaque(), releaseBox)
    }

    /// Runs `body` on the main loop every `interval` milliseconds while it returns true.
    @discardableResult
    static func every(milliseconds interval: guint, _ body: @escaping @MainActor () -> Bool) -> guint {
        let tick: GSourceFunc = { data in
            MainActor.assumeIsolated { Unmanaged<Box<() -> Bool>>.fromOpaque(data!).takeUnretainedValue().body() ? 1 : 0 }
        }
        return g_timeout_add_full(G_PRIORITY_DEFAULT, interval, tick, Unmanaged.passRetained(Box(body)).toOpaque(), releaseData)
    }

    /// Runs `body` with the frame clock's frame time (microseconds, `CLOCK_MONOTONIC`) on each
    /// frame `widget` is shown in, for as long as it returns true. While it runs, the frame clock
    /// keeps ticking even when nothing needs drawing.
    @discardableResult
    static func onEveryFrame(of widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor (gint64) -> Bool) -> guint {
        let tick: GtkTickCallback = { _, clock, data in
            MainActor.assumeIsolated {
                Unmanaged<Box<(gint64) -> Bool>>.fromOpaque(data!).takeUnretainedValue().body(gdk_frame_clock_get_frame_time(clock)) ? 1 : 0
            }
        }
        return gtk_widget_add_tick_callback(widget, tick, Unmanaged.passRetained(Box(body)).toOpaque(), releaseData)
    }

    /// Runs `body` on the main loop when the process receives `signal` (SIGINT, SIGTERM…),
    /// for as long as it returns true.
    @discardableResult
    static func onUnixSignal(_ signal: Int32, _ body: @escaping @MainActor () -> Bool) -> guint {
        let handler: GSourceFunc = { data in
            MainActor.assumeIsolated { Unmanaged<Box<() -> Bool>>.fromOpaque(data!).takeUnretainedValue().body() ? 1 : 0 }
        }
        return g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, handler, Unmanaged.passRetained(Box(body)).toOpaque(), releaseData)
    }

    /// A closure on the heap, for a user-data pointer.
    private final class Box<Body> {
        let body: Body

        init(_ body: Body) {
            self.body = body
        }
    }

    /// A signal closure's destroy notify: releases the box.
    private static let releaseBox: GClosureNotify = { data, _ in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }

    /// A main-loop source's destroy notify: releases the box.
    private static let releaseData: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }
}
