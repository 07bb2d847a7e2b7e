#ifndef SEPIA_HEIF_LIBRARY_H
#define SEPIA_HEIF_LIBRARY_H

#include <stdbool.h>

#include <libheif/heif.h>

#include "sepia_diagnostics_internal.h"

/*
 * libheif, loaded with dlopen the first time a HEIF file is read or written (sepia_library.h),
 * not linked: libheif's initialiser registers its codec plugins, which loads libde265, x265,
 * libaom and dav1d and builds libde265's tables, and that took 4-5 ms of every start of `sepia`.
 *
 * The functions Sepia calls are the members of `libheif`, each of the type heif.h declares, so
 * the compiler still checks every call: write `libheif.heif_context_alloc()` for
 * `heif_context_alloc()`. They are set once sepia_heif_library_start has returned true.
 */
#define SEPIA_HEIF_FUNCTIONS(X) \
    X(heif_context_add_exif_metadata) \
    X(heif_context_alloc) \
    X(heif_context_encode_image) \
    X(heif_context_free) \
    X(heif_context_get_encoder_for_format) \
    X(heif_context_get_primary_image_handle) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_context_set_maximum_image_size_limit) \
    X(heif_context_write) \
    X(heif_decode_image) \
    X(heif_decoding_options_alloc) \
    X(heif_decoding_options_free) \
    X(heif_encoder_release) \
    X(heif_encoder_set_lossy_quality) \
    X(heif_encoder_set_parameter_integer) \
    X(heif_encoding_options_alloc) \
    X(heif_encoding_options_free) \
    X(heif_have_decoder_for_format) \
    X(heif_image_add_plane) \
    X(heif_image_create) \
    X(heif_image_get_bits_per_pixel_range) \
    X(heif_image_get_height) \
    X(heif_image_get_plane) \
    X(heif_image_get_plane_readonly) \
    X(heif_image_get_width) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_get_ispe_height) \
    X(heif_image_handle_get_ispe_width) \
    X(heif_image_handle_get_list_of_metadata_block_IDs) \
    X(heif_image_handle_get_luma_bits_per_pixel) \
    X(heif_image_handle_get_metadata) \
    X(heif_image_handle_get_metadata_size) \
    X(heif_image_handle_get_nclx_color_profile) \
    X(heif_image_handle_get_raw_color_profile) \
    X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_has_alpha_channel) \
    X(heif_image_handle_release) \
    X(heif_image_release) \
    X(heif_image_set_raw_color_profile) \
    X(heif_init) \
    X(heif_nclx_color_profile_free) \
    X(heif_read_main_brand)

struct sepia_heif_functions {
#define SEPIA_HEIF_POINTER(name) __typeof__(name) *name;
    SEPIA_HEIF_FUNCTIONS(SEPIA_HEIF_POINTER)
#undef SEPIA_HEIF_POINTER
};

/* libheif's functions; valid once sepia_heif_library_start has returned true. */
extern struct sepia_heif_functions libheif;

/*
 * Loads libheif and calls heif_init, once for the whole process, before the first context is
 * made, so that libheif registers its codec plugins exactly once even when the first decodes
 * start on several threads at the same time. libheif stays loaded and initialised until the
 * process ends. Returns false, with the reason in `diagnostics` (SEPIA_STATUS_UNSUPPORTED for the
 * caller), when libheif cannot be loaded.
 */
bool sepia_heif_library_start(sepia_diagnostics *diagnostics);

#endif
