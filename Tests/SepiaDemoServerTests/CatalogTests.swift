import SepiaDemoServer
import SepiaImaging
import XCTest

final class CatalogTests: XCTestCase {
    func testDefaultCatalogListsFiveHundredPhotosAndOneEntryOfEachBrokenKind() {
        let catalog = DemoCatalog(configuration: DemoServerConfiguration())

        XCTAssertEqual(catalog.photos.count, 500)
        XCTAssertEqual(catalog.brokenEntries.map(\.kind), DemoCatalog.Entry.Kind.brokenKinds)
        XCTAssertEqual(catalog.entries.count, 506)
    }

    func testPhotosAreNumberedEverySeventhIsAPNGTheSecondProgressiveAndTheThirdAnimated() {
        let catalog = DemoCatalog(configuration: .small(photoCount: 21))

        for (offset, photo) in catalog.photos.enumerated() {
            let number = offset + 1
            let format: ImageFormat = number == 3 ? .webp : number % 7 == 0 ? .png : .jpeg
            let kind: DemoCatalog.Entry.Kind = number == 2 ? .progressive : number == 3 ? .animated : .photo(format)
            XCTAssertEqual(photo.kind, kind, photo.name)
            XCTAssertEqual(photo.path, "/photos/\(number).\(format.fileExtension)")
            XCTAssertTrue(photo.name.hasSuffix(" \(number)"), photo.name)
        }
    }

    func testNamesAndPathsAreUnique() {
        let catalog = DemoCatalog(configuration: DemoServerConfiguration())
        let paths = catalog.entries.compactMap(\.path)

        XCTAssertEqual(Set(catalog.entries.map(\.name)).count, catalog.entries.count)
        XCTAssertEqual(Set(paths).count, paths.count)
        XCTAssertEqual(paths.count, catalog.entries.count - 1, "only the no-URL entry has no path")
    }

    func testBrokenEntriesHaveRecognisableNamesAndAreSpreadAmongThePhotos() {
        let catalog = DemoCatalog(configuration: DemoServerConfiguration())
        let brokenPositions = catalog.entries.indices.filter { catalog.entries[$0].kind.isBroken }

        XCTAssertEqual(
            catalog.brokenEntries.map(\.name),
            [
                "Broken: no URL", "Broken: not found", "Broken: corrupt JPEG",
                "Broken: HTML page", "Broken: truncated", "Broken: slow",
            ])
        XCTAssertGreaterThan(brokenPositions.first ?? 0, 0)
        XCTAssertLessThan(brokenPositions.last ?? .max, catalog.entries.count - 1)
        for (earlier, later) in zip(brokenPositions, brokenPositions.dropFirst()) {
            XCTAssertGreaterThan(later - earlier, 50, "broken entries should not be bunched together")
        }
    }

    func testEntriesCanBeLookedUpByPathAndKind() throws {
        let catalog = DemoCatalog(configuration: .small())

        for entry in catalog.entries {
            if let path = entry.path {
                XCTAssertEqual(catalog.entry(forPath: path), entry)
            }
        }
        let noURL = try XCTUnwrap(catalog.entry(ofKind: .noURL))
        XCTAssertNil(noURL.path)
        XCTAssertNil(noURL.url(relativeTo: URL(string: "http://127.0.0.1:1/")!))
        XCTAssertEqual(noURL.manifestURLString(relativeTo: URL(string: "http://127.0.0.1:1/")!), "NO URL")
        XCTAssertNil(catalog.entry(forPath: "/photos/0.jpg"))
    }

    func testTheSeedDecidesTheNames() {
        let first = DemoCatalog(configuration: DemoServerConfiguration(seed: 7))
        let again = DemoCatalog(configuration: DemoServerConfiguration(seed: 7))
        let other = DemoCatalog(configuration: DemoServerConfiguration(seed: 8))

        XCTAssertEqual(first.entries, again.entries)
        XCTAssertNotEqual(first.photos.map(\.name), other.photos.map(\.name))
    }

    func testBrokenEntriesCanBeLeftOut() {
        var configuration = DemoServerConfiguration.small()
        configuration.includesBrokenEntries = false

        let catalog = DemoCatalog(configuration: configuration)

        XCTAssertEqual(catalog.entries.count, 14)
        XCTAssertTrue(catalog.brokenEntries.isEmpty)
    }
}
