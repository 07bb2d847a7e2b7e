import Foundation
import SepiaPipeline

/// What the user opens in the running window (files chosen in a file chooser, files, folders or
/// text dropped on the window), turned into sources as the command line gives them to
/// ``PhotoSource``.
///
/// A local file is named by its path's bytes: a name that is not UTF-8 (Linux allows any byte
/// but "/" and NUL) becomes a `file:` URL escaping those bytes, so that the file is still found
/// (``PhotoSource/location(ofArgument:)``); any other path is its text, as on the command line.
/// Text is one source a line (text/uri-list's "#" comment lines and blank lines are passed
/// over): an http(s) URL or a `file:` URI. Anything else is refused as a whole, with a sentence
/// that says why, and nothing is opened.
enum OpenedSources {
    /// A file as GIO gives it: its local path's bytes (nil when it has none, as an http(s) URL
    /// dropped from a browser has) and its URI.
    struct File: Equatable {
        var path: [UInt8]?
        var uri: String
    }

    /// Why something cannot be opened, in a sentence for the status line (plain text: it may
    /// quote what was dropped).
    struct Refusal: Error, Equatable {
        let message: String
    }

    /// The sources of `files`: local paths, or the http(s) URLs of files that have no path.
    static func sources(of files: [File]) -> Result<[String], Refusal> {
        var sources: [String] = []
        for file in files {
            if let path = file.path {
                sources.append(PhotoSource.location(ofArgument: path))
            } else if isWebURL(file.uri) {
                sources.append(file.uri)
            } else {
                return .failure(Refusal(message: "Cannot open \(excerpt(file.uri)): it is neither a local file nor an http(s) URL."))
            }
        }
        return sources.isEmpty ? .failure(Refusal(message: "Nothing to open was dropped.")) : .success(sources)
    }

    /// The sources of dropped `text`: each line an http(s) URL or a `file:` URI.
    static func sources(ofText text: String) -> Result<[String], Refusal> {
        var sources: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let item = line.trimmingCharacters(in: .whitespaces)
            guard !item.isEmpty, !item.hasPrefix("#") else { continue }
            if isWebURL(item) {
                sources.append(item)
            } else if let local = localSource(ofFileURI: item) {
                sources.append(local)
            } else {
                return .failure(
                    Refusal(message: "Cannot open the text dropped: \(excerpt(item)) is not an http(s) URL or a file: URI."))
            }
        }
        return sources.isEmpty ? .failure(Refusal(message: "Nothing to open was dropped.")) : .success(sources)
    }

    /// Whether `text` is an http or https URL with a host.
    private static func isWebURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host?.isEmpty == false
    }

    /// The source of a `file:` URI of this machine (no host, or `localhost`): its path when the
    /// path is UTF-8, the URI itself otherwise (``PhotoSource`` reads its escaped bytes); nil for
    /// any other text.
    private static func localSource(ofFileURI text: String) -> String? {
        guard let url = URL(string: text), url.scheme?.lowercased() == "file" else { return nil }
        guard (url.host ?? "").isEmpty || url.host?.lowercased() == "localhost" else { return nil }
        let escaped = url.path(percentEncoded: true)
        guard escaped.hasPrefix("/") else { return nil }
        return escaped.removingPercentEncoding ?? text
    }

    /// `text` quoted and cut to a length a status line shows.
    private static func excerpt(_ text: String) -> String {
        let limit = 80
        return "“" + (text.count > limit ? String(text.prefix(limit)) + "…" : text) + "”"
    }
}
