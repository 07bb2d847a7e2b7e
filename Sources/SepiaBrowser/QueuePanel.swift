import SepiaOperations
import SepiaTerminal

/// The panel `o` toggles: each queue's running, waiting and finished operations, live: the
/// terminal's version of the gauges the tutorial opens in Xcode.
enum QueuePanel {
    static let width = 40

    static func draw(_ queues: [StageCounters], frame: BrowserFrame, in buffer: inout ScreenBuffer) {
        let layout = frame.layout
        let height = 2 + max(queues.count * 3, 1)  // room for the "no queues" line
        let column = max(layout.size.columns - width - 1, 0)
        Box.draw(
            in: &buffer, line: layout.listTop, column: column, width: width, height: height,
            title: "Queues", style: BrowserTheme.border)
        for (index, queue) in queues.enumerated() {
            let line = layout.listTop + 1 + index * 3
            let state = queue.isSuspended ? "suspended" : "active"
            buffer.write(
                "\(queue.name) (\(state))", row: line, column: column + 2,
                style: queue.isSuspended ? BrowserTheme.failure : BrowserTheme.name, maxWidth: width - 4)
            buffer.write(
                "running \(queue.running)  waiting \(queue.waiting)", row: line + 1, column: column + 2,
                style: BrowserTheme.working, maxWidth: width - 4)
            buffer.write(
                "completed \(queue.completed)  cancelled \(queue.cancelled)", row: line + 2, column: column + 2,
                style: BrowserTheme.plain, maxWidth: width - 4)
        }
        if queues.isEmpty {
            buffer.write(
                "No queues (--naive): all on main", row: layout.listTop + 1, column: column + 2,
                style: BrowserTheme.failure, maxWidth: width - 4)
        }
    }
}
