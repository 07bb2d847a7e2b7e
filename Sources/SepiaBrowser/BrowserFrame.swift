import SepiaList
import SepiaOperations
import SepiaPipeline
import SepiaTerminal

/// Everything one frame shows, gathered on the main queue from the controller and the
/// thumbnail store; ``BrowserScreen`` turns it into cells without looking anywhere else.
struct BrowserFrame: Sendable {
    /// One row on screen.
    struct Row: Sendable {
        /// The row's record.
        var record: PhotoRecord
        /// Whether it has a download or a filter in progress.
        var isWorking: Bool
        /// Its download's progress, while one is in flight.
        var progress: DownloadProgress?
        /// Its thumbnail, ready to draw, or nil for the placeholder.
        var thumbnail: Picture?
        /// Whether it is the selected row.
        var isSelected: Bool
    }

    /// The photo opened large.
    struct Detail: Sendable {
        /// The photo's record.
        var record: PhotoRecord
        /// The picture, scaled to the screen, or nil while it is being scaled.
        var picture: Picture?
        /// Whether pictures are off (`--graphics none`): then none is ever scaled.
        var picturesOff = false
        /// What an animation playing adds to the caption: "playing", or why it stopped.
        var playbackNote: String?
    }

    /// What covers the list, if anything.
    enum Overlay: Sendable {
        /// The manifest could not be read: the tutorial's alert.
        case alert(message: String)
        /// The key help.
        case help
    }

    /// The screen's layout.
    var layout: BrowserLayout
    /// The title line's text.
    var title: String
    /// Where the data source stands.
    var source: PhotoListSourceState
    /// The rows on screen, top first.
    var rows: [Row]
    /// The first row's index in the list.
    var firstRow: Int
    /// How many rows the list has.
    var rowCount: Int
    /// Counts of rows by state, for the status line.
    var counts: StateCounts
    /// How many entries of the folders given are not rows, for the status line.
    var skippedCount = 0
    /// How many placeholders of manifest entries do not decode, for the status line.
    var ignoredPlaceholderCount = 0
    /// Whether downloads are running now.
    var networkActive: Bool
    /// Where scrolling stands.
    var scrollPhase: ScrollPhase
    /// The filter's name, shown on filtered rows.
    var filterName: String
    /// The photo opened large, if any.
    var detail: Detail?
    /// What covers the list, if anything.
    var overlay: Overlay?
    /// The queue panel's counters when it is shown.
    var queues: [StageCounters]?
    /// The spinner frame.
    var spinner: String
    /// How pictures are drawn and why, for the help ("sixel: the terminal answered DA1 …").
    var picturesNote = ""
}

/// How many rows are in each state.
struct StateCounts: Sendable, Equatable {
    /// Rows not loaded yet.
    var new = 0
    /// Rows downloaded but not filtered.
    var downloaded = 0
    /// Rows filtered.
    var filtered = 0
    /// Rows that failed.
    var failed = 0

    /// Counts the states of `records`.
    init(_ records: [PhotoRecord]) {
        for record in records {
            switch record.state {
            case .new: new += 1
            case .downloaded: downloaded += 1
            case .filtered: filtered += 1
            case .failed: failed += 1
            }
        }
    }
}
