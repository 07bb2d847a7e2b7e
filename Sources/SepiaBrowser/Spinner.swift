import Foundation

/// The frames of the busy indicator, picked by time so every spinner on screen turns together.
enum Spinner {
    private static let frames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// Seconds each frame shows.
    static let interval = 0.1

    /// The frame to show at `time` (seconds on any steady clock).
    static func frame(at time: TimeInterval) -> String {
        frames[Int((time / interval).rounded(.down)) % frames.count]
    }
}
