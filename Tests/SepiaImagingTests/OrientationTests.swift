import XCTest

@testable import SepiaImaging

final class OrientationTests: XCTestCase {
    /// An image whose pixel (x, y) encodes a label in its red and green bytes.
    private func labelledImage(_ grid: LabelGrid) -> RGBAImage {
        RGBAImage(width: grid.width, height: grid.height) { buffer in
            for (index, label) in grid.labels.enumerated() {
                buffer[index * 4] = UInt8(label & 0xFF)
                buffer[index * 4 + 1] = UInt8(label >> 8)
                buffer[index * 4 + 2] = 7
                buffer[index * 4 + 3] = 255
            }
        }
    }

    private func labels(of image: RGBAImage) -> LabelGrid {
        var labels = [Int]()
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                labels.append(Int(pixel.red) | Int(pixel.green) << 8)
            }
        }
        return LabelGrid(width: image.width, height: image.height, labels: labels)
    }

    func testAllEightOrientationsMatchTheReference() {
        // 70 × 65 crosses the 64-pixel tiles; 3 × 2 is the smallest asymmetric case.
        for (width, height) in [(3, 2), (70, 65), (1, 5)] {
            let grid = LabelGrid(width: width, height: height, labels: Array(0..<width * height))
            let image = labelledImage(grid)
            for orientation in EXIFOrientation.allCases {
                let turned = image.applyingOrientation(orientation)
                XCTAssertEqual(
                    labels(of: turned), grid.upright(orientation: orientation.rawValue),
                    "\(orientation) on \(width)×\(height)")
                XCTAssertEqual(turned.bytesPerRow, turned.width * 4)
            }
        }
    }

    func testPaddedRowsAreReadCorrectly() {
        let grid = LabelGrid(width: 5, height: 3, labels: Array(0..<15))
        let padded = TestImages.padded(labelledImage(grid), by: 6)
        for orientation in EXIFOrientation.allCases {
            XCTAssertEqual(labels(of: padded.applyingOrientation(orientation)), grid.upright(orientation: orientation.rawValue))
        }
    }

    // MARK: Through the JPEG decoder

    /// Six strong colours, one per 16×16 block of a 3 × 2 block JPEG.
    private let palette: [(UInt8, UInt8, UInt8)] = [
        (230, 20, 20), (20, 220, 20), (20, 20, 230), (240, 240, 20), (20, 230, 230), (240, 240, 240),
    ]

    private func blockJPEG() throws -> [UInt8] {
        var image = RGBAImage(width: 48, height: 32, red: 0, green: 0, blue: 0)
        for y in 0..<32 {
            for x in 0..<48 {
                let colour = palette[(y / 16) * 3 + x / 16]
                image.setPixel(x: x, y: y, red: colour.0, green: colour.1, blue: colour.2)
            }
        }
        return try ImageEncoder.encode(image, as: .jpeg(quality: 95))
    }

    /// The palette index nearest to the centre pixel of each 16×16 block.
    private func blockLabels(of image: RGBAImage) -> LabelGrid {
        var labels = [Int]()
        for blockY in 0..<image.height / 16 {
            for blockX in 0..<image.width / 16 {
                let pixel = image.pixel(x: blockX * 16 + 8, y: blockY * 16 + 8)
                let distances = palette.map { colour -> Int in
                    let red = abs(Int(pixel.red) - Int(colour.0))
                    let green = abs(Int(pixel.green) - Int(colour.1))
                    let blue = abs(Int(pixel.blue) - Int(colour.2))
                    return red + green + blue
                }
                labels.append(distances.firstIndex(of: distances.min()!)!)
            }
        }
        return LabelGrid(width: image.width / 16, height: image.height / 16, labels: labels)
    }

    func testJPEGsComeOutUprightForEveryOrientationAndByteOrder() throws {
        let plain = try blockJPEG()
        let stored = LabelGrid(width: 3, height: 2, labels: Array(0..<6))
        XCTAssertEqual(blockLabels(of: try ImageDecoder.decode(plain).image), stored)
        for bigEndian in [false, true] {
            for value in 1...8 {
                let exif = JPEGSegments.exifSegment(tiff: JPEGSegments.exifTIFF(orientation: value, bigEndian: bigEndian))
                let decoded = try ImageDecoder.decode(JPEGSegments.inserting(exif, into: plain))
                XCTAssertEqual(decoded.orientation.rawValue, value)
                XCTAssertEqual(decoded.image.width, value >= 5 ? 32 : 48)
                XCTAssertEqual(decoded.sourceWidth, 48)
                XCTAssertEqual(
                    blockLabels(of: decoded.image), stored.upright(orientation: value),
                    "orientation \(value), big-endian \(bigEndian)")
            }
        }
    }

    func testOrientationCanBeLeftToTheCaller() throws {
        let exif = JPEGSegments.exifSegment(tiff: JPEGSegments.exifTIFF(orientation: 6, bigEndian: false))
        let decoded = try ImageDecoder.decode(
            JPEGSegments.inserting(exif, into: try blockJPEG()),
            options: ImageDecodingOptions(appliesEXIFOrientation: false)
        )
        XCTAssertEqual(decoded.orientation, .right)
        XCTAssertEqual(decoded.image.width, 48)
        XCTAssertEqual(blockLabels(of: decoded.image), LabelGrid(width: 3, height: 2, labels: Array(0..<6)))
    }
}
