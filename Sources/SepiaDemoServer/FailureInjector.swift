import SepiaOperations

/// Decides which photo requests get a `503 Service Unavailable`, at the configured rate.
///
/// Each decision is drawn from the seed, the photo and how many times that photo was
/// requested before, so the same sequence of requests per photo gives the same answers
/// whatever the interleaving, and a retry draws afresh.
final class FailureInjector: Sendable {
    private let rate: Double
    private let seed: UInt64
    private let attemptsBySeed = Locked([UInt64: UInt64]())

    init(rate: Double, seed: UInt64) {
        self.rate = rate
        self.seed = seed
    }

    /// Whether this request for the photo with `imageSeed` should fail.
    func shouldFail(imageSeed: UInt64) -> Bool {
        guard rate > 0 else { return false }
        let attempt = attemptsBySeed.withLock { attempts in
            defer { attempts[imageSeed, default: 0] += 1 }
            return attempts[imageSeed, default: 0]
        }
        return SeedMixer.unitInterval(seed ^ imageSeed, attempt) < rate
    }
}
