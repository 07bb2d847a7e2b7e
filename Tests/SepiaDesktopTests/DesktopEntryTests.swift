import Foundation
import SepiaDesktop
import SepiaTestSupport
import XCTest

/// The desktop entry and icon in deploy/desktop, and scripts/install-desktop-entry that
/// installs them: the entry is valid (desktop-file-validate), named after the application id
/// the window has, and the icon is well-formed SVG.
final class DesktopEntryTests: XCTestCase {
    /// The repository's root: this file is Tests/SepiaDesktopTests/DesktopEntryTests.swift.
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let folder = repository.appendingPathComponent("deploy/desktop")
    private static let entry = folder.appendingPathComponent(DesktopApp.applicationID + ".desktop")
    private static let icon = folder.appendingPathComponent(DesktopApp.applicationID + ".svg")

    func testTheEntryIsValidAndNamesTheAppsIdAndIcon() throws {
        try DebianTool.run("desktop-file-validate", [Self.entry.path], package: "desktop-file-utils")
        let lines = try String(contentsOf: Self.entry, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("Exec=sepia-gtk %U"), "\(lines)")
        XCTAssertTrue(lines.contains("Icon=\(DesktopApp.applicationID)"), "\(lines)")
        XCTAssertTrue(lines.contains("Categories=Graphics;Viewer;"), "\(lines)")
        let mimeTypes = try XCTUnwrap(lines.first { $0.hasPrefix("MimeType=") }).dropFirst("MimeType=".count).split(separator: ";")
        XCTAssertEqual(
            Set(mimeTypes.map(String.init)),
            Set(["jpeg", "png", "webp", "gif", "tiff", "bmp", "avif", "heic", "jxl"].map { "image/" + $0 } + ["inode/directory"]))
    }

    func testTheIconIsWellFormedSVG() throws {
        let script = """
            import sys, xml.etree.ElementTree as tree
            root = tree.parse(sys.argv[1]).getroot()
            assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
            print(root.get("viewBox"))
            """
        let output = try DebianTool.run("python3", ["-c", script, Self.icon.path], package: "python3")
        XCTAssertEqual(String(decoding: output, as: UTF8.self), "0 0 128 128\n", "a square icon")
    }

    /// The script puts the given binary, the entry and the icon under the home's XDG folders.
    func testTheInstallScriptInstallsUnderTheHome() throws {
        let home = try makeTemporaryCacheDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = nil
        let result = try CommandRunner.run(
            Self.repository.appendingPathComponent("scripts/install-desktop-entry"), ["/bin/true"], environment: environment)
        XCTAssertEqual(result.status, 0, result.errorOutput)
        let installed = [
            ".local/bin/sepia-gtk", ".local/share/applications/\(DesktopApp.applicationID).desktop",
            ".local/share/icons/hicolor/scalable/apps/\(DesktopApp.applicationID).svg",
        ]
        for path in installed {
            XCTAssertTrue(FileManager.default.fileExists(atPath: home.appendingPathComponent(path).path), path)
        }
        XCTAssertTrue(ExecutableFile.isExecutable(home.appendingPathComponent(installed[0])))
    }
}
