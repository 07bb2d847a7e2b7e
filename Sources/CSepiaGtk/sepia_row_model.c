#include "sepia_gtk.h"

struct _SepiaRowModel {
    GObject parent_instance;
    guint count;
};

static GType sepia_row_model_get_item_type(GListModel *list) {
    (void)list;
    return G_TYPE_OBJECT;
}

static guint sepia_row_model_get_n_items(GListModel *list) { return SEPIA_ROW_MODEL(list)->count; }

static gpointer sepia_row_model_get_item(GListModel *list, guint position) {
    if (position >= SEPIA_ROW_MODEL(list)->count) return NULL;
    return g_object_new(G_TYPE_OBJECT, NULL);  // the caller owns the reference
}

static void sepia_row_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = sepia_row_model_get_item_type;
    iface->get_n_items = sepia_row_model_get_n_items;
    iface->get_item = sepia_row_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(SepiaRowModel, sepia_row_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, sepia_row_model_list_model_init))

static void sepia_row_model_class_init(SepiaRowModelClass *class) { (void)class; }

static void sepia_row_model_init(SepiaRowModel *model) { model->count = 0; }

SepiaRowModel *sepia_row_model_new(void) { return g_object_new(SEPIA_TYPE_ROW_MODEL, NULL); }

void sepia_row_model_set_count(SepiaRowModel *model, guint count) {
    g_return_if_fail(SEPIA_IS_ROW_MODEL(model));
    guint removed = model->count;
    model->count = count;
    if (removed > 0 || count > 0) g_list_model_items_changed(G_LIST_MODEL(model), 0, removed, count);
}
