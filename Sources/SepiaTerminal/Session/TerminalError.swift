import Foundation

/// Why a terminal session could not start.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// The input is not a terminal (a pipe or a file), so there is no raw mode to enter.
    case notATerminal(fileDescriptor: Int32)
    /// Another `TerminalSession` is active; restore it first.
    case sessionAlreadyActive
    /// A system call failed with `errno`.
    case systemCallFailed(name: String, errno: Int32)

    /// A sentence for the user.
    public var description: String {
        switch self {
        case .notATerminal(let fileDescriptor):
            return "file descriptor \(fileDescriptor) is not a terminal; run sepia in a terminal (not through a pipe)"
        case .sessionAlreadyActive:
            return "a terminal session is already active"
        case .systemCallFailed(let name, let code):
            return "\(name) failed: \(String(cString: strerror(code)))"
        }
    }
}
