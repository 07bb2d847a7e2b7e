import CZlib
import Foundation

/// The layout of one `DiskCache` file: a header that names the key, the payload's length and
/// its checksum, then the key, then the payload.
///
/// ```
/// bytes 0..<8    magic "SEPIADC2"
/// bytes 8..<12   key length in bytes, UInt32 little-endian
/// bytes 12..<20  payload length in bytes, UInt64 little-endian
/// bytes 20..<24  CRC-32 (zlib's) of the payload, UInt32 little-endian
/// then           the key in UTF-8, then the payload
/// ```
/// A file that is shorter or longer than its header says, holds another key, or whose payload
/// does not match its checksum (a flipped bit on the disk, a file changed by hand) is
/// rejected. Files of the first layout ("SEPIADC1", no checksum) are rejected too, and so
/// downloaded again.
enum DiskCacheEntryFormat {
    private static let magic = Array("SEPIADC2".utf8)
    private static let headerLength = magic.count + 4 + 8 + 4

    /// The file contents for `payload` stored under `key`.
    static func encode(_ payload: Data, key: String) -> Data {
        let keyBytes = Array(key.utf8)
        var file = Data(capacity: headerLength + keyBytes.count + payload.count)
        file.append(contentsOf: magic)
        withUnsafeBytes(of: UInt32(keyBytes.count).littleEndian) { file.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt64(payload.count).littleEndian) { file.append(contentsOf: $0) }
        withUnsafeBytes(of: checksum(of: payload).littleEndian) { file.append(contentsOf: $0) }
        file.append(contentsOf: keyBytes)
        file.append(payload)
        return file
    }

    /// The payload of `file` if it is a complete, undamaged entry for `key`, nil otherwise.
    static func payload(of file: Data, key: String) -> Data? {
        let keyBytes = Array(key.utf8)
        guard file.count >= headerLength, file.starts(with: magic) else { return nil }
        let (keyLength, payloadLength, storedChecksum) = file.withUnsafeBytes { raw in
            (
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: magic.count, as: UInt32.self)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: magic.count + 4, as: UInt64.self)),
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: magic.count + 12, as: UInt32.self))
            )
        }
        let payloadCount = file.count - headerLength - keyBytes.count
        guard Int(keyLength) == keyBytes.count, payloadCount >= 0, UInt64(payloadCount) == payloadLength else {
            return nil
        }
        let keyStart = file.startIndex + headerLength
        let payloadStart = keyStart + keyBytes.count
        guard file[keyStart..<payloadStart].elementsEqual(keyBytes) else { return nil }
        let payload = Data(file[payloadStart...])
        guard checksum(of: payload) == storedChecksum else { return nil }
        return payload
    }

    /// zlib's CRC-32 of `bytes` (several gigabytes a second: a small share of reading them).
    static func checksum(of bytes: Data) -> UInt32 {
        bytes.withUnsafeBytes { raw -> UInt32 in
            var crc = crc32(0, nil, 0)
            var offset = 0
            // zlib takes a 32-bit length: feed it in chunks.
            while offset < raw.count {
                let length = min(raw.count - offset, 1 << 30)
                crc = crc32(crc, raw.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Bytef.self), uInt(length))
                offset += length
            }
            return UInt32(truncatingIfNeeded: crc)
        }
    }
}
