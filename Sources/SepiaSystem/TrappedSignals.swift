import Dispatch
import Foundation
import SepiaOperations

/// The write end of the pipe `noteSignal` writes to; set once, before the first handler is
/// installed, and never changed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The handler of every trapped signal: writes the signal's number into the pipe and returns.
/// Only async-signal-safe calls (`write`); a full pipe drops the byte, as the kernel merges
/// pending signals of a kind anyway.
private func noteSignal(_ number: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = savedErrno
}

/// The process-wide book of trapped signals: which ``SignalTrap``s hold each signal, and the
/// signal's action from before the first of them.
///
/// A signal's action belongs to the whole process, so traps of the same signal share it: the
/// first trap installs a handler (a self-pipe: the handler writes the number into a pipe, and
/// a dispatch source reading the pipe hands it to every trap of that signal), and only the
/// last release puts the previous action back.
///
/// Why not `DispatchSource.makeSignalSource` with the signal ignored (Apple's recipe): on
/// Linux, libdispatch installs its own handler a moment after the source is resumed, on
/// another thread; a signal arriving in between (a SIGTERM while a program starts) is
/// ignored and lost. `sigaction` here is in place when the trap's initialiser returns.
enum TrappedSignals {
    /// One trap's interest in a signal.
    struct Subscriber: @unchecked Sendable {
        // @unchecked Sendable: `handler` is only ever called on `queue`.
        let queue: DispatchQueue
        let handler: (Int32) -> Void
    }

    private final class Book: @unchecked Sendable {
        // @unchecked Sendable: everything mutable is only touched under `lock`.
        let lock = NSLock()
        var previousActions: [Int32: sigaction] = [:]
        var subscribers: [Int32: [Int: Subscriber]] = [:]
        var nextTrap = 0
        var reader: (any DispatchSourceRead)?
    }

    private static let book = Book()

    /// Registers a trap of `signals` whose `handler` runs on `queue`, installing the handler of
    /// each signal no other trap holds; returns the trap's number for ``remove(_:)``.
    static func add(_ signals: [Int32], queue: DispatchQueue, handler: @escaping (Int32) -> Void) -> Int {
        book.lock.lock()
        defer { book.lock.unlock() }
        startReadingIfNeeded()
        let trap = book.nextTrap
        book.nextTrap += 1
        for number in signals {
            if book.previousActions[number] == nil {
                var action = sigaction()
                action.__sigaction_handler.sa_handler = noteSignal
                sigemptyset(&action.sa_mask)
                // Interrupted system calls in other threads restart where they can.
                action.sa_flags = SA_RESTART
                var previous = sigaction()
                sigaction(number, &action, &previous)
                book.previousActions[number] = previous
            }
            book.subscribers[number, default: [:]][trap] = Subscriber(queue: queue, handler: handler)
        }
        return trap
    }

    /// Unregisters trap `trap`: its handler is not called again, and each signal no other
    /// trap holds gets back its action from before the first trap.
    static func remove(_ trap: Int) {
        book.lock.lock()
        defer { book.lock.unlock() }
        for (number, var held) in book.subscribers where held[trap] != nil {
            held[trap] = nil
            guard held.isEmpty else {
                book.subscribers[number] = held
                continue
            }
            book.subscribers[number] = nil
            if var previous = book.previousActions.removeValue(forKey: number) {
                sigaction(number, &previous, nil)
            }
        }
    }

    /// Makes the pipe and the source that reads it, once. Called under the book's lock.
    private static func startReadingIfNeeded() {
        guard book.reader == nil else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { fatalError("SignalTrap: pipe() failed, errno \(errno)") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        signalPipeWriteEnd = ends[1]
        let reader = DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: DispatchQueue(label: "Sepia signals"))
        let readEnd = ends[0]
        reader.setEventHandler {
            var numbers = [UInt8](repeating: 0, count: 64)
            let count = read(readEnd, &numbers, numbers.count)
            guard count > 0 else { return }
            for number in numbers[..<count] { deliver(Int32(number)) }
        }
        reader.resume()
        book.reader = reader
    }

    /// Hands signal `number` to every trap that holds it, on the trap's queue.
    private static func deliver(_ number: Int32) {
        book.lock.lock()
        let held = book.subscribers[number] ?? [:]
        book.lock.unlock()
        for (trap, subscriber) in held {
            subscriber.queue.async {
                // A trap released since the signal came is not called.
                guard isHeld(number, by: trap) else { return }
                subscriber.handler(number)
            }
        }
    }

    private static func isHeld(_ number: Int32, by trap: Int) -> Bool {
        book.lock.lock()
        defer { book.lock.unlock() }
        return book.subscribers[number]?[trap] != nil
    }
}
