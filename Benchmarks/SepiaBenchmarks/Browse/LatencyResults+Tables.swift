import Foundation

extension LatencyResults {
    /// The frame pacer draws at most this often, in milliseconds.
    private static let frameMilliseconds = 1000.0 / 60

    /// Prints the latency tables: each program, the timeouts and crashes, how the latencies
    /// spread, the keys that waited for the frame pacer, each kind of key, naive against normal.
    func printTables() {
        printPrograms()
        printTimeoutsAndCrashes()
        printSpread()
        printFramePacing()
        printKinds()
        printNaiveRatios()
    }

    private func printPrograms() {
        let rows = ([baseline, normal] + pictureModes + [naive]).map { run -> [String] in
            let first = LatencySummary(run.firstOutputs)
            let effect = run.followsRow ? LatencySummary(run.effects) : nil
            let timeouts = (run.followsRow ? run.effects : run.firstOutputs).filter(\.isInfinite).count
            let busy = run.samples.filter(\.inFlight).count
            let effects = [effect?.p50, effect?.p99, effect?.max].map { $0.map { LatencyText.milliseconds($0, cap: run.cap) } ?? "—" }
            return [run.name, "\(run.samples.count)"]
                + [first.p50, first.p99, first.max].map { LatencyText.milliseconds($0, cap: run.cap) }
                + effects + ["\(timeouts)", run.followsRow ? "\(busy)/\(run.samples.count)" : "—"]
        }
        TextTable(
            headers: [
                "program", "keys", "first p50", "first p99", "first max", "row p50", "row p99", "row max",
                "timeouts", "work in flight",
            ], rows: rows
        )
        .print(
            title: "Milliseconds from `send-keys` to the pane's first %output ('first') and to the output in "
                + "which the status bar's row number changed ('row'):")
        let targets = BrowseRun.latencyTargets
        print(
            String(
                format: "Targets (sepia demo): p99 <= %.0f ms, max <= %.0f ms. Timeout: no change within %.0f s.",
                targets.p99, targets.max, normal.cap))
        print(
            "The figures include tmux's own delay (command parsing, pty write, reading the pane, control-mode "
                + "notification): the raw `cat` row measures it; subtract it to estimate the app alone.")
        print(
            "'first' can be early: a spinner or progress frame drawn on its own (10 per second while work runs) "
                + "may be the first output after a key; 'row' waits for the key's own effect.")
    }

    private func printTimeoutsAndCrashes() {
        for run in [normal] + pictureModes + [naive] {
            let late = run.samples.filter(\.effect.isInfinite)
            guard !late.isEmpty else { continue }
            let described = late.prefix(12).map { sample in
                let outcome =
                    sample.late.isFinite
                    ? String(format: "shown after %.1f s", sample.late / 1000) : "never shown; \(sample.diagnosis)"
                return "\(sample.key) at row \(sample.rowBefore) (\(outcome))"
            }
            print("Timeouts, \(run.name): " + described.joined(separator: ", ") + (late.count > 12 ? " ..." : ""))
        }
        for run in [baseline, normal, naive] where !run.crash.isEmpty {
            print("!! \(run.name): the program ended after \(run.samples.count) keys (figures above are from those keys): \(run.crash)")
        }
    }

    private func printSpread() {
        let edges = [2.0, 5, 10, 17, 34, 50, .infinity]
        let rows = [normal, naive].map { run -> [String] in
            let lows = [0.0] + edges.dropLast()
            let counts = zip(lows, edges).map { low, high in run.effects.filter { $0 >= low && ($0 < high || high.isInfinite) }.count }
            return [run.name] + counts.map(String.init)
        }
        TextTable(headers: ["row change, ms", "<2", "2-5", "5-10", "10-17", "17-34", "34-50", ">=50"], rows: rows)
            .print(title: "How the row-change latencies spread (a frame is drawn at most every 16.7 ms):")
    }

    private func printFramePacing() {
        let frame = Self.frameMilliseconds
        let slow = normal.samples.filter { $0.effect >= 10 && $0.effect.isFinite }
        let paced = slow.filter { $0.sinceOutput < frame && (frame - 1...frame + 4).contains($0.effect + $0.sinceOutput) }
        print(
            String(
                format: "\nsepia demo: %d of %d keys took 10 ms or more to show; %d of them came less than %.1f ms after "
                    + "the app's previous frame and showed about %.1f ms after that frame (latency + time since it = 15.7-20.7 ms): "
                    + "they waited for the frame pacer's next slot.", slow.count, normal.samples.count, paced.count, frame, frame))
    }

    private func printKinds() {
        let rows = KeyPlan.kinds.compactMap { kind -> [String]? in
            let values = normal.samples.filter { KeyPlan.kind(of: $0.key) == kind }.map(\.effect)
            guard !values.isEmpty else { return nil }
            let summary = LatencySummary(values)
            return [kind, "\(values.count)"] + [summary.p50, summary.p99, summary.max].map { LatencyText.milliseconds($0, cap: 2) }
        }
        TextTable(headers: ["sepia demo, key", "keys", "row p50", "row p99", "row max"], rows: rows)
            .print(title: "By key (sepia demo, to the row change):")
    }

    private func printNaiveRatios() {
        var rows: [[String]] = []
        for (metric, values) in [("first", \LatencyRun.firstOutputs), ("row", \LatencyRun.effects)] {
            let normalSummary = LatencySummary(normal[keyPath: values]), naiveSummary = LatencySummary(naive[keyPath: values])
            for (name, percentile) in [("p50", \LatencySummary.p50), ("p99", \LatencySummary.p99)] {
                let normalValue = normalSummary[keyPath: percentile], naiveValue = naiveSummary[keyPath: percentile]
                rows.append([
                    "\(metric) \(name)", LatencyText.milliseconds(normalValue, cap: 2), LatencyText.milliseconds(naiveValue, cap: 2),
                    LatencyText.ratio(naiveValue, over: normalValue, cap: naive.cap),
                ])
            }
        }
        TextTable(headers: ["naive / normal", "normal ms", "naive ms", "ratio"], rows: rows)
            .print(
                title: "The tutorial's blocking version against the browser (same keys and network; "
                    + String(format: "%d presses for naive, each capped at %.0f s):", naive.samples.count, naive.cap))
    }
}
