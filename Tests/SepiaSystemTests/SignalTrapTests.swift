import Foundation
import SepiaOperations
import SepiaSystem
import XCTest

/// Two traps of one signal: releasing one must leave the other working, and the last release
/// puts back what the signal did before.
final class SignalTrapTests: XCTestCase {
    private static let childVariable = "SEPIA_SIGNAL_TRAP_CHILD"

    /// The child's side, only in the child: a thread that blocks no signal (as NIO's and GCD's
    /// threads in a real program), two traps of SIGTERM, the first released, then a SIGTERM.
    /// It exits with 0 when the second trap's handler ran; SIGTERM's default action kills it
    /// instead when the release put that action back.
    override class func setUp() {
        super.setUp()
        guard ProcessInfo.processInfo.environment[childVariable] != nil else { return }
        let threadRunning = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            threadRunning.signal()
            while true { sleep(60) }
        }
        threadRunning.wait()
        let fired = DispatchSemaphore(value: 0)
        let first = SignalTrap([SIGTERM]) { _ in }
        let second = SignalTrap([SIGTERM]) { _ in fired.signal() }
        first.release()
        kill(getpid(), SIGTERM)
        let status: Int32 = fired.wait(timeout: .now() + 10) == .success ? 0 : 1
        second.release()
        exit(status)
    }

    func testASecondTrapOfTheSameSignalStillFiresAfterTheFirstIsReleased() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        child.arguments = ["SepiaOperationsTests.SignalTrapTests"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = "1"
        child.environment = environment
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        child.waitUntilExit()
        XCTAssertEqual(child.terminationReason, .exit, "the child died of signal \(child.terminationStatus)")
        XCTAssertEqual(child.terminationStatus, 0, "the second trap's handler did not run")
    }

    /// SIGURG, whose default action is to do nothing, so a lost signal cannot kill the tests.
    func testTheSignalStaysTrappedUntilTheLastTrapIsReleased() {
        let releasedCalled = expectation(description: "the released trap's handler")
        releasedCalled.isInverted = true
        let keptCalled = expectation(description: "the kept trap's handler")
        let released = SignalTrap([SIGURG]) { _ in releasedCalled.fulfill() }
        let kept = SignalTrap([SIGURG]) { _ in keptCalled.fulfill() }
        released.release()
        kill(getpid(), SIGURG)
        wait(for: [keptCalled, releasedCalled], timeout: 1)
        kept.release()
        XCTAssertEqual(disposition(of: SIGURG), disposition(of: SIG_DFL), "back to the default after the last release")
    }

    /// The trap is in place when its initialiser returns: a signal that comes at once is not lost.
    func testASignalRightAfterTheTrapIsMadeArrives() {
        let called = expectation(description: "the handler")
        let trap = SignalTrap([SIGURG]) { _ in called.fulfill() }
        defer { trap.release() }
        kill(getpid(), SIGURG)
        wait(for: [called], timeout: 2)
    }

    func testTheLastReleasePutsBackAnIgnoredSignal() {
        let before = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, before) }
        let trap = SignalTrap([SIGUSR2]) { _ in }
        trap.release()
        XCTAssertEqual(disposition(of: SIGUSR2), disposition(of: SIG_IGN), "ignored before the trap, so ignored after it")
    }

    func testReleasingTwiceCountsOnce() {
        let called = expectation(description: "the kept trap's handler")
        let kept = SignalTrap([SIGURG]) { _ in called.fulfill() }
        defer { kept.release() }
        let released = SignalTrap([SIGURG]) { _ in }
        released.release()
        released.release()
        kill(getpid(), SIGURG)
        wait(for: [called], timeout: 2)
    }

    /// The signal's current handler, as a number (SIG_DFL is 0, SIG_IGN is 1).
    private func disposition(of number: Int32) -> Int {
        var action = sigaction()
        sigaction(number, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }

    private func disposition(of handler: __sighandler_t?) -> Int {
        unsafeBitCast(handler, to: Int.self)
    }

    /// Awaiting the next signal: the first of the signals named ends the wait, and the trap is
    /// released after it (SIGURG's default action does nothing if one comes later).
    func testAwaitingTheNextSignalReturnsItsNumber() async {
        let sender = Task.detached {
            try? await Task.sleep(nanoseconds: 100_000_000)
            kill(getpid(), SIGURG)
        }
        let number = await SignalTrap.next(of: [SIGURG])
        XCTAssertEqual(number, SIGURG)
        await sender.value
    }
}
