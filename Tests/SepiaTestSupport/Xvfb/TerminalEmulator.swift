import Foundation

/// A terminal emulator from Debian's packages that ``XvfbTerminal`` starts, and how: a fixed
/// font (DejaVu Sans Mono 10, Debian's fonts-dejavu-core) so cells have a known size, and
/// no user configuration.
package enum TerminalEmulator: String, CaseIterable, Sendable {
    /// xterm as a DEC VT340, which turns its sixel graphics on (DA1 then lists 4), with
    /// 256 colour registers. Cells are 8×17 pixels; a 2-pixel border surrounds them.
    case xtermVT340 = "xterm-vt340"
    /// kitty (0.26.5 on Debian 12) on Mesa's software OpenGL: the kitty graphics protocol
    /// with direct placements but no Unicode placeholders. Cells are 8×17 pixels, no border.
    case kitty

    /// The program to run.
    var executable: String {
        switch self {
        case .xtermVT340: "xterm"
        case .kitty: "kitty"
        }
    }

    /// The Debian package that brings the program, for messages.
    package var debianPackage: String {
        switch self {
        case .xtermVT340: "xterm"
        case .kitty: "kitty"
        }
    }

    /// The class (`WM_CLASS`) of the program's main window.
    var windowClass: String {
        switch self {
        case .xtermVT340: "XTerm"
        case .kitty: "kitty"
        }
    }

    /// The pixels between the window's edge and the first cell, on every side.
    var border: Int {
        switch self {
        case .xtermVT340: 2
        case .kitty: 0
        }
    }

    /// The arguments that open a `columns`×`rows` window running `command` (its program first).
    func arguments(columns: Int, rows: Int, command: [String]) -> [String] {
        switch self {
        case .xtermVT340:
            // -ti vt340: sixel on. numColorRegisters: what XTSMGRAPHICS reports and a sixel
            // may use (Debian's xterm 379 gives 1024 by default). +sb: no scroll bar.
            // -xrm on a clean resource database (-name keeps ~/.Xresources' XTerm* out).
            [
                "-name", "sepia-xterm", "-ti", "vt340", "-fa", "DejaVu Sans Mono", "-fs", "10", "-geometry", "\(columns)x\(rows)+0+0",
                "+sb",
                "-xrm", "*numColorRegisters: 256", "-xrm", "*cursorBlink: false", "-e",
            ] + command
        case .kitty:
            [
                "--config", "NONE", "-o", "font_family=DejaVu Sans Mono", "-o", "font_size=10",
                "-o", "initial_window_width=\(columns)c", "-o", "initial_window_height=\(rows)c", "-o", "remember_window_size=no",
                "-o", "cursor_blink_interval=0", "-o", "allow_remote_control=no", "-o", "update_check_interval=0", "--",
            ] + command
        }
    }

    /// The environment the program needs besides `DISPLAY`: kitty renders with OpenGL 3.3,
    /// which Xvfb offers only through Mesa's software renderer.
    var environment: [String: String] {
        switch self {
        case .xtermVT340: [:]
        case .kitty: ["LIBGL_ALWAYS_SOFTWARE": "1"]
        }
    }
}
