// Technique: an operation that throws. `ResizeOperation` (beside this file) is one of Sepia's
// `ResultOperation`s: its `execute()` returns the resized image or throws, and the operation's
// `result` carries either outcome to whoever reads it after the queue ran it, instead of a crash
// or an error lost inside the queue.
//
// Prints:
//   resize 64x48 to fit 16x16: success, 16x12
//   resize 64x48 to fit 0x16: failure, cannot fit an image in 0x16: both sides must be at least 1 pixel
import Foundation
import SepiaImaging
import SepiaOperations

let photo = RGBAImage(width: 64, height: 48, red: 112, green: 66, blue: 20)
let resizes = [
    ResizeOperation(photo, toFit: PixelSize(square: 16)),
    ResizeOperation(photo, toFit: PixelSize(width: 0, height: 16)),
]

let queue = OperationQueue()
queue.addOperations(resizes, waitUntilFinished: true)

for resize in resizes {
    let outcome =
        switch resize.result {
        case .success(let image)?: "success, \(image.size)"
        case .failure(let error)?: "failure, \(error)"
        case .cancelled?: "cancelled"
        case nil: "not finished"
        }
    print("resize \(resize.image.size) to fit \(resize.box): \(outcome)")
}
