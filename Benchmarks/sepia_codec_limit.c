/*
 * The codec's limit for `Benchmarks/compare`: decode + sepia + JPEG encode with libjpeg-turbo called
 * directly, over a list of files, on N threads (default 2), nothing else (no queues, no atomic
 * renames, no manifest). The same work as `sepia process --filter sepia --intensity 0.8
 * --quality 85`:
 *   - decode to RGBX (libjpeg-turbo's defaults: accurate integer IDCT, fancy upsampling),
 *   - M = 0.8·S + 0.2·I, S the W3C sepia matrix, summed in single precision, clamped at 255 and
 *     rounded to nearest (ties to even, the 1.5·2^23 bias trick Sepia's kernel uses),
 *   - encode at quality 85 with jpeg_set_defaults (4:2:0, accurate integer DCT, no optimisation).
 * With --size WxH it decodes DCT-scaled (the strongest 1/8, 1/4, 1/2 that still covers the fit)
 * and then area-averages into the box, like Sepia's thumbnail path. With --filter none it skips
 * the colour matrix: decode + encode only, the floor of any program doing this work.
 *
 * Build: gcc -O3 -march=native -ffp-contract=off sepia_codec_limit.c -o sepia_codec_limit -ljpeg -lpthread
 * Usage: sepia_codec_limit LIST OUTDIR [--threads N] [--size WxH] [--quality Q] [--intensity I] [--filter sepia|none]
 *        (LIST: one JPEG path a line; writes OUTDIR/<basename>)
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <setjmp.h>
#include <jpeglib.h>

#include "photo_list.h"

static char **paths;
static size_t path_count;
static const char *out_dir;
static int quality = 85, box_w = 0, box_h = 0, filters = 1;
static float matrix[9];
static atomic_size_t next_index;
static atomic_int failures;

struct error_manager { struct jpeg_error_mgr pub; jmp_buf jump; };

static void on_error(j_common_ptr cinfo) {
    struct error_manager *err = (struct error_manager *)cinfo->err;
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    fprintf(stderr, "sepia_codec_limit: %s\n", message);
    longjmp(err->jump, 1);
}

/* v (never negative: every coefficient is positive, and no sum reaches 1024) rounded to
 * nearest, then clamped at 255: the clamp is an integer minimum, which gcc vectorises
 * (a float comparison is "control flow" to it without -ffast-math). */
static inline uint32_t clamp_round(float v) {
    union { float f; uint32_t u; } bits = { v + 12582912.0f };   /* 1.5 * 2^23 */
    uint32_t rounded = bits.u & 0x3FF;
    return rounded < 255 ? rounded : 255;
}

/* One pixel is one 32-bit word, split with shifts and masks, so that gcc vectorises the loop
 * (byte loads and stores at stride 4 keep it scalar: 37 % of the run in an earlier version). */
static void apply_sepia(uint8_t *pixels, size_t count) {
    const float m0 = matrix[0], m1 = matrix[1], m2 = matrix[2], m3 = matrix[3], m4 = matrix[4],
                m5 = matrix[5], m6 = matrix[6], m7 = matrix[7], m8 = matrix[8];
    uint32_t *words = (uint32_t *)pixels;
    for (size_t i = 0; i < count; i++) {
        uint32_t word = words[i];
        float r = (float)(word & 0xFF), g = (float)((word >> 8) & 0xFF), b = (float)((word >> 16) & 0xFF);
        words[i] = (word & 0xFF000000u) | clamp_round(m0 * r + m1 * g + m2 * b)
            | clamp_round(m3 * r + m4 * g + m5 * b) << 8 | clamp_round(m6 * r + m7 * g + m8 * b) << 16;
    }
}

/* Area-averaging fit of src (sw×sh RGBX) into dw×dh. */
static uint8_t *area_resize(const uint8_t *src, int sw, int sh, int dw, int dh) {
    uint8_t *dst = malloc((size_t)dw * dh * 4);
    double sx = (double)sw / dw, sy = (double)sh / dh;
    for (int y = 0; y < dh; y++) {
        double y0 = y * sy, y1 = y0 + sy;
        for (int x = 0; x < dw; x++) {
            double x0 = x * sx, x1 = x0 + sx, acc[3] = {0, 0, 0}, total = 0;
            for (int yy = (int)y0; yy < sh && yy < y1; yy++) {
                double wy = (yy + 1 < y1 ? yy + 1 : y1) - (yy > y0 ? yy : y0);
                for (int xx = (int)x0; xx < sw && xx < x1; xx++) {
                    double w = wy * ((xx + 1 < x1 ? xx + 1 : x1) - (xx > x0 ? xx : x0));
                    const uint8_t *p = src + ((size_t)yy * sw + xx) * 4;
                    acc[0] += w * p[0]; acc[1] += w * p[1]; acc[2] += w * p[2]; total += w;
                }
            }
            uint8_t *q = dst + ((size_t)y * dw + x) * 4;
            for (int c = 0; c < 3; c++) q[c] = (uint8_t)(acc[c] / total + 0.5);
            q[3] = 255;
        }
    }
    return dst;
}

static int process(const char *path) {
    size_t size;
    unsigned char *bytes = read_file(path, &size);
    if (!bytes) { fprintf(stderr, "sepia_codec_limit: cannot read %s\n", path); return 0; }
    struct jpeg_decompress_struct d;
    struct jpeg_compress_struct c;
    struct error_manager err;
    uint8_t *pixels = NULL, *fitted = NULL;
    unsigned char *out = NULL;
    unsigned long out_size = 0;
    volatile int ok = 0, have_d = 0, have_c = 0;
    d.err = jpeg_std_error(&err.pub);
    c.err = d.err;
    err.pub.error_exit = on_error;
    if (setjmp(err.jump)) goto done;
    jpeg_create_decompress(&d);
    have_d = 1;
    jpeg_mem_src(&d, bytes, size);
    jpeg_read_header(&d, TRUE);
    d.out_color_space = JCS_EXT_RGBX;
    int w = (int)d.image_width, h = (int)d.image_height, fw = w, fh = h;
    if (box_w > 0) {
        double s = (double)box_w / w < (double)box_h / h ? (double)box_w / w : (double)box_h / h;
        if (s < 1) { fw = (int)(w * s + 0.5); fh = (int)(h * s + 0.5); }
        if (fw < 1) fw = 1;
        if (fh < 1) fh = 1;
        int denom = 8;
        while (denom > 1 && ((w + denom - 1) / denom < fw || (h + denom - 1) / denom < fh)) denom /= 2;
        d.scale_num = 1;
        d.scale_denom = (unsigned)denom;
    }
    jpeg_start_decompress(&d);
    int ow = (int)d.output_width, oh = (int)d.output_height;
    pixels = malloc((size_t)ow * oh * 4);
    while (d.output_scanline < d.output_height) {
        JSAMPROW row = pixels + (size_t)d.output_scanline * ow * 4;
        jpeg_read_scanlines(&d, &row, 1);
    }
    jpeg_finish_decompress(&d);
    if (filters) apply_sepia(pixels, (size_t)ow * oh);
    const uint8_t *image = pixels;
    if (box_w > 0 && (ow != fw || oh != fh)) {
        fitted = area_resize(pixels, ow, oh, fw, fh);
        image = fitted;
        ow = fw;
        oh = fh;
    }
    jpeg_create_compress(&c);
    have_c = 1;
    jpeg_mem_dest(&c, &out, &out_size);
    c.image_width = (JDIMENSION)ow;
    c.image_height = (JDIMENSION)oh;
    c.input_components = 4;
    c.in_color_space = JCS_EXT_RGBX;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, quality, TRUE);
    jpeg_start_compress(&c, TRUE);
    while (c.next_scanline < c.image_height) {
        JSAMPROW row = (JSAMPROW)(image + (size_t)c.next_scanline * ow * 4);
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char target[4096];
    snprintf(target, sizeof target, "%s/%s", out_dir, base);
    FILE *f = fopen(target, "wb");
    if (f && fwrite(out, 1, out_size, f) == out_size) ok = 1;
    if (f) fclose(f);
done:
    if (have_d) jpeg_destroy_decompress(&d);
    if (have_c) jpeg_destroy_compress(&c);
    free(out);
    free(pixels);
    free(fitted);
    free(bytes);
    return ok;
}

static void *worker(void *unused) {
    (void)unused;
    for (;;) {
        size_t i = atomic_fetch_add(&next_index, 1);
        if (i >= path_count) return NULL;
        if (!process(paths[i])) atomic_fetch_add(&failures, 1);
    }
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s LIST OUTDIR [--threads N] [--size WxH] [--quality Q] [--intensity I] [--filter sepia|none]\n",
                argv[0]);
        return 2;
    }
    int threads = 2;
    float intensity = 0.8f;
    for (int i = 3; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--threads")) threads = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--quality")) quality = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--intensity")) intensity = strtof(argv[i + 1], NULL);
        else if (!strcmp(argv[i], "--size")) sscanf(argv[i + 1], "%dx%d", &box_w, &box_h);
        else if (!strcmp(argv[i], "--filter")) filters = strcmp(argv[i + 1], "none") != 0;
    }
    static const float sepia[9] = {0.393f, 0.769f, 0.189f, 0.349f, 0.686f, 0.168f, 0.272f, 0.534f, 0.131f};
    for (int i = 0; i < 9; i++) matrix[i] = intensity * sepia[i] + (i % 4 == 0 ? 1.0f - intensity : 0.0f);
    out_dir = argv[2];
    return run_photo_list("sepia_codec_limit", argv[1], &paths, &path_count, threads, worker, &failures);
}
