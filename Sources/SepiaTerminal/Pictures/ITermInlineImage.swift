import Foundation
public import SepiaImaging

/// Pictures through iTerm2's Inline Images Protocol: the image is sent as a PNG file in one
/// OSC 1337 `File=` sequence and the terminal draws it over a rectangle of cells from the
/// cursor. iTerm2, WezTerm and mintty take it.
///
/// The form, from iTerm2's "Inline Images Protocol" documentation
/// (https://iterm2.com/documentation-images.html):
/// `ESC ] 1337 ; File = key=value;… : base64 of the file BEL`, with
/// - `inline=1`: draw the file rather than download it;
/// - `size`: the file's length in bytes (the transfer is cancelled past it);
/// - `width`, `height`: a plain number is a count of cells (`Npx` would be pixels);
/// - `preserveAspectRatio=1`: fit the picture inside the rectangle without stretching;
/// - `doNotMoveCursor=1`: WezTerm's extension (wezterm.org, "iTerm Image Protocol") that
///   leaves the cursor where it was. Terminals without it ignore the key and move the cursor
///   past the picture, as they would after text, so the caller positions the cursor again
///   before writing anything else, and keeps the rectangle off the screen's last line (a
///   picture reaching it can scroll the screen).
///
/// Older iTerm2 releases and tmux limit one sequence to about 1 MiB; a thumbnail's PNG is far
/// smaller, and a full-screen photo should be scaled to the terminal's pixels first.
public enum ITermInlineImage {
    /// The sequence that draws `image` over `columns` × `rows` cells whose top left is the
    /// cursor. The image is sent as it is (the terminal scales it to the rectangle), so scale
    /// it to the rectangle's pixels beforehand.
    /// - Throws: `ImageEncodingError` when the PNG cannot be made.
    /// - Precondition: `columns` and `rows` are at least 1.
    public static func sequence(for image: RGBAImage, columns: Int, rows: Int) throws -> [UInt8] {
        precondition(columns >= 1 && rows >= 1, "an inline image covers at least one cell")
        let png = try ImageEncoder.encode(image, as: .png)
        let keys = "inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=1;doNotMoveCursor=1"
        var bytes: [UInt8] = [ControlSequence.escape, UInt8(ascii: "]")]
        bytes += Array("1337;File=\(keys):".utf8)
        bytes += Array(Data(png).base64EncodedData())
        bytes.append(bell)
        return bytes
    }

    /// BEL (^G), which ends the sequence.
    private static let bell: UInt8 = 0x07
}
