import Foundation

/// Turns Foundation's parser errors into the detail part of a `ManifestError` message.
enum ParserMessage {
    /// The message for a binary property list that cannot be read.
    static let damagedBinaryPropertyList = "the binary property list is damaged or truncated."

    /// The property list parser's own message, such as "Value missing for key inside <dict> at line 4.".
    ///
    /// For a damaged binary property list Foundation retries the bytes as an old-style text plist
    /// and reports that attempt's confusing error, so binary data gets a message of its own.
    static func propertyList(_ error: any Error, data: Data) -> String {
        if data.starts(with: Array("bplist".utf8)) {
            return damagedBinaryPropertyList
        }
        return sentence(debugDescription(of: error))
    }

    /// The JSON parser's own message, with "around character 42" (a byte offset) rewritten as
    /// "around line 3, column 7" so that it can be found in an editor.
    static func json(_ error: any Error, data: Data) -> String {
        let message = debugDescription(of: error)
        let marker = "around character "
        guard let markerRange = message.range(of: marker) else {
            return sentence(message)
        }
        let digits = message[markerRange.upperBound...].prefix(while: \.isNumber)
        guard let offset = Int(digits), offset <= data.count else {
            return sentence(message)
        }
        let position = linePosition(ofByteOffset: offset, in: data)
        let rewritten = message.replacingCharacters(
            in: markerRange.lowerBound..<message.index(markerRange.upperBound, offsetBy: digits.count),
            with: "around line \(position.line), column \(position.column)"
        )
        return sentence(rewritten)
    }

    /// The 1-based line and column (in bytes) of a 0-based byte offset.
    static func linePosition(ofByteOffset offset: Int, in data: Data) -> (line: Int, column: Int) {
        let before = data.prefix(offset)
        let newline = UInt8(ascii: "\n")
        let line = 1 + before.reduce(0) { $0 + ($1 == newline ? 1 : 0) }
        let lineStart = before.lastIndex(of: newline).map { $0 + 1 } ?? before.startIndex
        return (line, offset - (lineStart - data.startIndex) + 1)
    }

    private static func debugDescription(of error: any Error) -> String {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
    }

    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? text : text + "."
    }
}
