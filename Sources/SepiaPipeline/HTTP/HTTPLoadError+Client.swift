import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

extension HTTPLoadError {
    /// Translates what AsyncHTTPClient and SwiftNIO report into a reason a user can read.
    init(_ error: any Error, configuration: HTTPLoaderConfiguration) {
        if let error = error as? HTTPLoadError {
            self = error
            return
        }
        if let connectError = error as? NIOConnectionError {
            self = .unreachable(
                connectError.connectionErrors.first.map { String(describing: $0.error) }
                    ?? "no address for \(connectError.host)")
            return
        }
        if let parserError = error as? HTTPParserError {
            self =
                parserError == .invalidEOFState
                ? .connection("the server closed the connection before the whole body arrived")
                : .connection("the server's answer is not valid HTTP (\(parserError))")
            return
        }
        if let ioError = error as? IOError {
            self = .unreachable(String(cString: strerror(ioError.errnoCode)))
            return
        }
        guard let clientError = error as? HTTPClientError else {
            self = .connection(String(describing: error))
            return
        }
        switch clientError {
        case .cancelled:
            self = .cancelled
        case .connectTimeout, .getConnectionFromPoolTimeout:
            self = .timedOut("connecting (after \(Self.seconds(configuration.connectTimeout)))")
        case .readTimeout:
            self = .timedOut("waiting for data (nothing for \(Self.seconds(configuration.readTimeout)))")
        case .deadlineExceeded:
            self = .timedOut("after \(Self.seconds(configuration.totalTimeout))")
        case .redirectLimitReached:
            self = .redirects("more than \(configuration.maximumRedirects) redirects")
        case .redirectCycleDetected:
            self = .redirects("the redirects go round in a loop")
        case .remoteConnectionClosed, .bodyLengthMismatch:
            self = .connection("the server closed the connection before the whole body arrived")
        default:
            self = .connection(String(describing: clientError))
        }
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
