"""A finished game's memory is given back when the next one opens (ui/app/memory.py; found by the
soak, tests/bench/soak.py: the boards' picture caches and the C heap's freed pages kept resident
memory growing game after game)."""

from __future__ import annotations

import os
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPainterPath, QPixmap, QPixmapCache

from engine.core.contract import SeatInfo
from ui.app import memory
from ui.board import items

HUMANS = [SeatInfo(name, "human") for name in ("Ann", "Bob", "Cat")]


def _old_board_pictures():
    """Pictures a closed board left in every cache: a piece's look, a glow image, a pixmap-cache
    entry (keys no live piece of a new board will ever ask for)."""
    look = QPixmap(64, 64)
    look.fill(Qt.GlobalColor.red)
    look_key = (-1, 0, ("a closed board's piece",), 64.0, 64.0, 64, 64, 1.0)
    items.LOOKS.put(look_key, look, 64 * 64 * 4)
    outline = QPainterPath()
    outline.addRect(0, 0, 123.25, 45.5)
    items.glow_image(outline, 1.37, 4.0)
    QPixmapCache.insert("test: a closed board's picture", look)
    return look_key


def _still_held(look_key) -> list[str]:
    held = []
    if items.LOOKS.get(look_key) is not None:
        held.append("look")
    if any(key[0] == 1.37 for key in items._GLOW_IMAGES):
        held.append("glow")
    if QPixmapCache.find("test: a closed board's picture") is not None:
        held.append("pixmap cache")
    return held


def test_opening_a_new_game_empties_the_closed_boards_picture_caches(shell, qtbot):
    shell.start_game("first-ceo", HUMANS, {}, 3)
    qtbot.wait(memory.RELEASE_DELAY_MS + 300)  # releases still pending (earlier tests' games) are done
    look_key = _old_board_pictures()
    qtbot.wait(memory.RELEASE_DELAY_MS + 300)
    assert _still_held(look_key) == ["look", "glow", "pixmap cache"]  # a game going on keeps them
    shell.start_game("robber-barons", HUMANS, {}, 4)
    qtbot.wait(memory.RELEASE_DELAY_MS + 300)
    assert _still_held(look_key) == []


def _old_board_texts() -> tuple[str, str]:
    """A text a closed board planned (ui/board/legible) and one it fitted (items.fit_font)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFont, QImage, QPainter

    from ui.board import legible

    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    p = QPainter(image)
    font = QFont()
    font.setPixelSize(14)
    legible.plan_legible(p, QRectF(0, 0, 40, 16), "a closed board's label", font)
    p.end()
    items.fit_font("a closed board's title", font, 30.0)
    return "a closed board's label", "a closed board's title"


def _texts_held(label: str, title: str) -> list[str]:
    from ui.board import legible

    return ([n for n, cache in (("plan", legible._PLANS), ("fitted", items._FITTED))
             if any(key[0] in (label, title) for key in cache)])


def test_opening_a_new_game_forgets_the_closed_boards_measured_texts(shell, qtbot):
    """Text plans and fitted fonts are keyed by a board's texts, fonts and places: kept from game
    to game they filled to their cap (20,000 plans, some 20 MB) in the soak's first 12 games."""
    shell.start_game("first-ceo", HUMANS, {}, 3)
    qtbot.wait(memory.RELEASE_DELAY_MS + 300)
    texts = _old_board_texts()
    qtbot.wait(memory.RELEASE_DELAY_MS + 300)
    assert _texts_held(*texts) == ["plan", "fitted"]  # a game going on keeps them
    shell.start_game("robber-barons", HUMANS, {}, 4)
    qtbot.wait(memory.RELEASE_DELAY_MS + 300)
    assert _texts_held(*texts) == []


def test_closing_the_game_window_empties_the_picture_caches(shell, qtbot):
    window = shell.start_game("first-ceo", HUMANS, {}, 3)
    look_key = _old_board_pictures()
    window.close()
    qtbot.wait(memory.RELEASE_DELAY_MS + 300)
    assert _still_held(look_key) == []


def _resident_mb() -> float:
    import os

    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.skipif(not sys.platform.startswith("linux") or memory._glibc() is None, reason="glibc only")
def test_trimming_gives_the_heaps_free_pages_back():
    """Freed blocks under a block still in use stay resident until the heap is trimmed (what a
    finished scene's items and pictures leave between the live ones)."""
    blocks = [bytearray(2000) for _ in range(30_000)]  # ~60 MB from malloc, touched
    keep = blocks[-1]
    del blocks
    before = _resident_mb()
    assert memory.trim_heap() is True
    assert before - _resident_mb() > 30
    del keep


def test_trimming_is_a_no_op_without_glibc(monkeypatch):
    monkeypatch.setattr(memory, "_libc", False)
    assert memory.trim_heap() is False


def test_after_the_first_paint_every_games_code_is_imported_one_game_a_turn(shell, qtbot, monkeypatch):
    """The games' code is loaded while the start screen waits, one game per turn of the event
    loop, so the app has its working size from the first game on (the soak counted each game's
    code as growth the first time it was played) and a click waits for one import at most."""
    import ui.games
    from ui.games import playable_specs

    imported, frozen = [], []
    monkeypatch.setattr(ui.games, "game_ui", imported.append)
    monkeypatch.setattr(memory, "freeze_start_up_objects", lambda: frozen.append(len(imported)))
    # the shell's own first paint may have begun its preload while the fixture waited (on a busy
    # machine it did, and took games from the list before game_ui was watched): begin it afresh
    shell._preload = None
    shell._after_first_paint()
    assert imported == []  # nothing before the event loop turns
    shell._preload_next_game()  # a turn imports one game
    assert len(imported) == 1
    qtbot.waitUntil(lambda: len(imported) == len(playable_specs()))
    assert imported == [spec.id for spec in playable_specs()]
    qtbot.wait(200)
    # start-up's objects are frozen before the first import and again once every game's code is in
    assert frozen[0] == 0 and set(frozen[1:]) == {len(imported)}


def test_freezing_is_for_the_app_not_for_a_test_process(monkeypatch):
    import gc

    monkeypatch.setattr(memory, "_freezing", False)
    before = gc.get_freeze_count()
    assert memory.freeze_start_up_objects() is False
    assert gc.get_freeze_count() == before


_PICTURES_FREED = """
import os, sys
from ui.app import memory
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
if sys.argv[1] == "settled":
    memory.settle_heap_policy()
big = bytearray(4 * 2**20)  # a picture made and dropped: glibc then raises its threshold past it
del big
pictures = [bytearray(512 * 1024) for _ in range(60)]
live = [bytearray(1000) for _ in range(100)]  # small blocks made after them and kept
before = rss()
del pictures
print(before - rss())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux") or memory._glibc() is None, reason="glibc only")
def test_with_the_heap_policy_freed_pictures_leave_at_once():
    """Big blocks (pictures) freed during a game go back to the system at once, whatever size of
    picture came before (glibc's own policy keeps them in the heap once a bigger one was freed)."""
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]

    def given_back(mode: str) -> float:  # in a process of its own: the policy is for the process
        out = subprocess.run([sys.executable, "-c", _PICTURES_FREED, mode], capture_output=True, text=True,
                             cwd=root, env=dict(os.environ, PYTHONPATH=str(root)), check=True)
        return float(out.stdout)

    assert given_back("settled") > 25  # glibc's default policy gave back nothing of the 30 MB


def _font_files_mapped() -> dict[str, int]:
    """The font files this process has mapped (FreeType maps a face's whole file): name -> count."""
    found: dict[str, int] = {}
    with open("/proc/self/maps") as f:
        for line in f:
            name = line.split()[-1]
            if name.endswith((".ttf", ".otf", ".ttc")):
                found[os.path.basename(name)] = found.get(os.path.basename(name), 0) + 1
    return found


def _draw_board_texts():
    """Some text in every board font at many sizes; the ink it left (pixels not white)."""
    from PySide6.QtGui import QColor, QImage, QPainter

    from ui.board import style

    image = QImage(300, 80, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    for pt in range(6, 30, 3):
        for font in (style.sans(pt), style.sans(pt, bold=True), style.serif(pt), style.serif(pt, bold=True)):
            p.setFont(font)
            p.drawText(4, 60, "Robber Barons 1882")
    p.end()
    white = QColor("white").rgb()
    return sum(image.pixel(x, y) != white for x in range(0, 300, 2) for y in range(0, 80, 2))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/maps")
def test_giving_a_game_back_lets_go_of_the_font_files_qt_mapped(qapp):
    from ui.board import style

    style.load_fonts()
    assert _draw_board_texts() > 0
    drawn = _font_files_mapped()
    assert drawn, "drawing text maps the font files (FreeType)"
    memory.release_game_memory()
    # what is left is held by live widgets' text layouts (an earlier test's window), not the cache
    assert sum(_font_files_mapped().values()) < sum(drawn.values())
    assert _draw_board_texts() > 0  # the next text makes its engines anew
    assert sum(_font_files_mapped().values()) >= len(drawn)


def test_giving_a_game_back_forgets_what_the_rules_memoised_of_its_positions(qapp):
    from engine.core import memo
    from engine.games.victory_through_industry import complex as vti
    from engine.games.victory_through_industry.data import PRODUCT_IDS

    held = frozenset({(PRODUCT_IDS[0], 2), (PRODUCT_IDS[1], 1)})
    vti._affordable(held)
    assert vti._paying_cards.cache_info().currsize > 0
    assert vti._paying_cards in memo.game_caches()
    memory.release_game_memory()
    assert [c for c in memo.game_caches() if c.cache_info().currsize] == []


def test_giving_a_game_back_empties_the_source_lines_pyside_read(qapp):
    """PySide6's import hook reads every imported module's source (inspect.getsource), and
    Python's linecache kept all those lines for good: 8.6 MB of strings in the app."""
    import linecache

    linecache.getlines(memory.__file__)  # as the hook leaves it for every module it sees
    assert memory.__file__ in linecache.cache
    memory.release_game_memory()
    assert linecache.cache == {}


def test_giving_a_game_back_forgets_the_patterns_it_compiled(qapp):
    """A pattern first used during a game stays in re's cache among the game's objects: a soak's
    scan found an arena of a dropped game held in use by two such patterns alone."""
    import re

    pattern = re.compile(r"a closed game's (\d+) pattern")
    assert re.compile(r"a closed game's (\d+) pattern") is pattern  # the cache hands it out again
    memory.release_game_memory()
    assert re.compile(r"a closed game's (\d+) pattern") is not pattern


def test_importing_a_module_leaves_its_source_lines_in_the_cache(qapp, tmp_path, monkeypatch):
    """The cause, kept as a test so a PySide6 that stops reading sources shows up here (and
    forget_source_lines may go): a module imported after PySide6 has its lines in linecache."""
    import linecache

    import PySide6.QtCore  # noqa: F401 - installs the import hook (on __import__, as `import` uses)

    (tmp_path / "tycoons_probe_module.py").write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    linecache.clearcache()
    module = __import__("tycoons_probe_module")
    sys.modules.pop("tycoons_probe_module")
    assert module.__file__ in linecache.cache
