import CZlib
import Foundation

/// The layout of one `DiskCache` file: a header that names the key, the lengths of the
/// metadata and the payload and their checksum, then the key, the metadata and the payload.
///
/// ```
/// bytes 0..<8    magic "SEPIADC3"
/// bytes 8..<12   key length in bytes, UInt32 little-endian
/// bytes 12..<16  metadata length in bytes, UInt32 little-endian
/// bytes 16..<24  payload length in bytes, UInt64 little-endian
/// bytes 24..<28  CRC-32 (zlib's) of the metadata then the payload, UInt32 little-endian
/// then           the key in UTF-8, the metadata, the payload
/// ```
/// The metadata is the caller's (`DiskCache` does not read it: the HTTP cache keeps
/// `CachedResponseInfo` there). Files of the second layout ("SEPIADC2": the same without
/// metadata) are still read, with no metadata. A file that is shorter or longer than its
/// header says, holds another key, or whose contents do not match its checksum (a flipped bit
/// on the disk, a file changed by hand) is rejected; so are files of the first layout
/// ("SEPIADC1", no checksum), which are then downloaded again.
enum DiskCacheEntryFormat {
    private static let magic = Array("SEPIADC3".utf8)
    private static let headerLength = magic.count + 4 + 4 + 8 + 4
    private static let secondMagic = Array("SEPIADC2".utf8)
    private static let secondHeaderLength = secondMagic.count + 4 + 8 + 4

    /// The file contents for `payload` and `metadata` stored under `key`.
    static func encode(_ payload: Data, metadata: Data = Data(), key: String) -> Data {
        let keyBytes = Array(key.utf8)
        var file = Data(capacity: headerLength + keyBytes.count + metadata.count + payload.count)
        file.append(contentsOf: magic)
        withUnsafeBytes(of: UInt32(keyBytes.count).littleEndian) { file.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(metadata.count).littleEndian) { file.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt64(payload.count).littleEndian) { file.append(contentsOf: $0) }
        withUnsafeBytes(of: checksum(of: payload, continuing: checksum(of: metadata)).littleEndian) { file.append(contentsOf: $0) }
        file.append(contentsOf: keyBytes)
        file.append(metadata)
        file.append(payload)
        return file
    }

    /// The payload and metadata of `file` if it is a complete, undamaged entry for `key` (of
    /// this layout or the second, whose metadata is empty), nil otherwise.
    static func entry(of file: Data, key: String) -> (payload: Data, metadata: Data)? {
        let keyBytes = Array(key.utf8)
        let isSecondLayout = file.starts(with: secondMagic)
        guard isSecondLayout || file.starts(with: magic) else { return nil }
        let header = isSecondLayout ? secondHeaderLength : headerLength
        guard file.count >= header else { return nil }
        let (keyLength, metadataLength, payloadLength, storedChecksum) = file.withUnsafeBytes { raw in
            let lengths = isSecondLayout ? 0 : 4
            return (
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)),
                isSecondLayout ? 0 : UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 12 + lengths, as: UInt64.self)),
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 20 + lengths, as: UInt32.self))
            )
        }
        let payloadCount = file.count - header - keyBytes.count - Int(metadataLength)
        guard Int(keyLength) == keyBytes.count, payloadCount >= 0, UInt64(payloadCount) == payloadLength else {
            return nil
        }
        let keyStart = file.startIndex + header
        let metadataStart = keyStart + keyBytes.count
        let payloadStart = metadataStart + Int(metadataLength)
        guard file[keyStart..<metadataStart].elementsEqual(keyBytes) else { return nil }
        let metadata = Data(file[metadataStart..<payloadStart])
        let payload = Data(file[payloadStart...])
        guard checksum(of: payload, continuing: checksum(of: metadata)) == storedChecksum else { return nil }
        return (payload, metadata)
    }

    /// zlib's CRC-32 of `bytes` (several gigabytes a second: a small share of reading them).
    /// Pass the checksum of earlier bytes as `previous` to continue it over `bytes`.
    static func checksum(of bytes: Data, continuing previous: UInt32? = nil) -> UInt32 {
        bytes.withUnsafeBytes { raw -> UInt32 in
            var crc = previous.map { uLong($0) } ?? crc32(0, nil, 0)
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
