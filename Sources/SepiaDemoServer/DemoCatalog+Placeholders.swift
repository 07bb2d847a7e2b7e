import Dispatch
import Foundation
import SepiaDemoContent
package import SepiaImaging
import SepiaOperations

extension DemoCatalog {
    /// The placeholders a manifest gives for one entry: a ThumbHash (base64) and a BlurHash
    /// (4×3 components) of the photo the entry serves.
    package struct Placeholders: Sendable, Hashable {
        /// The ThumbHash, in base64.
        package let thumbHash: String
        /// The BlurHash.
        package let blurHash: String
    }

    /// The side of the box the scene is drawn into for its hashes. The server draws and hashes
    /// every entry before it prints its addresses, so the box is small enough for a catalog of
    /// thousands to start at once; the hashes, a few low-frequency components, then draw a
    /// picture close to the served photo's own hash, not equal to it (the scene's details
    /// differ with the size it is drawn at).
    static let placeholderBox = PixelSize(square: 16)

    /// The placeholders of each entry in ``entries``' order: those of the scene each good photo
    /// (and the slow one, a good photo late) shows, drawn at `photoSize`'s aspect ratio; nil
    /// for the other broken entries, whose photos never arrive; the animated photo's are those
    /// of its first frame, what a row shows of it. Computed on every core.
    package func placeholders(photoSize: PixelSize) -> [Placeholders?] {
        let size = photoSize.aspectFit(in: Self.placeholderBox, allowUpscaling: true)
        let results = Locked([Placeholders?](repeating: nil, count: entries.count))
        let entries = self.entries
        DispatchQueue.concurrentPerform(iterations: entries.count) { index in
            let entry = entries[index]
            let scene: RGBAImage
            switch entry.kind {
            case .photo, .slow, .progressive: scene = PhotoGenerator(seed: entry.imageSeed).render(width: size.width, height: size.height)
            case .animated: scene = PhotoStore.panFrames(seed: entry.imageSeed, size: size)[0]
            case .noURL, .notFound, .corrupt, .html, .truncated: return
            }
            let made = Placeholders(
                thumbHash: ThumbHashEncoder.encode(scene).base64EncodedString(),
                blurHash: BlurHashEncoder.encode(scene, columns: 4, rows: 3))
            results.withLock { $0[index] = made }
        }
        return results.withLock { $0 }
    }
}
