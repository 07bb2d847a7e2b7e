import ArgumentParser

/// The `sepia` command line.
@main
struct SepiaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sepia",
        abstract: "Download, sepia-filter and browse photos.",
        version: "0.1.0",
        subcommands: [DemoCommand.self, BrowseCommand.self, ProcessCommand.self, ServeCommand.self, SelfCheckCommand.self]
    )
}
