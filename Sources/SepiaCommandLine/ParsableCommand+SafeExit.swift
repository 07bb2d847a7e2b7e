import ArgumentParser
import Foundation
import SepiaTerminal

extension ParsableCommand {
    /// Ends the process after `error` (thrown while the command line was parsed or the command
    /// ran) as ArgumentParser's `exit(withError:)` does, except that the message is written made
    /// safe for a terminal, line by line (`TerminalSafeText`): it quotes arguments (which a
    /// shell glob may take from hostile file names), settings from the environment and errors
    /// that quote manifests. Help and version text go out as they are.
    package static func exitWritingSafeError(_ error: any Error) -> Never {
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
