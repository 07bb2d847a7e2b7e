import SepiaTestSupport

/// What the benchmark reads off the browser's screen: whether the list is drawn, whether work
/// is still going on.
extension PaneSnapshot {
    /// What a row shows while its photo waits or is worked on.
    static let busyMarks = ["Downloading…", "Filtering…", "Waiting", "Downloaded, not filtered yet"]
    /// What the status bar shows while a download runs.
    static let networkLight = "⇣ network"

    /// Whether the list has loaded and its rows are drawn: the status bar shows "Row N/506".
    var rowsDrawn: Bool {
        (rowPosition?.count ?? 0) > 0
    }

    /// Whether every row on screen is filtered or failed (nothing waits or works).
    var isSettled: Bool {
        let rows = lines.dropLast().joined(separator: "\n")
        return rowsDrawn && !Self.busyMarks.contains { rows.contains($0) }
    }

    /// Whether the status bar's network light is off.
    var isNetworkIdle: Bool {
        rowsDrawn && !statusBar.contains(Self.networkLight)
    }

    /// Whether the screen shows work in progress: the network light or a busy row.
    var showsWorkInFlight: Bool {
        let text = text
        return text.contains(Self.networkLight) || Self.busyMarks.contains { text.contains($0) }
    }
}
