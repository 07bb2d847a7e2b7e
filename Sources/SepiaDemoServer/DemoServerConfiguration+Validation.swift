import SepiaImaging

extension DemoServerConfiguration {
    /// Checks every value's range.
    ///
    /// - Throws: `DemoServerError.invalidConfiguration` naming the first bad value.
    package func validate() throws {
        func require(_ condition: Bool, _ reason: @autoclosure () -> String) throws {
            if !condition { throw DemoServerError.invalidConfiguration(reason()) }
        }
        try require((0...65_535).contains(port), "port \(port) is not in 0…65535")
        try require(photoCount >= 0, "photo count \(photoCount) is negative")
        try require(photoSize.width > 0 && photoSize.height > 0, "photo size \(photoSize) is empty")
        let largestSide = ImageFormat.jpeg.maximumDimension
        try require(max(photoSize.width, photoSize.height) <= largestSide, "photo size \(photoSize) is too large for JPEG")
        try require((1...100).contains(jpegQuality), "JPEG quality \(jpegQuality) is not in 1…100")
        try require(latency >= .zero, "latency \(latency) is negative")
        try require(bandwidth.map { $0 > 0 } ?? true, "bandwidth \(bandwidth ?? 0) B/s is not positive")
        try require((0...1).contains(failureRate), "failure rate \(failureRate) is not in 0…1")
        try require(retryAfterSeconds.map { $0 >= 0 } ?? true, "Retry-After \(retryAfterSeconds ?? 0) s is negative")
        try require(slowDelay >= .zero, "slow delay \(slowDelay) is negative")
        try require(progressiveBandwidth > 0, "progressive bandwidth \(progressiveBandwidth) B/s is not positive")
    }
}
