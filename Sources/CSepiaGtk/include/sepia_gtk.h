#ifndef SEPIA_GTK_H
#define SEPIA_GTK_H

// What the desktop app needs of GTK, GLib and libdispatch that does not import into Swift:
// macros (signal connection, checked casts), variadic functions, libdispatch's main-queue
// hooks (declared by no public header), and a list model of N rows.

#include <gtk/gtk.h>
#include <glib-unix.h>

G_BEGIN_DECLS

// MARK: libdispatch's main queue, as a run loop other than dispatch_main() drives it

/// The file descriptor (an eventfd on Linux) that becomes readable when work is queued on
/// the main dispatch queue. The reader must read it before draining, or it stays readable.
extern int _dispatch_get_main_queue_handle_4CF(void);
/// Runs the work queued on the main dispatch queue; call on the main thread with NULL.
extern void _dispatch_main_queue_callback_4CF(void *message);

// MARK: Signals

/// g_signal_connect_data (g_signal_connect is a macro): `destroy` is called with `data` when
/// the handler is disconnected or the instance finalised.
static inline gulong sepia_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data,
                                          GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

// MARK: Checked casts (the GTK_WIDGET() family are macros)

static inline GtkWindow *sepia_window(gpointer object) { return GTK_WINDOW(object); }
static inline GtkBox *sepia_box(gpointer object) { return GTK_BOX(object); }
static inline GtkLabel *sepia_label(gpointer object) { return GTK_LABEL(object); }
static inline GtkPicture *sepia_picture(gpointer object) { return GTK_PICTURE(object); }
static inline GtkSpinner *sepia_spinner(gpointer object) { return GTK_SPINNER(object); }
static inline GtkProgressBar *sepia_progress_bar(gpointer object) { return GTK_PROGRESS_BAR(object); }
static inline GtkListItem *sepia_list_item(gpointer object) { return GTK_LIST_ITEM(object); }
static inline GtkScrolledWindow *sepia_scrolled_window(gpointer object) { return GTK_SCROLLED_WINDOW(object); }
static inline GApplication *sepia_g_application(gpointer object) { return G_APPLICATION(object); }
static inline GdkPaintable *sepia_paintable(gpointer object) { return GDK_PAINTABLE(object); }
static inline GListModel *sepia_list_model(gpointer object) { return G_LIST_MODEL(object); }
static inline GtkSelectionModel *sepia_selection_model(gpointer object) { return GTK_SELECTION_MODEL(object); }
static inline GtkApplicationWindow *sepia_application_window(gpointer object) { return GTK_APPLICATION_WINDOW(object); }
static inline GtkShortcutsWindow *sepia_shortcuts_window(gpointer object) { return GTK_SHORTCUTS_WINDOW(object); }
static inline GtkActionable *sepia_actionable(gpointer object) { return GTK_ACTIONABLE(object); }
static inline GtkFileChooser *sepia_file_chooser(gpointer object) { return GTK_FILE_CHOOSER(object); }
static inline GtkNativeDialog *sepia_native_dialog(gpointer object) { return GTK_NATIVE_DIALOG(object); }
static inline GtkEventController *sepia_event_controller(gpointer object) { return GTK_EVENT_CONTROLLER(object); }
static inline GFile *sepia_file(gpointer object) { return G_FILE(object); }

// MARK: Dropped values (GType macros, G_VALUE_HOLDS)

/// A drop target taking a list of files (GDK_TYPE_FILE_LIST: files and folders from a file
/// manager, text/uri-list) or text (G_TYPE_STRING: URLs from a browser's address bar), copied.
static inline GtkDropTarget *sepia_drop_target_new_for_files_and_text(void) {
    GtkDropTarget *target = gtk_drop_target_new(G_TYPE_INVALID, GDK_ACTION_COPY);
    GType types[] = {GDK_TYPE_FILE_LIST, G_TYPE_STRING};
    gtk_drop_target_set_gtypes(target, types, G_N_ELEMENTS(types));
    return target;
}

/// The GFiles of a dropped file list, or NULL when `value` holds no file list (or an empty
/// one). The list is the caller's to free with g_slist_free; its GFiles are `value`'s.
static inline GSList *sepia_value_get_files(const GValue *value) {
    if (!G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST)) return NULL;
    return gdk_file_list_get_files(g_value_get_boxed(value));
}

/// The dropped text (owned by `value`), or NULL when `value` holds no string.
static inline const char *sepia_value_get_text(const GValue *value) {
    return G_VALUE_HOLDS_STRING(value) ? g_value_get_string(value) : NULL;
}
static inline GtkRange *sepia_range(gpointer object) { return GTK_RANGE(object); }
static inline GtkScale *sepia_scale(gpointer object) { return GTK_SCALE(object); }
static inline GtkToggleButton *sepia_toggle_button(gpointer object) { return GTK_TOGGLE_BUTTON(object); }
static inline GtkButton *sepia_button(gpointer object) { return GTK_BUTTON(object); }
static inline GtkGrid *sepia_grid(gpointer object) { return GTK_GRID(object); }

// MARK: Variadic functions

/// Sets the accessible label of `widget` (gtk_accessible_update_property is variadic).
void sepia_set_accessible_label(GtkWidget *widget, const char *label);

/// A modal error dialog over `parent` with `title` and `detail` as plain text (never markup)
/// and an OK button that closes it (gtk_message_dialog_new is variadic, printf-like).
GtkWidget *sepia_alert_new(GtkWindow *parent, const char *title, const char *detail);

// MARK: A list model of N rows

/// A GListModel of `count` rows. A row's item is a bare GObject, made only when asked for (by
/// the list view, for the rows it binds; the row is the item's position), so a model of
/// 100,000 rows costs one object.
#define SEPIA_TYPE_ROW_MODEL (sepia_row_model_get_type())
G_DECLARE_FINAL_TYPE(SepiaRowModel, sepia_row_model, SEPIA, ROW_MODEL, GObject)

/// A model of no rows.
SepiaRowModel *sepia_row_model_new(void);

/// Replaces the rows by `count` new ones (items-changed: every row removed, `count` added).
void sepia_row_model_set_count(SepiaRowModel *model, guint count);

G_END_DECLS

#endif
