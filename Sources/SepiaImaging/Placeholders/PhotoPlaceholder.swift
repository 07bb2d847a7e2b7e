public import Foundation

/// A few dozen bytes that stand for a photo until it arrives: a BlurHash or a ThumbHash, as
/// image APIs (Unsplash's `blur_hash`, say) and manifests carry them.
///
/// A placeholder is the hash as written, not its pixels: it is as small as the text, so a
/// manifest of a million entries can carry one per entry. ``validate()`` reads the whole hash
/// without making pixels; ``image(aspectRatio:longSide:)`` makes them, in microseconds.
///
/// ```swift
/// let placeholder = PhotoPlaceholder.blurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj")
/// let picture = try placeholder.image(aspectRatio: 4.0 / 3.0)  // 32×24 pixels
/// ```
public enum PhotoPlaceholder: Sendable, Hashable, CustomStringConvertible {
    /// A BlurHash: base-83 text of a grid of up to 9×9 colour components.
    case blurHash(String)
    /// A ThumbHash: the bytes of a small DCT of luminance, colour and alpha, which also carry
    /// the photo's approximate aspect ratio.
    case thumbHash(Data)

    /// Which of the two encodings a placeholder uses.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        case blurHash, thumbHash

        /// "BlurHash" or "ThumbHash".
        public var description: String {
            switch self {
            case .blurHash: "BlurHash"
            case .thumbHash: "ThumbHash"
            }
        }
    }

    /// The aspect ratio (width / height) a BlurHash is drawn at when the caller knows none:
    /// 4:3, the shape of most photos. A ThumbHash carries its own.
    public static let defaultAspectRatio = 4.0 / 3.0

    /// The long side of ``image(aspectRatio:longSide:)``'s picture by default, in pixels.
    public static let defaultLongSide = 32

    /// A ThumbHash given as base64 text (standard or URL-safe alphabet, padding optional).
    ///
    /// - Throws: ``PlaceholderError/invalidBase64`` when the text is not base64.
    public init(thumbHashBase64 text: String) throws(PlaceholderError) {
        guard let bytes = Base64Text.decode(text) else { throw .invalidBase64 }
        self = .thumbHash(bytes)
    }

    /// Which encoding this is.
    public var kind: Kind {
        switch self {
        case .blurHash: .blurHash
        case .thumbHash: .thumbHash
        }
    }

    /// "BlurHash LEHV6nWB…" or "ThumbHash 1QcSHQRnh493V4dIh4eXh1h4kJUI" (base64).
    public var description: String {
        switch self {
        case .blurHash(let text): "BlurHash \(text)"
        case .thumbHash(let bytes): "ThumbHash \(bytes.base64EncodedString())"
        }
    }

    /// Reads the whole hash without making pixels: after it returns, ``image(aspectRatio:longSide:)``
    /// does not throw.
    ///
    /// - Throws: ``PlaceholderError`` for a wrong length, a character outside BlurHash's
    ///   alphabet or a value out of range.
    public func validate() throws(PlaceholderError) {
        switch self {
        case .blurHash(let text): _ = try BlurHash(text)
        case .thumbHash(let bytes): _ = try ThumbHash(bytes)
        }
    }

    /// The placeholder's picture: sRGB, `longSide` pixels on its longer side (at least 1 on
    /// the other), opaque unless a ThumbHash has alpha.
    ///
    /// - Parameters:
    ///   - aspectRatio: width / height to draw a BlurHash at, which does not carry one: the
    ///     photo's when known; nil for ``defaultAspectRatio``. A ThumbHash ignores it and
    ///     uses its own.
    ///   - longSide: the longer side in pixels, 1 to 256.
    /// - Throws: ``PlaceholderError`` when the hash is damaged (see ``validate()``).
    public func image(aspectRatio: Double? = nil, longSide: Int = defaultLongSide) throws(PlaceholderError) -> RGBAImage {
        precondition((1...256).contains(longSide), "a placeholder's long side is 1 to 256 pixels")
        switch self {
        case .blurHash(let text):
            let hash = try BlurHash(text)
            let ratio = aspectRatio.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? Self.defaultAspectRatio
            return hash.image(size: Self.size(aspectRatio: ratio, longSide: longSide))
        case .thumbHash(let bytes):
            let hash = try ThumbHash(bytes)
            return hash.image(size: Self.size(aspectRatio: hash.aspectRatio, longSide: longSide))
        }
    }

    /// `longSide` on the longer side, the other side from `aspectRatio`, rounded, at least 1.
    static func size(aspectRatio: Double, longSide: Int) -> PixelSize {
        let side = Double(longSide)
        if aspectRatio >= 1 {
            return PixelSize(width: longSide, height: max(1, Int((side / aspectRatio).rounded())))
        }
        return PixelSize(width: max(1, Int((side * aspectRatio).rounded())), height: longSide)
    }
}
