// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Sepia",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SepiaOperations", targets: ["SepiaOperations"]),
        .library(name: "SepiaImaging", targets: ["SepiaImaging"]),
        .library(name: "SepiaPipeline", targets: ["SepiaPipeline"]),
        .library(name: "SepiaDemoServer", targets: ["SepiaDemoServer"]),
        .library(name: "SepiaTerminal", targets: ["SepiaTerminal"]),
        .library(name: "SepiaBrowser", targets: ["SepiaBrowser"]),
        .executable(name: "sepia", targets: ["sepia"]),
        .executable(name: "sepia-bench", targets: ["SepiaBenchmarks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // Concurrency building blocks on Foundation Operation/OperationQueue and GCD.
        .target(name: "SepiaOperations"),

        // C shim over libjpeg-turbo and libpng; every setjmp/longjmp stays in C.
        .target(
            name: "CSepiaCodecs",
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png")]
        ),

        // RGBA8 images, codecs and pixel kernels.
        .target(name: "SepiaImaging", dependencies: ["CSepiaCodecs"]),

        // zlib (Debian's zlib1g-dev), for checksums.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),

        // Photo records, data sources, the download/filter/resize/save operations and caches.
        .target(
            name: "SepiaPipeline",
            dependencies: [
                "SepiaOperations",
                "SepiaImaging",
                "CZlib",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),

        // The loopback photo server behind `sepia demo` and `sepia serve`.
        .target(
            name: "SepiaDemoServer",
            dependencies: [
                "SepiaImaging",
                "SepiaOperations",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // Async-signal-safe terminal restore for crashes; signal handlers must stay in C.
        .target(name: "CSepiaTerminal"),

        // Raw mode, input parsing, a diffing frame renderer and image cells for the terminal.
        .target(name: "SepiaTerminal", dependencies: ["CSepiaTerminal", "SepiaImaging"]),

        // The terminal photo list: layout, rows, overlays, thumbnails, and the app loop.
        .target(
            name: "SepiaBrowser",
            dependencies: ["SepiaTerminal", "SepiaPipeline", "SepiaImaging", "SepiaOperations"]
        ),

        // The command line.
        .executableTarget(
            name: "sepia",
            dependencies: [
                "SepiaImaging",
                "SepiaOperations",
                "SepiaPipeline",
                "SepiaDemoServer",
                "SepiaTerminal",
                "SepiaBrowser",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Reference C loops for the benchmark, built the way a C programmer would build them
        // (no FMA contraction, so the same arithmetic gives the same bytes as Swift).
        .target(
            name: "CSepiaReference",
            path: "Benchmarks/CSepiaReference",
            cSettings: [.unsafeFlags(["-O3", "-march=native", "-ffp-contract=off"])],
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        .executableTarget(
            name: "SepiaBenchmarks",
            dependencies: [
                "SepiaImaging",
                "SepiaOperations",
                "SepiaPipeline",
                "SepiaDemoServer",
                "SepiaTerminal",
                "SepiaTestSupport",
                "CSepiaReference",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/SepiaBenchmarks"
        ),

        // What several test targets share: the tmux driver of the end-to-end tests (also driving
        // the browser benchmark) and waiting for a condition. Not a product.
        .target(name: "SepiaTestSupport", path: "Tests/SepiaTestSupport"),

        .testTarget(name: "SepiaOperationsTests", dependencies: ["SepiaOperations", "SepiaTestSupport"]),
        .testTarget(name: "SepiaImagingTests", dependencies: ["SepiaImaging", "SepiaOperations"]),
        .testTarget(
            name: "SepiaPipelineTests",
            dependencies: [
                "SepiaPipeline",
                "SepiaDemoServer",
                "SepiaTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "SepiaDemoServerTests",
            dependencies: [
                "SepiaDemoServer",
                "SepiaImaging",
                "SepiaTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(name: "SepiaTerminalTests", dependencies: ["SepiaTerminal", "SepiaImaging"]),
        .testTarget(name: "SepiaBrowserTests", dependencies: ["SepiaBrowser", "SepiaTerminal", "SepiaPipeline", "SepiaImaging"]),
        .testTarget(name: "SepiaEndToEndTests", dependencies: ["SepiaTestSupport"]),
    ]
)
