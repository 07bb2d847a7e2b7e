import Foundation
import LocationChecks
import SepiaPipeline

/// Fuzzes `ManifestParser.parse` with arbitrary documents: binary and XML property lists, JSON
/// dictionaries and arrays, text lists of URLs and anything else, found by content as in
/// production. Each input is read as a local manifest and as a remote one.
///
/// Checks, beyond no crash: failures are `ManifestError`s; every row has a non-empty name, names
/// are unique and in natural order; a remote manifest never yields a local file; web addresses
/// are http(s) with a host and files have absolute paths; when both readings succeed they have
/// the same names (names depend on the document, not on where it came from).
private let localManifest = URL(fileURLWithPath: "/srv/photos/manifest.plist")
private let remoteManifest = URL(string: "https://example.com/photos/manifest.json")!
// The origins are made on each call, not kept in globals: Swift keeps the case of a
// multi-payload enum such as `ManifestOrigin` in spare bits of its payload's pointer, and
// LeakSanitizer, which finds references by their exact address, then takes the URL that a
// global `.remote(…)` holds for a leak.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifestParser(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let local = parse(data, origin: .local(localManifest))
    let remote = parse(data, origin: .remote(remoteManifest))
    if let local, let remote {
        precondition(local.map(\.name).sorted() == remote.map(\.name).sorted(), "names depend on the origin")
    }
    return 0
}

/// The entries of `data`, checked, or nil when the document as a whole was refused.
private func parse(_ data: Data, origin: ManifestOrigin) -> [PhotoEntry]? {
    let entries: [PhotoEntry]
    do {
        entries = try ManifestParser.parse(data, origin: origin)
    } catch {
        precondition(error is ManifestError, "unexpected error type: \(error)")
        return nil
    }
    precondition(!entries.isEmpty, "no rows and no error")
    precondition(Set(entries.map(\.name)).count == entries.count, "duplicate names")
    let keys = entries.map { NaturalSortKey($0.name) }
    precondition(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "rows out of order")
    for entry in entries {
        precondition(!entry.name.isEmpty, "a row without a name")
        LocationCheck.check(entry.location, origin: origin)
    }
    return entries
}
