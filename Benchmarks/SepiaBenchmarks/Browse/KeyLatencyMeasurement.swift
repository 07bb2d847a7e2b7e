import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaTestSupport

/// Times key presses against one program in tmux: from writing `send-keys` on a control
/// client to the pane's first `%output`, and (when the program has a status bar) to the
/// output in which the status bar's row number changed, read off a ``TerminalModel`` fed
/// with that output.
///
/// The client attaches before the program starts, so the model sees every byte. Keys go
/// 30–60 ms apart (from one send to the next), never before the previous key's effect
/// showed; a key whose effect does not show within the cap is a timeout, and the next key
/// waits a while longer for it, so that presses do not pile up.
final class KeyLatencyMeasurement {
    private let pane: BrowserPane
    private let client: TmuxControlClient
    private let broken: BrokenMeasurements
    private var model = TerminalModel(columns: TmuxSession.columns, lines: TmuxSession.lines)
    private var run: LatencyRun

    /// Starts `arguments` in `pane` held, and attaches the client that will time it.
    private init(
        pane: BrowserPane, arguments: [String], environment: [String: String], run: LatencyRun, broken: BrokenMeasurements
    ) throws {
        self.pane = pane
        self.broken = broken
        try pane.start(arguments, environment: environment, held: true)
        client = try pane.session.attachControlClient()
        self.run = run
    }

    /// Presses `keys` against `arguments` run as `run.name`, waiting up to `readyTimeout` for
    /// its first rows and up to `settleTime` after a timeout; returns the samples.
    ///
    /// - Throws: ``EndToEndError`` when the program does not start, the window has another
    ///   size, or tmux ends; a crash of the program under the keys is noted in the run instead.
    static func measure(
        _ run: LatencyRun, arguments: [String], environment: [String: String] = [:], keys: [String],
        settleTime: TimeInterval, readyTimeout: TimeInterval, in browse: BrowseRun
    ) throws -> LatencyRun {
        let label = String(run.name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let pane = try BrowserPane(label: label, workFolder: browse.workFolder, cleanup: browse.cleanup)
        defer { pane.shutDown() }
        let measurement = try KeyLatencyMeasurement(
            pane: pane, arguments: arguments, environment: environment, run: run, broken: browse.broken)
        defer { measurement.client.close() }
        try measurement.startAndWait(readyTimeout: readyTimeout)
        try measurement.press(keys, settleTime: settleTime)
        return measurement.run
    }

    /// Lets the program start and waits until its rows are drawn (0.5 s for a program
    /// without a status bar); the window must be 120×40.
    private func startAndWait(readyTimeout: TimeInterval) throws {
        try pane.session.release()
        if run.followsRow {
            let ready = feed(for: readyTimeout) { $0.rowsDrawn || $0.exitStatus != nil }
            if !ready || model.screen.exitStatus != nil {
                let state = model.screen.exitStatus.map { pane.crashReport(exitStatus: $0) } ?? "still running"
                throw EndToEndError("\(run.name): the first rows were not drawn within \(Int(readyTimeout)) s (\(state))")
            }
        } else {
            feed(for: 0.5) { _ in false }
        }
        let size = try pane.session.windowSize()
        guard size == (TmuxSession.columns, TmuxSession.lines) else {
            throw EndToEndError("\(run.name): the window is \(size.columns)x\(size.lines), not \(TmuxSession.columns)x\(TmuxSession.lines)")
        }
        feed(for: 0.3) { _ in false }
    }

    /// Presses every key of `keys` in turn (see the type's description), then checks the
    /// model against tmux and quits the program.
    private func press(_ keys: [String], settleTime: TimeInterval) throws {
        var random = SplitMix64(seed: 42)
        var nextSend = ContinuousClock.now
        for planned in keys {
            // Reading on while waiting, so that output of earlier work is not taken for this key's.
            feed(for: (nextSend - .now).milliseconds / 1000) { _ in false }
            let (sample, sent) = try press(planned)
            nextSend = sent + .seconds(Double.random(in: 0.030...0.060, using: &random))
            run.samples.append(sample)
            drain()
            if let status = model.screen.exitStatus {
                recordCrash(exitStatus: status)
                return
            }
            if run.followsRow && sample.effect.isInfinite {
                try followTimeout(of: run.samples.count - 1, sent: sent, settleTime: settleTime)
            }
            if client.isClosed { throw EndToEndError("\(run.name): tmux ended during the measurement") }
        }
        if run.followsRow {
            try checkModel()
            try client.press("q")
            Thread.sleep(forTimeInterval: 0.5)
        }
    }

    /// Presses `planned` (turned round when it would not move the selection) and times its
    /// first output and its change of the row number, within the cap; returns the sample
    /// and when the key was sent.
    private func press(_ planned: String) throws -> (KeySample, ContinuousClock.Instant) {
        drain()
        let before = run.followsRow ? model.screen.rowPosition : nil
        let key = before.map { KeyPlan.adjusted(planned, row: $0.row, rows: $0.count) } ?? planned
        var sample = KeySample(key: key, inFlight: model.screen.showsWorkInFlight, rowBefore: before?.row ?? 0)
        let sent = try client.press(key)
        sample.sinceOutput = client.lastOutputTime.map { (sent - $0).milliseconds } ?? .infinity
        let deadline = sent + .seconds(run.cap)
        while ContinuousClock.now < deadline, !client.isClosed {
            for output in client.read(waitingAtMost: min((deadline - .now).milliseconds / 1000, 0.05)) {
                if sample.firstOutput.isInfinite { sample.firstOutput = (output.time - sent).milliseconds }
                model.feed(output.bytes)
                if run.followsRow, sample.effect.isInfinite, let before, let now = model.screen.rowPosition, now.row != before.row {
                    sample.effect = (output.time - sent).milliseconds
                }
            }
            if sample.firstOutput.isFinite && (!run.followsRow || sample.effect.isFinite) { break }
        }
        return (sample, sent)
    }

    /// After the timeout of sample `index`: waits up to `settleTime` for its effect (so that
    /// the next key starts from a known row) and notes when it came, or what the status bar
    /// said.
    private func followTimeout(of index: Int, sent: ContinuousClock.Instant, settleTime: TimeInterval) throws {
        let rowBefore = run.samples[index].rowBefore
        let moved = feed(for: settleTime) { screen in
            screen.exitStatus != nil || (screen.rowPosition.map { $0.row != rowBefore } ?? false)
        }
        if moved && model.screen.exitStatus == nil {
            run.samples[index].late = (ContinuousClock.now - sent).milliseconds
        } else {
            let theirs = try pane.session.capture()
            let statusLine = TmuxSession.lines - 1
            let tmuxLine = theirs.lines.count > statusLine ? theirs.lines[statusLine] : ""
            run.samples[index].diagnosis = "model: \(Self.quoted(model.line(statusLine))), tmux: \(Self.quoted(tmuxLine))"
        }
    }

    /// The program ended under the keys: keeps the samples before the end and notes why.
    private func recordCrash(exitStatus: Int32) {
        while run.followsRow, run.samples.last?.effect.isInfinite == true { run.samples.removeLast() }
        run.crash = pane.crashReport(exitStatus: exitStatus)
        broken.add("\(run.name) (the program ended after \(run.samples.count) keys)")
        broken.warn("\(run.name): the program ended during the measurement: \(run.crash)")
    }

    /// Warns when the model's status bar disagrees with tmux's: the row figures would then
    /// mean nothing.
    private func checkModel() throws {
        feed(for: 0.5) { _ in false }
        let ours = model.screen.rowPosition, theirs = try pane.session.capture().rowPosition
        guard ours != theirs else { return }
        run.note =
            "status bar model \(ours.map(String.init(describing:)) ?? "none") != tmux \(theirs.map(String.init(describing:)) ?? "none")"
        broken.warn("warning: \(run.name): \(run.note)")
    }

    /// Feeds the pane's output to the model until `isDone` accepts its screen; false when
    /// `seconds` pass first or the client ends.
    @discardableResult
    private func feed(for seconds: TimeInterval, until isDone: (PaneSnapshot) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(max(seconds, 0))
        while !isDone(model.screen) {
            let remaining = (deadline - .now).milliseconds / 1000
            guard remaining > 0, !client.isClosed else { return false }
            for output in client.read(waitingAtMost: min(remaining, 0.05)) { model.feed(output.bytes) }
        }
        return true
    }

    /// Feeds whatever output is already waiting, without waiting.
    private func drain() {
        for output in client.read(waitingAtMost: 0) { model.feed(output.bytes) }
    }

    /// The first 40 characters of `line`, trimmed and quoted.
    private static func quoted(_ line: String) -> String {
        "'\(line.prefix(40).trimmingCharacters(in: .whitespaces))'"
    }
}
