import SepiaOperations

@testable import SepiaImaging

/// A `MemoryAdmission` that records the bytes it is asked for, and throws `refusal` when one is
/// set.
final class RecordingAdmission: MemoryAdmission {
    private let recorded = Locked<[Int]>([])
    let refusal: (any Error & Sendable)?

    init(refusal: (any Error & Sendable)? = nil) {
        self.refusal = refusal
    }

    /// What it was asked for, in order.
    var asked: [Int] { recorded.withLock { $0 } }

    func admit(bytes: Int) throws {
        recorded.withLock { $0.append(bytes) }
        if let refusal { throw refusal }
    }

    /// `options` that ask this admission.
    func options(_ options: ImageDecodingOptions = ImageDecodingOptions()) -> ImageDecodingOptions {
        var options = options
        options.memoryAdmission = MemoryAdmissionHook(self)
        return options
    }
}
