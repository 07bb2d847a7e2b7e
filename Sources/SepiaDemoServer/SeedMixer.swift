import SepiaDemoContent

/// Derives well-spread 64-bit numbers from a seed and a counter, so every generated thing
/// (a photo's scene, a name, a failure decision) is reproducible from the server's seed
/// alone and independent of the order in which requests arrive.
enum SeedMixer {
    /// A pseudo-random 64-bit number determined by `seed` and `value` (the SplitMix64
    /// finaliser applied to their combination).
    static func mix(_ seed: UInt64, _ value: UInt64) -> UInt64 {
        var z = seed &+ (value &+ 1) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<1` determined by `seed` and `value`.
    static func unitInterval(_ seed: UInt64, _ value: UInt64) -> Double {
        Double(mix(seed, value) >> 11) / Double(1 << 53)
    }
}
