import CSepiaCodecs

/// A Little CMS transform from one ICC profile to sRGB, for pixels laid out as its `Layout`.
///
/// Made with `cmsFLAGS_NOCACHE`, so the transform keeps no state between calls and one instance
/// converts images on several threads at once; `ColorTransformCache` shares it that way.
final class ColorTransform: @unchecked Sendable {  // the lcms2 transform is immutable once made (NOCACHE)
    /// What the pixels handed to a transform hold, 4 bytes a pixel.
    enum Layout: Hashable, Sendable {
        /// RGB and alpha (kept).
        case rgba
        /// Grey in the first byte (the other two equal to it) and alpha (kept): the decoders'
        /// RGBA form of a grey image.
        case grayAsRGBA
        /// CMYK as stored (inverted: 255 - ink, as Adobe writes JPEGs); alpha becomes 255.
        case cmyk(inverted: Bool)

        var shimLayout: sepia_color_layout {
            switch self {
            case .rgba: SEPIA_COLOR_LAYOUT_RGBA
            case .grayAsRGBA: SEPIA_COLOR_LAYOUT_GRAY_AS_RGBA
            case .cmyk(let inverted): inverted ? SEPIA_COLOR_LAYOUT_CMYK_INVERTED : SEPIA_COLOR_LAYOUT_CMYK
            }
        }
    }

    private let transform: OpaquePointer

    /// A transform from `profile` to sRGB for `layout`.
    ///
    /// - Throws: `ColorProfileError` with lcms2's reason when the profile cannot be read or
    ///   does not fit the layout.
    init(profile: [UInt8], layout: Layout) throws(ColorProfileError) {
        var diagnostics = sepia_diagnostics()
        var made: OpaquePointer?
        let status = profile.withUnsafeBytes { bytes in
            sepia_color_transform_create(bytes.baseAddress, bytes.count, layout.shimLayout, &made, &diagnostics)
        }
        guard status == SEPIA_STATUS_OK, let made else { throw ColorProfileError(status: status, diagnostics: diagnostics) }
        transform = made
    }

    deinit { sepia_color_transform_destroy(transform) }

    /// Converts `image`'s pixels to sRGB RGBA in place.
    ///
    /// - Parameter parallel: split the rows across the cores when the image is large enough
    ///   (`RowPartition`); pass `false` to stay on the calling thread.
    func apply(to image: inout RGBAImage, parallel: Bool) {
        let (width, height, bytesPerRow) = (image.width, image.height, image.bytesPerRow)
        image.pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let start = UncheckedSendable(base)
            RowPartition.run(rows: height, pixelsPerRow: width, parallel: parallel) { range in
                apply(rows: range, of: start.value, width: width, bytesPerRow: bytesPerRow)
            }
        }
    }

    /// Converts `rows` of the pixels at `base` (`width` pixels a row, rows `bytesPerRow` apart)
    /// to sRGB RGBA in place. Safe on several threads at once for disjoint rows.
    func apply(rows: Range<Int>, of base: UnsafeMutablePointer<UInt8>, width: Int, bytesPerRow: Int) {
        sepia_color_transform_apply(transform, base + rows.lowerBound * bytesPerRow, UInt32(width), UInt32(rows.count), bytesPerRow)
    }
}
