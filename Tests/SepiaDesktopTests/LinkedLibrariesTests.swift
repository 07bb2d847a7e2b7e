import Foundation
import SepiaTestSupport
import XCTest

/// GTK stays out of `sepia` (and so out of the container image and the cluster): only
/// `sepia-gtk` links it.
final class LinkedLibrariesTests: XCTestCase {
    /// The sonames of GTK 4 and the libraries only it brings.
    private static let desktopLibraries = [
        "libgtk-4", "libgdk", "libglib-2.0", "libgobject-2.0", "libgio-2.0", "libpango", "libcairo", "libgraphene",
    ]

    func testSepiaLinksNoGTKLibrary() throws {
        let needed = try DebianTool.neededLibraries(of: try DesktopTools.built("sepia"))
        XCTAssertFalse(needed.isEmpty, "readelf listed no libraries")
        let desktop = needed.filter { library in Self.desktopLibraries.contains { library.hasPrefix($0) } }
        XCTAssertEqual(desktop, [], "sepia links \(needed)")
    }

    /// The check above can see GTK: sepia-gtk links it.
    func testSepiaGtkLinksGTK() throws {
        let needed = try DebianTool.neededLibraries(of: try DesktopTools.sepiaGtk())
        XCTAssertTrue(needed.contains { $0.hasPrefix("libgtk-4.so") }, "\(needed)")
    }
}
