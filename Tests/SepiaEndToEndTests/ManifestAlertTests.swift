import SepiaTestSupport
import XCTest

/// `sepia browse` over a manifest that cannot be read: the tutorial's alert, dismissed, then
/// quitting.
final class ManifestAlertTests: SepiaSessionTestCase {
    private static let manifest = "/nonexistent/photos.plist"

    func testUnreadableManifestShowsTheAlertUntilDismissed() throws {
        try startSepia(["browse", Self.manifest])

        let alert = try session.waitForScreen("the alert") { $0.contains("Oops! There was an error fetching photo details.") }
        let message = Self.boxedText(alert)
        XCTAssertTrue(message.contains("Cannot read the photo list \(Self.manifest)"), "the alert gives no reason: \(message)")
        XCTAssertTrue(message.contains("Enter: dismiss"), "the alert does not say how to dismiss it: \(message)")
        XCTAssertTrue(alert.statusBar.contains("No photos: the photo details could not be fetched"), alert.statusBar)

        try session.press("Enter")
        let dismissed = try session.waitForScreen("the alert to go") { !$0.contains("Oops!") }
        XCTAssertTrue(dismissed.statusBar.contains("No photos"), "sepia left when the alert was dismissed:\n\(dismissed.text)")

        try session.press("q")
        try assertExits(withStatus: 0)
    }

    /// The text inside the box's borders, its lines joined with spaces (the box wraps at
    /// spaces).
    private static func boxedText(_ screen: PaneSnapshot) -> String {
        screen.lines.compactMap { line -> String? in
            guard let left = line.firstIndex(of: "│"), let right = line.lastIndex(of: "│"), left < right else { return nil }
            let inside = line[line.index(after: left)..<right].trimmingCharacters(in: .whitespaces)
            return inside.isEmpty ? nil : inside
        }
        .joined(separator: " ")
    }
}
