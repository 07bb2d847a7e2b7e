package import Foundation

extension TmuxSession {
    /// `tmux`, looked up on the `PATH`.
    ///
    /// - Throws: ``EndToEndError`` saying how to install it: a missing tmux is an error, never
    ///   a reason to skip (CI installs it through `scripts/install-deps`).
    package static func findTmux() throws -> URL {
        guard let tmux = ExecutableFile.onPath("tmux") else {
            throw EndToEndError(
                """
                tmux is not installed (looked on the PATH: \(ExecutableFile.searchPath)). Sepia is \
                driven in tmux: run scripts/install-deps, or apt-get install tmux.
                """)
        }
        return tmux
    }
}
