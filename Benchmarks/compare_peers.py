"""The Python side of Benchmarks/compare, run with Benchmarks/.venv/bin/python.

  compare_peers.py pyvips LIST OUTDIR [--size WxH] [--workers N] [--webp]
  compare_peers.py pillow LIST OUTDIR [--size WxH] [--workers N] [--webp]
  compare_peers.py diff REFERENCE OTHER        mean absolute difference per channel, in levels

Each peer does the same work as `sepia process --filter sepia --intensity 0.8 --quality 85`:
decode, the W3C sepia matrix at 0.8 (M = 0.8·S + 0.2·I, one clamp, round to nearest), JPEG
quality 85; with --size, fit into the box (each tool's own fast thumbnail path) then sepia;
with --webp, lossy WebP quality 85 instead of JPEG (as `sepia process --format webp`).
"""
import argparse
import os
import sys

SEPIA = [0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131]


def sepia_matrix(intensity=0.8):
    return [intensity * s + (1 - intensity) * (1.0 if i % 4 == 0 else 0.0) for i, s in enumerate(SEPIA)]


def read_list(path):
    with open(path) as f:
        return [line.strip() for line in f if line.strip()]


_extension = ".jpg"


def target(out_dir, path):
    return os.path.join(out_dir, os.path.splitext(os.path.basename(path))[0] + _extension)


# pyvips: a thread pool over the batch, each image a sequential-access pipeline ---------------

def run_pyvips(paths, out_dir, size, workers):
    import pyvips
    from concurrent.futures import ThreadPoolExecutor

    rows = sepia_matrix()
    matrix = pyvips.Image.new_from_list([rows[0:3], rows[3:6], rows[6:9]])

    def one(path):
        if size:
            image = pyvips.Image.thumbnail(path, size[0], height=size[1])
        else:
            image = pyvips.Image.new_from_file(path, access="sequential")
        # recomb gives float; +0.5 and a clipping cast = clamp then round to nearest
        image = image.recomb(matrix).linear(1, 0.5).cast("uchar")
        if _extension == ".webp":
            image.webpsave(target(out_dir, path), Q=85)
        else:
            image.jpegsave(target(out_dir, path), Q=85)

    with ThreadPoolExecutor(max_workers=workers) as pool:
        for _ in pool.map(one, paths):
            pass


# Pillow: a process pool over both cores ------------------------------------------------------

_pillow_size = None


def _pillow_one(path):
    from PIL import Image
    rows = sepia_matrix()
    matrix = tuple(rows[0:3] + [0] + rows[3:6] + [0] + rows[6:9] + [0])
    with Image.open(path) as image:
        if _pillow_size:
            image.draft("RGB", _pillow_size)
            image.thumbnail(_pillow_size)
        out = image.convert("RGB", matrix)
    out.save(target(_pillow_out, path), quality=85)


def _pillow_init(out_dir, size, extension):
    global _pillow_out, _pillow_size, _extension
    _pillow_out, _pillow_size, _extension = out_dir, size, extension


def run_pillow(paths, out_dir, size, workers):
    import multiprocessing
    with multiprocessing.Pool(workers, initializer=_pillow_init, initargs=(out_dir, size, _extension)) as pool:
        for _ in pool.imap_unordered(_pillow_one, paths, chunksize=4):
            pass


# the output check ---------------------------------------------------------------------------

def run_diff(reference, other):
    import numpy as np
    from PIL import Image
    a = np.asarray(Image.open(reference).convert("RGB"), dtype=np.int16)
    b = np.asarray(Image.open(other).convert("RGB"), dtype=np.int16)
    if a.shape != b.shape:
        print(f"size {b.shape[1]}x{b.shape[0]} vs {a.shape[1]}x{a.shape[0]}")
        return
    d = np.abs(a - b).reshape(-1, 3).mean(axis=0)
    print(f"{d[0]:.2f} {d[1]:.2f} {d[2]:.2f}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["pyvips", "pillow", "diff"])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--size")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--webp", action="store_true", help="write lossy WebP (quality 85) instead of JPEG")
    args = parser.parse_args()
    global _extension
    _extension = ".webp" if args.webp else ".jpg"
    if args.mode == "diff":
        run_diff(args.a, args.b)
        return
    size = tuple(int(v) for v in args.size.split("x")) if args.size else None
    paths = read_list(args.a)
    os.makedirs(args.b, exist_ok=True)
    {"pyvips": run_pyvips, "pillow": run_pillow}[args.mode](paths, args.b, size, args.workers)


if __name__ == "__main__":
    sys.exit(main())
