import Foundation

/// Finds sets in a binary property list before Foundation decodes it.
///
/// Foundation on Linux (swift-corelibs-foundation, as shipped with Swift 6.3) crashes on a
/// null pointer when `PropertyListSerialization` bridges a set object (marker `0xCn`) to Swift,
/// wherever the set is in the document. A manifest has no use for a set, so a document that holds
/// one is refused before Foundation sees it. The fuzzer found this; its input is in the corpus.
///
/// The format (Apple's CFBinaryPList.c, "bplist00"): objects, then an offset table, then a
/// 32-byte trailer: 6 unused bytes, the offset size, the object reference size, the object
/// count, the top object and the offset table's position, the last three as big-endian 64-bit
/// integers. Every object Foundation decodes is reached through the offset table, so checking the
/// marker byte of each entry finds every set.
enum BinaryPropertyListSets {
    /// What the scan found.
    enum Finding: Equatable {
        /// No object is a set.
        case none
        /// Object number `index` is a set.
        case set(index: Int)
        /// The trailer or offset table cannot be read, so the document is damaged.
        case unreadable
    }

    private static let trailerSize = 32
    private static let headerSize = 8
    private static let setMarker: UInt8 = 0xC

    /// Scans the binary property list `data` (which starts with "bplist") for a set.
    static func scan(_ data: Data) -> Finding {
        data.withUnsafeBytes { bytes in
            guard bytes.count >= headerSize + trailerSize else { return .unreadable }
            let trailer = bytes.count - trailerSize
            let offsetSize = Int(bytes[trailer + 6])
            let objectCount = bigEndianInteger(bytes, at: trailer + 8, size: 8)
            let tableStart = bigEndianInteger(bytes, at: trailer + 24, size: 8)
            guard (1...8).contains(offsetSize), objectCount > 0, tableStart >= headerSize, tableStart < trailer,
                objectCount <= (trailer - tableStart) / offsetSize
            else { return .unreadable }
            for index in 0..<objectCount {
                let offset = bigEndianInteger(bytes, at: tableStart + index * offsetSize, size: offsetSize)
                guard offset >= headerSize, offset < tableStart else { return .unreadable }
                if bytes[offset] >> 4 == setMarker {
                    return .set(index: index)
                }
            }
            return .none
        }
    }

    /// The unsigned big-endian integer of `size` bytes at `position`, or -1 when it does not fit in an `Int`.
    private static func bigEndianInteger(_ bytes: UnsafeRawBufferPointer, at position: Int, size: Int) -> Int {
        var value: UInt64 = 0
        for byte in bytes[position..<position + size] {
            value = value << 8 | UInt64(byte)
        }
        return value <= UInt64(Int.max) ? Int(value) : -1
    }
}
