import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

extension HTTPLoadError {
    /// Translates what AsyncHTTPClient, SwiftNIO and NIOSSL report for a request to `host`
    /// into a reason a user can read; a request through `proxy` that cannot reach it says so.
    init(_ error: any Error, host: String?, configuration: HTTPLoaderConfiguration, proxy: ProxyServer?) {
        self.init(error, host: host, configuration: configuration)
        if let proxy, case .unreachable(let detail) = self {
            self = .proxy("cannot connect to the proxy \(proxy): \(detail)")
        }
    }

    private init(_ error: any Error, host: String?, configuration: HTTPLoaderConfiguration) {
        if let error = error as? HTTPLoadError {
            self = error
            return
        }
        if let refusal = Self.certificateFailure(error, host: host) {
            self = refusal
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
            self = .connectTimedOut("after \(Self.seconds(configuration.connectTimeout))")
        case .readTimeout:
            self = .timedOut("waiting for data (nothing for \(Self.seconds(configuration.readTimeout)))")
        case .deadlineExceeded:
            self = .timedOut("after \(Self.seconds(configuration.totalTimeout))")
        case .invalidProxyResponse:
            self = .proxy("the proxy refused to connect to the server")
        case .proxyAuthenticationRequired:
            self = .proxy("the proxy asks for a user name and password")
        case .httpProxyHandshakeTimeout:
            self = .proxy("the proxy did not answer in time")
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
