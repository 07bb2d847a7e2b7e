package import Foundation

/// A real terminal emulator (xterm as a VT340, or kitty) on an X server of its own, running
/// one command in a window of a given number of columns and rows, seen through screenshots
/// and driven with key presses (xdotool), for the tests and benchmarks of pictures in the
/// terminal.
///
/// Every process it starts ends with ``stop()``, with the object, or at the latest after its
/// lifetime (see ``BackgroundProcess``), whether or not the test passed. When the environment
/// variable `SEPIA_SCREENSHOTS` names a folder, ``save(_:as:)`` writes screenshots there as
/// PNG files for a person to look at.
package final class XvfbTerminal {
    /// Which terminal runs.
    package let emulator: TerminalEmulator
    /// The window's width in cells.
    package let columns: Int
    /// The window's height in cells.
    package let rows: Int
    /// A cell's width in pixels.
    package let cellWidth: Int
    /// A cell's height in pixels.
    package let cellHeight: Int
    /// The X window id of the terminal's window (decimal, as xdotool prints it).
    package let window: String
    /// When the terminal was started: the origin for a time to a first screen.
    package let startTime: ContinuousClock.Instant
    private let display: XvfbDisplay
    private let terminal: BackgroundProcess

    /// Starts an X server, and on it `emulator` in a `columns`×`rows` window running
    /// `command` (its program first, looked up on the `PATH`) with `environment` added to
    /// this process's; returns once the window is shown.
    ///
    /// - Throws: ``EndToEndError`` when a program is missing or the window does not appear
    ///   within `timeout` seconds; nothing is left running then.
    package init(
        _ emulator: TerminalEmulator, columns: Int = 80, rows: Int = 24, command: [String],
        environment: [String: String] = [:], timeout: TimeInterval = 30, lifetime: TimeInterval = BackgroundProcess.defaultLifetime
    ) throws {
        self.emulator = emulator
        self.columns = columns
        self.rows = rows
        display = try XvfbDisplay(lifetime: lifetime)
        var terminalEnvironment = display.environment().merging(emulator.environment) { $1 }.merging(environment) { $1 }
        if terminalEnvironment["LC_ALL"] == nil && terminalEnvironment["LC_CTYPE"] == nil { terminalEnvironment["LC_CTYPE"] = "C.UTF-8" }
        startTime = .now
        do {
            terminal = try BackgroundProcess(
                emulator.executable, emulator.arguments(columns: columns, rows: rows, command: command),
                environment: terminalEnvironment, lifetime: lifetime)
        } catch {
            display.stop()
            throw error
        }
        do {
            let found = try Self.findWindow(of: emulator, terminal: terminal, on: display, timeout: timeout)
            window = found.window
            cellWidth = (found.width - 2 * emulator.border) / columns
            cellHeight = (found.height - 2 * emulator.border) / rows
            guard cellWidth >= 4, cellHeight >= 8 else {
                throw EndToEndError("\(emulator.rawValue)'s window is \(found.width)×\(found.height) pixels for \(columns)×\(rows) cells")
            }
            // No window manager gives the focus: take it, so key presses reach the terminal.
            _ = try X11Client.run("xdotool", ["windowfocus", "--sync", window], display: display)
        } catch {
            terminal.stop()
            display.stop()
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Ends the terminal (and so the command) and the X server. Calling it again does nothing.
    package func stop() {
        terminal.stop()
        display.stop()
    }

    /// Whether the terminal still runs (it closes when its command ends).
    package var isRunning: Bool { terminal.isRunning }

    /// The end of what the terminal printed on its standard error (kitty logs the escape
    /// sequences it could not parse there).
    package var terminalLog: String { terminal.log }

    /// The `DISPLAY` the terminal draws on.
    package var displayName: String { display.name }

    /// The whole window as it is on the screen now, borders included.
    package func screenshot() throws -> RGBImage {
        try RGBImage(ppm: X11Client.run("import", ["-window", window, "-depth", "8", "ppm:-"], display: display))
    }

    /// The pixels of `columns`×`rows` cells whose top left cell is in column `column` and row
    /// `row` (both from 0) of `screenshot`.
    package func cells(_ screenshot: RGBImage, column: Int, row: Int, columns: Int, rows: Int) -> RGBImage {
        let area = cellArea(column: column, row: row, columns: columns, rows: rows)
        return screenshot.cropped(x: area.x, y: area.y, width: area.width, height: area.height)
    }

    /// Where cells lie in the window, in pixels: the top left of cell (`column`, `row`) (from
    /// 0) and the size of `columns`×`rows` cells.
    package func cellArea(column: Int, row: Int, columns: Int = 1, rows: Int = 1) -> (x: Int, y: Int, width: Int, height: Int) {
        (emulator.border + column * cellWidth, emulator.border + row * cellHeight, columns * cellWidth, rows * cellHeight)
    }

    /// Presses keys, each named as xdotool names them ("q", "Down", "ctrl+c", "Return").
    package func press(_ keys: String...) throws {
        _ = try X11Client.run("xdotool", ["key", "--delay", "20"] + keys, display: display)
    }

    /// Types `text`, one key press per character.
    package func type(_ text: String) throws {
        _ = try X11Client.run("xdotool", ["type", "--delay", "20", text], display: display)
    }

    /// Writes `image` to `$SEPIA_SCREENSHOTS/<emulator>-<name>.png` when that variable names a
    /// folder (``ScreenshotFolder``); returns the file, or nil when the variable is not set.
    @discardableResult
    package func save(_ image: RGBImage, as name: String) throws -> URL? {
        try ScreenshotFolder.save(image, as: "\(emulator.rawValue)-\(name)")
    }

    /// Waits for the terminal's main window to be shown and returns its id and size.
    private static func findWindow(
        of emulator: TerminalEmulator, terminal: BackgroundProcess, on display: XvfbDisplay, timeout: TimeInterval
    ) throws -> (window: String, width: Int, height: Int) {
        let search = ["search", "--onlyvisible", "--class", "^\(emulator.windowClass)$"]
        // xdotool search fails (status 1) while no window matches.
        let found = Polling.read(
            every: 0.05, for: timeout,
            {
                terminal.isRunning ? (try? X11Client.text("xdotool", search, display: display)) ?? "" : ""
            }, until: { !$0.isEmpty || !terminal.isRunning }
        ).value
        guard let window = found.split(separator: "\n").first.map(String.init) else {
            throw EndToEndError("\(emulator.rawValue) showed no window in \(Int(timeout)) s; its log: \(terminal.log)")
        }
        let geometry = try X11Client.text("xdotool", ["getwindowgeometry", window], display: display)
        // "  Geometry: 644x412"
        guard let line = geometry.split(separator: "\n").first(where: { $0.contains("Geometry:") }),
            let size = line.split(separator: " ").last?.split(separator: "x").compactMap({ Int($0) }), size.count == 2
        else {
            throw EndToEndError("xdotool getwindowgeometry printed no size: \(geometry)")
        }
        return (window, size[0], size[1])
    }
}
