import Foundation

/// Writes files so that they appear whole or not at all.
enum AtomicFileWriter {
    /// Writes `bytes` to a temporary file beside `file` and renames it over `file`; on any
    /// failure the temporary file is removed and the error says what went wrong.
    static func write(_ bytes: [UInt8], to file: URL) throws {
        let folder = file.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).partial")
        do {
            try Data(bytes).write(to: temporary)
            if rename(temporary.path, file.path) != 0 {
                throw PhotoLoadError.saving("cannot move the photo into place at \(file.path): \(String(cString: strerror(errno)))")
            }
        } catch let error as PhotoLoadError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw PhotoLoadError.saving("cannot write \(file.path): \((error as NSError).localizedDescription)")
        }
    }
}
