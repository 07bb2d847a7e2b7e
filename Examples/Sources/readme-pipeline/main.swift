// The README's first library example: one photo through the pipeline with async/await, its
// progress followed, and a typed error for a photo that is not there. Offline: the photo is a
// file this program writes first. Prints the photo's size and the missing photo's error.
import Foundation
import SepiaImaging
import SepiaPipeline

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-readme-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let file = folder.appendingPathComponent("grey.jpg")
let grey = RGBAImage(width: 640, height: 480, red: 200, green: 200, blue: 200)
try Data(ImageEncoder.encode(grey, as: .jpeg(quality: 90))).write(to: file)

// The process's pipeline needs no set-up or shutdown; to configure one, make your own:
// PhotoPipeline(loader: HTTPLoader(configuration: ...), configuration: ...), and shut its loader down.
let pipeline = PhotoPipeline.shared
let request = PhotoRequest(url: file, processing: PhotoProcessing(filter: .sepia, fitting: PixelSize(width: 320, height: 240)))

let task = pipeline.task(for: request)
let photo = try await task.value
let centre = photo.pixel(x: 160, y: 120)
print("sepia thumbnail \(photo.size), centre (\(centre.red), \(centre.green), \(centre.blue))")

do {
    _ = try await pipeline.photo(for: PhotoRequest(url: folder.appendingPathComponent("missing.jpg")))
} catch PhotoError.unreadableFile(_, let reason) {
    print("missing photo: unreadable file (\(reason))")
} catch {
    print("missing photo: \(error)")  // the row's text: "Failed to load: " + this
}
