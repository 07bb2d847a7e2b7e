import Foundation

// `HTTPContentDecoder` is internal (only `HTTPLoader` uses it) and no public call reaches it
// without a server: the harness imports the module as a test does, which the fuzz build (a
// debug build, compiled for testing) allows.
@testable import SepiaPipeline

/// Feeds arbitrary bytes to `HTTPContentDecoder` as a `gzip` body and as a `deflate` body,
/// once whole and once in two parts split where the first byte says (as the body arrives from
/// the network, in chunks).
///
/// Checks, beyond no crash: the decoded body never exceeds the limit, even when decoding
/// fails; a failure is a damaged or cut-short body (a sentence naming the coding) or the
/// limit's own error; a body decoded whole and in parts gives the same bytes or both fail.
private let limit = 100_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentDecoder(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let split = bytes.first.map { Int($0) % (count + 1) } ?? 0
    for coding in ["gzip", "deflate"] {
        let whole = decode(bytes, as: coding, parts: [bytes.count])
        let parted = decode(bytes, as: coding, parts: [split, bytes.count - split])
        switch (whole, parted) {
        case (.success(let one), .success(let other)):
            precondition(one == other, "\(coding): \(one.count) bytes whole, \(other.count) in parts split at \(split)")
        case (.failure, .failure):
            break
        case (.success, .failure(let error)), (.failure(let error), .success):
            preconditionFailure("\(coding): only one way of feeding the body fails (split at \(split)): \(error)")
        }
    }
    return 0
}

/// Decodes `bytes` as `coding` fed in parts of the given sizes, then finishes.
private func decode(_ bytes: UnsafeRawBufferPointer, as coding: String, parts: [Int]) -> Result<Data, HTTPLoadError> {
    var body = Data()
    defer { precondition(body.count <= limit, "\(coding): \(body.count) bytes decoded, over the limit of \(limit)") }
    do throws(HTTPLoadError) {
        guard let decoder = try HTTPContentDecoder.make(contentEncoding: coding, limit: limit) else {
            preconditionFailure("\(coding) needs a decoder")
        }
        var offset = 0
        for size in parts {
            try decoder.decode(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + size]), appendingTo: &body)
            offset += size
        }
        try decoder.finish()
        return .success(body)
    } catch {
        switch error {
        case .decodedTooLarge(limit):
            break
        case .encoding(let sentence):
            precondition(sentence.contains(coding), "\(coding): the error does not name the coding: \(sentence)")
        default:
            preconditionFailure("\(coding): unexpected error \(error)")
        }
        return .failure(error)
    }
}
