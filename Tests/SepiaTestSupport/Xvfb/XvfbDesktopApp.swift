package import Foundation

/// A desktop program (`sepia-gtk`) on an X server of its own, with a D-Bus session of its own
/// (so that its accessibility tree can be read over AT-SPI), seen through screenshots of the
/// whole screen and driven by xdotool or by pressing its buttons over AT-SPI.
///
/// GTK draws with cairo (`GSK_RENDERER=cairo`): the same pixels on every machine, no OpenGL.
/// No window manager runs: the program's window is at the screen's top left, with the title
/// bar it draws itself. Every process ends with ``stop()``, with the object, or at the latest
/// after its lifetime.
package final class XvfbDesktopApp {
    /// The program's name, as AT-SPI names its application.
    package let name: String
    /// When the program was started.
    package let startTime: ContinuousClock.Instant
    private let display: XvfbDisplay
    private let bus: DBusSession
    private let program: BackgroundProcess
    /// The X id of the program's main window, once found.
    private var mainWindow: String?

    /// Starts an X server of `width`×`height` pixels, a session bus, and `executable` with
    /// `arguments` on them (`environment` added to this process's).
    package init(
        _ executable: URL, _ arguments: [String], width: Int = 1000, height: Int = 800, environment: [String: String] = [:],
        lifetime: TimeInterval = 300
    ) throws {
        name = executable.lastPathComponent
        display = try XvfbDisplay(width: width, height: height, lifetime: lifetime)
        do {
            bus = try DBusSession(lifetime: lifetime)
        } catch {
            display.stop()
            throw error
        }
        var programEnvironment = bus.environment(display.environment())
        programEnvironment["GSK_RENDERER"] = "cairo"
        programEnvironment["GDK_BACKEND"] = "x11"
        programEnvironment.merge(environment) { $1 }
        startTime = .now
        do {
            program = try BackgroundProcess(executable.path, arguments, environment: programEnvironment, lifetime: lifetime)
        } catch {
            bus.stop()
            display.stop()
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Ends the program, the bus and the X server. Calling it again does nothing.
    package func stop() {
        program.stop()
        bus.stop()
        display.stop()
    }

    /// Whether the program still runs.
    package var isRunning: Bool { program.isRunning }

    /// The program's exit status once it has ended.
    package var exitStatus: Int32? { program.exitStatus }

    /// The end of what the program wrote on its standard error.
    package var log: String { program.log }

    /// The program's process id, or nil while it does not run.
    package var processID: Int32? { program.programID }

    /// Sends `signal` to the program.
    package func send(_ signal: Int32) {
        program.send(signal)
    }

    /// Waits until the program has ended, and returns its exit status.
    ///
    /// - Throws: ``WaitTimeout`` when it still runs after `timeout` seconds.
    package func waitForExit(timeout: TimeInterval = Polling.patience) throws -> Int32 {
        guard Polling.wait(every: 0.05, for: timeout, until: { !program.isRunning }), let status = program.exitStatus else {
            throw WaitTimeout(waitingUntil: "\(name) exits", seconds: timeout)
        }
        return status
    }

    /// The program's main window as it is now (its first window, whose X class is the
    /// program's name), or the whole screen while it has none or when `wholeScreen` (its
    /// dialogs are windows of their own).
    package func screenshot(wholeScreen: Bool = false) throws -> RGBImage {
        if mainWindow == nil && !wholeScreen {
            // xdotool search fails (status 1) while no window matches.
            let found = try? X11Client.text("xdotool", ["search", "--onlyvisible", "--class", "^\(name)$"], display: display)
            mainWindow = found?.split(separator: "\n").first.map(String.init)
        }
        let window = wholeScreen ? "root" : mainWindow ?? "root"
        return try RGBImage(ppm: X11Client.run("import", ["-window", window, "-depth", "8", "ppm:-"], display: display))
    }

    /// Presses keys (xdotool's names: "ctrl+q", "Page_Down") in the focused window.
    package func press(_ keys: String...) throws {
        _ = try X11Client.run("xdotool", ["key", "--delay", "20"] + keys, display: display)
    }

    /// Moves the pointer to (`x`, `y`) on the screen (off the window: no row shows a hover).
    package func movePointer(x: Int, y: Int) throws {
        _ = try X11Client.run("xdotool", ["mousemove", "\(x)", "\(y)"], display: display)
    }

    /// Types `text` (xdotool's `type`: one key a character) in the focused window.
    package func type(_ text: String) throws {
        _ = try X11Client.run("xdotool", ["type", "--delay", "20", text], display: display)
    }

    /// Drags with the first mouse button from (`x`, `y`) to (`toX`, `toY`) on the screen, in
    /// `steps` equal steps `delay` milliseconds apart (and `pause` milliseconds more after every
    /// `pauseEvery` steps, when given), then stays `dwell` milliseconds over the target, moves
    /// one pixel more and stays again before releasing the button: a drop target answers a move
    /// (XDND's XdndPosition) before it takes a drop, and a scrollbar settles.
    package func drag(
        from x: Int, _ y: Int, to toX: Int, _ toY: Int, steps: Int = 10, delay: Int = 50, pauseEvery: Int? = nil, pause: Int = 0,
        dwell: Int = 300
    ) throws {
        let steps = max(steps, 1)
        var commands = ["mousemove", "\(x)", "\(y)", "mousedown", "1"]
        for step in 1...steps {
            commands += [
                "sleep", String(Double(delay) / 1000), "mousemove", "\(x + (toX - x) * step / steps)", "\(y + (toY - y) * step / steps)",
            ]
            if let pauseEvery, step % pauseEvery == 0 { commands += ["sleep", String(Double(pause) / 1000)] }
        }
        let dwellSeconds = String(Double(dwell) / 1000)
        commands += ["sleep", dwellSeconds, "mousemove", "\(toX + 1)", "\(toY)", "sleep", dwellSeconds, "mouseup", "1"]
        _ = try X11Client.run("xdotool", commands, display: display)
    }

    /// Turns the mouse wheel `notches` times (down, or up when `down` is false) with the
    /// pointer at (`x`, `y`) on the screen, `delay` milliseconds apart.
    package func wheel(notches: Int, down: Bool = true, x: Int, y: Int, delay: Int = 30) throws {
        _ = try X11Client.run("xdotool", Self.wheelArguments(notches: notches, down: down, x: x, y: y, delay: delay), display: display)
    }

    /// Starts turning the mouse wheel as ``wheel(notches:down:x:y:delay:)`` does, and returns
    /// at once: the process (xdotool) ends after the last notch.
    package func startWheel(notches: Int, down: Bool = true, x: Int, y: Int, delay: Int = 30) throws -> BackgroundProcess {
        try BackgroundProcess(
            "xdotool", Self.wheelArguments(notches: notches, down: down, x: x, y: y, delay: delay), environment: display.environment(),
            lifetime: 120)
    }

    private static func wheelArguments(notches: Int, down: Bool, x: Int, y: Int, delay: Int) -> [String] {
        ["mousemove", "\(x)", "\(y)", "click", "--repeat", "\(notches)", "--delay", "\(delay)", down ? "5" : "4"]
    }

    /// Starts another program (a helper window) on the program's display and bus, ended with
    /// the returned process.
    package func launch(_ executable: String, _ arguments: [String]) throws -> BackgroundProcess {
        var environment = bus.environment(display.environment())
        environment["GSK_RENDERER"] = "cairo"
        environment["GDK_BACKEND"] = "x11"
        return try BackgroundProcess(executable, arguments, environment: environment, lifetime: 120)
    }

    /// The program's accessible objects that have a name (empty until it is on the bus).
    package func accessibleNodes() throws -> [AccessibilityTree.Node] {
        try AccessibilityTree.nodes(of: name, environment: bus.environment(display.environment()))
    }

    /// Presses the program's push button named `button` over AT-SPI.
    package func pressButton(_ button: String) throws {
        try AccessibilityTree.press(button, in: name, environment: bus.environment(display.environment()))
    }

    /// Reads the accessible objects until `isDone` accepts them, and returns them. A read
    /// that fails is read again: on a loaded machine the reader may not reach the
    /// accessibility bus in time ("dbind-ERROR: Couldn't connect to accessibility bus").
    ///
    /// - Throws: ``WaitTimeout`` naming `description` (with the program's log and the last
    ///   failed read's error) when `timeout` passes first.
    @discardableResult
    package func waitForAccessibleNodes(
        _ description: String, timeout: TimeInterval = Polling.patience, until isDone: ([AccessibilityTree.Node]) throws -> Bool
    ) throws -> [AccessibilityTree.Node] {
        var readError: (any Error)?
        let read: () -> [AccessibilityTree.Node]? = {
            do {
                return try self.accessibleNodes()
            } catch {
                readError = error
                return nil
            }
        }
        let result = try Polling.read(every: 0.2, for: timeout, read) { (nodes: [AccessibilityTree.Node]?) in
            guard let nodes else { return false }
            return try isDone(nodes)
        }
        guard result.isDone, let nodes = result.value else {
            let names = (result.value ?? []).map(\.name).joined(separator: " | ")
            let failure = readError.map { "\nLast failed read: \($0)" } ?? ""
            throw EndToEndError(
                "Timed out after \(Int(timeout)) s waiting until \(description). Accessible names: \(names)\(failure)\nLog: \(log)")
        }
        return nodes
    }

    /// Takes screenshots of the main window until `isDone` accepts one, and returns it.
    ///
    /// - Throws: ``WaitTimeout`` naming `description` when `timeout` passes first; the last
    ///   screenshot is saved (``ScreenshotFolder``) as `<program>-timeout-<description>`.
    @discardableResult
    package func waitForScreenshot(
        _ description: String, timeout: TimeInterval = Polling.patience, until isDone: (RGBImage) throws -> Bool
    ) throws -> RGBImage {
        try ScreenshotFolder.wait(for: description, every: 0.1, timeout: timeout, prefix: name, { try screenshot() }, until: isDone)
    }

    /// Writes `image` to `$SEPIA_SCREENSHOTS/<program>-<name>.png` when that variable names a
    /// folder (``ScreenshotFolder``); returns the file, or nil when the variable is not set.
    @discardableResult
    package func save(_ image: RGBImage, as name: String) throws -> URL? {
        try ScreenshotFolder.save(image, as: "\(self.name)-\(name)")
    }
}
