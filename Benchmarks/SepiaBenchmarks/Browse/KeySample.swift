/// One key press: when its first output came and when its effect showed, in milliseconds
/// from the moment `send-keys` was written; infinity when it did not within the cap.
struct KeySample {
    /// The tmux key name pressed.
    let key: String
    /// Whether the screen showed work in progress when the key was pressed.
    let inFlight: Bool
    /// The selected row before the key.
    let rowBefore: Int
    /// To the pane's first output after the key.
    var firstOutput = Double.infinity
    /// To the output in which the status bar's row number changed.
    var effect = Double.infinity
    /// From the pane's previous output to the key.
    var sinceOutput = Double.infinity
    /// After a timeout: when the effect showed after all.
    var late = Double.infinity
    /// After a timeout whose effect never showed: what the status bar said.
    var diagnosis = ""
}

/// The samples of one program under the same keys.
struct LatencyRun {
    /// The program, as the tables name it.
    let name: String
    /// How long a key's effect is waited for before it counts as a timeout.
    let cap: Double
    /// Whether the program has a status bar whose row number the keys change (`cat` has not).
    let followsRow: Bool
    var samples: [KeySample] = []
    /// A warning about the measurement (the terminal model disagreed with tmux).
    var note = ""
    /// How the program ended when it did during the measurement.
    var crash = ""

    /// The first-output latencies.
    var firstOutputs: [Double] { samples.map(\.firstOutput) }
    /// The row-change latencies.
    var effects: [Double] { samples.map(\.effect) }
}
