// Technique: `performSelectorInBackground`'s Swift twin, `Thread.performInBackground(_:)`
// (beside this file): long work on a thread of its own instead of a GCD worker, here the
// sepia filter on a 1200x800 image, with its result handed back on the main queue.
//
// Prints:
//   background: on a thread of its own: true
//   background: sepia-toned 1200x800, pixel (120, 80, 40) became (116, 103, 81)
//   main queue: got the 1200x800 sepia image back
import Foundation
import SepiaImaging

let callerThread = ObjectIdentifier(Thread.current)
let original = RGBAImage(width: 1200, height: 800, red: 120, green: 80, blue: 40)

Thread.performInBackground {
    print("background: on a thread of its own: \(ObjectIdentifier(Thread.current) != callerThread)")
    // `parallel: false` keeps the whole filter on this thread.
    let sepia = original.applying(.fullSepia, parallel: false)
    let (before, after) = (original.pixel(x: 0, y: 0), sepia.pixel(x: 0, y: 0))
    print(
        "background: sepia-toned \(sepia.size), pixel \((before.red, before.green, before.blue)) became \((after.red, after.green, after.blue))"
    )
    DispatchQueue.main.async {
        // On Linux the main queue runs on GCD's workers after `dispatchMain()`, so
        // `Thread.isMainThread` is false here: ask about the queue instead.
        dispatchPrecondition(condition: .onQueue(.main))
        print("main queue: got the \(sepia.size) sepia image back")
        exit(0)
    }
}

dispatchMain()
