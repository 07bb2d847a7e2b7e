/// Holds a decode until the memory it is about to allocate may be used: the caller's side of
/// ``ImageDecodingOptions/memoryAdmission``, such as a budget of bytes shared by concurrent
/// decodes.
public protocol MemoryAdmission: AnyObject, Sendable {
    /// Called by a decoder once the header has given the image's size, after the pixel limit
    /// is checked and before the large allocations, with the bytes the decode will hold at most
    /// (the RGBA image, its working buffers, an oriented copy; a band of rows for a streamed
    /// decode). A decoder may ask more than once (HEIF asks for its coded planes, then for its
    /// images). Returns when they may be
    /// allocated; throws to refuse the decode, and the decoder then throws that error.
    func admit(bytes: Int) throws
}

/// A ``MemoryAdmission`` in ``ImageDecodingOptions``, which compare equal when they carry the
/// same admission object.
public struct MemoryAdmissionHook: Sendable, Hashable {
    /// The admission decoders ask.
    public let admission: any MemoryAdmission

    /// A hook that asks `admission`.
    public init(_ admission: any MemoryAdmission) {
        self.admission = admission
    }

    public static func == (left: MemoryAdmissionHook, right: MemoryAdmissionHook) -> Bool {
        left.admission === right.admission
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(admission))
    }
}

/// What a decode holds at once at most, besides small buffers, in terms of the output size it
/// checks: what ``ImageDecodingOptions/admit(width:height:holding:)`` asks the memory admission
/// for.
struct DecodeFootprint: Sendable, Equatable {
    /// Whole RGBA images of the checked size: the decoded image, its oriented copy, a library's
    /// own copy.
    var images = 0
    /// RGBA rows of the checked width, for a path that holds a band of rows, not the image.
    var rows = 0
    /// Other bytes: working buffers, a progressive JPEG's coefficients, a resize's rows.
    var otherBytes: UInt64 = 0

    /// `count` images of the checked size and `otherBytes` more.
    static func images(_ count: Int, plus otherBytes: UInt64 = 0) -> DecodeFootprint {
        DecodeFootprint(images: count, otherBytes: otherBytes)
    }

    /// `count` rows of the checked width and `otherBytes` more.
    static func rows(_ count: Int, plus otherBytes: UInt64 = 0) -> DecodeFootprint {
        DecodeFootprint(rows: count, otherBytes: otherBytes)
    }

    /// The bytes held at a checked size `width` pixels wide, whose RGBA image is `imageBytes`
    /// (which fits in an `Int`); `Int.max` when they do not fit in one.
    func bytes(width: Int, imageBytes: Int) -> Int {
        var total = otherBytes
        for (unit, count) in [(imageBytes, images), (width, rows * RGBAImage.bytesPerPixel)] {
            let (part, overflow) = UInt64(max(unit, 0)).multipliedReportingOverflow(by: UInt64(max(count, 0)))
            let (sum, overflowAgain) = total.addingReportingOverflow(part)
            if overflow || overflowAgain { return .max }
            total = sum
        }
        return total > UInt64(Int.max) ? .max : Int(total)
    }
}
