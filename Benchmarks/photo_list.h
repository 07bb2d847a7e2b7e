/*
 * What the C programs of `Benchmarks/compare` share: the list of photos they read (one path a
 * line, blank lines skipped), the threads that share it out, one photo at a time, and the read
 * of a photo's bytes.
 */
#ifndef PHOTO_LIST_H
#define PHOTO_LIST_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The paths of the list file at `path`, their number in *count; NULL when it cannot be read. */
static char **read_photo_list(const char *path, size_t *count) {
    FILE *list = fopen(path, "r");
    if (!list) { perror(path); return NULL; }
    char line[4096];
    size_t capacity = 256;
    char **paths = malloc(capacity * sizeof *paths);
    *count = 0;
    while (fgets(line, sizeof line, list)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!*line) continue;
        if (*count == capacity) paths = realloc(paths, (capacity *= 2) * sizeof *paths);
        paths[(*count)++] = strdup(line);
    }
    fclose(list);
    return paths;
}

/* The bytes of the file at `path` (malloc'd), their number in *size; NULL when it cannot be read. */
static unsigned char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *bytes = n > 0 ? malloc((size_t)n) : NULL;
    if (bytes && fread(bytes, 1, (size_t)n, f) != (size_t)n) { free(bytes); bytes = NULL; }
    fclose(f);
    *size = (size_t)n;
    return bytes;
}

/* Reads the list at `list_path` into *paths and *count, runs `worker` on `threads` threads (1 to
 * 64) until they return, and gives the program's exit status: 2 when the list cannot be read,
 * 1 (after saying so) when `failures` counted any, 0 otherwise. */
static int run_photo_list(const char *program, const char *list_path, char ***paths, size_t *count, int threads,
                          void *(*worker)(void *), atomic_int *failures) {
    *paths = read_photo_list(list_path, count);
    if (!*paths) return 2;
    pthread_t ids[64];
    if (threads < 1) threads = 1;
    if (threads > 64) threads = 64;
    for (int i = 0; i < threads; i++) pthread_create(&ids[i], NULL, worker, NULL);
    for (int i = 0; i < threads; i++) pthread_join(ids[i], NULL);
    int failed = atomic_load(failures);
    if (failed) fprintf(stderr, "%s: %d of %zu failed\n", program, failed, *count);
    return failed ? 1 : 0;
}

#endif
