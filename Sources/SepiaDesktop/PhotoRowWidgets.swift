import CGtk
import CSepiaGtk
import SepiaImaging
import SepiaList
import SepiaPipeline

/// The widgets of one row of the list, made once by the list item factory's `setup` and
/// shown for whichever row GTK binds them to (the tutorial's reusable cell): the thumbnail,
/// the photo's name, and its state (a spinner and the download's progress while it loads,
/// "Failed to load: reason" and a retry button when it failed, the filter's name when done).
///
/// Text is set as plain text, never markup: a photo's name and a server's reason are data.
/// The row also carries an accessible label (name and state) for screen readers.
@MainActor
final class PhotoRowWidgets {
    /// The thumbnail's box in logical pixels (the texture has the display's scale times more).
    nonisolated static let thumbnailSize = PixelSize(width: 128, height: 96)
    /// The space around a row's widgets, in logical pixels.
    private static let margin = 8

    /// The row's top widget, the list item's child.
    let root: Widget
    /// The thumbnail.
    let picture: Widget
    private let name: Widget
    private let spinner: Widget
    private let status: Widget
    private let progress: Widget
    /// Loads a failed row again.
    let retryButton: Widget

    /// The row shown, nil while unbound.
    var row: Int?
    /// What the thumbnail shows or is being made for, nil when it shows nothing.
    var thumbnailKey: ThumbnailKey?
    /// What the row shows, to change only what changes.
    private var shown: Shown?

    /// What a row shows.
    private struct Shown: Equatable {
        var name: String
        var status: PhotoRowStatus
        var statusText: String
        var canRetry: Bool
    }

    /// Makes the widgets of a row (not bound to any row yet).
    init() {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        // The thumbnail's box and the margins make every row as high: no size request on the
        // row itself, which would have the horizontal box measure the picture's width for the
        // row's whole height and enlarge it.
        setMargins(of: root, to: gint(Self.margin))

        picture = gtk_picture_new()
        gtk_picture_set_content_fit(sepia_picture(picture.object), GTK_CONTENT_FIT_CONTAIN)
        gtk_widget_set_size_request(picture, gint(Self.thumbnailSize.width), gint(Self.thumbnailSize.height))
        gtk_widget_set_valign(picture, GTK_ALIGN_CENTER)
        gtk_box_append(sepia_box(root.object), picture)

        let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_widget_set_hexpand(text, true.gboolean)
        gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
        gtk_box_append(sepia_box(root.object), text)

        name = gtk_label_new(nil)
        gtk_label_set_xalign(sepia_label(name.object), 0)
        gtk_label_set_ellipsize(sepia_label(name.object), PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_add_css_class(name, "heading")
        gtk_box_append(sepia_box(text.object), name)

        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(sepia_box(text.object), line)
        spinner = gtk_spinner_new()
        gtk_widget_set_visible(spinner, false.gboolean)
        gtk_box_append(sepia_box(line.object), spinner)
        status = gtk_label_new(nil)
        let statusLabel = sepia_label(status.object)
        gtk_label_set_xalign(statusLabel, 0)
        // One line, cut with an ellipsis (the whole of a failure's reason is its tooltip): a
        // wrapping label costs a height-for-width layout of its text at every bind, which
        // held the main loop while the list scrolled.
        gtk_label_set_ellipsize(statusLabel, PANGO_ELLIPSIZE_END)
        gtk_widget_set_hexpand(status, true.gboolean)
        gtk_box_append(sepia_box(line.object), status)

        progress = gtk_progress_bar_new()
        gtk_widget_set_visible(progress, false.gboolean)
        gtk_box_append(sepia_box(text.object), progress)

        retryButton = gtk_button_new_with_label("Retry")
        gtk_widget_set_valign(retryButton, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(retryButton, false.gboolean)
        gtk_box_append(sepia_box(root.object), retryButton)
    }

    /// Whether the row shows work in progress (a spinner).
    var showsWork: Bool { shown?.status.isWorking ?? false }

    /// Shows `record`'s name and `status`; `canRetry` shows the retry button.
    func show(name: String, status: PhotoRowStatus, filterName: String, canRetry: Bool) {
        let next = Shown(name: name, status: status, statusText: status.text(filterName: filterName), canRetry: canRetry)
        guard next != shown else { return }
        let previous = shown
        shown = next
        if next.name != previous?.name { gtk_label_set_text(sepia_label(self.name.object), name) }
        if next.statusText != previous?.statusText {
            gtk_label_set_text(sepia_label(self.status.object), next.statusText)
            gtk_widget_set_tooltip_text(self.status, status.isFailed ? next.statusText : nil)
        }
        if next.name != previous?.name || next.statusText != previous?.statusText {
            sepia_set_accessible_label(root, "\(name): \(next.statusText)")
        }
        if status.isWorking != previous?.status.isWorking {
            Self.setCSSClass("dim-label", present: status.isWorking, on: self.status)
            gtk_widget_set_visible(spinner, status.isWorking.gboolean)
            gtk_spinner_set_spinning(sepia_spinner(spinner.object), status.isWorking.gboolean)
        }
        Self.setCSSClass("error", present: status.isFailed, on: self.status)
        if case .downloading(let progress) = status, let fraction = progress?.fraction {
            gtk_progress_bar_set_fraction(sepia_progress_bar(self.progress.object), fraction)
            gtk_widget_set_visible(self.progress, true.gboolean)
        } else {
            gtk_widget_set_visible(self.progress, false.gboolean)
        }
        if canRetry != previous?.canRetry { gtk_widget_set_visible(retryButton, canRetry.gboolean) }
    }

    /// Adds the CSS class `name` to `widget` when `present`, removes it otherwise.
    private static func setCSSClass(_ name: String, present: Bool, on widget: Widget) {
        if present { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
    }

    /// Shows `texture` (a GdkTexture) as the thumbnail, or nothing.
    func setThumbnail(_ texture: OpaquePointer?) {
        gtk_picture_set_paintable(sepia_picture(picture.object), texture.map { sepia_paintable($0.object) })
    }

    /// Detaches the widgets from their row (`unbind`, the tutorial's `didEndDisplaying`): the
    /// thumbnail's texture is released, and the next row bound shows everything anew.
    func unbind() {
        row = nil
        thumbnailKey = nil
        shown = nil
        setThumbnail(nil)
        gtk_spinner_set_spinning(sepia_spinner(spinner.object), false.gboolean)
    }
}

/// What a thumbnail was made from: a new one is made when any of it changes (a row filtered
/// again with another filter stays filtered, with other processing; a downloading row's preview
/// gains detail).
struct ThumbnailKey: Equatable, Sendable {
    var row: Int
    var state: PhotoState
    var processing: PhotoProcessing?
    /// The detail of the preview shown while the photo downloads, if any.
    var previewUnits: Int?
    var scale: Int
}
