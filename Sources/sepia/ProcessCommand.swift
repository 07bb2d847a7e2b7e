import ArgumentParser
import Foundation
import SepiaCommandLine
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

            On a cluster, each task of an array job runs one shard: --shard K/N, or, without \
            it, the shard that the batch engine's variables give (Slurm's \
            SLURM_ARRAY_TASK_ID/_MIN/_COUNT, a Kubernetes Indexed Job's JOB_COMPLETION_INDEX \
            with --shards N or SEPIA_SHARDS, AWS_BATCH_JOB_ARRAY_INDEX/_SIZE, Google Cloud \
            Batch's BATCH_TASK_INDEX/_COUNT, CLOUD_RUN_TASK_INDEX/_COUNT). A row belongs to \
            the shard its output name hashes to, whatever the manifest's order. The tasks \
            can share the output folder and --cache-dir on shared storage; a task run again \
            skips what is written. --report appends a JSON line per photo; `sepia report` \
            merges the tasks' reports.

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

    @Option(help: "Output format: jpeg, png, webp (lossy), webp-lossless, avif, jxl (lossy JPEG XL) or jxl-lossless.")
    var format: OutputFormat = .jpeg

    @Option(help: "Quality of JPEG, lossy WebP, AVIF and lossy JPEG XL output, 1 to 100.")
    var quality = 90

    @Option(help: "Photos processed at once (default: the number of cores).")
    var jobs = OptionCheck.defaultJobs

    @Option(help: "Seconds a download may take in all.")
    var timeout: Double = 60

    @OptionGroup var pixels: MaxPixelsOption

    @OptionGroup var memory: MemoryBudgetOption

    @OptionGroup var network: NetworkOptions

    @Flag(help: "Download and write everything again, ignoring cached originals and earlier output.")
    var refresh = false

    @Flag(
        help:
            "Keep each photo's EXIF (orientation reset to 1) and tag the output sRGB; by default outputs carry pixels only."
    )
    var keepMetadata = false

    @Flag(
        help:
            "Write only the first frame of an animated GIF, WebP or PNG; by default webp and webp-lossless output keep every frame, filtered, with its timing and loop count (other formats hold the first frame)."
    )
    var firstFrame = false

    @Flag(help: "Print the summary as JSON on standard output.")
    var json = false

    @Flag(
        help:
            "Add each written photo's ThumbHash (base64) to the --json summary and the --report lines, for manifests' \"thumbhash\" field."
    )
    var thumbhash = false

    @Option(
        help: ArgumentHelp(
            "Process only shard K of N: the rows whose output names hash to it (default: from the batch engine's variables, or every row).",
            valueName: "K/N"))
    var shard: String?

    @Option(
        help: "The number of shards for a Kubernetes Indexed Job, whose JOB_COMPLETION_INDEX gives only the index (or set SEPIA_SHARDS).")
    var shards: Int?

    @Option(
        help: ArgumentHelp("Append one JSON line per photo to this file as it ends (merge reports with `sepia report`).", valueName: "file")
    )
    var report: String?

    @Option(
        help: ArgumentHelp(
            "The folder of the cache of downloaded originals and manifests (default: $XDG_CACHE_HOME/sepia/originals). Each task keeps it within 2 GiB of what it knows of: tasks sharing it may fill up to 2 GiB each.",
            valueName: "folder"))
    var cacheDir: String?

    @Option(help: ArgumentHelp("Start at most this many downloads a second (in this task).", valueName: "per-second"))
    var maxRate: Double?

    func validate() throws {
        guard !sources.isEmpty else { throw ValidationError("Give a manifest, a folder or photo files to process.") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be between 1 and 100.") }
        try OptionCheck.count(jobs, "--jobs", in: OptionCheck.jobs)
        try OptionCheck.seconds(timeout, "--timeout")
        if let shards { try OptionCheck.count(shards, "--shards", in: 1...BatchShard.mostShards) }
        if let maxRate, !(maxRate > 0 && maxRate <= 1_000_000) {
            throw ValidationError("--max-rate must be a number of requests a second above 0 and at most 1000000 (got \(maxRate)).")
        }
        _ = try shardAssignment()
    }

    /// The shard this task runs: `--shard`, the batch engine's variables, or nil for all rows.
    private func shardAssignment() throws -> ShardAssignment? {
        do throws(BatchShardError) {
            guard let shard else { return try ShardAssignment.fromEnvironment(ProcessInfo.processInfo.environment, shards: shards) }
            let parsed = try BatchShard(parsing: shard)
            if let shards, shards != parsed.count {
                throw BatchShardError.disagreement(first: "--shard is \(shard)", second: "--shards is \(shards)")
            }
            return ShardAssignment(shard: parsed, source: ShardAssignment.commandLineSource)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func run() async throws {
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        guard !SourceArguments.hasLostBytes(output) else {
            // Its text has U+FFFD for those bytes, and would make another folder.
            printErrorLine("the output folder \(folder.path)'s name is not UTF-8; Sepia cannot write there yet: choose another folder")
            throw ExitCode.failure
        }
        do throws(BatchOutputError) {
            try BatchProcessor.prepareOutputFolder(folder)  // once, before any work
        } catch {
            printErrorLine("\(error)")
            throw ExitCode.failure
        }
        let assignment = try shardAssignment()
        if let assignment {
            printErrorLine("\(assignment)")
            do throws(BatchShardError) {
                // `--shard 1/1` asks for the whole batch by hand: only a shard an engine gives, or a real split, is checked.
                if !(assignment.isFromCommandLine && assignment.shard.isWhole) { try ShardCountMark.check(assignment, folder: folder) }
            } catch {
                printErrorLine("\(error)")
                throw ExitCode.failure
            }
        }
        var records: BatchReportFile?
        do throws(BatchReportError) {
            if let report { records = try BatchReportFile(path: report) }  // before any work
        } catch {
            printErrorLine("\(error)")
            throw ExitCode.failure
        }
        let client = HTTPLoader(configuration: try network.loaderConfiguration(totalTimeout: timeout, sources: sources))
        let loader: any PhotoDataLoading = maxRate.map { PacedLoader(client, requestsPerSecond: $0) } ?? client
        let shard = assignment?.shard ?? .whole
        let processor: BatchProcessor
        do {
            processor = try await makeProcessor(output: folder, shard: shard, loader: loader)
        } catch {
            await client.shutdown()
            printErrorLine("\(error)")
            throw ExitCode.failure
        }
        if processor.entries.isEmpty {
            await client.shutdown()
            printErrorLine("shard \(shard) has none of the rows; nothing to do")
            return
        }
        let outcome = await BatchRun(processor: processor, records: records, shard: shard, computesThumbHashes: thumbhash).run()
        await client.shutdown()
        let standardOutput = BufferedOutput()
        if json {
            try outcome.report.writeJSON(to: standardOutput)
        } else {
            outcome.report.writeText(to: standardOutput)
        }
        if let failure = records?.failure {
            printErrorLine("the report \(records?.path ?? "") is incomplete: \(failure)")
        }
        if outcome.interrupted { throw ExitCode(130) }
        if !outcome.report.allDone || records?.failure != nil { throw ExitCode.failure }
    }

    /// Reads the sources (remote manifests through the cache of downloads) and prepares the
    /// batch of this task's shard. The whole manifest's rows live only until the processor
    /// has kept its shard's.
    ///
    /// - Throws: the first clear error that says why a source cannot be had.
    private func makeProcessor(output folder: URL, shard: BatchShard, loader: any PhotoDataLoading) async throws -> BatchProcessor {
        let makeCache = { try? DiskCache(directory: cacheDirectory, sizeLimit: 2 << 30) }
        let locations = SourceArguments.restoringBytes(sources)
        // Local files are never cached: a batch of them does not take stock of the cache.
        var cache = locations.contains { $0.lowercased().hasPrefix("http") } ? makeCache() : nil
        let collection = try await PhotoSource.collection(
            from: locations, recursive: recursive, excluding: folder, loader: loader, cache: cache)
        if cache == nil, collection.entries.contains(where: \.location.isRemote) { cache = makeCache() }
        if let skipped = collection.skippedSummary { printErrorLine("\(skipped)") }
        if let ignored = collection.ignoredPlaceholdersSummary { printErrorLine("\(ignored)") }
        var options = BatchOptions(
            output: folder,
            processing: PhotoProcessing(filter: look.photoFilter, fitting: size?.value, pixelLimit: pixels.maxPixels),
            format: format.encoding(quality: quality),
            maxConcurrentFiltrations: jobs,
            originals: cache,
            refresh: refresh,
            keepsMetadata: keepMetadata,
            keepsAnimation: !firstFrame,
            shard: shard
        )
        options.memoryBudget = try memory.budget()
        return BatchProcessor(entries: collection.entries, options: options, loader: loader)
    }

    /// The folder of the cache of downloads: `--cache-dir`, or the XDG default.
    private var cacheDirectory: URL {
        cacheDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? DiskCache.defaultDirectory(named: "originals")
    }
}

/// The output formats `process` can write.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case jpeg, png, webp
    case webpLossless = "webp-lossless"
    case avif
    case jxl
    case jxlLossless = "jxl-lossless"

    /// The encoder settings for this format; `quality` applies to JPEG, lossy WebP, AVIF and
    /// lossy JPEG XL.
    func encoding(quality: Int) -> ImageEncodingFormat {
        switch self {
        case .jpeg: .jpeg(quality: quality)
        case .png: .png
        case .webp: .webp(quality: quality)
        case .webpLossless: .webpLossless
        case .avif: .avif(quality: quality)
        case .jxl: .jxl(quality: quality)
        case .jxlLossless: .jxlLossless
        }
    }
}
