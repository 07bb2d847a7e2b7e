public import Foundation

/// The output folder of a batch cannot be made or written to.
public struct BatchOutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder.
    public let folder: URL
    /// What the system said, such as "Permission denied".
    public let reason: String

    /// "cannot write to the output folder /x: Permission denied"
    public var description: String {
        "cannot write to the output folder \(folder.path): \(reason)"
    }
}
