import Foundation

/// One entry as the document wrote it, before its location and final name are worked out.
struct RawManifestEntry {
    /// What the entry says about where the photo is.
    enum Reference {
        /// The URL or path as written, trimmed of white space.
        case text(String)
        /// The entry gives no usable text; `reason` says why, such as "the url is a number, not text".
        case unusable(reason: String)
    }

    /// A placeholder as the entry gives it, before it is validated (`PlaceholderFields`).
    enum Placeholder {
        /// A `blurhash` (or `blur_hash`, `blurHash`) text.
        case blurHash(String)
        /// A `thumbhash` (or `thumb_hash`, `thumbHash`) in base64 text.
        case thumbHashBase64(String)
        /// A ThumbHash as bytes: a property list's `<data>`.
        case thumbHashBytes(Data)
        /// The field holds something else; `reason` says what, such as "the blurhash is a number, not text".
        case unusable(reason: String)
    }

    /// The name the document gives, trimmed of white space; nil when it gives none or not as text.
    let name: String?
    /// Where the photo is, as written.
    let reference: Reference
    /// The placeholder fields the entry gives, in the document's order; usually none.
    let placeholders: [Placeholder]

    /// Makes an entry, trimming both texts and treating an empty name as none.
    init(name: String?, reference: Reference, placeholders: [Placeholder] = []) {
        let trimmedName = name?.trimmingWhiteSpace()
        self.name = trimmedName?.isEmpty == false ? trimmedName.map(String.init) : nil
        if case .text(let text) = reference {
            self.reference = .text(String(text.trimmingWhiteSpace()))
        } else {
            self.reference = reference
        }
        self.placeholders = placeholders
    }
}
