import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaTestSupport

/// What the desktop tests share: the built programs, a folder of photos, and what a sepia
/// picture looks like.
enum DesktopTools {
    /// The environment variable that names the `sepia-gtk` binary to test instead of the one
    /// built beside the test bundle.
    static let sepiaGtkOverride = "SEPIA_GTK_BINARY"

    /// `sepia-gtk`: `$SEPIA_GTK_BINARY` when set, otherwise the one beside the test bundle.
    static func sepiaGtk() throws -> URL {
        if let override = ProcessInfo.processInfo.environment[sepiaGtkOverride], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return try built("sepia-gtk")
    }

    /// A program `swift build --build-tests` built beside the test bundle (on Linux the test
    /// runner is an executable in the build folder, whose bundle URL is that folder).
    static func built(_ name: String) throws -> URL {
        let binary = Bundle.main.bundleURL.appendingPathComponent(name)
        guard ExecutableFile.isExecutable(binary) else {
            throw EndToEndError(
                "\(name) is not beside the test bundle (looked for \(binary.path)): build it with `swift build --build-tests`.")
        }
        return binary
    }

    /// A new folder of `count` generated photos, photo-01.jpg on (400×300 JPEGs of colourful
    /// scenes), and cut.jpg, a JPEG cut after 300 bytes, whose row fails.
    static func photoFolder(count: Int) throws -> URL {
        let folder = try makeTemporaryCacheDirectory()
        var first: [UInt8] = []
        for index in 1...count {
            let photo = PhotoGenerator(seed: UInt64(index)).render(width: 400, height: 300)
            let bytes = try ImageEncoder.encode(photo, as: .jpeg())
            if index == 1 { first = bytes }
            try Data(bytes).write(to: folder.appendingPathComponent(String(format: "photo-%02d.jpg", index)))
        }
        try Data(first.prefix(300)).write(to: folder.appendingPathComponent("cut.jpg"))
        return folder
    }

    /// Whether `picture` is sepia-toned (a photo through the full sepia filter): on 97 % of
    /// its pixels red ≥ green ≥ blue (to within 4 levels, for scaling and rounding), and warm
    /// on average (red over blue by 10 levels or more). Grey is not sepia, nor is a colour photo.
    static func isSepiaToned(_ picture: RGBImage) -> Bool {
        let pixels = picture.width * picture.height
        guard pixels > 0 else { return false }
        var ordered = 0
        var warmth = 0
        for index in stride(from: 0, to: picture.bytes.count, by: 3) {
            let (red, green, blue) = (Int(picture.bytes[index]), Int(picture.bytes[index + 1]), Int(picture.bytes[index + 2]))
            if red + 4 >= green && green + 4 >= blue { ordered += 1 }
            warmth += red - blue
        }
        return Double(ordered) >= 0.97 * Double(pixels) && warmth >= 10 * pixels
    }

    /// Whether `picture` is a grey photo (a photo through the grayscale filter): on 97 % of its
    /// pixels the channels differ by 4 levels at most (for scaling and rounding), and it is
    /// not one flat grey. Sepia is not grey, nor is a colour photo.
    static func isGrey(_ picture: RGBImage) -> Bool {
        let pixels = picture.width * picture.height
        guard pixels > 0, !picture.isBlank() else { return false }
        var grey = 0
        for index in stride(from: 0, to: picture.bytes.count, by: 3) {
            let channels = picture.bytes[index..<(index + 3)].map(Int.init)
            if channels.max()! - channels.min()! <= 4 { grey += 1 }
        }
        return Double(grey) >= 0.97 * Double(pixels)
    }

    /// `image` as an RGB picture (alpha dropped).
    static func rgb(_ image: RGBAImage) -> RGBImage {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(image.width * image.height * 3)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                bytes += [pixel.red, pixel.green, pixel.blue]
            }
        }
        return RGBImage(width: image.width, height: image.height, bytes: bytes)
    }

    /// Where the list's scrollbar slider is when the list is at its top, on the screen (the
    /// window is at the screen's top left).
    static let scrollbarX = 887
    static let sliderTopY = 60

    /// Moves the pointer onto the scrollbar's slider at the top of the list, to and fro, until
    /// a screenshot shows the slider wide: GTK's overlay scrollbar shows as the pointer moves
    /// and widens when it comes near, and only then does a press land on the slider rather
    /// than on the row beneath.
    static func revealScrollbar(in app: XvfbDesktopApp) throws {
        var step = 0
        let wide = try Polling.wait(every: 0.2, for: 20) {
            step += 1
            try app.movePointer(x: scrollbarX, y: sliderTopY + step % 2)
            let slider = try app.screenshot().cropped(x: scrollbarX - 3, y: sliderTopY, width: 7, height: 10)
            // The slider's grey, from edge to edge.
            return slider.isBlank(tolerance: 8) && (90...170).contains(slider.bytes[0])
        }
        guard wide else {
            try app.save(try app.screenshot(), as: "timeout-scrollbar")
            throw WaitTimeout(waitingUntil: "the scrollbar's slider shows wide", seconds: 20)
        }
    }
}
