import Foundation

/// Collects measurements and prints them as a table, with ratios between rows.
struct Report {
    private(set) var measurements: [Measurement] = []

    mutating func add(_ measurement: Measurement) {
        measurements.append(measurement)
    }

    func printTable() {
        let nameWidth = (measurements.map(\.name.count).max() ?? 0) + 2
        for item in measurements {
            let range = item.range
            let name = item.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            print("  \(name)\(format(item.megapixelsPerSecond)) MP/s  (\(format(range.low))-\(format(range.high)))")
        }
    }

    func printRatio(_ label: String, _ numerator: String, over denominator: String) {
        guard let top = measurements.first(where: { $0.name == numerator }),
            let bottom = measurements.first(where: { $0.name == denominator })
        else { return }
        print("  \(label): \(String(format: "%.2f", top.megapixelsPerSecond / bottom.megapixelsPerSecond))x")
    }

    private func format(_ value: Double) -> String {
        String(format: "%7.1f", value)
    }
}
