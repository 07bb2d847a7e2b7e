import ArgumentParser
import SepiaCommandLine

/// `sepia browse`: the terminal photo list over any manifest.
struct BrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse the photos of manifests, folders or files in the terminal, sepia-filtered.",
        discussion: """
            Each SOURCE is a manifest (an http(s) URL or a file: a property list or JSON of \
            name → URL, an array of {name, url}, or a list of URLs, one a line), a folder of \
            photos, or a photo file. Photos download and filter on background queues while you \
            scroll; press ? for the keys, q to quit.
            """
    )

    @Argument(help: "Manifests (http(s) URLs or files), folders or photo files.")
    var sources: [String]

    @Flag(help: "Read folders with their subfolders.")
    var recursive = false

    @OptionGroup var browsing: BrowseOptions

    func validate() throws {
        guard !sources.isEmpty else { throw ValidationError("Give a manifest, a folder or photo files to browse.") }
    }

    @MainActor
    func run() async throws {
        let title = "Sepia — " + sources.joined(separator: " ")
        try await BrowserLaunch(sources: SourceArguments.restoringBytes(sources), recursive: recursive, title: title, options: browsing)
            .run()
    }
}
