"""What resident memory is made of, for the soak's `--maps` (leak hunting; Linux and glibc only).

`/proc/self/smaps` split by kind of mapping: the brk heap (glibc's main arena), the heaps of
glibc's other arenas (64 MB reservations, one per arena a thread was given), other anonymous
mappings (Python's 1 MB small-object arenas, big blocks, pictures: the kernel merges neighbouring
ones, so they are told apart by the allocators' own figures below) and each file (libraries,
fonts) — resident and private-dirty (memory no other process shares and the kernel cannot
drop). Beside it: glibc's arenas (`malloc_info`) and pymalloc's arenas
(`sys._debugmallocstats`: allocated vs the blocks in use; an arena stays while one block lives
in it), and the sizes of the app's caches.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile

ARENA_HEAP_KB = 64 * 1024  # glibc's HEAP_MAX_SIZE on 64-bit: a non-main arena's reservation


def mappings() -> list[dict]:
    """Every mapping of this process: start, size (KB), perms, name, Rss and Private_Dirty (KB)."""
    maps, cur = [], None
    with open("/proc/self/smaps") as f:
        for line in f:
            first = line.split(maxsplit=5)
            if len(first) >= 5 and "-" in first[0] and not first[0].endswith(":"):
                lo, hi = (int(x, 16) for x in first[0].split("-"))
                cur = {"start": lo, "kb": (hi - lo) // 1024, "perms": first[1],
                       "name": first[5].strip() if len(first) > 5 else "", "rss": 0, "dirty": 0}
                maps.append(cur)
            elif cur is not None and first[0] in ("Rss:", "Private_Dirty:"):
                cur["rss" if first[0] == "Rss:" else "dirty"] += int(first[1])
    return maps


def split(maps: list[dict]) -> dict[str, list[int]]:
    """Resident KB by kind: {kind: [rss, private dirty, mappings]}; files by their base name."""
    parts: dict[str, list[int]] = {}

    def add(kind, m):
        p = parts.setdefault(kind, [0, 0, 0])
        p[0] += m["rss"]
        p[1] += m["dirty"]
        p[2] += 1

    for i, m in enumerate(maps):
        name = m["name"]
        if name == "[heap]":
            add("heap", m)
        elif name.startswith("["):
            add("other", m)
        elif name:
            add("file " + os.path.basename(name), m)
        else:
            nxt = maps[i + 1] if i + 1 < len(maps) else None
            prev = maps[i - 1] if i else None
            # an arena's heap: read-write part followed by its ---p rest, 64 MB together
            if m["perms"].startswith("rw") and nxt and not nxt["name"] and nxt["perms"].startswith("---") \
                    and nxt["start"] == m["start"] + m["kb"] * 1024 and m["kb"] + nxt["kb"] == ARENA_HEAP_KB:
                add("glibc arenas", m)
            elif m["perms"].startswith("---"):
                add("guard/reserved", m)
            elif prev and prev["perms"].startswith("---") and not prev["name"] and prev["kb"] == 4 \
                    and m["kb"] >= 1024:
                add("thread stacks", m)
            else:
                add("anon other", m)
    return parts


def glibc_arenas() -> tuple[int, float, float]:
    """(arenas, MB the arenas hold from the system, MB free in them) from glibc's malloc_info."""
    import ctypes

    libc = ctypes.CDLL("libc.so.6")
    libc.fopen.restype = ctypes.c_void_p
    libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    libc.fclose.argtypes = [ctypes.c_void_p]
    libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
    fd, path = tempfile.mkstemp(prefix="malloc-info-")
    os.close(fd)
    try:
        fp = libc.fopen(path.encode(), b"w")
        libc.malloc_info(0, fp)
        libc.fclose(fp)
        text = open(path).read()
    finally:
        os.unlink(path)
    heaps = re.findall(r'<heap nr="\d+">(.*?)</heap>', text, re.S)
    held = sum(int(re.search(r'<system type="current" size="(\d+)"', h).group(1)) for h in heaps)
    free = sum(int(re.search(r'<total type="rest" count="\d+" size="(\d+)"', h).group(1))
               + int(re.search(r'<total type="fast" count="\d+" size="(\d+)"', h).group(1)) for h in heaps)
    return len(heaps), held / 2**20, free / 2**20


def pymalloc() -> dict[str, int]:
    """sys._debugmallocstats' totals (it writes to the C stderr: caught through a file)."""
    fd, path = tempfile.mkstemp(prefix="pymalloc-")
    saved = os.dup(2)
    try:
        sys.stderr.flush()
        os.dup2(fd, 2)
        sys._debugmallocstats()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(fd)
    text = open(path).read()
    os.unlink(path)
    found = {}
    for key, pattern in (("arenas", r"# arenas allocated current\s*=\s*([\d,]+)"),
                         ("arenas highwater", r"# arenas highwater mark\s*=\s*([\d,]+)"),
                         ("used", r"# bytes in allocated blocks\s*=\s*([\d,]+)"),
                         ("available", r"# bytes in available blocks\s*=\s*([\d,]+)"),
                         ("unused pools", r"(\d+) unused pools \*")):
        m = re.search(pattern, text)
        found[key] = int(m.group(1).replace(",", "")) if m else -1
    return found


def caches() -> str:
    """Entries in the app's own caches (what they hold lives in the heaps above)."""
    out = []
    try:
        from ui.board import items, legible

        out += [f"plans {len(legible._PLANS)}", f"fitted {len(items._FITTED)}",
                f"looks {items.LOOKS.size / 2**20:.1f} MB", f"glows {len(items._GLOW_IMAGES)}"]
    except (ImportError, AttributeError):
        pass
    memoised = []  # functools caches of the app's own modules, by entries
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] not in ("ui", "engine", "ai", "saves"):
            continue
        for attr, f in list(vars(module).items()):
            if callable(getattr(f, "cache_info", None)) and getattr(f, "__module__", None) == name:
                memoised.append((f.cache_info().currsize, f"{name.split('.', 1)[-1]}.{attr}"))
    memoised.sort(reverse=True)
    out.append(f"memoised {sum(n for n, _ in memoised)} entries (" +
               ", ".join(f"{k} {n}" for n, k in memoised[:6] if n) + ")")
    return ", ".join(out)


def report(previous: dict[str, list[int]] | None = None, top: int = 8) -> tuple[str, dict[str, list[int]]]:
    """One line: resident MB by kind (files together, with the files that grew most since
    `previous`), glibc and pymalloc arenas, the caches. Returns the line and this split."""
    parts = split(mappings())
    files = [k for k in parts if k.startswith("file ")]
    kinds = ["heap", "glibc arenas", "anon other", "thread stacks", "other"]
    rss = lambda k: parts.get(k, [0, 0, 0])[0] / 1024  # noqa: E731
    line = " ".join(f"{k} {rss(k):.1f}" for k in kinds if k in parts)
    file_rss, file_dirty = (sum(parts[k][i] for k in files) / 1024 for i in (0, 1))
    line += f" files {file_rss:.1f} (private dirty {file_dirty:.1f})"
    line += f" | private dirty total {sum(p[1] for p in parts.values()) / 1024:.1f} MB"
    n, held, free = glibc_arenas()
    line += f" | glibc: {n} arenas, {held:.1f} MB held, {free:.1f} MB free"
    pm = pymalloc()
    line += (f" | pymalloc: {pm['arenas']} arenas (highwater {pm['arenas highwater']}), "
             f"{pm['used'] / 2**20:.1f} MB in blocks, {pm['available'] / 2**20:.1f} MB free blocks, "
             f"{pm['unused pools']} empty pools")
    line += f" | {caches()}"
    if previous is not None:
        grown = sorted(((parts[k][0] - previous.get(k, [0])[0], k) for k in files), reverse=True)[:top]
        line += " | files grown: " + ", ".join(f"{k[5:]} +{d / 1024:.1f}" for d, k in grown if d > 64)
    return line, parts
