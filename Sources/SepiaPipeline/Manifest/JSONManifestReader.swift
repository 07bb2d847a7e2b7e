import Foundation

/// Reads the entries of a JSON manifest of the usual shapes straight from its bytes: an object of
/// name → URL string, or an array of URL strings and `{name, url}` objects with string values
/// (and string placeholder fields, `blurhash`, `thumbhash`…).
///
/// Foundation's `JSONSerialization` builds an object per value first: 260 MB for a manifest of
/// a million entries, before a single entry exists. This reader makes the entries and nothing else.
/// It gives up (returns nil) on anything it does not take exactly as `StructuredManifest` would
/// (invalid JSON, other value types, a repeated key, a root that is neither), and the caller
/// reads the document with `StructuredManifest` instead, which also words the errors.
enum JSONManifestReader {
    /// The entries of `data`, or nil when `StructuredManifest` must read it.
    static func entries(_ data: Data) -> [RawManifestEntry]? {
        data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.document()
        }
    }

    /// A strict, recursive-descent JSON reader over UTF-8 bytes that fails with nil.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func document() -> [RawManifestEntry]? {
            skipWhiteSpace()
            let entries: [RawManifestEntry]?
            switch peek() {
            case UInt8(ascii: "{"): entries = dictionaryEntries()
            case UInt8(ascii: "["): entries = arrayEntries()
            default: return nil
            }
            skipWhiteSpace()
            return position == bytes.count ? entries : nil
        }

        /// `{"name": "url", …}`: entries sorted by key, as `StructuredManifest` sorts them.
        private mutating func dictionaryEntries() -> [RawManifestEntry]? {
            var pairs: [(name: String, url: String)] = []
            var seen = Set<String>()
            let complete = members { key, reader in
                guard reader.peek() == UInt8(ascii: "\""), let value = reader.string(), seen.insert(key).inserted else { return false }
                pairs.append((key, value))
                return true
            }
            guard complete else { return nil }
            seen = []  // a million keys: let them go before the sort and the entries need memory
            pairs.sort { $0.name < $1.name }
            return pairs.map { RawManifestEntry(name: $0.name, reference: .text($0.url)) }
        }

        /// `["url", {"name": …, "url": …}, …]`.
        private mutating func arrayEntries() -> [RawManifestEntry]? {
            var entries: [RawManifestEntry] = []
            let complete = sequence(closedBy: UInt8(ascii: "]")) { reader in
                switch reader.peek() {
                case UInt8(ascii: "\""):
                    guard let url = reader.string() else { return false }
                    entries.append(RawManifestEntry(name: nil, reference: .text(url)))
                case UInt8(ascii: "{"):
                    guard let entry = reader.objectEntry() else { return false }
                    entries.append(entry)
                default:
                    return false
                }
                return true
            }
            return complete ? entries : nil
        }

        /// `{"name": "…", "url": "…", "blurhash": "…", other keys ignored}`: the placeholder
        /// fields (`PlaceholderFields`) as text only, in `PlaceholderFields.keys` order.
        private mutating func objectEntry() -> RawManifestEntry? {
            var name: String?
            var url: String?
            var placeholders: [(key: String, text: String)] = []
            var seen = Set<String>()
            let complete = members { key, reader in
                guard seen.insert(key).inserted else { return false }
                switch key {
                case "name", "url":
                    guard reader.peek() == UInt8(ascii: "\""), let text = reader.string() else { return false }
                    if key == "name" { name = text } else { url = text }
                    return true
                case _ where PlaceholderFields.kind(ofKey: key) != nil:
                    guard reader.peek() == UInt8(ascii: "\""), let text = reader.string() else { return false }
                    placeholders.append((key, text))
                    return true
                default:
                    return reader.skipValue()
                }
            }
            guard complete else { return nil }
            let fields =
                placeholders.isEmpty
                ? []
                : PlaceholderFields.keys.compactMap { key in
                    placeholders.first { $0.key == key }.flatMap { PlaceholderFields.placeholder(key: key, value: $0.text) }
                }
            guard let url else {
                return RawManifestEntry(name: name, reference: .unusable(reason: "the entry has no \"url\""), placeholders: fields)
            }
            return RawManifestEntry(name: name, reference: .text(url), placeholders: fields)
        }

        /// Reads an object's members, handing each key to `member` with the reader placed at
        /// its value, which `member` must read; false when anything is off.
        private mutating func members(_ member: (String, inout Reader) -> Bool) -> Bool {
            sequence(closedBy: UInt8(ascii: "}")) { reader in
                guard reader.peek() == UInt8(ascii: "\""), let key = reader.string() else { return false }
                reader.skipWhiteSpace()
                guard reader.next() == UInt8(ascii: ":") else { return false }
                reader.skipWhiteSpace()
                return member(key, &reader)
            }
        }

        /// Reads the comma-separated items between the opening byte at `position` and `close`,
        /// calling `item` with the reader at each; false when anything is off.
        private mutating func sequence(closedBy close: UInt8, _ item: (inout Reader) -> Bool) -> Bool {
            position += 1
            skipWhiteSpace()
            if peek() == close {
                position += 1
                return true
            }
            while true {
                skipWhiteSpace()
                guard item(&self) else { return false }
                skipWhiteSpace()
                switch next() {
                case UInt8(ascii: ","): continue
                case close: return true
                default: return false
                }
            }
        }

        /// Skips any JSON value, checking its grammar.
        private mutating func skipValue() -> Bool {
            switch peek() {
            case UInt8(ascii: "\""):
                return string() != nil
            case UInt8(ascii: "{"):
                return members { _, reader in reader.skipValue() }
            case UInt8(ascii: "["):
                return sequence(closedBy: UInt8(ascii: "]")) { $0.skipValue() }
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
            position += count
            return true
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        private mutating func number() -> Bool {
            if peek() == UInt8(ascii: "-") { position += 1 }
            if peek() == UInt8(ascii: "0") {
                position += 1
            } else if !digits() {
                return false
            }
            if peek() == UInt8(ascii: ".") {
                position += 1
                guard digits() else { return false }
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                position += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
                guard digits() else { return false }
            }
            return true
        }

        /// One or more decimal digits.
        private mutating func digits() -> Bool {
            let start = position
            while let byte = peek(), (0x30...0x39).contains(byte) { position += 1 }
            return position > start
        }

        /// A string at `position` (its opening quote), unescaped; nil for invalid JSON or UTF-8.
        private mutating func string() -> String? {
            position += 1
            let start = position
            var hasEscapes = false
            while true {
                guard let byte = next() else { return nil }
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 { return nil }
                if byte == UInt8(ascii: "\\") {
                    hasEscapes = true
                    guard next() != nil else { return nil }
                }
            }
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])
            return hasEscapes ? Self.unescape(raw) : String(validating: raw, as: UTF8.self)
        }

        /// The text of a string's contents with its escapes replaced; nil when one is invalid.
        private static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
            var out: [UInt8] = []
            out.reserveCapacity(raw.count)
            var index = 0
            func hex4() -> UInt32? {
                guard index + 4 <= raw.count else { return nil }
                var value: UInt32 = 0
                for byte in raw[index..<(index + 4)] {
                    guard let digit = hexValue(byte) else { return nil }
                    value = value << 4 | digit
                }
                index += 4
                return value
            }
            while index < raw.count {
                let byte = raw[index]
                index += 1
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)
                    continue
                }
                let escape = raw[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var value = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(value) {
                        // A high surrogate must be followed by an escaped low one.
                        guard index + 2 <= raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u") else {
                            return nil
                        }
                        index += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(value) else { return nil }
                    out.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    return nil
                }
            }
            return String(validating: out, as: UTF8.self)
        }

        private static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case 0x30...0x39: UInt32(byte - 0x30)
            case 0x41...0x46: UInt32(byte - 0x41 + 10)
            case 0x61...0x66: UInt32(byte - 0x61 + 10)
            default: nil
            }
        }

        private func peek() -> UInt8? {
            position < bytes.count ? bytes[position] : nil
        }

        private mutating func next() -> UInt8? {
            defer { position += 1 }
            return peek()
        }

        private mutating func skipWhiteSpace() {
            while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
        }
    }
}
