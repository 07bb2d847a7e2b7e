/// Follows the bytes of a photo as they arrive and tells how much of it a preview can be made
/// from: for a progressive JPEG, the end of its last complete scan; for an Adam7-interlaced
/// PNG, everything received (the passes decoded from it say how far it got).
///
/// Fed the growing body again and again (``update(with:)``), it reads each byte once: the
/// markers of a JPEG are walked as in `count_scans` of the C shim (a segment's length is
/// skipped, a scan's entropy-coded data is searched for the marker that ends it; ITU-T T.81
/// B.1.1), from where the last call stopped. Any other photo (a baseline JPEG, a PNG that is
/// not interlaced, another format) is ``Layout/none`` after its first bytes, and the scanner
/// does nothing more.
public struct ProgressivePrefixScanner: Sendable {
    /// What the photo's first bytes say of it.
    public enum Layout: Sendable, Equatable {
        /// Too few bytes yet to tell.
        case undetermined
        /// A progressive JPEG (SOF2 or SOF10): each scan refines the whole picture.
        case progressiveJPEG
        /// An Adam7-interlaced PNG: each pass doubles the detail of the whole picture.
        case interlacedPNG
        /// Anything else: a prefix shows no whole picture.
        case none
    }

    /// The most scans followed, as the decoder's own limit (`MAX_SCANS` in the C shim).
    static let maximumScans = 500

    /// What the photo is, as far as the bytes so far tell.
    public private(set) var layout = Layout.undetermined
    /// Scans of a progressive JPEG whose data has arrived whole.
    public private(set) var completeScans = 0
    /// How many of the bytes so far a preview can be decoded from: a JPEG's up to the marker
    /// after its last complete scan, all of an interlaced PNG's, none for other layouts.
    public private(set) var previewableLength = 0

    /// Where the walk goes on: the next byte to look at.
    private var offset = 2
    /// Whether `offset` is inside a scan's entropy-coded data.
    private var inScanData = false
    /// Whether a SOF marker has said the JPEG is progressive.
    private var sawProgressiveFrame = false

    /// A scanner that has seen no bytes.
    public init() {}

    /// Reads what `body` holds beyond the bytes seen by the calls before, which must have been
    /// given prefixes of it.
    public mutating func update(with body: UnsafeRawBufferPointer) {
        switch layout {
        case .undetermined: determineLayout(body)
        case .progressiveJPEG: walkMarkers(body)
        case .interlacedPNG: previewableLength = body.count
        case .none: return
        }
    }

    /// Decides the layout from the signature (and a PNG's IHDR, a JPEG's frame marker), then
    /// reads on.
    private mutating func determineLayout(_ body: UnsafeRawBufferPointer) {
        if body.count >= 2, body[0] == 0xFF, body[1] == 0xD8 {
            walkMarkers(body)  // the layout is known once the frame header has come
        } else if body.count >= 8, body.starts(with: Self.pngSignature) {
            // IHDR is the first chunk (PNG 3rd edition, 5.6); its 13th data byte, at offset 28,
            // is the interlace method: 1 for Adam7.
            guard body.count >= 29 else { return }
            let isIHDR = body[12] == 0x49 && body[13] == 0x48 && body[14] == 0x44 && body[15] == 0x52
            layout = isIHDR && body[28] == 1 ? .interlacedPNG : .none
            if layout == .interlacedPNG { previewableLength = body.count }
        } else if body.count >= 8 || !(Self.pngSignature.starts(with: body) || body.first == 0xFF) {
            layout = .none
        }
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Walks a JPEG's markers from `offset` as far as `body` goes.
    private mutating func walkMarkers(_ body: UnsafeRawBufferPointer) {
        let count = body.count
        while offset + 1 < count {
            if inScanData {
                guard let marker = Self.markerInScanData(body, from: offset) else {
                    // Keep a final 0xFF: its code byte has not come yet.
                    offset = body[count - 1] == 0xFF ? max(offset, count - 1) : count
                    return
                }
                inScanData = false
                offset = marker
                completeScans += 1
                previewableLength = marker
                if completeScans >= Self.maximumScans { return finish() }
                continue
            }
            guard body[offset] == 0xFF else {
                offset += 1  // a stray byte between segments, which libjpeg skips with a warning
                continue
            }
            let code = body[offset + 1]
            switch code {
            case 0xFF:
                offset += 1  // a fill byte before the marker
            case 0xD9:
                return finish()  // EOI
            case 0x01, 0xD0...0xD8:
                offset += 2  // TEM, RSTn and SOI stand alone
            default:
                guard offset + 4 <= count else { return }
                let length = Int(body[offset + 2]) << 8 | Int(body[offset + 3])
                if Self.isFrameMarker(code) {
                    // SOF2 and SOF10 are the progressive frames (T.81 Table B.1).
                    sawProgressiveFrame = code == 0xC2 || code == 0xCA
                    layout = sawProgressiveFrame ? .progressiveJPEG : .none
                    if !sawProgressiveFrame { return finish() }
                }
                if code == 0xDA {
                    guard sawProgressiveFrame else { return finish() }  // a scan before any frame
                    guard offset + 2 + length <= count else { return }  // the scan header, whole
                    inScanData = true
                }
                offset += 2 + length
            }
        }
    }

    /// Stops following: no more previews come from this photo's later bytes.
    private mutating func finish() {
        if layout == .undetermined { layout = .none }
        offset = Int.max - 1
    }

    /// SOF0 to SOF15, less DHT (C4), JPG (C8) and DAC (CC).
    private static func isFrameMarker(_ code: UInt8) -> Bool {
        (0xC0...0xCF).contains(code) && code != 0xC4 && code != 0xC8 && code != 0xCC
    }

    /// The offset of the marker that ends the entropy-coded data searched from `start`: a 0xFF
    /// followed by a code other than 0x00 (a stuffed byte), 0xFF (fill) and RST0 to RST7; nil
    /// when `body` ends first.
    private static func markerInScanData(_ body: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        let last = body.count - 1
        while index < last {
            guard let found = body[index..<last].firstIndex(of: 0xFF) else { return nil }
            let code = body[found + 1]
            if code != 0x00 && code != 0xFF && !(0xD0...0xD7).contains(code) { return found }
            index = found + (code == 0xFF ? 1 : 2)
        }
        return nil
    }
}
