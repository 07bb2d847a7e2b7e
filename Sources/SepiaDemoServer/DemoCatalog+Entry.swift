package import Foundation
package import SepiaImaging

extension DemoCatalog {
    /// One row of the manifests: a name and where its image is (or is not).
    package struct Entry: Sendable, Hashable {
        /// What the server does when this entry's URL is requested.
        package enum Kind: Sendable, Hashable, CustomStringConvertible {
            /// A good generated photo in the given format.
            case photo(ImageFormat)
            /// The manifest gives the string `"NO URL"` instead of a URL, as ClassicPhotos' does.
            case noURL
            /// The URL answers `404 Not Found`.
            case notFound
            /// A JPEG header followed by garbage, served as `image/jpeg`: it cannot be decoded.
            case corrupt
            /// An HTML page served as `image/jpeg`.
            case html
            /// `Content-Length` announces a whole JPEG, only half is sent, then the connection
            /// is closed.
            case truncated
            /// A good JPEG, sent only after `DemoServerConfiguration.slowDelay`.
            case slow
            /// A good photo, a progressive JPEG sent at `DemoServerConfiguration.progressiveBandwidth`
            /// at most, so that a client shows its first scans as a preview before the photo.
            case progressive
            /// A good photo, an animated WebP drawn in code: frames panning across one scene.
            case animated

            /// The broken kinds, in the order they appear in the catalog.
            package static let brokenKinds: [Kind] = [.noURL, .notFound, .corrupt, .html, .truncated, .slow]

            /// True for every kind but `.photo`, `.progressive` and `.animated`.
            package var isBroken: Bool {
                switch self {
                case .photo, .progressive, .animated: false
                default: true
                }
            }

            /// A short lowercase label, as in "photo (JPEG)" or "truncated".
            package var description: String {
                switch self {
                case .photo(let format): "photo (\(format))"
                case .noURL: "no URL"
                case .notFound: "not found"
                case .corrupt: "corrupt JPEG"
                case .html: "HTML page"
                case .truncated: "truncated"
                case .slow: "slow"
                case .progressive: "progressive JPEG"
                case .animated: "animated WebP"
                }
            }
        }

        /// The string the manifests give instead of a URL for a `.noURL` entry.
        package static let missingURLText = "NO URL"

        /// The unique display name, e.g. "Misty Fjord 17" or "Broken: truncated".
        package let name: String
        /// The absolute path of the image on the server, e.g. `/photos/17.jpg`; nil for `.noURL`.
        package let path: String?
        /// What the server does when the image is requested.
        package let kind: Kind
        /// The seed of the scene served for this entry (photos, truncated and slow entries)
        /// or of its garbage (corrupt entry).
        let imageSeed: UInt64

        /// The image's URL on a server at `baseURL`; nil for `.noURL`.
        package func url(relativeTo baseURL: URL) -> URL? {
            guard let path else { return nil }
            return URL(string: String(path.drop(while: { $0 == "/" })), relativeTo: baseURL)?.absoluteURL
        }

        /// What the manifests list for this entry: its absolute URL, or `"NO URL"`.
        package func manifestURLString(relativeTo baseURL: URL) -> String {
            url(relativeTo: baseURL)?.absoluteString ?? Self.missingURLText
        }
    }
}
