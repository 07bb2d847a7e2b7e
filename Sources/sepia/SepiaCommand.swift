import ArgumentParser
import SepiaPipeline

/// The `sepia` command line.
@main
struct SepiaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sepia",
        abstract: "Download, sepia-filter and browse photos.",
        version: SepiaVersion.current,
        subcommands: [
            DemoCommand.self, BrowseCommand.self, ProcessCommand.self, ReportCommand.self, ServeCommand.self, SelfCheckCommand.self,
        ]
    )
}
