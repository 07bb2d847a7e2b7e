import Dispatch
import SepiaImaging
import SepiaList
import SepiaOperations
import SepiaPipeline
import SepiaTerminal

/// Pictures ready to draw: each row's thumbnail and the photo opened large, scaled once, off
/// the main queue, and turned into cells: quadrant or sextant mosaics, or kitty placeholders
/// whose image is sent to the terminal before the frame that first shows it.
///
/// On the main actor, like the rest of the browser; the scaling runs on the user-initiated
/// global queue and hands its results back to the main actor.
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
        let area: CellArea
    }

    private struct Entry {
        let source: Source
        let imageID: UInt32?
        var cells: [[Cell]]?
    }

    private let mode: GraphicsMode
    /// The characters mosaics (`.blocks`) are drawn with.
    private let symbols: MosaicSymbols
    /// Where pictures are scaled: work the user waits on to see the next frame.
    private let worker = QualityOfServiceQueue.userInitiated.queue
    private var entries: [Slot: Entry] = [:]
    private var nextImageID: UInt32 = 1
    private var pendingOutput: [UInt8] = []
    /// Whether this store makes pictures at all (not with `--graphics none`).
    var drawsPictures: Bool { mode != .none }

    /// Called on the main queue when a picture became ready.
    var onReady: (() -> Void)?

    /// A store drawing in `mode` (`.blocks`, `.kitty` or `.none`, already resolved), mosaics
    /// with `symbols` (quadrants, the default, are in nearly every font).
    init(mode: GraphicsMode, symbols: MosaicSymbols = .quadrants) {
        self.mode = mode
        self.symbols = symbols
    }

    /// The cells of `record`'s picture for `slot`, covering at most `area`; nil while it is
    /// being made (it is then started) and when the record has no image.
    func cells(for slot: Slot, record: PhotoRecord, area requested: CellArea) -> [[Cell]]? {
        guard mode != .none, let image = record.image, requested.columns > 0, requested.lines > 0 else {
            drop(slot)
            return nil
        }
        // A kitty placement spans at most `maximumCells` each way (a wide terminal is wider).
        let limit = mode == .kitty ? KittyGraphics.maximumCells : Int.max
        let area = CellArea(columns: min(requested.columns, limit), lines: min(requested.lines, limit))
        let source = Source(state: record.state, area: area)
        if let entry = entries[slot], entry.source == source { return entry.cells }
        drop(slot)
        let imageID = mode == .kitty ? allocateImageID() : nil
        entries[slot] = Entry(source: source, imageID: imageID, cells: nil)
        let (mode, symbols) = (mode, symbols)
        worker.async {
            let made = Self.make(image, area: area, mode: mode, symbols: symbols, imageID: imageID)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.store(made, for: slot, source: source, imageID: imageID) }
            }
        }
        return nil
    }

    /// Forgets the row pictures outside `rows` (and tells the terminal to free their images).
    func keepRows(_ rows: Range<Int>) {
        for slot in entries.keys {
            if case .row(let row) = slot, !rows.contains(row) { drop(slot) }
        }
    }

    /// Forgets the picture of `slot`.
    func drop(_ slot: Slot) {
        guard let entry = entries.removeValue(forKey: slot) else { return }
        if let id = entry.imageID, entry.cells != nil { pendingOutput += KittyGraphics.delete(id: id) }
    }

    /// Forgets every picture the terminal holds an image of (kitty), queueing their deletion
    /// in the pending output, before the terminal is given back for a while. Mosaic
    /// pictures are only text and stay.
    func forgetTerminalImages() {
        for (slot, entry) in entries where entry.imageID != nil { drop(slot) }
    }

    /// Bytes to write before the next frame: images to send, images to free.
    func takePendingOutput() -> [UInt8] {
        defer { pendingOutput = [] }
        return pendingOutput
    }

    private func store(_ made: (cells: [[Cell]], transmit: [UInt8]), for slot: Slot, source: Source, imageID: UInt32?) {
        guard let entry = entries[slot], entry.source == source, entry.imageID == imageID, entry.cells == nil else {
            return  // replaced or dropped meanwhile: the terminal never got this image
        }
        entries[slot]?.cells = made.cells
        pendingOutput += made.transmit
        onReady?()
    }

    private func allocateImageID() -> UInt32 {
        defer { nextImageID = nextImageID >= 0xFF_FFFF ? 1 : nextImageID + 1 }
        return nextImageID
    }

    /// Scales `image` to fit `area` and makes its cells (and, for kitty, the bytes that send it).
    ///
    /// Mosaics need the picture at the cells' resolution. Kitty scales a picture to its
    /// placement by itself, so the placement covers the fitted size but the picture is only
    /// ever made smaller, never larger: enlarging a 320×240 photo for a big screen would send
    /// megabytes through the terminal for nothing.
    private nonisolated static func make(
        _ image: RGBAImage, area: CellArea, mode: GraphicsMode, symbols: MosaicSymbols, imageID: UInt32?
    ) -> (cells: [[Cell]], transmit: [UInt8]) {
        guard let imageID else {
            let scaled = image.resized(to: area.mosaicPixels(fitting: image.size, symbols: symbols))
            return (MosaicImage.cells(for: scaled, symbols: symbols), [])
        }
        let fitted = image.size.aspectFit(in: area.pixels(in: mode), allowUpscaling: true)
        let cell = BrowserLayout.kittyPixelsPerCell
        let columns = min((fitted.width + cell.width - 1) / cell.width, area.columns)
        let lines = min((fitted.height + cell.height - 1) / cell.height, area.lines)
        let sent = image.resized(toFit: fitted)
        return (
            KittyGraphics.placeholderCells(id: imageID, columns: columns, rows: lines),
            KittyGraphics.transmit(sent, id: imageID, columns: columns, rows: lines)
        )
    }
}
