import CGtk
import CSepiaGtk
import Dispatch
import SepiaImaging
import SepiaList
import SepiaOperations

/// Makes row thumbnails: a record's image (or its preview or placeholder while the photo is on its way)
/// scaled to the thumbnail's box at the display's scale, off the main thread, then a `GdkMemoryTexture` of its RGBA pixels on the main
/// thread, shown only if the row widgets still want it.
@MainActor
enum Thumbnails {
    /// Where images are scaled: work the user waits on.
    private static let worker = QualityOfServiceQueue.userInitiated.queue

    /// Shows `record`'s picture (its image, else its preview while it downloads, else its
    /// placeholder while it waits for its photo: `PhotoRecord.shownImage()`) in `widgets` at the
    /// scale of their display; nothing happens when they show it already or are making it. The
    /// placeholder is drawn on the worker, with the scaling.
    static func show(_ record: PhotoRecord, key: ThumbnailKey?, in widgets: PhotoRowWidgets) {
        guard record.image != nil || record.preview != nil || record.showsPlaceholder, let key else {
            if widgets.thumbnailKey != nil {
                widgets.thumbnailKey = nil
                widgets.setThumbnail(nil)
            }
            return
        }
        guard widgets.thumbnailKey != key else { return }
        // The previous thumbnail (the unfiltered photo) stays until this one is ready.
        widgets.thumbnailKey = key
        let box = PixelSize(
            width: PhotoRowWidgets.thumbnailSize.width * key.scale, height: PhotoRowWidgets.thumbnailSize.height * key.scale)
        worker.async {
            guard let image = record.shownImage() else { return }
            // A preview or a placeholder is coarse by design: scaled up to the box like a photo would be.
            let scaled = framed(image.resized(toFit: box, allowUpscaling: record.image == nil), in: box)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard widgets.thumbnailKey == key, let texture = texture(of: scaled) else { return }
                    widgets.setThumbnail(texture)
                    g_object_unref(texture.object)  // the picture holds its own reference
                    ResponsivenessProbe.active?.thumbnailShown()
                }
            }
        }
    }

    /// `image` (no larger than `box`) in the middle of a transparent picture of `box`'s size.
    /// A `GtkPicture` asks for the width its paintable's shape gives at the row's height, so a
    /// thumbnail wider than the box's 4:3 would widen its picture and push the row's text aside;
    /// framed, every thumbnail has the box's shape.
    nonisolated static func framed(_ image: RGBAImage, in box: PixelSize) -> RGBAImage {
        guard image.width != box.width || image.height != box.height else { return image }
        var canvas = [UInt8](repeating: 0, count: box.width * box.height * RGBAImage.bytesPerPixel)
        let left = (box.width - image.width) / 2
        let top = (box.height - image.height) / 2
        let rowBytes = image.width * RGBAImage.bytesPerPixel
        for y in 0..<image.height {
            let source = y * image.bytesPerRow
            let destination = ((top + y) * box.width + left) * RGBAImage.bytesPerPixel
            canvas[destination..<(destination + rowBytes)] = image.pixels[source..<(source + rowBytes)]
        }
        return RGBAImage(width: box.width, height: box.height, pixels: canvas)
    }

    /// A texture of `image`'s pixels (straight alpha, as GDK's R8G8B8A8), or nil if GDK
    /// refuses it. The caller owns the reference.
    static func texture(of image: RGBAImage) -> OpaquePointer? {
        image.pixels.withUnsafeBytes { pixels in
            guard let bytes = g_bytes_new(pixels.baseAddress, gsize(pixels.count)) else { return nil }
            defer { g_bytes_unref(bytes) }
            return gdk_memory_texture_new(gint(image.width), gint(image.height), GDK_MEMORY_R8G8B8A8, bytes, gsize(image.bytesPerRow))
        }
    }
}
