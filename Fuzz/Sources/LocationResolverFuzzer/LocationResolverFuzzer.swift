import Foundation
import LocationChecks
import SepiaPipeline

/// Fuzzes how one manifest row's URL or path becomes a location (`LocationResolver`, and the
/// name derived from it in `EntryNaming`), through the public `ManifestParser`: the input,
/// read as UTF-8 (invalid bytes become U+FFFD), is the one string of a JSON array manifest,
/// so any text reaches the resolver whatever its characters.
///
/// Checks: exactly one row with a non-empty name, for a local and for a remote manifest; a
/// remote manifest never yields a local file; web addresses are http(s) with a host; files
/// are absolute file URLs; reasons quote excerpts, so they stay short however long the text.
private let localManifest = URL(fileURLWithPath: "/srv/photos/manifest.json")
private let remoteManifest = URL(string: "https://example.com/photos/manifest.json")!
// The origins are made on each call, not kept in globals: Swift keeps the case of a
// multi-payload enum such as `ManifestOrigin` in spare bits of its payload's pointer, and
// LeakSanitizer, which finds references by their exact address, then takes the URL that a
// global `.remote(…)` holds for a leak.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocationResolver(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard let document = try? JSONSerialization.data(withJSONObject: [text]) else {
        preconditionFailure("cannot write a JSON array of one string")
    }
    for origin in [ManifestOrigin.local(localManifest), .remote(remoteManifest)] {
        let entries: [PhotoEntry]
        do {
            entries = try ManifestParser.parse(document, origin: origin)
        } catch {
            preconditionFailure("a one-row JSON manifest was refused: \(error)")
        }
        precondition(entries.count == 1, "\(entries.count) rows from one string")
        precondition(!entries[0].name.isEmpty, "a row without a name")
        LocationCheck.check(entries[0].location, origin: origin)
    }
    return 0
}
