import ArgumentParser
import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaTerminal

/// `sepia-bench frames`: what each way of drawing pictures costs the browser's list (issue
/// 13), measured on `FrameRenderer` with the list's layout: a title line, rows of four lines
/// with an 11-column thumbnail and the row's text, a status line. Per protocol: the time to
/// make one thumbnail (scaling and encoding, off the main queue in the app), the bytes of the
/// first screen, and the bytes and main-queue time of a frame that scrolls the list by one row
/// (one row leaves, one comes in, the others move). Quadrant mosaics in 24-bit colour are
/// the reference.
struct FramesBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Bytes and time per frame of the browser's list, for every way of drawing pictures."
    )

    @Option(help: "Screen width in cells.")
    var columns = 120

    @Option(help: "Screen height in cells.")
    var lines = 40

    @Option(help: "Cell width in pixels.")
    var cellWidth = 10

    @Option(help: "Cell height in pixels.")
    var cellHeight = 20

    @Option(help: "Timed rounds (the median is reported).")
    var rounds = 30

    func run() throws {
        let layout = ListLayout(screen: TerminalSize(columns: columns, rows: lines))
        let cellSize = PixelSize(width: cellWidth, height: cellHeight)
        let photos = (1...(layout.rowsShown + 1)).map { PhotoGenerator(seed: UInt64($0)).render(width: 640, height: 480) }
        print(
            "sepia-bench frames: \(columns)x\(lines) cells of \(cellSize) pixels, \(layout.rowsShown) rows on screen, "
                + "\(rounds) rounds, median; load average \(loadAverage())")
        var rows: [[String]] = []
        var reference: Double?
        for drawing in ThumbnailDrawing.all(cellSize: cellSize) {
            let made = Measurement.run(drawing.name, megapixels: 0, rounds: max(rounds / 5, 3)) {
                _ = drawing.make(photos[0], 1, layout.thumbnailArea)
            }
            let pictures = photos.enumerated().map { drawing.make($1, UInt32($0 + 1), layout.thumbnailArea) }
            var renderer = FrameRenderer(colorMode: drawing.colorMode)
            let first = layout.render(top: 0, entering: 0..<layout.rowsShown, pictures: pictures, with: &renderer)
            let scrolled = layout.render(top: 1, entering: layout.rowsShown..<(layout.rowsShown + 1), pictures: pictures, with: &renderer)
            let frames = [layout.frame(top: 0, pictures: pictures), layout.frame(top: 1, pictures: pictures)]
            var top = 1
            let scrolling = Measurement.run(drawing.name, megapixels: 0, rounds: rounds) {
                top = 1 - top
                _ = renderer.render(frames[top].0, pictures: frames[top].1)
            }
            reference = reference ?? scrolling.median
            rows.append([
                drawing.name, String(format: "%.2f", made.median * 1000), "\(first.count)", "\(scrolled.count)",
                String(format: "%.3f", scrolling.median * 1000), String(format: "%.1fx", scrolling.median / reference!),
            ])
        }
        TextTable(
            headers: ["protocol", "thumbnail ms", "first screen bytes", "scroll-one-row bytes", "scroll frame ms", "vs quadrants"],
            rows: rows
        ).print(title: "Per protocol (thumbnail: scale + encode one 640x480 photo; frames: FrameRenderer on the main queue)")
        print("\nLoad average at the end: \(loadAverage())")
    }
}
