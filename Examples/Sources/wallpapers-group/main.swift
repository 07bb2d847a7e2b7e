// Technique: the wallpapers dispatch group of the GCD tutorial. Several wallpapers are fetched
// at once, each on a concurrent global queue, and `DispatchGroup`'s notify (through Sepia's
// `BatchGroup`) says once, on the main queue, that every one has arrived: no counting by hand,
// no thread blocked waiting.
//
// Offline, the "downloads" read files that the example first writes to a temporary folder.
// Prints "arrived: <file> (<bytes> bytes)" for each wallpaper as it arrives (in whatever order
// the queues finish), then, from the notify block, one "<file>: <bytes> bytes, byte sum <sum>"
// line per wallpaper in order and "all 4 wallpapers done".
import Foundation
import SepiaOperations

let folder = try WallpaperFolder(count: 4)
let fetched = Locked<[Wallpaper]>([])
let failures = Locked<[String]>([])
let batch = BatchGroup()

for file in folder.files {
    // One piece of the group: entered now, left when the block has run.
    batch.async(on: .global(qos: .utility)) {
        do {
            let wallpaper = try Wallpaper.fetch(from: file)
            fetched.withLock { $0.append(wallpaper) }
            print("arrived: \(wallpaper.name) (\(wallpaper.byteCount) bytes)")
        } catch {
            failures.withLock { $0.append("\(file.lastPathComponent): \(error)") }
        }
    }
}

batch.notify(on: .main) {
    folder.remove()
    for wallpaper in fetched.withLock({ $0 }).sorted(by: { $0.name < $1.name }) {
        print(wallpaper.summary)
    }
    let failed = failures.withLock { $0 }
    guard failed.isEmpty else {
        failed.forEach { print("failed: \($0)") }
        exit(1)
    }
    print("all \(folder.files.count) wallpapers done")
    exit(0)
}

// The notify block runs on the main queue, which only runs while something drains it.
dispatchMain()
