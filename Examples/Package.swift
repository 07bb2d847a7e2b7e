// swift-tools-version: 6.1
// Runnable examples of the Operation/OperationQueue and GCD techniques of the classic tutorials
// that the Sepia app itself does not need: one small executable per technique, on Sepia's
// library products. See README.md beside this file; `scripts/examples` builds and checks them all.
//
// A package of its own, so that the main package's build stays the app's, and each example builds
// only the Sepia modules it imports.
import PackageDescription

/// SwiftPM names a path dependency after its folder, which is wherever the repository was
/// cloned (or checked out as a worktree): the folder two levels above this manifest.
let sepiaPackage = String(#filePath.split(separator: "/").dropLast(2).last ?? "sepia").lowercased()

/// An executable target called `name`, whose sources are in `Sources/<name>/`, importing the
/// listed library products of Sepia.
func example(_ name: String, using sepiaProducts: [String]) -> Target {
    .executableTarget(name: name, dependencies: sepiaProducts.map { .product(name: $0, package: sepiaPackage) })
}

let package = Package(
    name: "SepiaExamples",
    dependencies: [.package(path: "..")],
    targets: [
        example("wallpapers-group", using: ["SepiaOperations"]),
        example("qos-queues", using: ["SepiaOperations"]),
        example("suspend-add-resume", using: ["SepiaOperations"]),
        example("background-thread", using: ["SepiaImaging"]),
        example("throwing-resize", using: ["SepiaOperations", "SepiaImaging"]),
        // The README's library examples, word for word (`scripts/examples` checks that).
        example("readme-pipeline", using: ["SepiaPipeline", "SepiaImaging"]),
        example("readme-list", using: ["SepiaList", "SepiaPipeline", "SepiaImaging"]),
    ]
)
