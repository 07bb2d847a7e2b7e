package import Foundation

/// A tmux control-mode client (`tmux -C attach-session`) of a ``TmuxSession``: it writes tmux
/// commands and timestamps every piece of the pane's output (`%output`) as it arrives, for
/// measuring how long a program takes to answer a key.
///
/// Everything is read on the calling thread: ``read(waitingAtMost:)`` waits in `poll(2)` for
/// the client's output and stamps it the moment it can be read, so a reader thread would only
/// add a hand-over between threads to every timestamp. Made by
/// ``TmuxSession/attachControlClient()``.
package final class TmuxControlClient {
    /// A piece of the pane's output and when it could be read.
    package struct Output {
        /// When the client's output that held it could be read.
        package let time: ContinuousClock.Instant
        /// What the program wrote, as it wrote it.
        package let bytes: [UInt8]
    }

    /// Whether the client has ended (tmux said `%exit`, or closed its output).
    package private(set) var isClosed = false
    /// When the pane last wrote something, or nil before it did.
    package private(set) var lastOutputTime: ContinuousClock.Instant?

    private let process = Process()
    private let commands = Pipe()
    private let notifications = Pipe()
    /// The pane's id (`%0`) as `%output` lines name it.
    private let pane: [UInt8]
    /// Output received after the last complete line.
    private var pending: [UInt8] = []
    /// How many commands tmux has answered (`%end` or `%error`).
    private var answers = 0

    /// Starts `tmux` with `arguments` (a `-C attach-session`) for the pane `pane`, sizes the
    /// client `columns` × `lines`, and waits until tmux answers.
    ///
    /// - Throws: ``EndToEndError`` when tmux does not answer within 10 s.
    init(tmux: URL, arguments: [String], environment: [String: String], pane: String, columns: Int, lines: Int) throws {
        self.pane = Array(pane.utf8)
        process.executableURL = tmux
        process.arguments = arguments
        process.environment = environment
        process.standardInput = commands
        process.standardOutput = notifications
        process.standardError = FileHandle.nullDevice
        try process.run()
        let descriptor = notifications.fileHandleForReading.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        try send("refresh-client -C \(columns)x\(lines)")
        Polling.wait(every: 0, for: 10) {
            _ = read(waitingAtMost: 0.05)
            return answers > 0 || isClosed
        }
        guard answers > 0 else {
            close()
            throw EndToEndError("The tmux control client did not attach (\(arguments.joined(separator: " "))).")
        }
    }

    deinit {
        close()
    }

    /// Writes one tmux command (`send-keys -t sepia j`); returns the time just before the write.
    @discardableResult
    package func send(_ command: String) throws -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        try commands.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
        return now
    }

    /// Presses keys given by tmux's key names (`j`, `PageDown`) in the pane; returns the time
    /// just before the command was written.
    @discardableResult
    package func press(_ keys: String) throws -> ContinuousClock.Instant {
        try send("send-keys -t \(String(decoding: pane, as: UTF8.self)) \(keys)")
    }

    /// Waits up to `seconds` for the client to say something and returns the pane's output
    /// read meanwhile (nothing when the time ran out first); notes answers and the end.
    package func read(waitingAtMost seconds: TimeInterval) -> [Output] {
        let descriptor = notifications.fileHandleForReading.fileDescriptor
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard !isClosed, poll(&request, 1, Int32((max(seconds, 0) * 1000).rounded(.up))) > 0 else { return [] }
        let now = ContinuousClock.now
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count == 0 { isClosed = true }
            guard count > 0 else { break }
            pending += buffer[..<count]
        }
        return takeLines().compactMap { notice(in: $0, at: now) }
    }

    /// Detaches (closes the client's input) and waits for the client to end; kills it when it
    /// has not after 5 s. Later calls do nothing.
    package func close() {
        guard process.isRunning else { return }
        try? commands.fileHandleForWriting.close()
        if !Polling.wait(every: 0.01, for: 5, until: { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The complete lines in ``pending``, without their line feeds.
    private func takeLines() -> [ArraySlice<UInt8>] {
        guard let lastBreak = pending.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        let complete = Array(pending[..<lastBreak])
        pending.removeSubrange(...lastBreak)
        return complete.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    }

    /// Reads one line of the control protocol: returns the pane's output in a `%output` line,
    /// counts answers, notes the end.
    private func notice(in line: ArraySlice<UInt8>, at time: ContinuousClock.Instant) -> Output? {
        if line.starts(with: Array("%output ".utf8)) {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, Array(fields[1]) == pane else { return nil }
            lastOutputTime = time
            return Output(time: time, bytes: Self.unescaped(fields[2]))
        }
        if line.starts(with: Array("%end ".utf8)) || line.starts(with: Array("%error ".utf8)) {
            answers += 1
        } else if line.starts(with: Array("%exit".utf8)) {
            isClosed = true
        }
        return nil
    }

    /// The bytes of a `%output` line, whose control characters and backslashes tmux writes
    /// as `\ooo` (three octal digits).
    private static func unescaped(_ escaped: ArraySlice<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(escaped.count)
        var index = escaped.startIndex
        while index < escaped.endIndex {
            let digits = escaped[(index + 1)...].prefix(3)
            if escaped[index] == UInt8(ascii: "\\"), digits.count == 3, digits.allSatisfy({ (0x30...0x37).contains($0) }) {
                bytes.append(digits.reduce(0) { $0 &* 8 &+ ($1 - 0x30) })
                index += 4
            } else {
                bytes.append(escaped[index])
                index += 1
            }
        }
        return bytes
    }
}
