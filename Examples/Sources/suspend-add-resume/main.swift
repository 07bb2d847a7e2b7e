// Technique: suspend, add, resume. The tutorial suspends its queues while the table scrolls:
// operations added to a suspended `OperationQueue` wait, nothing runs until the queue is
// resumed, and then they start by priority, not in the order they were added.
//
// The queue runs one operation at a time, so the order it picks is the order they run in.
// Prints:
//   added to the suspended queue: download 1, download 2, visible row (high priority)
//   waiting: 3, ran before resume: none
//   resumed
//   ran: visible row (high priority), download 1, download 2
import Foundation
import SepiaOperations

let queue = OperationQueue(configuration: StageConfiguration(name: "Suspended queue", maxConcurrentOperationCount: 1))
queue.isSuspended = true

let jobs: [(name: String, priority: Operation.QueuePriority)] = [
    ("download 1", .normal),
    ("download 2", .normal),
    ("visible row (high priority)", .high),
]
let ran = Locked<[String]>([])
for job in jobs {
    let operation = BlockOperation { ran.withLock { $0.append(job.name) } }
    operation.queuePriority = job.priority
    queue.addOperation(operation)
}
print("added to the suspended queue: \(jobs.map(\.name).joined(separator: ", "))")

// Ample time for a queue that was not suspended to run all three.
Thread.sleep(forTimeInterval: 0.2)
let ranBeforeResume = ran.withLock { $0 }
print("waiting: \(queue.operationCount), ran before resume: \(ranBeforeResume.isEmpty ? "none" : ranBeforeResume.joined(separator: ", "))")

queue.isSuspended = false
print("resumed")
queue.waitUntilAllOperationsAreFinished()
print("ran: \(ran.withLock { $0 }.joined(separator: ", "))")
