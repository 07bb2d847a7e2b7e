import ArgumentParser
import Foundation
import SepiaImaging

/// Range checks for numeric options, shared by the commands' `validate()` (`sepia`'s and
/// `sepia-gtk`'s): each rejects a value that would trap or overflow further down (infinity,
/// NaN, `Int.max`) with a message naming the option and its range.
package enum OptionCheck {
    /// The longest wait any option accepts: a day.
    package static let longestSeconds = 86_400.0

    /// `value` must be a number of seconds above 0 and at most ``longestSeconds``.
    package static func seconds(_ value: Double, _ option: String) throws {
        guard value > 0, value <= longestSeconds else {
            throw ValidationError("\(option) must be a number of seconds above 0 and at most \(Int(longestSeconds)) (got \(value)).")
        }
    }

    /// `value` must be a number of seconds from 0 to ``longestSeconds``.
    package static func secondsOrZero(_ value: Double, _ option: String) throws {
        guard value >= 0, value <= longestSeconds else {
            throw ValidationError("\(option) must be a number of seconds from 0 to \(Int(longestSeconds)) (got \(value)).")
        }
    }

    /// `value` must lie in `range`.
    package static func count(_ value: Int, _ option: String, in range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            throw ValidationError("\(option) must be from \(range.lowerBound) to \(range.upperBound) (got \(value)).")
        }
    }

    /// The values `--max-pixels` accepts: it lowers the decoders' default limit.
    package static let maxPixels = 1...ImageDecodingOptions.defaultPixelLimit

    /// The most photos processed at once that any `--jobs` accepts.
    package static let jobs = 1...1_024

    /// The default of `--jobs`: the number of cores this process may use. Read once: ArgumentParser
    /// makes a command's value several times while parsing, and each reading opens the cgroup's
    /// files.
    package static let defaultJobs = ProcessInfo.processInfo.activeProcessorCount
}
