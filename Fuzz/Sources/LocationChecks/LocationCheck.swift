import Foundation
import SepiaPipeline

/// The invariants of a resolved `PhotoLocation`, shared by the manifest and location harnesses.
public enum LocationCheck {
    /// The longest reason expected: texts are quoted as 80-character excerpts.
    public static let longestReason = 400

    /// Traps when `location` breaks the rules `ManifestParser` documents for rows from `origin`.
    public static func check(_ location: PhotoLocation, origin: ManifestOrigin) {
        switch location.kind {
        case .remote:
            guard let url = location.url else { preconditionFailure("remote location \(location) is no URL") }
            precondition(["http", "https"].contains(url.scheme?.lowercased()), "remote URL \(url) is not http(s)")
            precondition(url.host?.isEmpty == false, "remote URL \(url) has no host")
        case .file:
            guard let url = location.url else { preconditionFailure("file location \(location) is no URL") }
            guard case .local = origin else { preconditionFailure("a remote manifest yielded the file \(url)") }
            // The escaped path: `url.path` is empty when the escapes are bytes that are not UTF-8
            // (a Latin-1 "caf%E9.jpg"), which such rows may name.
            precondition(url.isFileURL && url.path(percentEncoded: true).hasPrefix("/"), "file URL \(url) is not absolute")
        case .invalid:
            let reason = location.invalidReason ?? ""
            precondition(!reason.isEmpty, "invalid without a reason")
            precondition(reason.count <= longestReason, "a reason of \(reason.count) characters")
        }
    }
}
