public import Foundation
import SepiaLocking

/// Reads a terminal's input on a thread of its own and hands the parsed events to a handler.
///
/// The thread sleeps in `poll(2)`: with no timeout while nothing is pending, and for
/// `escapeTimeout` after a lone ESC, which then becomes `.key(.escape)` (an escape
/// sequence's bytes arrive together, a person's next key does not). A self-pipe wakes it for
/// `stop()`. A blocking thread is used rather than a dispatch queue so that no GCD worker
/// is ever held waiting for input.
public final class InputReader: Sendable {
    // @unchecked Sendable: Foundation's `Thread` is not Sendable on Linux; the thread is only
    // compared by identity once stored.
    private enum State: @unchecked Sendable {
        case idle
        case running(Thread)
        case stopped
    }

    private let state = Locked(State.idle)
    private let fileDescriptor: Int32
    private let escapeTimeoutMilliseconds: Int32
    private let handler: @Sendable ([InputEvent]) -> Void
    /// The self-pipe: the thread polls `wakeReader`, `stop()` writes to `wakeWriter`.
    private let wakeReader: Int32
    private let wakeWriter: Int32
    /// Signalled by the thread as its last act.
    private let finished = DispatchSemaphore(value: 0)

    /// Makes a reader of `fileDescriptor` that will call `handler` on its own thread with
    /// each batch of events, in order. Nothing is read before `start()`.
    ///
    /// - Throws: `TerminalError.systemCallFailed` when the wake-up pipe cannot be made.
    public init(
        fileDescriptor: Int32 = STDIN_FILENO,
        escapeTimeout: Duration = .milliseconds(30),
        handler: @escaping @Sendable ([InputEvent]) -> Void
    ) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TerminalError.systemCallFailed(name: "pipe", errno: errno) }
        self.fileDescriptor = fileDescriptor
        self.escapeTimeoutMilliseconds = escapeTimeout.pollMilliseconds
        self.handler = handler
        self.wakeReader = ends[0]
        self.wakeWriter = ends[1]
    }

    deinit {
        close(wakeReader)
        close(wakeWriter)
    }

    /// Starts the reading thread. Does nothing if it was started or stopped before.
    public func start() {
        state.withLock { state in
            guard case .idle = state else { return }
            let thread = Thread { [self] in
                readUntilStopped()
                finished.signal()
            }
            thread.name = "sepia.input"
            state = .running(thread)
            thread.start()
        }
    }

    /// Stops the reading thread and, unless called from the handler, waits for it to end,
    /// so the handler is not called after `stop()` returns. Later calls do nothing. The
    /// thread also ends by itself at end of input or on a read error.
    public func stop() {
        let previous = state.withLock { state in
            defer { state = .stopped }
            return state
        }
        guard case .running(let thread) = previous else { return }
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
        if Thread.current !== thread {
            finished.wait()
        }
    }

    /// The thread's loop: poll, read, parse, deliver.
    private func readUntilStopped() {
        var parser = InputParser()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var descriptors = [
            pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let timeout = parser.hasPendingEscape ? escapeTimeoutMilliseconds : -1
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { return }
            if ready == 0 {
                deliver(parser.flushPending())
                continue
            }
            let input = descriptors[0].revents
            if input & Int16(POLLIN) != 0 {
                let count = read(fileDescriptor, &buffer, buffer.count)
                if count > 0 {
                    deliver(parser.feed(buffer[..<count]))
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    deliver(parser.flushPending())
                    return
                }
            } else if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                deliver(parser.flushPending())
                return
            }
        }
    }

    private func deliver(_ events: [InputEvent]) {
        if !events.isEmpty { handler(events) }
    }
}
