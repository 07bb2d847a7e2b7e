public import SepiaImaging

/// The look applied to a photo.
public enum PhotoFilter: Sendable, Hashable, CustomStringConvertible {
    /// Leave the colours alone.
    case none
    /// Sepia tone at an intensity from 0 to 1 (0.8 is the classic look).
    case sepia(intensity: Float)
    /// Rec. 601 grayscale.
    case grayscale

    /// Sepia at the default intensity, 0.8.
    public static let sepia = PhotoFilter.sepia(intensity: 0.8)

    /// The colour matrix that implements the filter, or nil for ``none``.
    public var matrix: ColorMatrix? {
        switch self {
        case .none: nil
        case .sepia(let intensity): .sepia(intensity: intensity)
        case .grayscale: .grayscale
        }
    }

    public var description: String {
        switch self {
        case .none: "none"
        case .sepia(let intensity): "sepia \(intensity)"
        case .grayscale: "grayscale"
        }
    }
}
