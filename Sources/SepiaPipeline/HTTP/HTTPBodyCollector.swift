import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SepiaOperations

/// Receives one response for ``HTTPLoader``: checks the status and the size, reports
/// progress and gathers the body.
///
/// A bad status or an oversized body fails the task at once, which closes the connection
/// instead of reading a body nobody wants.
final class HTTPBodyCollector: HTTPClientResponseDelegate, Sendable {
    typealias Response = Data

    /// What the collector has seen so far.
    private struct State {
        var body = Data()
        var expectedLength: Int?
    }

    private let limit: Int
    private let progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?
    private let state = Locked(State())

    init(limit: Int, progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?) {
        self.limit = limit
        self.progress = progress
    }

    func didReceiveHead(task: HTTPClient.Task<Data>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        guard (200..<300).contains(head.status.code) else {
            let retryAfter = head.headers.first(name: "Retry-After").flatMap(TimeInterval.init)
            task.fail(
                reason: HTTPLoadError.status(
                    code: Int(head.status.code), reason: head.status.reasonPhrase, retryAfter: retryAfter))
            return task.eventLoop.makeSucceededVoidFuture()
        }
        let expected = head.headers.first(name: "Content-Length").flatMap(Int.init)
        if let expected, expected > limit {
            task.fail(reason: HTTPLoadError.tooLarge(limit: limit))
            return task.eventLoop.makeSucceededVoidFuture()
        }
        state.withLock {
            $0.expectedLength = expected
            $0.body.reserveCapacity(expected ?? 0)
        }
        progress?(0, expected)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Data>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let (received, expected) = state.withLock { state -> (Int, Int?) in
            let total = state.body.count + buffer.readableBytes
            if total <= limit { state.body.append(contentsOf: buffer.readableBytesView) }
            return (total, state.expectedLength)
        }
        if received > limit {
            task.fail(reason: HTTPLoadError.tooLarge(limit: limit))
        } else {
            progress?(received, expected)
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Data>) throws -> Data {
        state.withLock { $0.body }
    }
}
