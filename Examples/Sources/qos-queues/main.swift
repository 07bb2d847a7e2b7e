// Technique: the GCD queues by quality of service (Sepia's `QualityOfServiceQueue`). Work is
// sent to the main queue and to the global queue of each quality of service, and each queue
// hands its result back on the main queue, where an app would show it.
//
// The main queue only runs while something drains it: here `dispatchMain()`, and the example
// exits from the main queue once every answer is in (a `BatchGroup` counts them).
// Prints one line per quality of service, in the order of `QualityOfServiceQueue.allCases`:
// "<quality>: summed 1...<n> = <sum> <on|off> the main queue, handed back on the main queue"
// (only `main` works on the main queue), then "all 5 queues answered".
import Foundation
import SepiaOperations

MainQueueMarker.markMainQueue()
let answers = Locked<[QualityOfServiceQueue: String]>([:])
let batch = BatchGroup()

for (index, quality) in QualityOfServiceQueue.allCases.enumerated() {
    let limit = (index + 1) * 1_000
    batch.enter()
    quality.queue.async {
        let sum = (1...limit).reduce(0, +)
        let workedOn = MainQueueMarker.isOnMainQueue ? "on" : "off"
        QualityOfServiceQueue.main.queue.async {
            let handedBack = MainQueueMarker.isOnMainQueue ? "handed back on the main queue" : "NOT handed back on the main queue"
            answers.withLock { $0[quality] = "\(quality): summed 1...\(limit) = \(sum) \(workedOn) the main queue, \(handedBack)" }
            batch.leave()
        }
    }
}

batch.notify(on: QualityOfServiceQueue.main.queue) {
    let answers = answers.withLock { $0 }
    for quality in QualityOfServiceQueue.allCases {
        print(answers[quality] ?? "\(quality): no answer")
    }
    print("all \(answers.count) queues answered")
    exit(0)
}

dispatchMain()
