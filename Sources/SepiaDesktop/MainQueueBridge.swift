import CGtk
import CSepiaGtk
import Dispatch
import Glibc

/// Runs the main dispatch queue, and with it `OperationQueue.main` and the main actor's
/// tasks, from GLib's main loop, which owns the main thread in a GTK app (`dispatchMain()`
/// and `RunLoop.main` never run there).
///
/// libdispatch pokes an eventfd when work is queued on the main queue
/// (`_dispatch_get_main_queue_handle_4CF`, the hook CoreFoundation's run loop uses). GLib
/// watches it with `g_unix_fd_add`: when it becomes readable, the counter is read (which
/// makes it unreadable again: without the read, GLib would call back at once, forever, and
/// spin a core) and the queue is drained with `_dispatch_main_queue_callback_4CF`. No timer,
/// no polling: an idle app sleeps in `poll()`.
package enum MainQueueBridge {
    /// The GLib source watching the main queue's handle, once installed.
    @MainActor private static var source: guint = 0

    /// Watches the main queue from the default GLib main context, once; call on the main
    /// thread before running GLib's loop (`g_application_run`, `g_main_loop_run`). Work
    /// queued before is run on the loop's first turn.
    @MainActor
    package static func install() {
        guard source == 0 else { return }
        let handle = _dispatch_get_main_queue_handle_4CF()
        source = g_unix_fd_add(handle, G_IO_IN, drain, nil)
        // Work queued before the handle existed poked nothing: run it on the loop's first turn.
        g_idle_add_once({ _ in _dispatch_main_queue_callback_4CF(nil) }, nil)
    }

    /// Reads the eventfd's counter, then runs what the main queue holds.
    private static let drain: GUnixFDSourceFunc = { descriptor, _, _ in
        var counter: UInt64 = 0
        _ = read(descriptor, &counter, MemoryLayout<UInt64>.size)
        _dispatch_main_queue_callback_4CF(nil)
        return gboolean(1)  // G_SOURCE_CONTINUE
    }
}
