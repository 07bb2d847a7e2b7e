import Foundation
import SepiaImaging

/// The fields of a manifest entry that carry a placeholder, and the rule that picks one.
///
/// The names are those image APIs use: `blurhash`, `blur_hash` (Unsplash's photo objects),
/// `blurHash`; `thumbhash`, `thumb_hash`, `thumbHash`. A ThumbHash is base64 text, or bytes in
/// a property list. Each given hash is validated (``PhotoPlaceholder/validate()``); a ThumbHash
/// that validates wins over a BlurHash (it carries the aspect ratio and alpha). A hash that does
/// not validate is ignored with a warning, never a failed row.
enum PlaceholderFields {
    /// Which kind each field name is.
    static func kind(ofKey key: String) -> PhotoPlaceholder.Kind? {
        switch key {
        case "blurhash", "blur_hash", "blurHash": .blurHash
        case "thumbhash", "thumb_hash", "thumbHash": .thumbHash
        default: nil
        }
    }

    /// The placeholder field of `key` holding `value` (a property list or JSON value); nil when
    /// `key` names no placeholder.
    static func placeholder(key: String, value: Any) -> RawManifestEntry.Placeholder? {
        guard let kind = kind(ofKey: key) else { return nil }
        switch (kind, value) {
        case (.blurHash, let text as String): return .blurHash(text)
        case (.thumbHash, let text as String): return .thumbHashBase64(text)
        case (.thumbHash, let bytes as Data): return .thumbHashBytes(bytes)
        default: return .unusable(reason: "the \"\(key)\" is \(ValueDescription.of(value)), not text")
        }
    }

    /// The placeholder fields among an entry's `fields`, in key order.
    static func placeholders(in fields: [String: Any]) -> [RawManifestEntry.Placeholder] {
        // Most entries carry none: look the six names up rather than walking every key.
        var found: [RawManifestEntry.Placeholder] = []
        for key in keys {
            if let value = fields[key], let placeholder = placeholder(key: key, value: value) { found.append(placeholder) }
        }
        return found
    }

    /// The field names, ThumbHash's first.
    static let keys = ["thumbhash", "thumb_hash", "thumbHash", "blurhash", "blur_hash", "blurHash"]

    /// The placeholder an entry shows, and why each other field it gave was ignored.
    static func resolve(_ given: [RawManifestEntry.Placeholder]) -> (placeholder: PhotoPlaceholder?, ignored: [String]) {
        var ignored: [String] = []
        var valid: [PhotoPlaceholder] = []
        for field in given {
            do {
                let placeholder: PhotoPlaceholder
                switch field {
                case .blurHash(let text): placeholder = .blurHash(text.trimmingCharacters(in: .whitespaces))
                case .thumbHashBase64(let text):
                    placeholder = try PhotoPlaceholder(thumbHashBase64: text.trimmingCharacters(in: .whitespaces))
                case .thumbHashBytes(let bytes): placeholder = .thumbHash(bytes)
                case .unusable(let reason):
                    ignored.append(reason)
                    continue
                }
                try placeholder.validate()
                valid.append(placeholder)
            } catch {
                ignored.append("\(error)")
            }
        }
        let chosen = valid.first { $0.kind == .thumbHash } ?? valid.first
        return (chosen, ignored)
    }
}
