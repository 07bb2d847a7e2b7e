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
