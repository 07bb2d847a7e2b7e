import ArgumentParser
import SepiaImaging

/// A `WIDTHxHEIGHT` command-line value, such as `320x240`.
struct PixelSizeArgument: ExpressibleByArgument, Sendable {
    /// The parsed size.
    let value: PixelSize

    init(_ value: PixelSize) {
        self.value = value
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            width > 0, height > 0, width <= 65_500, height <= 65_500
        else { return nil }
        value = PixelSize(width: width, height: height)
    }

    var defaultValueDescription: String { value.description }
}
