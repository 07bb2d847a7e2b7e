public import Foundation

/// The directories ``makeTemporaryCacheDirectory()`` made, removed when the process exits.
private enum TemporaryDirectories {
    nonisolated(unsafe) static var made: [URL] = []
    static let lock = NSLock()
    static let removalAtExit: Void = {
        atexit {
            TemporaryDirectories.lock.lock()
            defer { TemporaryDirectories.lock.unlock() }
            for directory in TemporaryDirectories.made { try? FileManager.default.removeItem(at: directory) }
        }
    }()
}

/// A new empty directory for a test, removed when the test process exits. (Not an XCTest
/// teardown block: this module is linked into the benchmark executable too, which has no XCTest.)
public func makeTemporaryCacheDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("SepiaTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    TemporaryDirectories.removalAtExit
    TemporaryDirectories.lock.lock()
    TemporaryDirectories.made.append(directory)
    TemporaryDirectories.lock.unlock()
    return directory
}
