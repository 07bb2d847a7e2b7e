import CZlib
import Foundation

/// Undoes a response's `Content-Encoding` as the body arrives: `gzip` (RFC 1952, several
/// members included) and `deflate` (RFC 1950's zlib format, or the raw RFC 1951 stream some
/// servers send instead), with zlib; the decoded body may not exceed a limit, so a small body
/// that inflates to gigabytes (a "gzip bomb") fails after `limit` bytes instead of filling
/// memory.
///
/// Not thread-safe: ``HTTPBodyCollector`` uses it under its lock.
final class HTTPContentDecoder: @unchecked Sendable {
    // @unchecked Sendable: the zlib stream is mutable state; its one user, `HTTPBodyCollector`,
    // only touches the decoder while holding its state's lock.
    /// A content coding this decoder undoes.
    enum Coding: String {
        case gzip
        case deflate
    }

    let coding: Coding
    private let limit: Int
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var isInitialised = false
    private var hasEnded = false
    /// Whether any byte of the encoded body arrived.
    private var hasInput = false
    /// The first byte of a `deflate` body, held until the second tells zlib's format from raw.
    private var heldByte: UInt8?
    private static let chunkSize = 64 * 1024

    /// The decoder for a response's `Content-Encoding`, nil when there is nothing to undo.
    /// - Throws: ``HTTPLoadError/encoding(_:)`` for a coding Sepia does not know (it asked for
    ///   gzip and deflate only).
    static func make(contentEncoding: String?, limit: Int) throws(HTTPLoadError) -> HTTPContentDecoder? {
        let codings = (contentEncoding ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        guard let name = codings.first else { return nil }
        let known = Coding(rawValue: name == "x-gzip" ? "gzip" : name)
        guard codings.count == 1, let coding = known else {
            throw .encoding("the server sent the body in a content coding Sepia cannot read (\(codings.joined(separator: ", ")))")
        }
        return HTTPContentDecoder(coding: coding, limit: limit)
    }

    private init(coding: Coding, limit: Int) {
        self.coding = coding
        self.limit = limit
        stream.initialize(to: z_stream())
    }

    deinit {
        if isInitialised { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Decodes the next part of the encoded body and appends what it yields to `body`.
    /// - Throws: ``HTTPLoadError/decodedTooLarge(limit:)`` once `body` would pass the limit,
    ///   ``HTTPLoadError/encoding(_:)`` for damaged data.
    func decode(_ input: UnsafeRawBufferPointer, appendingTo body: inout Data) throws(HTTPLoadError) {
        hasInput = hasInput || !input.isEmpty
        if !isInitialised {
            guard coding == .deflate else {
                try start(windowBits: 16 + MAX_WBITS)  // 16 + 15: gzip (zlib.h)
                return try inflate(input, appendingTo: &body)
            }
            guard let first = heldByte ?? input.first else { return }
            let rest = heldByte == nil ? UnsafeRawBufferPointer(rebasing: input.dropFirst()) : input
            guard let second = rest.first else {
                heldByte = first
                return
            }
            // 15: zlib's format; -15: a raw deflate stream (zlib.h).
            try start(windowBits: Self.isZlibHeader(first, second) ? MAX_WBITS : -MAX_WBITS)
            heldByte = nil
            var failure: HTTPLoadError?
            [first].withUnsafeBytes { held in
                do throws(HTTPLoadError) { try inflate(held, appendingTo: &body) } catch { failure = error }
            }
            if let failure { throw failure }
            return try inflate(rest, appendingTo: &body)
        }
        try inflate(input, appendingTo: &body)
    }

    /// Checks that the encoded body ended where its format says it ends. An empty body is an
    /// empty body, whatever its coding, as curl and browsers take it (a server that labels every
    /// answer `gzip`, an empty one too).
    /// - Throws: ``HTTPLoadError/encoding(_:)`` when it was cut short.
    func finish() throws(HTTPLoadError) {
        guard hasEnded || !hasInput else { throw .encoding("the \(coding.rawValue) body is cut short") }
    }

    /// zlib's two-byte header (RFC 1950 §2.2): method 8 (deflate), and a check value that
    /// makes the pair a multiple of 31.
    private static func isZlibHeader(_ first: UInt8, _ second: UInt8) -> Bool {
        first & 0x0F == 8 && (UInt16(first) << 8 | UInt16(second)) % 31 == 0
    }

    private func start(windowBits: Int32) throws(HTTPLoadError) {
        guard inflateInit2_(stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .encoding("cannot start decoding the \(coding.rawValue) body (out of memory)")
        }
        isInitialised = true
    }

    private func inflate(_ input: UnsafeRawBufferPointer, appendingTo body: inout Data) throws(HTTPLoadError) {
        var output = [UInt8](repeating: 0, count: Self.chunkSize)
        var remaining = input
        var outputFull = false
        while !remaining.isEmpty || outputFull {
            if hasEnded {
                // A second gzip member follows the first (RFC 1952 §2.2); anything after a
                // deflate stream is ignored, as browsers do.
                guard coding == .gzip, !remaining.isEmpty else { return }
                inflateReset(stream)
                hasEnded = false
            }
            let (status, consumed, produced) = output.withUnsafeMutableBytes { out in
                let start = remaining.baseAddress.map { UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: Bytef.self)) }
                stream.pointee.next_in = start
                stream.pointee.avail_in = uInt(min(remaining.count, Int(UInt32.max)))
                stream.pointee.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(out.count)
                let availableIn = stream.pointee.avail_in
                let status = CZlib.inflate(stream, Z_NO_FLUSH)
                return (status, Int(availableIn - stream.pointee.avail_in), out.count - Int(stream.pointee.avail_out))
            }
            stream.pointee.next_in = nil
            stream.pointee.next_out = nil
            // Z_BUF_ERROR only says that no progress was possible: zlib wants more input.
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw .encoding("the \(coding.rawValue) body is damaged (zlib: \(Self.message(status)))")
            }
            guard body.count + produced <= limit else { throw .decodedTooLarge(limit: limit) }
            body.append(contentsOf: output[..<produced])
            remaining = UnsafeRawBufferPointer(rebasing: remaining[(remaining.startIndex + consumed)...])
            if status == Z_STREAM_END { hasEnded = true }
            outputFull = produced == output.count && !hasEnded
            if status == Z_BUF_ERROR { return }
        }
    }

    private static func message(_ status: Int32) -> String {
        switch status {
        case Z_DATA_ERROR: "invalid compressed data"
        case Z_MEM_ERROR: "out of memory"
        case Z_NEED_DICT: "a preset dictionary is needed"
        default: "error \(status)"
        }
    }
}
