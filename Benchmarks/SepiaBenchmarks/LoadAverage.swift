import Foundation

/// The 1-, 5- and 15-minute load averages, as `0.59 0.92 1.10`: benchmarks print them, since
/// another job on the machine changes their figures.
func loadAverage() -> String {
    var averages = [Double](repeating: 0, count: 3)
    guard getloadavg(&averages, 3) == 3 else { return "unknown" }
    return averages.map { String(format: "%.2f", $0) }.joined(separator: " ")
}
