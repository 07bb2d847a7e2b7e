import Dispatch
import SepiaImaging
import SepiaList
import SepiaOperations
import SepiaPipeline
import SepiaTerminal

/// Pictures ready to draw: each row's thumbnail and the photo opened large, scaled once, off
/// the main queue, and made into what the format draws: cells (quadrant or sextant mosaics,
/// or kitty placeholders whose image is sent to the terminal right after the frame that first
/// shows it),
/// or a ``PixelPicture`` the frame renderer places over blank cells (kitty, sixel, iTerm2).
///
/// On the main actor, like the rest of the browser; the scaling and encoding run on the
/// user-initiated global queue and hand their results back to the main actor.
@MainActor
final class ThumbnailStore {

    /// Where a picture is shown.
    enum Slot: Hashable {
        case row(Int)
        case detail
    }

    /// What a picture was made from and for: a new one is needed when any of it changes.
    private struct Source: Equatable {
        let state: PhotoState
        /// The frame of the animation playing, if one is (its place in the file).
        var frameIndex: Int?
        /// The detail of the preview shown while the photo downloads, if any.
        let previewUnits: Int?
        let area: CellArea
        let cellSize: PixelSize
    }

    private struct Entry {
        let source: Source
        /// The kitty image whose placeholders the cells hold, which the store sends and frees.
        let placeholderImageID: UInt32?
        var picture: Picture?
        /// The picture of the animation's frame before, shown until this one is made (so that
        /// playing never blanks the picture), and its kitty image.
        var standIn: (picture: Picture, placeholderImageID: UInt32?)?
    }

    private let format: PictureFormat
    /// Where pictures are scaled: work the user waits on to see the next frame.
    private let worker = QualityOfServiceQueue.userInitiated.queue
    private var entries: [Slot: Entry] = [:]
    private var nextPictureID: UInt32 = 1
    private var pendingOutput: [UInt8] = []
    /// Whether this store makes pictures at all (not with `--graphics none`).
    var drawsPictures: Bool { format != .none }
    /// The size of a terminal cell in pixels, which pictures drawn with pixels are sized by;
    /// pictures are made again when it changes (the font was resized).
    var cellSize: PixelSize

    /// Called on the main queue when a picture became ready.
    var onReady: (() -> Void)?

    /// A store drawing in `format`, for cells of `cellSize` pixels.
    init(format: PictureFormat, cellSize: PixelSize) {
        self.format = format
        self.cellSize = cellSize
    }

    /// `record`'s picture for `slot`, covering at most `area`: its image, else its preview while
    /// it downloads, else its placeholder while it waits for its photo (`PhotoRecord.shownImage()`,
    /// drawn on the worker). Nil while it is being made (it is then started) and when the record
    /// has none of them.
    ///
    /// With `frame`, an animation's frame (processed as the record's image) stands in for the
    /// record's image; while the next frame's picture is made, the frame before stays shown.
    func picture(for slot: Slot, record: PhotoRecord, area requested: CellArea, frame: AnimationFrame? = nil) -> Picture? {
        guard format != .none, record.image != nil || record.preview != nil || record.showsPlaceholder, requested.columns > 0,
            requested.lines > 0
        else {
            drop(slot)
            return nil
        }
        // A kitty placement spans at most `maximumCells` each way (a wide terminal is wider).
        let limit = format == .kittyPlaceholders ? KittyGraphics.maximumCells : Int.max
        let area = CellArea(columns: min(requested.columns, limit), lines: min(requested.lines, limit))
        let source = Source(
            state: record.state, frameIndex: frame?.index, previewUnits: record.preview?.completeUnits, area: area, cellSize: cellSize)
        if let entry = entries[slot], entry.source == source { return entry.picture ?? entry.standIn?.picture }
        let standIn = nextFrameStandIn(for: slot, source: source)
        drop(slot)
        let id = allocatePictureID()
        let placeholderImageID = format == .kittyPlaceholders ? id : nil
        entries[slot] = Entry(source: source, placeholderImageID: placeholderImageID, picture: nil, standIn: standIn)
        let (format, cellSize) = (format, cellSize)
        worker.async {
            guard let image = frame?.image ?? record.shownImage() else { return }
            let made = Self.make(image, area: area, format: format, cellSize: cellSize, id: id)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.store(made, for: slot, source: source, placeholderImageID: placeholderImageID) }
            }
        }
        return standIn?.picture
    }

    /// The picture `slot` shows now, kept to stand in for the picture of `source` when only the
    /// animation's frame changed (its entry is then taken out, its kitty image freed only once
    /// the new picture is stored); nil otherwise.
    private func nextFrameStandIn(for slot: Slot, source: Source) -> (picture: Picture, placeholderImageID: UInt32?)? {
        guard let entry = entries[slot], source.frameIndex != nil else { return nil }
        var unchanged = entry.source
        unchanged.frameIndex = source.frameIndex
        guard unchanged == source else { return nil }
        entries.removeValue(forKey: slot)
        guard let picture = entry.picture else { return entry.standIn }  // the one before is still shown
        entry.standIn.map(freeStandIn)
        return (picture, entry.placeholderImageID)
    }

    private func freeStandIn(_ standIn: (picture: Picture, placeholderImageID: UInt32?)) {
        if let id = standIn.placeholderImageID { pendingOutput += KittyGraphics.delete(id: id) }
    }

    /// Forgets the row pictures outside `rows` (and tells the terminal to free their
    /// placeholder images; the frame renderer frees the pictures it placed).
    func keepRows(_ rows: Range<Int>) {
        for slot in entries.keys {
            if case .row(let row) = slot, !rows.contains(row) { drop(slot) }
        }
    }

    /// Forgets the picture of `slot`.
    func drop(_ slot: Slot) {
        guard let entry = entries.removeValue(forKey: slot) else { return }
        if let id = entry.placeholderImageID, entry.picture != nil { pendingOutput += KittyGraphics.delete(id: id) }
        entry.standIn.map(freeStandIn)
    }

    /// Forgets every picture shown through kitty placeholders, queueing their deletion in the
    /// pending output, before the terminal is given back for a while. Other pictures stay:
    /// half blocks are text, and the frame renderer sends pixel pictures again itself.
    func forgetTerminalImages() {
        for (slot, entry) in entries where entry.placeholderImageID != nil { drop(slot) }
    }

    /// Bytes to write with the next frame, after it: placeholder images to send, and to free.
    func takePendingOutput() -> [UInt8] {
        defer { pendingOutput = [] }
        return pendingOutput
    }

    private func store(_ made: (picture: Picture, transmit: [UInt8]), for slot: Slot, source: Source, placeholderImageID: UInt32?) {
        guard let entry = entries[slot], entry.source == source, entry.placeholderImageID == placeholderImageID,
            entry.picture == nil
        else {
            return  // replaced or dropped meanwhile: the terminal never got this image
        }
        entries[slot]?.picture = made.picture
        pendingOutput += made.transmit
        if let standIn = entries[slot]?.standIn {
            entries[slot]?.standIn = nil
            freeStandIn(standIn)
        }
        onReady?()
    }

    private func allocatePictureID() -> UInt32 {
        // Placeholder cells carry the id in a 24-bit colour.
        defer { nextPictureID = nextPictureID >= 0xFF_FFFF ? 1 : nextPictureID + 1 }
        return nextPictureID
    }

    /// The pixels to scale a picture of `size` to for a mosaic in `area`: the whole cells its
    /// shape fills on screen (cells of `cellSize` pixels are not square), at the symbols'
    /// pixels a cell, so that the mosaic keeps the photo's proportions.
    nonisolated static func mosaicSize(of size: PixelSize, in area: CellArea, cellSize: PixelSize, symbols: MosaicSymbols) -> PixelSize {
        let cellWidth = max(cellSize.width, 1)
        let cellHeight = max(cellSize.height, 1)
        let fitted = size.aspectFit(in: PixelSize(width: area.columns * cellWidth, height: area.lines * cellHeight), allowUpscaling: true)
        let columns = min(max((fitted.width + cellWidth / 2) / cellWidth, 1), area.columns)
        let lines = min(max((fitted.height + cellHeight / 2) / cellHeight, 1), area.lines)
        return PixelSize(width: columns * symbols.pixelsPerCell.width, height: lines * symbols.pixelsPerCell.height)
    }

    /// Scales `image` to fit `area` and makes its picture (and, for kitty placeholders, the
    /// bytes that send its image).
    ///
    /// Cells and pixel pictures need the picture at the resolution they show. Kitty scales a
    /// placeholder picture to its placement by itself, so the placement covers the fitted size
    /// but the picture is only ever made smaller, never larger: enlarging a 320×240 photo for
    /// a big screen would send megabytes through the terminal for nothing.
    private nonisolated static func make(
        _ image: RGBAImage, area: CellArea, format: PictureFormat, cellSize: PixelSize, id: UInt32
    ) -> (picture: Picture, transmit: [UInt8]) {
        let pixels = format.pixels(of: area, cellSize: cellSize)
        switch format {
        case .none:
            return (.cells([]), [])
        case .mosaic(let symbols):
            return (
                .cells(
                    MosaicImage.cells(
                        for: image.resized(to: mosaicSize(of: image.size, in: area, cellSize: cellSize, symbols: symbols)), symbols: symbols
                    )), []
            )
        case .kitty:
            return (.pixels(.kitty(image.resized(toFit: pixels, allowUpscaling: true), id: id, cellSize: cellSize)), [])
        case .iterm:
            let scaled = image.resized(toFit: pixels, allowUpscaling: true)
            guard let picture = try? PixelPicture.iterm(scaled, id: id, cellSize: cellSize) else {
                return make(image, area: area, format: .mosaic(.quadrants), cellSize: cellSize, id: id)  // no PNG: cells instead
            }
            return (.pixels(picture), [])
        case .sixel(let colorRegisters, _):
            let scaled = image.resized(toFit: pixels, allowUpscaling: true)
            return (.pixels(.sixel(scaled, id: id, cellSize: cellSize, colorRegisters: colorRegisters)), [])
        case .kittyPlaceholders:
            let fitted = image.size.aspectFit(in: pixels, allowUpscaling: true)
            let columns = min((fitted.width + cellSize.width - 1) / cellSize.width, area.columns)
            let lines = min((fitted.height + cellSize.height - 1) / cellSize.height, area.lines)
            let sent = image.resized(toFit: fitted)
            return (
                .cells(KittyGraphics.placeholderCells(id: id, columns: columns, rows: lines)),
                KittyGraphics.transmit(sent, id: id, columns: columns, rows: lines)
            )
        }
    }
}
