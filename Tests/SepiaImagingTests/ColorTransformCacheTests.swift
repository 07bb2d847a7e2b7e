import Foundation
import SepiaOperations
import XCTest

@testable import SepiaImaging

/// The transform cache: one plan per profile and pixel kind, shared, bounded, never confused.
final class ColorTransformCacheTests: XCTestCase {
    private func profile(gamma: Double) throws -> [UInt8] {
        try ColorProfiles.rgb(chromaticities: ColorReference.displayP3Chromaticities, decodingGamma: gamma)
    }

    private func transform(_ plan: ColorConversionPlan) -> ColorTransform? {
        if case .transform(let transform) = plan { return transform }
        return nil
    }

    func testTheSameProfileSharesOneTransform() throws {
        let cache = ColorTransformCache(capacity: 4)
        let bytes = try profile(gamma: 2.2)
        let first = try XCTUnwrap(transform(cache.plan(for: bytes, samples: .rgba)))
        let second = try XCTUnwrap(transform(cache.plan(for: bytes, samples: .rgba)))
        XCTAssertTrue(first === second)
        XCTAssertEqual(cache.count, 1)
    }

    func testDifferentProfilesGetDifferentTransforms() throws {
        let cache = ColorTransformCache(capacity: 4)
        let first = try XCTUnwrap(transform(cache.plan(for: try profile(gamma: 2.2), samples: .rgba)))
        let second = try XCTUnwrap(transform(cache.plan(for: try profile(gamma: 1.8), samples: .rgba)))
        XCTAssertFalse(first === second)
    }

    func testTheCacheIsBounded() throws {
        let cache = ColorTransformCache(capacity: 3)
        for gamma in stride(from: 1.5, through: 2.5, by: 0.1) { _ = cache.plan(for: try profile(gamma: gamma), samples: .rgba) }
        XCTAssertEqual(cache.count, 3)
    }

    func testSRGBProfilesAreRecognisedWhateverTheirBytes() throws {
        let cache = ColorTransformCache(capacity: 4)
        let ghostscript = [UInt8](try Data(contentsOf: try ColorReference.ghostscriptProfile("srgb.icc")))
        let madeHere = try ColorProfiles.rgb(chromaticities: ColorProfiles.srgbChromaticities, decodingGamma: 0)
        for bytes in [ColorProfiles.sRGB, ghostscript, madeHere] {
            guard case .nothing = cache.plan(for: bytes, samples: .rgba) else { return XCTFail("an sRGB profile should need no transform") }
        }
        XCTAssertNotNil(transform(cache.plan(for: try profile(gamma: 0), samples: .rgba)), "Display P3 is not sRGB")
    }

    func testAProfileForOtherPixelsIsUnusable() throws {
        let cache = ColorTransformCache(capacity: 4)
        guard case .unusable = cache.plan(for: try profile(gamma: 2.2), samples: .cmyk(inverted: true)) else {
            return XCTFail("an RGB profile cannot convert CMYK")
        }
        guard case .unusable = cache.plan(for: [UInt8](repeating: 7, count: 300), samples: .rgba) else {
            return XCTFail("garbage is not a profile")
        }
    }

    func testConcurrentDecodesShareTheTransform() throws {
        let cache = ColorTransformCache(capacity: 4)
        let bytes = try profile(gamma: 2.2)
        let image = ColorReference.colourful(width: 64, height: 64)
        var expected = image
        try XCTUnwrap(transform(cache.plan(for: bytes, samples: .rgba))).apply(to: &expected, parallel: false)
        let results = Locked<[RGBAImage]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var converted = image
            guard case .transform(let transform) = cache.plan(for: bytes, samples: .rgba) else { return }
            transform.apply(to: &converted, parallel: true)
            results.withLock { $0.append(converted) }
        }
        XCTAssertEqual(results.withLock { $0 }, [RGBAImage](repeating: expected, count: 8))
    }
}
