import ArgumentParser
import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaTestSupport

/// Photo thumbnails in real terminals (issue 13): timg and chafa (and any third command, such
/// as Sepia's) in xterm as a VT340 (sixel) and kitty 0.26 (kitty graphics) under Xvfb, on the
/// same generated photos. For each: the time from launch (a key press in a terminal already
/// open) to the first screen of thumbnails that then stays unchanged for a second, by polling
/// screenshots; and the fidelity of each picture found on it, as PSNR against the source
/// photo scaled by ImageMagick to the size it is shown at.
struct TerminalPeersBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "terminal-peers",
        abstract: "Time to a first screen of thumbnails and their PSNR: timg and chafa (and a third command) in xterm and kitty."
    )

    @Option(help: "How many generated photos (seeds 1, 2, …), each 640x480.")
    var photos = 4

    @Option(help: "Runs per program and terminal (the median time is reported).")
    var rounds = 3

    @Option(
        help: ArgumentHelp(
            "A third command line to measure, run by sh; {folder} stands for the folder of photos, {files} for the photos.",
            valueName: "command"))
    var third: String?

    @Option(help: "Terminals: xterm-vt340, kitty (repeat the option for both; both by default).")
    var terminal: [String] = TerminalEmulator.allCases.map(\.rawValue)

    /// The terminal's size in cells: room for chafa's column of four 11-row pictures and gaps.
    static let columns = 100
    static let rows = 60

    func run() throws {
        let emulators = try terminal.map { name in
            guard let emulator = TerminalEmulator(rawValue: name) else { throw ValidationError("no terminal named \(name)") }
            return emulator
        }
        let folder = try makeTemporaryCacheDirectory()
        var files: [String] = []
        for seed in 1...photos {
            let file = folder.appendingPathComponent(String(format: "photo-%02d.png", seed))
            let photo = PhotoGenerator(seed: UInt64(seed)).render(width: 640, height: 480)
            try Data(ImageEncoder.encode(photo, as: .png)).write(to: file)
            files.append(file.path)
        }
        let sources = try files.map { try RGBImage.load(URL(fileURLWithPath: $0)) }
        var contenders = [PeerContender.timg, PeerContender.chafa]
        if let third { contenders.append(.custom(third)) }
        print("Terminal pictures: \(photos) generated 640x480 photos, \(Self.columns)x\(Self.rows) cells of 8x17, \(rounds) runs each")
        var table = [["program", "terminal", "protocol", "first screen (median)", "fastest", "pictures", "PSNR mean", "PSNR lowest"]]
        for emulator in emulators {
            for contender in contenders {
                var times: [Duration] = []
                var fidelity: [Double] = []
                var found = 0
                for round in 1...rounds {
                    let result = try measure(contender, in: emulator, files: files, folder: folder.path, sources: sources, round: round)
                    times.append(result.time)
                    fidelity = result.psnr
                    found = result.psnr.count
                }
                times.sort()
                table.append([
                    contender.name, emulator.rawValue, contender.protocolName(emulator), Self.seconds(times[times.count / 2]),
                    Self.seconds(times[0]), "\(found)/\(photos)",
                    fidelity.isEmpty ? "-" : String(format: "%.1f dB", fidelity.reduce(0, +) / Double(fidelity.count)),
                    fidelity.min().map { String(format: "%.1f dB", $0) } ?? "-",
                ])
            }
        }
        print(Self.format(table))
    }

    /// One run: a terminal opened on a shell that waits for Return, then runs the contender.
    private func measure(
        _ contender: PeerContender, in emulator: TerminalEmulator, files: [String], folder: String, sources: [RGBImage], round: Int
    ) throws -> (time: Duration, psnr: [Double]) {
        let command = contender.command(emulator, files, folder, Self.columns)
        let script = "printf 'ready'; read line; printf '\\033[?25l\\033[2J\\033[H'; \(command); exec sleep 600"
        let terminal = try XvfbTerminal(emulator, columns: Self.columns, rows: Self.rows, command: ["sh", "-c", script])
        defer { terminal.stop() }
        try terminal.waitForScreenshot("the shell is ready") { !$0.isBlank() }
        let launch = ContinuousClock.now
        try terminal.press("Return")
        let border = emulator == .xtermVT340 ? 2 : 0
        // The third command may be a full-screen program (Sepia) whose title and status lines
        // touch its pictures: its first and last lines are left out of the search.
        let skipped = contender.isCustom ? terminal.cellHeight : 0
        let screen = try terminal.waitForSettledScreen("\(contender.name) shows \(files.count) pictures", since: launch) {
            $0.photoBoxes(border: border, skippedLines: skipped).count >= files.count
        }
        if round == 1 { try terminal.save(screen.image, as: "\(contender.name)") }
        let psnr = try screen.image.photoBoxes(border: border, skippedLines: skipped).map { box in
            let shown = screen.image.cropped(x: box.x, y: box.y, width: box.width, height: box.height)
            return try sources.indices.map { index in
                let scaled = try RGBImage.load(URL(fileURLWithPath: files[index]), resizedTo: (box.width, box.height))
                return shown.peakSignalToNoiseRatio(to: scaled)
            }.max() ?? 0
        }
        return (screen.firstSeen, psnr)
    }

    private static func seconds(_ duration: Duration) -> String {
        let components = duration.components
        return String(format: "%.2f s", Double(components.seconds) + Double(components.attoseconds) / 1e18)
    }

    /// The rows as a Markdown table.
    private static func format(_ rows: [[String]]) -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            "| " + row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |"
        }
        return
            ([line(rows[0]), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"]
            + rows.dropFirst().map(line)).joined(separator: "\n")
    }
}
