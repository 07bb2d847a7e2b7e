import ArgumentParser

/// `sepia-bench`: figures for Sepia's hot paths, each next to a reference run in the same process.
@main
struct SepiaBenchmarks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sepia-bench",
        abstract: "Benchmarks for Sepia; build with -c release.",
        subcommands: [
            ImagingBenchmark.self, CodecsBenchmark.self, ColourBenchmark.self, ProcessBenchmark.self,
            BrowseBenchmark.self, FolderBenchmark.self, SixelBenchmark.self, SixelFileCommand.self, FramesBenchmark.self,
            TerminalPeersBenchmark.self, SlurmBenchmark.self, PlaceholderBenchmark.self, JXLDecodeBenchmark.self,
            AnimationDecodeBenchmark.self, PreviewBenchmark.self,
        ],
        defaultSubcommand: ImagingBenchmark.self
    )
}
