// swift-tools-version: 6.1
// libFuzzer harnesses for Sepia's parsers and decoders: one executable per input surface.
//
// They only link with the fuzzer runtime, so they live outside the main package, whose normal
// `swift build` they would break. Build and run them with `scripts/fuzz` (or by hand:
// `swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library`).
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which depends on where the repository
// was cloned: work it out instead of spelling it.
let sepia = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

/// One harness: an executable that runs libFuzzer on its `LLVMFuzzerTestOneInput`.
func harness(_ name: String, _ products: [String], _ targets: [Target.Dependency] = []) -> Target {
    .executableTarget(name: name, dependencies: products.map { .product(name: $0, package: sepia) } + targets + ["FuzzerEntry"])
}

let package = Package(
    name: "SepiaFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // Each harness's `main`, handing over to libFuzzer's driver (see fuzzer_entry.h).
        .target(name: "FuzzerEntry"),
        // What a resolved location must satisfy, shared by the two manifest harnesses.
        .target(name: "LocationChecks", dependencies: [.product(name: "SepiaPipeline", package: sepia)]),
        harness("ManifestParserFuzzer", ["SepiaPipeline"], ["LocationChecks"]),
        harness("LocationResolverFuzzer", ["SepiaPipeline"], ["LocationChecks"]),
        harness("ImageDecoderFuzzer", ["SepiaImaging"]),
        harness("EXIFOrientationFuzzer", ["SepiaImaging"]),
        harness("InputParserFuzzer", ["SepiaTerminal"]),
        harness("ContentDecoderFuzzer", ["SepiaPipeline"]),
    ]
)
