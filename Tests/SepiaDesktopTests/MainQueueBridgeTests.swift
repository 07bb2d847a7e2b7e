import CGtk
import Dispatch
import Foundation
import Glibc
import XCTest

@testable import SepiaDesktop

/// The main dispatch queue, `OperationQueue.main` and the main actor run under GLib's main
/// loop (``MainQueueBridge``), and an idle loop sleeps. Linux XCTest cannot call main-actor
/// test methods: each test enters the main actor (XCTest runs it on the main thread).
final class MainQueueBridgeTests: XCTestCase {
    /// Each kind of main-thread work runs on the main thread while GLib's loop runs it.
    func testEachKindOfMainThreadWorkRunsUnderTheGLibLoop() {
        MainActor.assumeIsolated {
            let loop = MainLoop()
            let recorder = Recorder(expected: 3) { loop.quit() }
            DispatchQueue.main.async { MainActor.assumeIsolated { recorder.ran("DispatchQueue.main") } }
            OperationQueue.main.addOperation { MainActor.assumeIsolated { recorder.ran("OperationQueue.main") } }
            Task { @MainActor in recorder.ran("Task on the main actor") }
            loop.run(timeout: 10)
            XCTAssertEqual(Set(recorder.kinds), ["DispatchQueue.main", "OperationQueue.main", "Task on the main actor"])
            XCTAssertTrue(recorder.onMainThread)
        }
    }

    /// Work queued from other threads, as the queues' completions are, wakes the loop up.
    func testWorkQueuedFromAnotherThreadWakesTheLoop() {
        MainActor.assumeIsolated {
            let loop = MainLoop()
            let rounds = 20
            let recorder = Recorder(expected: rounds) { loop.quit() }
            DispatchQueue.global().async {
                for round in 0..<rounds {
                    DispatchQueue.main.async { MainActor.assumeIsolated { recorder.ran("round \(round)") } }
                    usleep(1_000)
                }
            }
            loop.run(timeout: 10)
            XCTAssertEqual(recorder.kinds.count, rounds)
            XCTAssertTrue(recorder.onMainThread)
        }
    }

    /// With nothing queued, the loop sleeps: the main thread uses under 5 % of a core over a
    /// second (it spun at 95 % when the main queue's eventfd was not read before draining).
    func testAnIdleLoopUsesNoCPU() {
        MainActor.assumeIsolated {
            let loop = MainLoop()
            // Leave the eventfd readable first, as queued work does.
            DispatchQueue.main.async {}
            let before = Self.threadCPUSeconds()
            let start = ContinuousClock.now
            loop.run(timeout: 1)
            let elapsed = ContinuousClock.now - start
            let used = Self.threadCPUSeconds() - before
            let share = used / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            XCTAssertLessThan(share, 0.05, "the idle main thread used \(Int(share * 100)) % of a core")
        }
    }

    /// The CPU time (user and system) of the calling thread, in seconds.
    private static func threadCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD (a GNU extension Swift's Glibc leaves out)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6
    }
}

/// A GLib main loop on the default context, with the main queue watched.
@MainActor
private final class MainLoop {
    private let loop = g_main_loop_new(nil, 0)!

    init() {
        MainQueueBridge.install()
    }

    isolated deinit {
        g_main_loop_unref(loop)
    }

    /// Runs the loop until ``quit()`` or `timeout` seconds.
    func run(timeout: Double) {
        var timedOut = false
        let deadline = SignalHandlers.every(milliseconds: guint(timeout * 1000)) { [loop] in
            timedOut = true
            g_main_loop_quit(loop)
            return false
        }
        g_main_loop_run(loop)
        if !timedOut { g_source_remove(deadline) }
    }

    func quit() {
        g_main_loop_quit(loop)
    }
}

/// What ran, and whether all of it on the main thread.
@MainActor
private final class Recorder {
    private(set) var kinds: [String] = []
    private(set) var onMainThread = true
    private let expected: Int
    private let whenDone: () -> Void

    init(expected: Int, whenDone: @escaping () -> Void) {
        self.expected = expected
        self.whenDone = whenDone
    }

    func ran(_ kind: String) {
        onMainThread = onMainThread && Thread.isMainThread
        kinds.append(kind)
        if kinds.count == expected { whenDone() }
    }
}
