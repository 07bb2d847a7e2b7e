#!/usr/bin/env python3
"""Records a terminal's answers to Sepia's probe queries; run it inside the terminal.

Usage: capture-probe-answers.py NAME   (writes NAME.bin and NAME.json beside this script)

NAME.bin holds the raw bytes the terminal answered to query.bin (every query in one write,
DA1 last, as a probe sends them), read until DA1's answer came and 300 ms more. NAME.json
holds, for each query sent alone and followed by DA1 (whose answer marks the end of the
query's answer, so a silent query shows as ""), the query and its answer, and the window
size TIOCGWINSZ reports (ws_xpixel and ws_ypixel included).
"""
import fcntl, json, os, re, select, struct, sys, termios, time, tty

ESC = b"\x1b"
QUERIES = [  # (name, bytes), in the order of query.bin
    ("kitty-query", ESC + b"_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA" + ESC + b"\\"),
    ("kitty-query-placeholders", ESC + b"_Gi=32,s=1,v=1,a=q,t=d,f=24,U=1;AAAA" + ESC + b"\\"),
    ("xtversion", ESC + b"[>0q"),
    ("xtsmgraphics-colour-registers", ESC + b"[?1;1;0S"),
    ("xtsmgraphics-sixel-geometry", ESC + b"[?2;1;0S"),
    ("window-size-pixels", ESC + b"[14t"),
    ("cell-size-pixels", ESC + b"[16t"),
    ("da1", ESC + b"[c"),
]
DA1_ANSWER = re.compile(rb"\x1b\[\?[0-9;]*c")


def read(fd, until, timeout):
    """Reads from fd until `until(bytes so far)` holds or `timeout` seconds pass."""
    data, end = b"", time.monotonic() + timeout
    while not until(data):
        ready, _, _ = select.select([fd], [], [], max(0.0, end - time.monotonic()))
        if not ready:
            break
        data += os.read(fd, 4096)
    return data


def main():
    name, folder = sys.argv[1], os.path.dirname(os.path.abspath(__file__))
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setraw(fd)
    try:
        rows, columns, xpixel, ypixel = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
        each = {}
        for query_name, query in QUERIES:
            os.write(fd, query if query_name == "da1" else query + ESC + b"[c")
            answer = read(fd, lambda data: DA1_ANSWER.search(data) is not None, 3.0)
            end = DA1_ANSWER.search(answer)
            if query_name != "da1" and end:
                answer = answer[: end.start()]
            each[query_name] = {"query": query.decode("latin1"), "answer": answer.decode("latin1"), "da1_came": end is not None}
        batch = b"".join(query for _, query in QUERIES)
        os.write(fd, batch)
        answers = read(fd, lambda data: DA1_ANSWER.search(data) is not None, 3.0)
        answers += read(fd, lambda data: False, 0.3)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    with open(os.path.join(folder, "query.bin"), "wb") as file:
        file.write(batch)
    with open(os.path.join(folder, name + ".bin"), "wb") as file:
        file.write(answers)
    window = {"rows": rows, "columns": columns, "xpixel": xpixel, "ypixel": ypixel}
    with open(os.path.join(folder, name + ".json"), "w") as file:
        json.dump({"tiocgwinsz": window, "answers": each}, file, indent=1)
        file.write("\n")


if __name__ == "__main__":
    main()
