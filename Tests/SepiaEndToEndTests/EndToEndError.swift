import Foundation

/// Why an end-to-end test cannot go on: a missing program, a command that failed, a screen
/// that never showed what the test waited for. The message is meant for the test log.
struct EndToEndError: Error, CustomStringConvertible, LocalizedError {
    /// What went wrong, in a sentence or more.
    let description: String

    /// The message, for Foundation's error reporting.
    var errorDescription: String? { description }

    /// An error saying `description`.
    init(_ description: String) {
        self.description = description
    }
}
