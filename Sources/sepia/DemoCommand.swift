import ArgumentParser

/// `sepia demo`: until the embedded demo photo server lands, runs the imaging self-check.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run Sepia offline on generated photos (for now: the imaging self-check)."
    )

    @OptionGroup var selfCheck: SelfCheckCommand

    func run() throws {
        try selfCheck.run()
    }
}
