import Foundation

/// The layout of one `DiskCache` file: a header that names the key and the payload's length,
/// then the key, then the payload.
///
/// ```
/// bytes 0..<8    magic "SEPIADC1"
/// bytes 8..<12   key length in bytes, UInt32 little-endian
/// bytes 12..<20  payload length in bytes, UInt64 little-endian
/// then           the key in UTF-8, then the payload
/// ```
/// A file that is shorter or longer than its header says, or that holds another key, is
/// rejected, which catches truncated writes and hash collisions. The payload has no checksum.
enum DiskCacheEntryFormat {
    private static let magic = Array("SEPIADC1".utf8)
    private static let headerLength = magic.count + MemoryLayout<UInt32>.size + MemoryLayout<UInt64>.size

    /// The file contents for `payload` stored under `key`.
    static func encode(_ payload: Data, key: String) -> Data {
        let keyBytes = Array(key.utf8)
        var file = Data(capacity: headerLength + keyBytes.count + payload.count)
        file.append(contentsOf: magic)
        withUnsafeBytes(of: UInt32(keyBytes.count).littleEndian) { file.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt64(payload.count).littleEndian) { file.append(contentsOf: $0) }
        file.append(contentsOf: keyBytes)
        file.append(payload)
        return file
    }

    /// The payload of `file` if it is a complete entry for `key`, nil otherwise.
    static func payload(of file: Data, key: String) -> Data? {
        let keyBytes = Array(key.utf8)
        guard file.count >= headerLength, file.starts(with: magic) else { return nil }
        let (keyLength, payloadLength) = file.withUnsafeBytes { raw in
            (
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: magic.count, as: UInt32.self)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: magic.count + 4, as: UInt64.self))
            )
        }
        let payloadCount = file.count - headerLength - keyBytes.count
        guard Int(keyLength) == keyBytes.count, payloadCount >= 0, UInt64(payloadCount) == payloadLength else {
            return nil
        }
        let keyStart = file.startIndex + headerLength
        let payloadStart = keyStart + keyBytes.count
        guard file[keyStart..<payloadStart].elementsEqual(keyBytes) else { return nil }
        return Data(file[payloadStart...])
    }
}
