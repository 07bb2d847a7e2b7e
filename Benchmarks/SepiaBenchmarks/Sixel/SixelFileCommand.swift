import ArgumentParser
import Foundation
import SepiaImaging
import SepiaTerminal

/// `sepia-bench sixel-file PNG`: decodes a picture and writes it as sixel to standard output,
/// what `img2sixel PNG` does, so that `sepia-bench sixel` can time Sepia as a process too.
struct SixelFileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sixel-file", abstract: "Writes a picture file as sixel to standard output.", shouldDisplay: false)

    @Argument(help: "The picture to encode.")
    var path: String

    @Option(help: "Colour registers.")
    var registers = SixelEncoder.defaultColorRegisters

    func run() throws {
        let image = try ImageDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))).image
        FileHandle.standardOutput.write(Data(SixelEncoder.encode(image, colorRegisters: registers)))
    }
}
