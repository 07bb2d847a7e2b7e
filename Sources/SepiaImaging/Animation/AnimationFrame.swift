/// One frame of an ``ImageAnimation``: the whole canvas as it shows while the frame is on screen,
/// every earlier frame composited and disposed of as the format says.
public struct AnimationFrame: Sendable, Equatable {
    /// The frame's position in the file, from 0.
    public var index: Int
    /// The canvas, straight alpha, in sRGB (as `ImageDecoder` gives a still image).
    public var image: RGBAImage
    /// How long the file asks the frame to show, in milliseconds (a GIF's 1/100 s delay, an
    /// APNG's fraction of a second rounded to the nearest millisecond, a WebP's duration).
    public var storedDuration: Int
    /// How long the frame shows: ``storedDuration``, except that 10 ms or less is shown for
    /// 100 ms, as browsers do (``minimumShownDuration``).
    public var duration: Int

    /// Stored durations at or below this many milliseconds are shown for ``defaultShortDuration``
    /// instead. The rule of Firefox (`FrameTimeout::FromRawMilliseconds`, image/FrameTimeout.h)
    /// and WebKit (`BitmapImage`, durations under 11 ms), which Chrome follows too: files made
    /// for old browsers ask for 0 ms and expect a tenth of a second.
    public static let minimumShownDuration = 10
    /// What a duration at or below ``minimumShownDuration`` is shown for.
    public static let defaultShortDuration = 100

    /// A frame that shows for `storedDuration` milliseconds as browsers would.
    public init(index: Int, image: RGBAImage, storedDuration: Int) {
        self.index = index
        self.image = image
        self.storedDuration = storedDuration
        self.duration = storedDuration <= Self.minimumShownDuration ? Self.defaultShortDuration : storedDuration
    }
}
