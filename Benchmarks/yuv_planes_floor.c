/*
 * The YUV-planes floor for `Benchmarks/compare`: each JPEG of a list decoded to its YCbCr planes
 * and those planes encoded again, with TurboJPEG (libjpeg-turbo's own API), on N threads
 * (default 2), nothing else: no colour conversion, no chroma resampling, no filter, no queues,
 * no atomic renames. The least any program can do that, like Sepia's full-size path, changes a
 * JPEG's colours on its planes:
 *   - tjDecompressToYUVPlanes at full size (accurate integer IDCT),
 *   - tjCompressFromYUVPlanes at quality 85 with the photo's own subsampling (accurate integer
 *     DCT, no Huffman optimisation: what Sepia's encoder and `sepia_codec_limit.c` do).
 * Both with TJFLAG_ACCURATEDCT: without it TurboJPEG compresses below quality 96 with the fast
 * integer DCT (JDCT_FASTEST, setCompDefaults in libjpeg-turbo's turbojpeg.c), less work than
 * Sepia's encoder does and other bytes. With it, the output of a 4:2:0 photo is byte for byte
 * what `sepia process --filter none --quality 85` writes.
 * Each thread keeps one TurboJPEG handle of each kind and one plane buffer and output buffer,
 * grown as needed, as a batch program would.
 *
 * Build: gcc -O3 -march=native yuv_planes_floor.c -o yuv_planes_floor -lturbojpeg -lpthread
 * Usage: yuv_planes_floor LIST OUTDIR [--threads N] [--quality Q]
 *        (LIST: one JPEG path a line; writes OUTDIR/<basename>)
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <turbojpeg.h>

#include "photo_list.h"

static char **paths;
static size_t path_count;
static const char *out_dir;
static int quality = 85;
static atomic_size_t next_index;
static atomic_int failures;

/* What one thread reuses from photo to photo. */
struct worker_state {
    tjhandle decompressor, compressor;
    unsigned char *planes;      /* the three planes, one after the other */
    size_t planes_capacity;
    unsigned char *jpeg;        /* the output buffer (tjAlloc'd, TurboJPEG's worst case) */
    unsigned long jpeg_capacity;
};

static int fail(const char *path, tjhandle handle) {
    fprintf(stderr, "yuv_planes_floor: %s: %s\n", path, tjGetErrorStr2(handle));
    return 0;
}

static int process(struct worker_state *state, const char *path) {
    size_t size;
    unsigned char *bytes = read_file(path, &size);
    if (!bytes) { fprintf(stderr, "yuv_planes_floor: cannot read %s\n", path); return 0; }
    int ok = 0, width, height, subsampling, colorspace;
    if (tjDecompressHeader3(state->decompressor, bytes, (unsigned long)size, &width, &height, &subsampling, &colorspace)) {
        ok = fail(path, state->decompressor);
        goto done;
    }
    /* Plane sizes at the photo's own dimensions, each plane's rows as long as the plane is wide
     * (strides NULL): TurboJPEG pads the planes to whole MCUs internally. */
    int planes_count = subsampling == TJSAMP_GRAY ? 1 : 3;
    unsigned char *planes[3] = {NULL, NULL, NULL};
    int strides[3] = {0, 0, 0};
    size_t total = 0, offsets[3];
    for (int i = 0; i < planes_count; i++) {
        offsets[i] = total;
        strides[i] = tjPlaneWidth(i, width, subsampling);
        total += tjPlaneSizeYUV(i, width, 0, height, subsampling);
    }
    if (total > state->planes_capacity) {
        free(state->planes);
        state->planes = malloc(total);
        state->planes_capacity = state->planes ? total : 0;
        if (!state->planes) { fprintf(stderr, "yuv_planes_floor: out of memory for %s\n", path); goto done; }
    }
    for (int i = 0; i < planes_count; i++) planes[i] = state->planes + offsets[i];
    if (tjDecompressToYUVPlanes(state->decompressor, bytes, (unsigned long)size, planes, width, strides, height,
                                TJFLAG_ACCURATEDCT)) {
        ok = fail(path, state->decompressor);
        goto done;
    }
    /* An output buffer of TurboJPEG's worst case, so that it never reallocates it. */
    unsigned long worst = tjBufSize(width, height, subsampling);
    if (worst > state->jpeg_capacity) {
        tjFree(state->jpeg);
        state->jpeg = tjAlloc((int)worst);
        state->jpeg_capacity = state->jpeg ? worst : 0;
        if (!state->jpeg) { fprintf(stderr, "yuv_planes_floor: out of memory for %s\n", path); goto done; }
    }
    unsigned long out_size = state->jpeg_capacity;
    if (tjCompressFromYUVPlanes(state->compressor, (const unsigned char **)planes, width, strides, height, subsampling,
                                &state->jpeg, &out_size, quality, TJFLAG_NOREALLOC | TJFLAG_ACCURATEDCT)) {
        ok = fail(path, state->compressor);
        goto done;
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char target[4096];
    snprintf(target, sizeof target, "%s/%s", out_dir, base);
    FILE *f = fopen(target, "wb");
    if (f && fwrite(state->jpeg, 1, out_size, f) == out_size) ok = 1;
    if (f) fclose(f);
done:
    free(bytes);
    return ok;
}

static void *worker(void *unused) {
    (void)unused;
    struct worker_state state = {tjInitDecompress(), tjInitCompress(), NULL, 0, NULL, 0};
    if (!state.decompressor || !state.compressor) {
        fprintf(stderr, "yuv_planes_floor: cannot make TurboJPEG handles\n");
        atomic_fetch_add(&failures, 1);
    } else {
        for (;;) {
            size_t i = atomic_fetch_add(&next_index, 1);
            if (i >= path_count) break;
            if (!process(&state, paths[i])) atomic_fetch_add(&failures, 1);
        }
    }
    if (state.decompressor) tjDestroy(state.decompressor);
    if (state.compressor) tjDestroy(state.compressor);
    free(state.planes);
    tjFree(state.jpeg);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s LIST OUTDIR [--threads N] [--quality Q]\n", argv[0]);
        return 2;
    }
    int threads = 2;
    for (int i = 3; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--threads")) threads = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--quality")) quality = atoi(argv[i + 1]);
    }
    out_dir = argv[2];
    return run_photo_list("yuv_planes_floor", argv[1], &paths, &path_count, threads, worker, &failures);
}
