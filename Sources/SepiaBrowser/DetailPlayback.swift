import SepiaImaging
import SepiaList

/// Plays the animation of the photo opened large: once the row's processed photo has arrived
/// and the loader kept its bytes as an animation, an ``AnimationPlayer`` with the row's
/// processing hands each frame here on the main actor, and ``onFrame`` asks for a frame to be
/// drawn (through the browser's `FramePacer`, which folds frames into at most 60 a second).
///
/// A different row, another state of the row, or ``stop()`` (the large view closed) ends the
/// playback and lets its frames go. A frame that fails to decode keeps the last one shown and
/// ``note`` says why.
@MainActor
final class DetailPlayback {
    /// Called when a new frame or note is ready to draw.
    var onFrame: (() -> Void)?
    /// The frame to show instead of the record's image, while one plays.
    private(set) var frame: AnimationFrame?
    /// What the caption adds: "playing", or why playing stopped.
    private(set) var note: String?
    private var player: AnimationPlayer?
    /// The row and state the playback is for; a change of either ends it.
    private var playing: (row: Int, state: PhotoState)?

    /// Starts playing `row`'s animation when its processed photo is there and the loader kept
    /// its bytes; stops what played for another row or state.
    func update(row: Int, record: PhotoRecord, controller: PhotoListController) {
        if let playing, playing.row == row, playing.state == record.state { return }
        stop()
        playing = (row, record.state)
        guard case .filtered = record.state, let processing = record.processing, let data = controller.animationData(row: row) else {
            return
        }
        let player = AnimationPlayer(processing: processing)
        self.player = player
        player.onFrame = { [unowned self] frame in
            self.frame = frame
            note = "playing"
            onFrame?()
        }
        player.onFailure = { [unowned self] reason in
            note = reason
            onFrame?()
        }
        player.play(data)
    }

    /// Stops playing and lets the frames go.
    func stop() {
        player?.stop()
        player = nil
        playing = nil
        frame = nil
        note = nil
    }
}
