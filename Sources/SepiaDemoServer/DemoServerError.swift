/// Why a `DemoPhotoServer` could not start.
package enum DemoServerError: Error, Equatable, CustomStringConvertible {
    /// A configuration value is out of range; the text says which and why.
    case invalidConfiguration(String)
    /// The server stopped before it was listening (for example, it was cancelled).
    case stoppedBeforeListening

    /// A sentence for people.
    package var description: String {
        switch self {
        case .invalidConfiguration(let reason): "Invalid demo server configuration: \(reason)"
        case .stoppedBeforeListening: "The demo server stopped before it was listening."
        }
    }
}
