import ArgumentParser
import Foundation
import SepiaCommandLine
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

    /// Runs the command line as ArgumentParser's own `main` does, except that an error's
    /// message is made safe for a terminal (``ParsableCommand/exitWritingSafeError(_:)``).
    static func main() async {
        do {
            var command = try await asyncParseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exitWritingSafeError(error)
        }
    }
}
