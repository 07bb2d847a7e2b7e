import Foundation

/// Gives every row a name that is never empty and unique within its manifest.
///
/// A row keeps the name the document gives it. Otherwise it is named after the last path
/// component of its URL or path, without extension and percent-decoded ("My%20Cat.jpg" gives
/// "My Cat"); a URL without a path component ("https://example.com/") names the row as a whole;
/// a row with no text at all becomes "Untitled 1", "Untitled 2", … in document order.
/// Repeated names then get " (2)", " (3)", … in document order, skipping any suffixed
/// name the document already uses.
enum EntryNaming {
    /// The final names of `rows`, in the same order.
    static func names(of rows: [ManifestRow]) -> [String] {
        var untitledCount = 0
        let names = rows.map { row -> String in
            if let name = row.name {
                return name
            }
            if case .text(let text) = row.reference, !text.isEmpty {
                return derivedName(from: text) ?? text
            }
            untitledCount += 1
            return "Untitled \(untitledCount)"
        }
        return uniqued(names)
    }

    /// The last path component of a URL or path, without query, fragment or extension,
    /// percent-decoded; nil when there is no path component.
    static func derivedName(from reference: String) -> String? {
        var rest = Substring(reference)
        if let scheme = LocationResolver.scheme(of: reference) {
            rest = rest.dropFirst(scheme.count + 1)
            if rest.hasPrefix("//") {
                rest = rest.dropFirst(2).drop { $0 != "/" }
            }
        }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            rest = rest[..<end]
        }
        guard var component = rest.split(separator: "/").last else { return nil }
        if let dot = component.lastIndex(of: "."), dot != component.startIndex {
            component = component[..<dot]
        }
        let decoded = String(component).removingPercentEncoding ?? String(component)
        let name = decoded.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }

    /// `names` with every repeat suffixed " (2)", " (3)", … so that no two are equal.
    static func uniqued(_ names: [String]) -> [String] {
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
