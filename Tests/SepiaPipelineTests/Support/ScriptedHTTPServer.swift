import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import SepiaOperations

/// A loopback HTTP/1.1 server for tests whose every answer comes from a closure: it records
/// each request's head and counts connections (open now, and the most open at once).
final class ScriptedHTTPServer: Sendable {
    /// A request as the server saw it.
    struct Request: Sendable {
        var method: HTTPMethod
        var uri: String
        var headers: HTTPHeaders
    }

    /// An answer: status, headers, body, how long to wait before sending it, and how fast.
    struct Response: Sendable {
        var status: HTTPResponseStatus = .ok
        var headers: [(String, String)] = []
        var body = Data()
        var delay: TimeInterval = 0
        /// The body in parts of `bytes`, each `interval` after the one before; nil for all at once.
        var pace: (bytes: Int, interval: TimeInterval)?
    }

    private struct Counters {
        var requests: [Request] = []
        var openConnections = 0
        var peakConnections = 0
    }

    /// The port it listens on, on 127.0.0.1.
    let port: Int
    private let channel: any Channel
    private let counters: Locked<Counters>

    private init(port: Int, channel: any Channel, counters: Locked<Counters>) {
        self.port = port
        self.channel = channel
        self.counters = counters
    }

    /// Starts a server on a free loopback port.
    static func start(_ respond: @escaping @Sendable (Request) -> Response) async throws -> ScriptedHTTPServer {
        let counters = Locked(Counters())
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(respond: respond, counters: counters))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return ScriptedHTTPServer(port: channel.localAddress!.port!, channel: channel, counters: counters)
    }

    /// `http://127.0.0.1:PORT` + `path`.
    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Every request so far, in order.
    var requests: [Request] { counters.withLock { $0.requests } }
    /// The most connections that were open at once.
    var peakConnections: Int { counters.withLock { $0.peakConnections } }

    /// Stops listening.
    func stop() async {
        try? await channel.close()
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        // @unchecked Sendable: used on its channel's event loop only.
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        private let respond: @Sendable (Request) -> Response
        private let counters: Locked<Counters>
        private var head: HTTPRequestHead?

        init(respond: @escaping @Sendable (Request) -> Response, counters: Locked<Counters>) {
            self.respond = respond
            self.counters = counters
        }

        func channelActive(context: ChannelHandlerContext) {
            counters.withLock {
                $0.openConnections += 1
                $0.peakConnections = max($0.peakConnections, $0.openConnections)
            }
            context.fireChannelActive()
        }

        func channelInactive(context: ChannelHandlerContext) {
            counters.withLock { $0.openConnections -= 1 }
            context.fireChannelInactive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): self.head = head
            case .body: break
            case .end:
                guard let head else { return }
                let request = Request(method: head.method, uri: head.uri, headers: head.headers)
                counters.withLock { $0.requests.append(request) }
                let response = respond(request)
                let context = NIOLoopBound(context, eventLoop: context.eventLoop)
                let send = { [self] in write(response, keepAlive: head.isKeepAlive, context: context.value) }
                if response.delay > 0 {
                    context.value.eventLoop.scheduleTask(in: .milliseconds(Int64(response.delay * 1000))) { send() }
                } else {
                    send()
                }
            }
        }

        private func write(_ response: Response, keepAlive: Bool, context: ChannelHandlerContext) {
            var headers = HTTPHeaders(response.headers)
            if !headers.contains(name: "Content-Length") { headers.add(name: "Content-Length", value: String(response.body.count)) }
            headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: response.status, headers: headers))), promise: nil)
            guard let pace = response.pace, pace.bytes > 0 else {
                if !response.body.isEmpty {
                    context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
                }
                return end(keepAlive: keepAlive, context: context)
            }
            context.flush()
            writeParts(of: response.body, from: 0, pace: pace, keepAlive: keepAlive, context: context)
        }

        /// Writes the body from `offset` a part at a time, then ends the response; stops if the
        /// client went away.
        private func writeParts(
            of body: Data, from offset: Int, pace: (bytes: Int, interval: TimeInterval), keepAlive: Bool, context: ChannelHandlerContext
        ) {
            guard context.channel.isActive else { return }
            guard offset < body.count else { return end(keepAlive: keepAlive, context: context) }
            let part = body[offset..<min(offset + pace.bytes, body.count)]
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: part)))), promise: nil)
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: .milliseconds(Int64(pace.interval * 1000))) { [self] in
                writeParts(of: body, from: offset + part.count, pace: pace, keepAlive: keepAlive, context: bound.value)
            }
        }

        private func end(keepAlive: Bool, context: ChannelHandlerContext) {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
                if !keepAlive { context.close(promise: nil) }
            }
        }
    }
}
