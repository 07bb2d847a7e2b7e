import ArgumentParser
import SepiaPipeline

/// `--filter` and `--intensity`, shared by the commands that process photos.
struct FilterOptions: ParsableArguments {
    /// The filters offered on the command line.
    enum Name: String, ExpressibleByArgument, CaseIterable {
        case sepia, grayscale, none
    }

    @Option(help: "The filter: sepia, grayscale or none.")
    var filter: Name = .sepia

    @Option(help: "Sepia intensity, from 0 (none) to 1 (full).")
    var intensity: Float = 0.8

    func validate() throws {
        guard (0...1).contains(intensity) else { throw ValidationError("--intensity must be between 0 and 1.") }
    }

    /// The chosen filter.
    var photoFilter: PhotoFilter {
        switch filter {
        case .sepia: .sepia(intensity: intensity)
        case .grayscale: .grayscale
        case .none: .none
        }
    }
}
