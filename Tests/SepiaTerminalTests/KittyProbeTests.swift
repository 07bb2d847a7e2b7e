import Foundation
import SepiaTerminal
import XCTest

/// The placeholder probe against a pretend terminal on a pseudo-terminal.
final class KittyProbeTests: XCTestCase {
    /// Starts a session on a fresh pseudo-terminal, answers the probe with `reply` (or not at
    /// all) and returns what the probe concluded.
    private func probe(reply: String?) throws -> Bool {
        let terminal = try PseudoTerminal()
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave, mouse: false)
        defer { session.restore() }
        _ = terminal.readAvailable()
        let answerer = Thread {
            let query = terminal.read(count: 1)
            guard !query.isEmpty, let reply else { return }
            _ = terminal.readAvailable()
            let bytes = Array(reply.utf8)
            _ = bytes.withUnsafeBufferPointer { Glibc.write(terminal.master, $0.baseAddress, $0.count) }
        }
        answerer.start()
        return session.supportsKittyPlaceholders(timeout: .milliseconds(400))
    }

    func testATerminalThatAnswersOKSupportsPlaceholders() throws {
        XCTAssertTrue(try probe(reply: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22;52c"))
    }

    func testATerminalThatOnlyAnswersTheDeviceAttributesDoesNot() throws {
        XCTAssertFalse(try probe(reply: "\u{1B}[?62;22;52c"))
    }

    func testAnErrorAnswerDoesNotCount() throws {
        XCTAssertFalse(try probe(reply: "\u{1B}_Gi=31;EINVAL:unknown key\u{1B}\\\u{1B}[?62;c"))
    }

    func testNoAnswerAtAllGivesUpAfterTheTimeout() throws {
        XCTAssertFalse(try probe(reply: nil))
    }
}
