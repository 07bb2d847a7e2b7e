// swift-tools-version: 6.1
import PackageDescription

// Linux only: the code calls Glibc, glibc's malloc settings and /proc directly, and is built
// and tested on Debian 12 only, so the package names no Apple platform.
let package = Package(
    name: "Sepia",
    // The library modules; the executables (`sepia`, `sepia-gtk`; `sepia-bench` below) are products by themselves.
    products: [
        .library(name: "SepiaOperations", targets: ["SepiaOperations"]),
        .library(name: "SepiaImaging", targets: ["SepiaImaging"]),
        .library(name: "SepiaPipeline", targets: ["SepiaPipeline"]),
        .library(name: "SepiaList", targets: ["SepiaList"]),
        .library(name: "SepiaTerminal", targets: ["SepiaTerminal"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // TLS settings of AsyncHTTPClient's connections (extra trust roots); already one of its dependencies.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // The demo server quiets Hummingbird's logger; already one of Hummingbird's dependencies.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation`: the DocC catalogs of the library modules.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // `Locked`: the one lock around shared state, for every module (SepiaOperations re-exports it).
        .target(name: "SepiaLocking"),

        // Concurrency building blocks on Foundation Operation/OperationQueue and GCD.
        .target(name: "SepiaOperations", dependencies: ["SepiaLocking"]),

        // System utilities: signals turned into calls, peak resident memory.
        .target(name: "SepiaSystem", dependencies: ["SepiaOperations"]),

        // C shim over the codec libraries (libjpeg-turbo, libpng, libwebp, giflib, libtiff,
        // libheif, libjxl) and Little CMS; every setjmp/longjmp stays in C. libheif, libtiff and
        // libjxl are not linked: the shim loads each with dlopen at the first file that needs it
        // (sepia_library.h), since loading them at start-up cost every run 5-6 ms (libjxl-dev
        // provides only the headers here).
        .target(
            name: "CSepiaCodecs",
            linkerSettings: [
                // libwebp-dev brings libwebp, libwebpdemux (the container parser) and libwebpmux
                // (the container writer: EXIF and ICCP chunks in WebP output).
                .linkedLibrary("jpeg"), .linkedLibrary("png"), .linkedLibrary("webp"), .linkedLibrary("webpdemux"),
                .linkedLibrary("webpmux"),
                .linkedLibrary("gif"), .linkedLibrary("lcms2"),
            ]
        ),

        // Pixel kernels in C over plain buffers (resampling, the YCbCr colour matrix): no library.
        .target(name: "CSepiaKernels"),

        // RGBA8 images, codecs and pixel kernels.
        .target(name: "SepiaImaging", dependencies: ["CSepiaCodecs", "CSepiaKernels", "SepiaLocking"]),

        // Generated photos: the demo server's content, and test and benchmark input.
        .target(name: "SepiaDemoContent", dependencies: ["SepiaImaging"]),

        // zlib (Debian's zlib1g-dev), for checksums.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),

        // The photo pipeline: data sources, the download/decode/filter/resize/encode/save
        // operations on named queues, the caches, batches, and the async front.
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
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),

        // The tutorial's table logic without a user interface: photo records, the list
        // controller that starts, suspends and cancels rows' work, and the naive loader.
        .target(name: "SepiaList", dependencies: ["SepiaPipeline", "SepiaImaging", "SepiaOperations"]),

        // The loopback photo server behind `sepia demo` and `sepia serve`.
        .target(
            name: "SepiaDemoServer",
            dependencies: [
                "SepiaImaging",
                "SepiaDemoContent",
                "SepiaOperations",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Async-signal-safe terminal restore for crashes; signal handlers must stay in C.
        .target(name: "CSepiaTerminal"),

        // Raw mode, input parsing, a diffing frame renderer and image cells for the terminal.
        .target(name: "SepiaTerminal", dependencies: ["CSepiaTerminal", "SepiaImaging", "SepiaLocking"]),

        // The terminal photo list: layout, rows, overlays, thumbnails, and the app loop.
        .target(
            name: "SepiaBrowser",
            dependencies: ["SepiaTerminal", "SepiaList", "SepiaPipeline", "SepiaImaging", "SepiaOperations", "SepiaSystem"]
        ),

        // What the command lines share (`sepia`, `sepia-gtk`): options, and errors written
        // safe for a terminal.
        .target(
            name: "SepiaCommandLine",
            dependencies: ["SepiaPipeline", "SepiaTerminal", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // The command line.
        .executableTarget(
            name: "sepia",
            dependencies: [
                "SepiaCommandLine",
                "SepiaImaging",
                "SepiaDemoContent",
                "SepiaOperations",
                "SepiaSystem",
                "SepiaPipeline",
                "SepiaList",
                "SepiaDemoServer",
                "SepiaTerminal",
                "SepiaBrowser",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // GTK 4 (Debian's libgtk-4-dev, 4.8) for the desktop app only: neither `sepia` nor any
        // library product depends on it, so they build and run without GTK headers or libraries.
        // SwiftPM warns about the -msse flags graphene's pkg-config file gives: harmless.
        .systemLibrary(name: "CGtk", path: "Sources/CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),

        // What of GTK and libdispatch does not import into Swift: signal connection and the cast
        // macros as functions, the main queue's wake-up handle, and a list model of N rows that
        // makes each row's item only when the list view asks for it.
        .target(name: "CSepiaGtk", dependencies: ["CGtk"]),

        // The desktop app: the photo list in a GTK window on the same list controller as the
        // terminal browser. Not a product.
        .target(
            name: "SepiaDesktop",
            dependencies: [
                "CGtk", "CSepiaGtk", "SepiaList", "SepiaPipeline", "SepiaImaging", "SepiaOperations", "SepiaDemoServer", "SepiaSystem",
                "SepiaTerminal",
            ]
        ),

        // The desktop app's command line.
        .executableTarget(
            name: "sepia-gtk",
            dependencies: [
                "SepiaDesktop", "SepiaCommandLine", "SepiaPipeline", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // What several test targets share: the tmux driver of the end-to-end tests (also driving
        // the browser benchmark) and waiting for a condition. Not a product.
        .target(name: "SepiaTestSupport", path: "Tests/SepiaTestSupport"),

        .testTarget(name: "SepiaOperationsTests", dependencies: ["SepiaOperations", "SepiaTestSupport"]),
        .testTarget(name: "SepiaSystemTests", dependencies: ["SepiaSystem"]),
        .testTarget(
            name: "SepiaImagingTests",
            dependencies: ["SepiaImaging", "SepiaDemoContent", "SepiaOperations", "SepiaSystem", "SepiaTestSupport"]),
        .testTarget(
            name: "SepiaPipelineTests",
            dependencies: [
                "SepiaPipeline",
                "SepiaDemoContent",
                "SepiaDemoServer",
                "SepiaTestSupport",
                "SepiaOperations",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "SepiaDemoServerTests",
            dependencies: [
                "SepiaDemoServer",
                "SepiaImaging",
                "SepiaTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Fixtures/: recorded terminal answers, read by path (#filePath), not bundled.
        .testTarget(
            name: "SepiaTerminalTests", dependencies: ["SepiaTerminal", "SepiaImaging", "SepiaDemoContent", "SepiaTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "SepiaListTests",
            dependencies: ["SepiaList", "SepiaPipeline", "SepiaDemoContent", "SepiaDemoServer", "SepiaOperations", "SepiaTestSupport"]),
        .testTarget(
            name: "SepiaBrowserTests", dependencies: ["SepiaBrowser", "SepiaList", "SepiaTerminal", "SepiaPipeline", "SepiaImaging"]),
        .testTarget(name: "SepiaEndToEndTests", dependencies: ["SepiaTestSupport"]),
        // The desktop app: its main loop in-process, and the built `sepia-gtk` under Xvfb.
        .testTarget(
            name: "SepiaDesktopTests",
            dependencies: [
                "SepiaDesktop", "CGtk", "CSepiaGtk", "SepiaTestSupport", "SepiaDemoContent", "SepiaDemoServer", "SepiaImaging",
                "SepiaSystem",
            ]),
    ]
)

// The benchmarks (`sepia-bench` and its C reference, built with `-march=native`) join the package
// only when SEPIA_BENCHMARKS is set, as `Benchmarks/run` sets it: a plain `swift build` or
// `swift test` never compiles them, and the package's library products stay free of
// unsafe flags.
if Context.environment["SEPIA_BENCHMARKS"] != nil {
    package.targets += [
        // Reference C loops for the benchmark, built the way a C programmer would build them
        // (no FMA contraction, so the same arithmetic gives the same bytes as Swift).
        .target(
            name: "CSepiaReference",
            path: "Benchmarks/CSepiaReference",
            cSettings: [.unsafeFlags(["-O3", "-march=native", "-ffp-contract=off"])],
            linkerSettings: [
                .linkedLibrary("jpeg"), .linkedLibrary("webp"), .linkedLibrary("gif"), .linkedLibrary("tiff"), .linkedLibrary("heif"),
            ]
        ),
        .executableTarget(
            name: "sepia-bench",
            dependencies: [
                "SepiaImaging",
                "SepiaDemoContent",
                "SepiaOperations",
                "SepiaSystem",
                "SepiaPipeline",
                "SepiaList",
                "SepiaDemoServer",
                "SepiaTerminal",
                "SepiaTestSupport",
                "CSepiaReference",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/SepiaBenchmarks"
        ),
    ]
}

// Features of a later language mode that catch leaks: a missing `any` on an existential, a
// member used from a module this file does not import, a module that a file's public or package
// declarations use without importing it as `public import` or `package import` (imports are
// internal by default).
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
