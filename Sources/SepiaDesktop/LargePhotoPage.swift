import CGtk
import CSepiaGtk
import Dispatch
import Foundation
import SepiaImaging
import SepiaList
import SepiaPipeline

/// The photo page: one row's photo large, fitted to the page, under a line with its name and
/// state.
///
/// Opening it asks the pipeline, off the main thread, for the row's photo through the list's
/// filter fitted to the page's size at the display's scale (not the list's thumbnail size);
/// until it arrives the page shows the row's own image scaled up, with a spinner. A row that
/// failed shows its reason as plain text and asks nothing; a request that fails shows its
/// own. Closing the page cancels a request still in flight. The page's accessible label is the
/// caption's text (name and state), the large photo's pixel size included once it is shown.
///
/// An animated photo (GIF, WebP, APNG) plays once its large photo has arrived: an
/// ``AnimationPlayer`` over the bytes the pipeline kept, with the same processing, hands each
/// frame to the main thread at its time, and the page shows it as a new texture; the caption
/// says "playing". Closing the page or opening another photo stops it; a frame that fails to
/// decode leaves the last good frame shown, the reason in the caption.
@MainActor
final class LargePhotoPage {
    /// The page's top widget.
    let widget: Widget
    private let caption: Widget
    private let spinner: Widget
    private let picture: Widget
    private let reason: Widget
    private let pipeline: PhotoPipeline
    /// The filter of the photo asked for, named in the caption.
    private var filterName = ""
    /// The row shown, nil while the page is closed.
    private(set) var row: Int?
    private var name = ""
    /// The large photo's request while it is in flight.
    private var task: PhotoTask<RGBAImage>?
    /// Whether the large photo is shown (the row's image is only a stand-in until then).
    private var showsLargePhoto = false
    /// The large photo's processing, which its animation's frames go through too.
    private var largeProcessing: PhotoProcessing?
    /// The animation playing, while the large photo is an animation.
    private var player: AnimationPlayer?
    /// The caption once the large photo arrived, which "playing" is added to.
    private var arrivedCaption = ""

    /// A closed page whose photos come from `pipeline`.
    init(pipeline: PhotoPipeline) {
        self.pipeline = pipeline
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        setMargins(of: widget, to: 8)
        // Focusable, so that the keyboard stays in the window while the list is away.
        gtk_widget_set_focusable(widget, true.gboolean)

        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(sepia_box(widget.object), line)
        spinner = gtk_spinner_new()
        gtk_box_append(sepia_box(line.object), spinner)
        caption = gtk_label_new(nil)
        gtk_label_set_xalign(sepia_label(caption.object), 0)
        gtk_label_set_ellipsize(sepia_label(caption.object), PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_set_hexpand(caption, true.gboolean)
        gtk_widget_add_css_class(caption, "heading")
        gtk_box_append(sepia_box(line.object), caption)

        picture = gtk_picture_new()
        gtk_picture_set_content_fit(sepia_picture(picture.object), GTK_CONTENT_FIT_CONTAIN)
        gtk_picture_set_can_shrink(sepia_picture(picture.object), true.gboolean)
        gtk_widget_set_vexpand(picture, true.gboolean)
        gtk_widget_set_hexpand(picture, true.gboolean)
        gtk_box_append(sepia_box(widget.object), picture)

        reason = gtk_label_new(nil)
        let reasonLabel = sepia_label(reason.object)
        gtk_label_set_wrap(reasonLabel, true.gboolean)
        gtk_label_set_wrap_mode(reasonLabel, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_selectable(reasonLabel, true.gboolean)
        gtk_widget_add_css_class(reason, "error")
        gtk_widget_set_vexpand(reason, true.gboolean)
        gtk_box_append(sepia_box(widget.object), reason)
    }

    /// Opens the page on `row`, showing `record`, its photo processed as `processing` says (the
    /// list's filter now) but fitted into `box` (logical pixels) at `scale` device pixels each.
    func open(row: Int, record: PhotoRecord, processing: PhotoProcessing, box: PixelSize, scale: Int) {
        close()
        self.row = row
        name = record.name
        if case .failed = record.state, let failure = record.failureText {
            return showFailure(failure)
        }
        guard let url = record.url else { return showFailure(record.failureText ?? "Failed to load") }
        showStandIn(record.shownImage())
        setLoading(true)
        setCaption("Loading the large photo…")
        filterName = processing.filter.description
        var large = processing
        large.fitting = PixelSize(width: max(box.width, 1) * scale, height: max(box.height, 1) * scale)
        largeProcessing = large
        let task = pipeline.task(for: PhotoRequest(url: url, processing: large, priority: .high))
        self.task = task
        task.onFinish(on: .main) { [weak self, weak task] result in
            MainActor.assumeIsolated {
                guard let self, let task, self.task === task else { return }
                self.task = nil
                self.arrived(result)
                if case .success = result { self.playIfAnimated(url) }
            }
        }
    }

    /// The row's record changed: while the large photo has not arrived, its newer image (the
    /// filtered thumbnail after the original) stands in.
    func rowChanged(_ record: PhotoRecord) {
        guard row != nil, task != nil, !showsLargePhoto else { return }
        showStandIn(record.shownImage())
    }

    /// Closes the page: cancels the request in flight and lets the photo go.
    func close() {
        task?.cancel()
        task = nil
        player?.stop()
        player = nil
        largeProcessing = nil
        row = nil
        showsLargePhoto = false
        setLoading(false)
        gtk_picture_set_paintable(sepia_picture(picture.object), nil)
    }

    // MARK: Showing

    private func arrived(_ result: Result<RGBAImage, PhotoError>) {
        setLoading(false)
        switch result {
        case .success(let image):
            guard let texture = Thumbnails.texture(of: image) else { return showFailure("Failed to show the photo") }
            gtk_picture_set_paintable(sepia_picture(picture.object), sepia_paintable(texture.object))
            g_object_unref(texture.object)  // the picture holds its own reference
            showsLargePhoto = true
            arrivedCaption = "✓ \(filterName), \(image.width) × \(image.height) pixels"
            setCaption(arrivedCaption)
        case .failure(let error):
            showFailure("Failed to load: \(error)")
        }
    }

    /// Plays the large photo's animation, if the pipeline kept one for `url`.
    private func playIfAnimated(_ url: URL) {
        guard let largeProcessing, let data = pipeline.animationData(for: url) else { return }
        let player = AnimationPlayer(processing: largeProcessing)
        self.player = player
        player.onFrame = { [weak self] frame in
            guard let self, let texture = Thumbnails.texture(of: frame.image) else { return }
            gtk_picture_set_paintable(sepia_picture(picture.object), sepia_paintable(texture.object))
            g_object_unref(texture.object)
            if frame.index == 0 { setCaption("\(arrivedCaption), playing") }
        }
        player.onFailure = { [weak self] reason in
            guard let self else { return }
            self.player = nil
            setCaption("\(arrivedCaption); \(reason)")
        }
        player.onStill = { [weak self] in self?.player = nil }
        player.play(data)
    }

    /// Shows `image` (the row's own, small) scaled up, or nothing.
    private func showStandIn(_ image: RGBAImage?) {
        gtk_widget_set_visible(picture, true.gboolean)
        gtk_widget_set_visible(reason, false.gboolean)
        guard let image, let texture = Thumbnails.texture(of: image) else { return }
        gtk_picture_set_paintable(sepia_picture(picture.object), sepia_paintable(texture.object))
        g_object_unref(texture.object)
    }

    /// Shows `text` (a failure's reason, as plain text) instead of a photo.
    private func showFailure(_ text: String) {
        gtk_picture_set_paintable(sepia_picture(picture.object), nil)
        gtk_widget_set_visible(picture, false.gboolean)
        gtk_label_set_text(sepia_label(reason.object), text)
        gtk_widget_set_visible(reason, true.gboolean)
        setCaption(text, shown: false)
    }

    private func setLoading(_ loading: Bool) {
        gtk_widget_set_visible(spinner, loading.gboolean)
        gtk_spinner_set_spinning(sepia_spinner(spinner.object), loading.gboolean)
    }

    /// Shows "name — state" above the photo (only the name when `shown` is false: the page
    /// says the state in larger text), and tells screen readers "name: state".
    private func setCaption(_ state: String, shown: Bool = true) {
        gtk_label_set_text(sepia_label(caption.object), shown ? "\(name) — \(state)" : name)
        sepia_set_accessible_label(widget, "\(name): \(state)")
    }
}
