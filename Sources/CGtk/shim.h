// GTK 4 (Debian's libgtk-4-dev, 4.8) and GLib's Unix additions (file descriptor and signal
// sources on the main loop), for the desktop app.
#include <gtk/gtk.h>
#include <glib-unix.h>
