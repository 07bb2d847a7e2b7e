/// Holds a decode until the memory it is about to allocate may be used: the caller's side of
/// ``ImageDecodingOptions/memoryAdmission``, such as a budget of bytes shared by concurrent
/// decodes.
public protocol MemoryAdmission: AnyObject, Sendable {
    /// Called by a decoder once the header has given the image's size, after the pixel limit
    /// is checked and before the large allocations, with the bytes the decode will hold at most
    /// (the RGBA image, its working buffers, an oriented copy). Returns when they may be
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

extension ImageDecodingOptions {
    /// Asks ``memoryAdmission``, when there is one, to admit `bytes`.
    func admitMemory(bytes: Int) throws {
        try memoryAdmission?.admission.admit(bytes: bytes)
    }
}
