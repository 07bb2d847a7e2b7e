/// What the terminal shows of ``PixelPicture``s, and the bytes that change it from one frame
/// to the next; kept by ``FrameRenderer``, which draws the cells in between.
///
/// - kitty images are sent when they first show and freed (`a=d,d=I`) when they leave the
///   frame; a moved one is placed again, which replaces its old placement;
/// - painted pictures (sixel, iTerm2) are erased by redrawing the cells they leave (the
///   renderer's baseline marks those cells unknown) and painted again when they move or when
///   any cell they cover was redrawn.
struct PictureLayer: Sendable {
    /// Where each picture on screen is, by id.
    private var shown: [UInt32: PlacedPicture.Footprint] = [:]
    /// The kitty images the terminal holds.
    private var transmitted: Set<UInt32> = []

    /// Whether the terminal holds any picture.
    var isEmpty: Bool { shown.isEmpty && transmitted.isEmpty }

    /// Frees every kitty image and forgets what is shown: before a repaint clears the screen
    /// (after which everything is sent again), and before the terminal is given back.
    mutating func removeAll(into output: inout [UInt8]) {
        for id in transmitted.sorted() { output += KittyGraphics.delete(id: id) }
        transmitted = []
        shown = [:]
    }

    /// Before the cells are drawn: frees the kitty images not in `pictures`, and marks the
    /// cells painted pictures leave (or move from) unknown in `baseline`, so they are redrawn.
    mutating func removeLeaving(_ pictures: [PlacedPicture], baseline: inout ScreenBuffer, into output: inout [UInt8]) {
        let next = Dictionary(pictures.map { ($0.picture.id, $0.footprint) }, uniquingKeysWith: { first, _ in first })
        for (id, old) in shown.sorted(by: { $0.key < $1.key }) where next[id] != old {
            if transmitted.contains(id) {
                // A kitty image that moved is placed again in `draw`, replacing this placement.
                guard next[id] == nil else { continue }
                output += KittyGraphics.delete(id: id)
                transmitted.remove(id)
            } else {
                baseline.fill(row: old.row, column: old.column, width: old.columns, height: old.lines, with: .unknown)
            }
        }
    }

    /// After the cells are drawn: sends and places new kitty images, places moved ones again,
    /// and paints painted pictures that are new, moved or had cells redrawn (`baseline`
    /// differs from `frame` under them). Each picture shows once, at its first placement.
    mutating func draw(_ pictures: [PlacedPicture], baseline: ScreenBuffer, frame: ScreenBuffer, into output: inout [UInt8]) {
        var nowShown: [UInt32: PlacedPicture.Footprint] = [:]
        for placed in pictures {
            let footprint = placed.footprint
            guard nowShown[footprint.id] == nil else { continue }
            nowShown[footprint.id] = footprint
            let stayed = shown[footprint.id] == footprint
            switch placed.picture.drawing {
            case .kitty(let transmission):
                let isNew = transmitted.insert(footprint.id).inserted
                if isNew { output += transmission }
                guard isNew || !stayed else { continue }
                ControlSequence.appendMoveCursor(row: placed.row, column: placed.column, to: &output)
                output += KittyGraphics.place(id: footprint.id)
            case .painted(let sequence):
                guard !stayed || Self.cellsDiffer(under: footprint, baseline: baseline, frame: frame) else { continue }
                ControlSequence.appendMoveCursor(row: placed.row, column: placed.column, to: &output)
                output += sequence
            }
        }
        shown = nowShown
    }

    /// Whether any cell `footprint` covers differs between the two frames.
    private static func cellsDiffer(under footprint: PlacedPicture.Footprint, baseline: ScreenBuffer, frame: ScreenBuffer) -> Bool {
        for row in footprint.row..<(footprint.row + footprint.lines) {
            for column in footprint.column..<(footprint.column + footprint.columns)
            where baseline[row, column] != frame[row, column] {
                return true
            }
        }
        return false
    }
}
