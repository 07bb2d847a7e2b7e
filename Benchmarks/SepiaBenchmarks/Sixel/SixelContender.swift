import Foundation
import SepiaTerminal

/// One way of turning a PNG into sixel that `sepia-bench sixel` times: Sepia in the benchmark's
/// process, or a program started for each picture.
struct SixelContender {
    let name: String
    /// Encodes the picture once and says how long it took.
    let encode: () throws -> ChildProcess.Timing
    /// The sixel bytes of the last run.
    let output: () throws -> [UInt8]

    /// A program that reads `png` and writes sixel to standard output, into `outputPath`.
    static func program(_ name: String, _ program: String, _ arguments: [String], outputPath: String) -> SixelContender {
        SixelContender(
            name: name,
            encode: { try ChildProcess.run(program, arguments, outputPath: outputPath) },
            output: { [UInt8](try Data(contentsOf: URL(fileURLWithPath: outputPath))) })
    }

    /// A call in this process, timed on the clock (one thread: its CPU time is its wall time).
    static func call(_ name: String, _ work: @escaping () -> [UInt8]) -> SixelContender {
        let box = Box()
        return SixelContender(
            name: name,
            encode: {
                let start = ContinuousClock.now
                box.bytes = work()
                let seconds = (ContinuousClock.now - start).seconds
                return ChildProcess.Timing(wall: seconds, cpu: seconds)
            },
            output: { box.bytes })
    }

    /// Where a call keeps its last output.
    private final class Box {
        var bytes: [UInt8] = []
    }
}
