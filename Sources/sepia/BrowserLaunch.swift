import ArgumentParser
import Foundation
import SepiaBrowser
import SepiaOperations
import SepiaPipeline
import SepiaTerminal

/// Starts the terminal browser over a manifest with the options given: the pipeline (or, with
/// `--naive`, the tutorial's blocking first version), the list controller and the app.
struct BrowserLaunch {
    let manifest: String
    let title: String
    let options: BrowseOptions

    /// Runs the browser until the user quits; `onExit` runs once the terminal is restored.
    func run(onExit: @escaping (Int32) -> Void = { _ in }) throws -> Never {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw ValidationError("the browser needs a terminal on standard input and output; use `sepia process` for a batch.")
        }
        let loader = HTTPLoader(configuration: HTTPLoaderConfiguration(totalTimeout: options.timeout ?? 20))
        let pipeline = options.naive ? nil : PhotoPipeline(loader: loader, configuration: pipelineConfiguration)
        let photos: any PhotoLoading = pipeline ?? BlockingPhotoLoader(loader: loader)
        var listConfiguration = PhotoListConfiguration(
            prefetchDistance: options.naive ? 0 : options.prefetch, defersWorkWhileScrolling: !options.naive)
        listConfiguration.processing.filter = options.look.photoFilter
        let controller = PhotoListController(loader: photos, configuration: listConfiguration)
        let environment = ProcessInfo.processInfo.environment
        let statsFile = options.statsFile
        let app = try BrowserApp(
            controller: controller, loader: photos,
            options: BrowserOptions(
                title: title + (options.naive ? "  (naive: everything on the main thread)" : ""),
                graphics: options.graphics,
                colorMode: ColorMode.detect(environment: environment),
                filterName: options.look.photoFilter.description,
                mouse: options.mouse)
        ) { status in
            if let statsFile { BrowserStats(controller: controller, pipeline: pipeline).write(to: statsFile) }
            onExit(status)
            loader.shutdown()
        }
        let manifest = manifest
        let naive = options.naive
        app.run { completion in
            if naive {
                completion(PhotoSource.loadAndWait(manifest, loader: loader))
            } else {
                PhotoSource.load(manifest, loader: loader, completion: completion)
            }
        }
    }

    private var pipelineConfiguration: PhotoPipelineConfiguration {
        var configuration = PhotoPipelineConfiguration(
            originalsCostLimit: 64 << 20, processedCostLimit: 32 << 20, countsBytesPerURL: options.statsFile != nil)
        if let jobs = options.jobs {
            configuration.maxConcurrentDownloads = jobs
            configuration.maxConcurrentFiltrations = jobs
        }
        return configuration
    }
}
