import Foundation

/// Why driving a program from outside (an end-to-end test, the browser benchmark) cannot go
/// on: a missing program, a command that failed, a screen that never showed what was waited
/// for. The message is meant for the test log or the benchmark's report.
package struct EndToEndError: Error, CustomStringConvertible, LocalizedError {
    /// What went wrong, in a sentence or more.
    package let description: String

    /// The message, for Foundation's error reporting.
    package var errorDescription: String? { description }

    /// An error saying `description`.
    package init(_ description: String) {
        self.description = description
    }
}
