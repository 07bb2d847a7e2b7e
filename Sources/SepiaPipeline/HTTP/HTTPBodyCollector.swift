import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SepiaOperations

/// How one request of ``HTTPLoad`` ended: a resource, or a redirect to follow.
enum HTTPExchange: Sendable {
    /// The body (decoded), or `304 Not Modified` for a conditional request.
    case resource(HTTPResource)
    /// A 301, 302, 303, 307 or 308 and its `Location`, unresolved.
    case redirect(location: String)
}

/// Receives one response for ``HTTPLoader``: checks the status and the sizes, undoes the
/// `Content-Encoding`, reports progress and gathers the body.
///
/// A bad status or an oversized body fails the task at once, which closes the connection
/// instead of reading a body nobody wants. The limit holds for the announced length, the
/// bytes received and the decoded body alike; progress counts the bytes received. A
/// `partialBody` observer sees the (decoded) body so far after each part, for previews.
final class HTTPBodyCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    // @unchecked Sendable: the `let`s are immutable and Sendable; the mutable state, the
    // decoder included (a zlib stream, used by one call at a time), is only used under `state`'s lock.
    typealias Response = HTTPExchange

    /// What the collector has seen so far.
    private struct State {
        var body = Data()
        var received = 0
        var expectedLength: Int?
        var decoder: HTTPContentDecoder?
        var headers = HTTPCacheHeaders()
        var outcome: HTTPExchange?
    }

    private let limit: Int
    private let isConditional: Bool
    private let progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?
    private let partialBody: PartialBodyObserver?
    private let state = Locked(State())

    /// - Parameters:
    ///   - isConditional: whether the request carried validators, so that a 304 is an answer
    ///     rather than an error.
    ///   - partialBody: called after each part of a body with the body so far, outside the lock.
    init(
        limit: Int, isConditional: Bool, progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?,
        partialBody: PartialBodyObserver? = nil
    ) {
        self.limit = limit
        self.isConditional = isConditional
        self.progress = progress
        self.partialBody = partialBody
    }

    private static let redirectStatuses: Set<UInt> = [301, 302, 303, 307, 308]

    func didReceiveHead(task: HTTPClient.Task<HTTPExchange>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let code = head.status.code
        if Self.redirectStatuses.contains(code), let location = head.headers.first(name: "Location") {
            state.withLock { $0.outcome = .redirect(location: location) }
            return task.eventLoop.makeSucceededVoidFuture()
        }
        if code == 304, isConditional {
            state.withLock { $0.outcome = .resource(.notModified(HTTPCacheHeaders(head.headers))) }
            return task.eventLoop.makeSucceededVoidFuture()
        }
        guard (200..<300).contains(code) else {
            // RFC 9110 §10.2.3: Retry-After goes with 503, and RFC 6585 §4 with 429.
            let retryAfter =
                code == 429 || code == 503 ? head.headers.first(name: "Retry-After").flatMap { HTTPRetryAfter.seconds(from: $0) } : nil
            task.fail(reason: HTTPLoadError.status(code: Int(code), reason: head.status.reasonPhrase, retryAfter: retryAfter))
            return task.eventLoop.makeSucceededVoidFuture()
        }
        let expected = head.headers.first(name: "Content-Length").flatMap(Int.init)
        do throws(HTTPLoadError) {
            if let expected, expected > limit { throw .tooLarge(limit: limit) }
            let decoder = try HTTPContentDecoder.make(
                contentEncoding: head.headers[canonicalForm: "Content-Encoding"].joined(separator: ","), limit: limit)
            state.withLock {
                $0.expectedLength = expected
                $0.decoder = decoder
                $0.headers = HTTPCacheHeaders(head.headers)
                // A decoded body's size is unknown; an identity body's is announced.
                $0.body.reserveCapacity(decoder == nil ? expected ?? 0 : 0)
            }
        } catch {
            task.fail(reason: error)
            return task.eventLoop.makeSucceededVoidFuture()
        }
        progress?(0, expected)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<HTTPExchange>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let outcome = state.withLock { state -> Result<(received: Int, expected: Int?, body: Data?), HTTPLoadError>? in
            guard state.outcome == nil else { return nil }  // a redirect's or a 304's body: not wanted
            state.received += buffer.readableBytes
            do throws(HTTPLoadError) {
                guard state.received <= limit else { throw .tooLarge(limit: limit) }
                if let decoder = state.decoder {
                    var failure: HTTPLoadError?
                    buffer.withUnsafeReadableBytes { bytes in
                        do throws(HTTPLoadError) { try decoder.decode(bytes, appendingTo: &state.body) } catch { failure = error }
                    }
                    if let failure { throw failure }
                } else {
                    state.body.append(contentsOf: buffer.readableBytesView)
                }
            } catch {
                return .failure(error)
            }
            // A copy shares the buffer: the observer keeps it only for a preview it decodes.
            return .success((state.received, state.expectedLength, partialBody == nil ? nil : state.body))
        }
        switch outcome {
        case .success(let (received, expected, body)):
            progress?(received, expected)
            if let body { partialBody?(body, expected) }
        case .failure(let error): task.fail(reason: error)
        case nil: break
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<HTTPExchange>) throws -> HTTPExchange {
        try state.withLock { state throws(HTTPLoadError) -> HTTPExchange in
            if let outcome = state.outcome { return outcome }
            try state.decoder?.finish()
            return .resource(.modified(state.body, state.headers))
        }
    }
}
