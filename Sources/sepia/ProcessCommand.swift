import ArgumentParser
import Foundation
import SepiaImaging
import SepiaPipeline

/// `sepia process`: downloads, filters, resizes and writes every photo of manifests, folders or files.
struct ProcessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "process",
        abstract: "Download, filter and save every photo of manifests, folders or files.",
        discussion: """
            Each SOURCE is a manifest (an http(s) URL or a file: a property list or JSON of \
            name → URL, an array of {name, url}, or a list of URLs, one a line), a folder of \
            photos (named by their relative paths; other files are skipped and counted), or a \
            photo file. Photos already in the output \
            folder are skipped; downloaded originals are cached under $XDG_CACHE_HOME/sepia \
            (or ~/.cache/sepia) with their response headers, so a second run downloads nothing \
            but the manifest and revalidates (If-None-Match, If-Modified-Since) what has gone \
            stale. Proxies come from http_proxy, https_proxy and no_proxy, as for curl.

            Exit status: 0 when every photo was written (or was there already), 1 when any \
            failed or the manifest could not be read, 130 when interrupted.
            """
    )

    @Argument(help: "Manifests (http(s) URLs or files), folders or photo files.")
    var sources: [String]

    @Flag(help: "Read folders with their subfolders.")
    var recursive = false

    @Option(name: [.short, .customLong("output")], help: "The folder to write the photos to.")
    var output: String

    @OptionGroup var look: FilterOptions

    @Option(help: "Fit each photo into WIDTHxHEIGHT, keeping its aspect ratio (never enlarging).")
    var size: PixelSizeArgument?

    @Option(help: "Output format: jpeg, png, webp (lossy), webp-lossless or avif.")
    var format: OutputFormat = .jpeg

    @Option(help: "Quality of JPEG, lossy WebP and AVIF output, 1 to 100.")
    var quality = 90

    @Option(help: "Photos processed at once (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Seconds a download may take in all.")
    var timeout: Double = 60

    @OptionGroup var network: NetworkOptions

    @Flag(help: "Download and write everything again, ignoring cached originals and earlier output.")
    var refresh = false

    @Flag(
        help:
            "Keep each photo's EXIF (orientation reset to 1) and tag the output sRGB; by default outputs carry pixels only."
    )
    var keepMetadata = false

    @Flag(help: "Print the summary as JSON on standard output.")
    var json = false

    func validate() throws {
        guard !sources.isEmpty else { throw ValidationError("Give a manifest, a folder or photo files to process.") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be between 1 and 100.") }
        try OptionCheck.count(jobs, "--jobs", in: OptionCheck.jobs)
        try OptionCheck.seconds(timeout, "--timeout")
    }

    func run() async throws {
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        guard !SourceArguments.hasLostBytes(output) else {
            // Its text has U+FFFD for those bytes, and would make another folder.
            FileHandle.standardError.write(
                Data(
                    "sepia: the output folder \(folder.path)'s name is not UTF-8; Sepia cannot write there yet: choose another folder\n"
                        .utf8))
            throw ExitCode.failure
        }
        do throws(BatchOutputError) {
            try BatchProcessor.prepareOutputFolder(folder)  // once, before any work
        } catch {
            FileHandle.standardError.write(Data("sepia: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let loader = HTTPLoader(configuration: try network.loaderConfiguration(totalTimeout: timeout))
        let entries: [PhotoEntry]
        do {
            let collection = try await PhotoSource.collection(
                from: SourceArguments.restoringBytes(sources), recursive: recursive, excluding: folder, loader: loader)
            if let skipped = collection.skippedSummary { FileHandle.standardError.write(Data("sepia: \(skipped)\n".utf8)) }
            entries = collection.entries
        } catch {
            await loader.shutdown()
            FileHandle.standardError.write(Data("sepia: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let options = BatchOptions(
            output: folder,
            processing: PhotoProcessing(filter: look.photoFilter, fitting: size?.value),
            format: format.encoding(quality: quality),
            jobs: jobs,
            // Local files are never cached: a batch of them does not take stock of the cache.
            originals: entries.contains(where: \.location.isRemote)
                ? try? DiskCache(directory: DiskCache.defaultDirectory(named: "originals"), sizeLimit: 2 << 30) : nil,
            refresh: refresh,
            keepsMetadata: keepMetadata
        )
        let outcome = await BatchRun(entries: entries, options: options, loader: loader).run()
        await loader.shutdown()
        let standardOutput = BufferedOutput()
        if json {
            try outcome.report.writeJSON(to: standardOutput)
        } else {
            outcome.report.writeText(to: standardOutput)
        }
        if outcome.interrupted { throw ExitCode(130) }
        if !outcome.report.allDone { throw ExitCode.failure }
    }
}

/// The output formats `process` can write.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case jpeg, png, webp
    case webpLossless = "webp-lossless"
    case avif

    /// The encoder settings for this format; `quality` applies to JPEG, lossy WebP and AVIF.
    func encoding(quality: Int) -> ImageEncodingFormat {
        switch self {
        case .jpeg: .jpeg(quality: quality)
        case .png: .png
        case .webp: .webp(quality: quality)
        case .webpLossless: .webpLossless
        case .avif: .avif(quality: quality)
        }
    }
}
