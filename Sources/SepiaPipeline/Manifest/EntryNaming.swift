import Foundation

/// Gives every entry a name that is never empty and unique within its manifest.
///
/// An entry keeps the name the document gives it. Otherwise it is named after the last path
/// component of its URL or path, without extension and percent-decoded ("My%20Cat.jpg" gives
/// "My Cat"); a URL without a path component ("https://example.com/") names the entry as a whole;
/// an entry with no text at all becomes "Untitled 1", "Untitled 2", … in document order.
/// Repeated names then get " (2)", " (3)", …, skipping any suffixed name the document
/// already uses: names the document gives keep their text before derived names do, and
/// otherwise the first in document order keeps it.
enum EntryNaming {
    /// The final names of `entries`, in the same order.
    static func names(of entries: [RawManifestEntry]) -> [String] {
        var untitledCount = 0
        var names = entries.map { entry -> String in
            if let name = entry.name {
                return name
            }
            if case .text(let text) = entry.reference, !text.isEmpty {
                return derivedName(from: text) ?? text
            }
            untitledCount += 1
            return "Untitled \(untitledCount)"
        }
        let claimOrder = entries.indices.filter { entries[$0].name != nil } + entries.indices.filter { entries[$0].name == nil }
        for (index, unique) in zip(claimOrder, uniqued(claimOrder.map { names[$0] })) {
            names[index] = unique
        }
        return names
    }

    /// The last path component of a URL or path, without query, fragment or extension,
    /// percent-decoded; nil when there is no path component.
    static func derivedName(from reference: String) -> String? {
        var rest = Substring(reference)
        if let scheme = LocationResolver.scheme(of: reference) {
            rest = rest.dropFirst(scheme.count + 1)
            if rest.hasPrefix("//") {
                let authority = rest.dropFirst(2)
                rest = authority[(authority.utf8.firstIndex(of: slash) ?? authority.endIndex)...]
            }
        }
        if let end = rest.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            rest = rest[..<end]
        }
        while rest.utf8.last == slash {
            rest = rest.dropLast()
        }
        var component = rest[(rest.utf8.lastIndex(of: slash).map(rest.utf8.index(after:)) ?? rest.startIndex)...]
        if let dot = component.utf8.lastIndex(of: UInt8(ascii: ".")), dot != component.startIndex {
            component = component[..<dot]
        }
        let decoded =
            component.utf8.contains(UInt8(ascii: "%")) ? component.removingPercentEscapes() ?? String(component) : String(component)
        let name = decoded.trimmingWhiteSpace()
        return name.isEmpty ? nil : String(name)
    }

    private static let slash = UInt8(ascii: "/")

    /// `names` with every repeat after the first suffixed " (2)", " (3)", … so that no two are equal.
    static func uniqued(_ names: [String]) -> [String] {
        // Most manifests repeat no name: then no set of every name is needed.
        var seen = Set<String>(minimumCapacity: names.count)
        guard !names.allSatisfy({ seen.insert($0).inserted }) else { return names }
        var taken = Set(names)
        var firstUses = Set<String>()
        var nextSuffix: [String: Int] = [:]
        return names.map { name in
            if firstUses.insert(name).inserted {
                return name
            }
            var suffix = nextSuffix[name, default: 2]
            while taken.contains("\(name) (\(suffix))") {
                suffix += 1
            }
            nextSuffix[name] = suffix + 1
            let unique = "\(name) (\(suffix))"
            taken.insert(unique)
            return unique
        }
    }
}
