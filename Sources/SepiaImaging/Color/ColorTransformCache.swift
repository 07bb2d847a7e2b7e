import Foundation
import SepiaLocking

/// The conversion plans of the profiles met lately, so that photos carrying the same profile
/// (every photo of a camera, every Adobe RGB export) build their lcms2 transform once.
///
/// Keyed by the profile's bytes: their hash finds the entry, and the bytes are compared, so two
/// profiles whose hashes collide never share a transform. Bounded: beyond `capacity` entries the
/// least recently used one goes (a transform still in use lives on until its image is done).
/// Thread-safe: lookups take a lock; plans are built outside it, so a slow profile does not
/// hold up the other decodes.
final class ColorTransformCache: Sendable {
    /// The cache `ImageDecoder` uses.
    static let shared = ColorTransformCache(capacity: 16)

    private struct Key: Hashable, Sendable {
        let profile: [UInt8]
        let samples: ColorConversionPlan.Samples
    }

    private struct Entry: Sendable {
        let plan: ColorConversionPlan
        var lastUse: UInt64
    }

    private struct State: Sendable {
        var entries: [Key: Entry] = [:]
        var clock: UInt64 = 0

        /// The plan for `key`, marked as just used, or nil.
        mutating func touch(_ key: Key) -> ColorConversionPlan? {
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key]?.lastUse = clock
            return entry.plan
        }
    }

    /// The most entries kept.
    let capacity: Int
    private let state = Locked(State())

    /// An empty cache keeping up to `capacity` plans (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The plan for converting `samples` pixels from `profile`, built on first use.
    func plan(for profile: [UInt8], samples: ColorConversionPlan.Samples) -> ColorConversionPlan {
        let key = Key(profile: profile, samples: samples)
        if let plan = state.withLock({ $0.touch(key) }) { return plan }
        let built = ColorConversionPlan(profile: profile, samples: samples)
        return state.withLock { state in
            // Another thread may have built the same plan meanwhile: keep the first one.
            if let plan = state.touch(key) { return plan }
            if state.entries.count >= capacity, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.entries[oldest] = nil
            }
            state.clock += 1
            state.entries[key] = Entry(plan: built, lastUse: state.clock)
            return built
        }
    }

    /// The transform that brings `samples` pixels from `profile` to sRGB, or nil when they are
    /// sRGB already or the profile cannot be used; then `warnings` gains the reason, once.
    func transform(for profile: [UInt8], samples: ColorConversionPlan.Samples, warnings: inout [String]) -> ColorTransform? {
        switch plan(for: profile, samples: samples) {
        case .nothing: return nil
        case .transform(let transform): return transform
        case .unusable(let reason):
            let warning = DecodedImage.ignoredProfileWarning(reason)
            if !warnings.contains(warning) { warnings.append(warning) }
            return nil
        }
    }

    /// The transform to sRGB that `options` ask for (``ImageDecodingOptions/convertsToSRGB``) from
    /// `profile`: nil when they keep the samples as they are or there is no profile, otherwise
    /// as ``transform(for:samples:warnings:)``.
    func transform(
        for profile: [UInt8]?, samples: ColorConversionPlan.Samples, options: ImageDecodingOptions, warnings: inout [String]
    ) -> ColorTransform? {
        guard options.convertsToSRGB, let profile else { return nil }
        return transform(for: profile, samples: samples, warnings: &warnings)
    }

    /// How many plans are kept.
    var count: Int { state.withLock { $0.entries.count } }
}
