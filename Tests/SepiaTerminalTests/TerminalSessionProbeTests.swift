import Foundation
import SepiaImaging
import SepiaTerminal
import XCTest

/// The probe's read loop against a pretend terminal on a pseudo-terminal.
final class TerminalSessionProbeTests: XCTestCase {
    /// What the pretend terminal read of the probe's query.
    private final class Asked: @unchecked Sendable {
        // @unchecked Sendable: `bytes` is written by the answering thread before it signals
        // `done`, and read by the test after waiting on it.
        var bytes: [UInt8] = []
        let done = DispatchSemaphore(value: 0)
    }

    /// The outcome of one probe: what it found, how long it took and what it asked.
    private struct Outcome {
        var capabilities: TerminalCapabilities
        var elapsed: Duration
        var asked: [UInt8]
    }

    /// Starts a session on a pseudo-terminal whose window is 100 × 40 cells, lets a pretend
    /// terminal read the whole query and answer with `pieces` (written one by one, 30 ms
    /// apart), and probes with `timeout`.
    private func probe(
        answering pieces: [String], timeout: Duration, environment: [String: String] = ["TERM": "xterm-256color"]
    ) throws -> Outcome {
        let terminal = try PseudoTerminal(columns: 100, rows: 40)
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave, mouse: false)
        defer { session.restore() }
        _ = terminal.readAvailable()
        let queryLength = TerminalProbe(environment: environment, grid: session.size).query.count
        let asked = Asked()
        let answerer = Thread {
            asked.bytes = terminal.read(count: queryLength)
            for piece in pieces {
                let bytes = Array(piece.utf8)
                _ = bytes.withUnsafeBufferPointer { Glibc.write(terminal.master, $0.baseAddress, $0.count) }
                Thread.sleep(forTimeInterval: 0.03)
            }
            asked.done.signal()
        }
        answerer.start()
        let clock = ContinuousClock()
        let start = clock.now
        let capabilities = session.probeCapabilities(timeout: timeout, environment: environment)
        let elapsed = start.duration(to: clock.now)
        asked.done.wait()
        return Outcome(capabilities: capabilities, elapsed: elapsed, asked: asked.bytes)
    }

    func testTheProbeWritesItsQueryAndEndsAtTheDeviceAttributesAnswer() throws {
        let outcome = try probe(answering: [TerminalRecording.kitty035], timeout: .seconds(5))
        XCTAssertEqual(
            readable(outcome.asked),
            readable(TerminalProbe(environment: ["TERM": "xterm-256color"], grid: TerminalSize(columns: 100, rows: 40)).query))
        XCTAssertTrue(outcome.capabilities.kittyPlaceholders)
        XCTAssertEqual(outcome.capabilities.cellPixels, PixelSize(width: 11, height: 22))
        XCTAssertLessThan(outcome.elapsed, .seconds(2), "ends at the DA1 answer, long before the deadline")
    }

    func testAnswersSplitAcrossReadsAreAllRead() throws {
        let recording = TerminalRecording.xtermVT340
        let cuts = [7, 30, 45].map { recording.utf8.index(recording.utf8.startIndex, offsetBy: $0) }
        let pieces = [
            String(recording[..<cuts[0]]), String(recording[cuts[0]..<cuts[1]]), String(recording[cuts[1]..<cuts[2]]),
            String(recording[cuts[2]...]),
        ]
        let outcome = try probe(answering: pieces, timeout: .seconds(5))
        XCTAssertTrue(outcome.capabilities.sixel)
        XCTAssertEqual(outcome.capabilities.sixelColorRegisters, 1024)
        XCTAssertEqual(outcome.capabilities.terminal?.name, "XTerm")
    }

    func testTheDeadlineIsHonouredWhenNothingAnswers() throws {
        let outcome = try probe(answering: [], timeout: .milliseconds(250))
        XCTAssertGreaterThanOrEqual(outcome.elapsed, .milliseconds(250))
        XCTAssertLessThan(outcome.elapsed, .milliseconds(1000))
        XCTAssertEqual(outcome.capabilities, TerminalCapabilities())
    }

    func testAnswersWithoutDeviceAttributesWaitForTheDeadline() throws {
        let outcome = try probe(answering: ["\u{1B}_Gi=31;OK\u{1B}\\"], timeout: .milliseconds(300))
        XCTAssertGreaterThanOrEqual(outcome.elapsed, .milliseconds(300))
        XCTAssertTrue(outcome.capabilities.kittyGraphics, "what came before the deadline counts")
    }

    func testInsideTmuxTheProbeWaitsForTheOuterTerminalsAnswerToo() throws {
        let tmux = ["TMUX": "/tmp/tmux-1000/default,4242,0"]
        let tmuxOnly = try probe(answering: ["\u{1B}[?1;2c"], timeout: .milliseconds(300), environment: tmux)
        XCTAssertGreaterThanOrEqual(tmuxOnly.elapsed, .milliseconds(300), "one DA1 answer is not the end inside tmux")
        XCTAssertFalse(tmuxOnly.capabilities.tmuxPassthrough)
        XCTAssertEqual(tmuxOnly.asked.prefix(3), [0x1B, UInt8(ascii: "["), UInt8(ascii: "?")], "tmux's own queries first")

        let passedThrough = try probe(
            answering: ["\u{1B}[?1;2c", TerminalRecording.kitty035], timeout: .seconds(5), environment: tmux)
        XCTAssertLessThan(passedThrough.elapsed, .seconds(2))
        XCTAssertTrue(passedThrough.capabilities.tmuxPassthrough)
        XCTAssertTrue(passedThrough.capabilities.kittyPlaceholders)
    }
}
