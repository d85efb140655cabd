"""Giving a finished game's memory back, so that game after game starts from the same footprint.

A board keeps pictures between paints: its pieces' earlier looks (`LOOKS`), glow images by shape
and zoom, Qt's pixmap cache of the items. They speed up a game, but every entry belongs to the
pieces and zoom of one board: once its scene is gone they are never hit again and only leave the
cache when newer pictures crowd them out. And the C heap (glibc's malloc) keeps the pages of the
freed scene, its items and pictures resident, scattered between live blocks, until something
asks for them back. The soak of the real app (tests/bench/soak.py) saw both as resident memory
that went on growing for the first half hour.

`release_game_memory()` empties the picture caches and returns the heap's free pages to the
system; the game window calls it a moment after it has dropped a game (`after_game_closed`),
once Qt has deleted the old scene. `settle_heap_policy()`, once at start-up, gives big blocks
(pictures) pages of their own, so they leave the moment they are freed.
"""

from __future__ import annotations

import ctypes
import gc
import sys
import threading

RELEASE_DELAY_MS = 1500
"""How long after a game is dropped its memory is released: Qt deletes the old scene in a later
pass of the event loop (deleteLater), and the new board paints its first frames meanwhile."""

_libc = None


def _glibc():
    """glibc's C library, or None (macOS, Windows, musl: nothing to trim there)."""
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            try:
                lib = ctypes.CDLL("libc.so.6")  # find_library would run ldconfig: slow
                lib.malloc_trim.argtypes = [ctypes.c_size_t]
                lib.malloc_trim.restype = ctypes.c_int
                lib.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
                lib.mallopt.restype = ctypes.c_int
                _libc = lib
            except (OSError, AttributeError):
                _libc = False
    return _libc or None


def trim_heap() -> bool:
    """Give the C heap's free pages back to the system (glibc `malloc_trim(0)`: every arena, also
    the free pages between blocks in use). True if the C library offers it; a no-op elsewhere."""
    libc = _glibc()
    if libc is None:
        return False
    libc.malloc_trim(0)
    return True


MMAP_THRESHOLD = 128 * 1024
"""Blocks from this size up (a piece's picture, a cache pixmap) get pages of their own, which go
back to the system the moment they are freed. glibc starts at this size too but raises it, up to
32 MB, each time such a block is freed; the boards' pictures, made and dropped all game long,
then land in the heap between small long-lived blocks and keep its pages resident."""


def settle_heap_policy() -> bool:
    """Fix glibc's mmap threshold at MMAP_THRESHOLD (see there); once, at start-up. True if set."""
    libc = _glibc()
    if libc is None:
        return False
    m_mmap_threshold = -3  # glibc's malloc.h
    return bool(libc.mallopt(m_mmap_threshold, MMAP_THRESHOLD))


def clear_picture_caches() -> None:
    """Forget the boards' cached pictures: the pieces' looks, the glow images, Qt's pixmap cache
    (live items repaint theirs on their next paint); and their measured texts: the plans of
    `ui/board/legible` and the fitted fonts of `items.fit_font`, each keyed by a board's texts,
    fonts and places, about 0.5 KB a plan (legible.py keeps them lean). Kept from game
    to game, the plans filled to their cap of 20,000 in the soak's first 12 games, and their
    objects, made during play between the games' own, kept Python's arenas (27 → 41 MB) and the
    C heap's pages resident after those games were dropped."""
    from PySide6.QtGui import QPixmapCache

    from ui.board import items, legible

    items.LOOKS.clear()
    items.forget_glow_images()
    QPixmapCache.clear()
    legible.forget_plans()
    items.forget_fitted_fonts()


def forget_font_engines() -> None:
    """Let go of every font engine Qt made on this (the GUI) thread: `QFont.cleanup()` deletes the
    thread's font cache, which Qt makes anew at the next text drawn; fonts made earlier find
    their engines stale and resolve again (Qt's own path when the font database changes). Each
    engine holds its glyph pictures in the C heap and, through FreeType, a mapping of its font
    file; kept from game to game, the soak counted 9 to 36 mappings of the same few files
    (3–10 MB resident) and the engines of every size a board had drawn, made among the game's
    own blocks, so the heap's pages stayed resident after the game was gone."""
    from PySide6.QtGui import QFont

    QFont.cleanup()


def forget_source_lines() -> None:
    """Empty Python's cache of source lines (`linecache`). PySide6 fills it: its import hook
    (shibokensupport.feature, PYSIDE-2029) reads every imported module's whole source through
    `inspect.getsource` to see whether it names PySide6, and linecache keeps each file's lines
    for good: 8.6 MB in 86,000 strings in the app, one per line of every module (a soak's
    tracemalloc at its peak). A module first imported during a game left its lines among the
    game's objects for the rest of the session. Only tracebacks read the cache; they read a
    file again when it is needed."""
    import linecache

    linecache.clearcache()


def forget_compiled_patterns() -> None:
    """Empty the `re` module's cache of compiled patterns. A pattern first used during a game is
    compiled among that game's objects and kept for the session: a soak's scan of Python's arenas
    (which objects keep each in use) found an arena of a dropped game held by two such patterns
    alone. The next use compiles it again, in microseconds."""
    import re

    re.purge()


def release_game_memory() -> None:
    """After a game has been dropped: empty the picture caches, let go of the font engines,
    forget what the rules memoised of its positions (engine/core/memo.py), the source lines read
    since (`forget_source_lines`) and the patterns compiled (`forget_compiled_patterns`), and
    trim the heap.

    The dropped game is collected at once (the GUI thread's collector, ui/app/gc_guard.py, would
    leave it for a minute or more); start-up's objects are frozen (`freeze_start_up_objects`),
    which keeps that collection short. The trim runs on a thread of its own (ctypes lets go of
    the GIL): it walks the whole heap, 3–80 ms in the soak, which the GUI thread does not wait for."""
    from engine.core.memo import forget_game_caches

    clear_picture_caches()
    forget_font_engines()
    forget_game_caches()
    forget_source_lines()
    forget_compiled_patterns()
    gc.collect()  # the dropped game's wrappers wait in cycles (start-up's objects are frozen: fast)
    threading.Thread(target=trim_heap, name="heap trim", daemon=True).start()


_freezing = False


def allow_freezing() -> None:
    """Let `freeze_start_up_objects` freeze: the app's start-up does (run_gui), a test process
    does not (it would keep every earlier test's objects for good)."""
    global _freezing
    _freezing = True


def freeze_start_up_objects() -> bool:
    """Move every object alive now (modules, the start screen, the games' code) out of the
    collector's sight for good (`gc.freeze`): they live as long as the app, and every later
    full collection, releasing a game's memory included, then walks only what games made.
    True if it froze (see `allow_freezing`)."""
    if _freezing:
        gc.freeze()
    return _freezing


def after_game_closed() -> None:
    """Release a dropped game's memory once Qt has deleted its scene (see RELEASE_DELAY_MS)."""
    from PySide6.QtCore import QTimer

    QTimer.singleShot(RELEASE_DELAY_MS, release_game_memory)
