package import Foundation

/// Sixel pictures decoded by another program, to check an encoder against.
package enum SixelDecoding {
    /// `sixel` (a DCS string) decoded by ImageMagick's sixel reader into a palette PNG without
    /// colour chunks. ImageMagick paints every pixel no sixel painted with colour register 0 and
    /// knows no transparency. Its picture has only palette indices: ImageMagick 6.9's writers
    /// that need RGB samples (`png24:`, `ppm:`) write it all black, so the PNG keeps its palette.
    /// - Throws: `DebianTool.Failure` when `convert` is missing or rejects the input.
    package static func imageMagickPNG(of sixel: [UInt8]) throws -> Data {
        try DebianTool.run("convert", ["sixel:-", "-strip", "png:-"], input: Data(sixel), package: "imagemagick")
    }
}
