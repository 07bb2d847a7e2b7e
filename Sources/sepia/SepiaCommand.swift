import ArgumentParser
import Foundation
import SepiaPipeline
import SepiaTerminal

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
    /// message is written made safe for a terminal, line by line (``TerminalSafeText``): it
    /// quotes arguments (which a shell glob may take from hostile file names), settings from
    /// the environment and errors that quote manifests. Help and version text go out as they are.
    static func main() async {
        do {
            var command = try await asyncParseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalSafeText.make($0) }
                FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }
}
