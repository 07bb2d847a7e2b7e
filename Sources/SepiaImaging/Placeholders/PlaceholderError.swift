public import Foundation

/// Why a placeholder hash cannot be decoded.
public enum PlaceholderError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The hash has the wrong length: `expected` characters (BlurHash) or bytes (ThumbHash)
    /// for what its header announces, `found` given.
    case wrongLength(kind: PhotoPlaceholder.Kind, expected: Int, found: Int)
    /// A BlurHash holds a character outside its base-83 alphabet, at `offset` (counted in
    /// characters from 0).
    case invalidCharacter(Character, offset: Int)
    /// A ThumbHash is not base64 text.
    case invalidBase64
    /// A value in the hash is out of its range (a BlurHash component above 18 quantisation
    /// steps, a DC colour above 24 bits); `detail` says which.
    case outOfRange(kind: PhotoPlaceholder.Kind, detail: String)

    /// A sentence for logs and warnings.
    public var description: String {
        switch self {
        case let .wrongLength(kind, expected, found):
            let unit = kind == .blurHash ? "character" : "byte"
            return "The \(kind) has \(found) \(unit)\(found == 1 ? "" : "s") where \(expected) are expected."
        case let .invalidCharacter(character, offset):
            let scalars = character.unicodeScalars
            let printable = scalars.count == 1 && scalars.allSatisfy { (0x21..<0x7F).contains($0.value) }
            let shown =
                printable ? "\"\(character)\"" : scalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            return "The BlurHash has \(shown) at character \(offset + 1), which is not in its base-83 alphabet."
        case .invalidBase64:
            return "The ThumbHash is not base64 text."
        case let .outOfRange(kind, detail):
            return "The \(kind) is damaged: \(detail)."
        }
    }

    /// The same sentence as `description`, for Foundation's `localizedDescription`.
    public var errorDescription: String? { description }
}
