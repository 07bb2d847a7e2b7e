import Foundation

extension RGBAImage {
    /// Peak signal-to-noise ratio of the colour channels against `other`, in decibels
    /// (infinity when they are identical); alpha is ignored. Higher is closer: a good JPEG
    /// at quality 85–90 scores above 30 dB against its source.
    ///
    /// - Precondition: both images have the same size.
    public func peakSignalToNoiseRatio(against other: RGBAImage) -> Double {
        let meanSquaredError = colourDifferences(against: other).squared
        return meanSquaredError == 0 ? .infinity : 10 * log10(255 * 255 / meanSquaredError)
    }

    /// The mean absolute difference of the colour channels against `other`, in levels
    /// (0...255); alpha is ignored.
    ///
    /// - Precondition: both images have the same size.
    public func meanAbsoluteDifference(against other: RGBAImage) -> Double {
        colourDifferences(against: other).absolute
    }

    /// Mean squared and mean absolute differences over the red, green and blue samples.
    private func colourDifferences(against other: RGBAImage) -> (squared: Double, absolute: Double) {
        precondition(size == other.size, "images of different sizes cannot be compared")
        var squared = 0.0, absolute = 0.0
        for row in 0..<height {
            let mine = row * bytesPerRow, theirs = row * other.bytesPerRow
            for offset in 0..<(width * Self.bytesPerPixel) where offset % 4 != 3 {
                let difference = Double(pixels[mine + offset]) - Double(other.pixels[theirs + offset])
                squared += difference * difference
                absolute += abs(difference)
            }
        }
        let samples = Double(pixelCount * 3)
        return (squared / samples, absolute / samples)
    }
}
