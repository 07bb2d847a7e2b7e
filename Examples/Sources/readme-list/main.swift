// The README's second library example: the tutorial's table logic for a user interface of your
// own. A `PhotoListController` on the main actor loads a manifest, starts work for the rows on
// screen only, and publishes each change; this program prints the rows as they change until the
// rows on screen are filtered. Offline: the photos and the manifest are files written first.
import Foundation
import SepiaImaging
import SepiaList
import SepiaPipeline

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-readme-list-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
var lines: [String] = []
for row in 0..<6 {
    let file = folder.appendingPathComponent("photo-\(row).jpg")
    let photo = RGBAImage(width: 160, height: 120, red: UInt8(40 * row), green: 120, blue: 200)
    try Data(ImageEncoder.encode(photo, as: .jpeg(quality: 90))).write(to: file)
    lines.append(file.absoluteString)
}
let manifest = folder.appendingPathComponent("photos.txt")
try lines.joined(separator: "\n").write(to: manifest, atomically: true, encoding: .utf8)

let list = PhotoListController(loader: PhotoPipeline.shared)
list.onChange = { change in
    guard case .rows(let rows) = change else { return }
    for row in rows { print("row \(row): \(list.records[row].state)") }
    if list.visibleRows.allSatisfy({ list.records[$0].state == .filtered }) {
        let untouched = list.records[list.visibleRows.upperBound...].allSatisfy { $0.state == .new }
        print("rows \(list.visibleRows) filtered; the rows below never loaded: \(untouched)")
        try? FileManager.default.removeItem(at: folder)
        exit(0)
    }
}
list.loadSource { PhotoSource.load(manifest.path, loader: HTTPLoader.shared, completion: $0) }
list.show(rows: 0..<3)  // the first layout: these rows start loading
dispatchMain()
