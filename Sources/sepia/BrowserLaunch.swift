import ArgumentParser
import Foundation
import SepiaBrowser
import SepiaCommandLine
import SepiaList
import SepiaOperations
import SepiaPipeline
import SepiaSystem
import SepiaTerminal

/// Starts the terminal browser over manifests, folders or photos with the options given: the pipeline (waited
/// for on the main thread with `--naive`, the tutorial's blocking first version), the list
/// controller and the app.
struct BrowserLaunch {
    /// The manifests, folders and photo files whose photos are the rows.
    let sources: [String]
    /// Whether folders are read with their subfolders.
    var recursive = false
    let title: String
    let options: BrowseOptions
    /// Whether to ignore the environment's proxies (the demo server is on loopback).
    var direct = false

    /// Runs the browser until the user quits, then `cleanUp` (stop servers), and ends the
    /// process with the browser's exit status.
    @MainActor
    func run(cleanUp: () async -> Void = {}) async throws -> Never {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw ValidationError("the browser needs a terminal on standard input and output; use `sepia process` for a batch.")
        }
        let loader = HTTPLoader(
            configuration: try options.network.loaderConfiguration(totalTimeout: options.timeout ?? 20, direct: direct, sources: sources))
        let pipeline = PhotoPipeline(loader: loader, configuration: try pipelineConfiguration())
        let photos: any PhotoListLoading = options.naive ? BlockingPhotoLoader(pipeline: pipeline) : pipeline
        var listConfiguration = PhotoListConfiguration.browsing(prefetchDistance: options.prefetch, naive: options.naive)
        listConfiguration.processing.filter = options.look.photoFilter
        listConfiguration.processing.pixelLimit = options.pixels.maxPixels
        let controller = PhotoListController(loader: photos, configuration: listConfiguration)
        let environment = ProcessInfo.processInfo.environment
        let app = try BrowserApp(
            controller: controller,
            options: BrowserOptions(
                title: title + (options.naive ? "  (naive: everything on the main thread)" : ""),
                graphics: options.graphics,
                colorMode: ColorMode.detect(environment: environment),
                filterName: options.look.photoFilter.description,
                mouse: options.mouse))
        let (sources, recursive, naive) = (sources, recursive, options.naive)
        let exit = await app.run { completion in
            if naive {
                completion(BlockingPhotoLoader.loadSource(sources, recursive: recursive, loader: loader))
            } else {
                PhotoSource.load(sources, recursive: recursive, loader: loader, completion: completion)
            }
        }
        if let statsFile = options.statsFile {
            do {
                // The launch asks the pipeline to count per URL whenever it writes these figures.
                try PhotoListStats(controller: controller, pipeline: naive ? nil : pipeline, peakResidentBytes: ResidentMemory.peak())
                    .write(to: statsFile)
            } catch {
                printErrorLine("cannot write \(statsFile): \(error)")
            }
        }
        await cleanUp()
        await loader.shutdown()
        exit.end()
    }

    private func pipelineConfiguration() throws -> PhotoPipelineConfiguration {
        var configuration = PhotoPipelineConfiguration.browsing(
            countsBytesPerURL: options.statsFile != nil, memoryBudget: try options.memory.budget())
        if let jobs = options.jobs {
            configuration.maxConcurrentDownloads = jobs
            configuration.maxConcurrentFiltrations = jobs
        }
        return configuration
    }
}
