/// tmux's passthrough: escape sequences tmux hands to the terminal it runs in, unread.
///
/// tmux draws its panes itself and drops sequences it does not know, such as kitty graphics.
/// A DCS string that starts with `tmux;` goes to the outer terminal instead, with every ESC
/// inside doubled, when the pane's `allow-passthrough` option is on (tmux 3.3 or later; off
/// by default): see the `allow-passthrough` option in tmux(1) and `input_dcs_dispatch` in
/// tmux's input.c. Answers from the outer terminal come back to the pane as typed keys.
public enum TmuxPassthrough {
    /// `ESC P tmux;`, then `sequences` with each ESC doubled, then `ESC \`.
    public static func wrap(_ sequences: [UInt8]) -> [UInt8] {
        var wrapped: [UInt8] = [ControlSequence.escape, UInt8(ascii: "P")] + Array("tmux;".utf8)
        wrapped.reserveCapacity(sequences.count * 11 / 10 + 9)
        for byte in sequences {
            if byte == ControlSequence.escape { wrapped.append(ControlSequence.escape) }
            wrapped.append(byte)
        }
        wrapped += [ControlSequence.escape, UInt8(ascii: "\\")]
        return wrapped
    }

    /// Each string in `sequences` that ends with ST (`ESC \`) wrapped on its own, and what
    /// follows the last one as one more: a long run of kitty chunks would otherwise make one
    /// passthrough string larger than tmux buffers (its input buffer is bounded).
    public static func wrapEach(_ sequences: [UInt8]) -> [UInt8] {
        var wrapped: [UInt8] = []
        var start = 0
        var index = 0
        while index < sequences.count {
            let endsString =
                sequences[index] == ControlSequence.escape && index + 1 < sequences.count && sequences[index + 1] == UInt8(ascii: "\\")
            index += endsString ? 2 : 1
            if endsString || index == sequences.count {
                wrapped += wrap(Array(sequences[start..<index]))
                start = index
            }
        }
        return wrapped
    }
}
