"""Boards that fit every screen (issue 27). For every registered game, at 1024×700, 1280×720,
1366×768, 1600×1000, 1920×1080 and 2560×1440, the real game window (You and two Easy AIs)
is measured as the player sees it (tests/ui/board_measure.py), early in a game and after 24 of
your decisions:

- from 1280×720 up the drawn board fills at least 85 % of its view, and at most 2 % of its texts
  are left to the tooltips;
- at 1024×700 at most 5 % are, and none of a piece that takes a decision now (every name and
  number the decision needs is on the board);
- zoomed in, every text comes back; at 2560×1440 the board is drawn larger than at 1920×1080.

`BEFORE` keeps what the same measure found before the boards were laid out by ui/board/layout.py
(main at df9f23e), for the record and for a game not yet laid out that way: it may not get worse.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.ui.board_measure import SIZES, measure, play_on, played_window
from ui.games import playable_specs

BEFORE = {  # (fill, undrawn) after 24 decisions, by window size
    "first-ceo": {(1024, 700): (0.62, 0.339), (1280, 720): (0.77, 0.078), (1366, 768): (0.78, 0.078),
                  (1600, 1000): (0.72, 0.018), (1920, 1080): (0.66, 0.0), (2560, 1440): (0.75, 0.0)},
    "robber-barons": {(1024, 700): (0.83, 0.443), (1280, 720): (0.64, 0.443), (1366, 768): (0.64, 0.432),
                      (1600, 1000): (0.59, 0.312), (1920, 1080): (0.53, 0.302), (2560, 1440): (0.57, 0.0)},
    "victory-through-industry": {(1024, 700): (0.69, 0.418), (1280, 720): (0.53, 0.384),
                                 (1366, 768): (0.54, 0.293), (1600, 1000): (0.59, 0.161),
                                 (1920, 1080): (0.53, 0.135), (2560, 1440): (0.56, 0.004)},
    "captains-of-industry": {(1024, 700): (0.70, 0.460), (1280, 720): (0.76, 0.116), (1366, 768): (0.85, 0.102),
                             (1600, 1000): (0.82, 0.037), (1920, 1080): (0.71, 0.0), (2560, 1440): (0.76, 0.0)},
    "big-shoulders": {(1024, 700): (0.73, 0.471), (1280, 720): (0.57, 0.350), (1366, 768): (0.57, 0.331),
                      (1600, 1000): (0.53, 0.220), (1920, 1080): (0.48, 0.153), (2560, 1440): (0.53, 0.066)},
}

LAID_OUT = {"first-ceo"}
"""Games whose boards the shared layout arranges: they are held to the targets."""

SMALL = (1024, 700)
FILL_FROM_1280 = 0.85
UNDRAWN_FROM_1280 = 0.02
UNDRAWN_SMALL = 0.05
SLACK = (0.08, 0.05)
"""How much worse than before a game not yet laid out may measure, in fill and in undrawn texts:
the window around its board changed (the log closed in a small window, beside the board of a wide
one), so its fixed board sits in a view of another shape."""

GAMES = [s.id for s in playable_specs()]


def problems(game_id: str, size: tuple[int, int], m, when: str) -> list[str]:
    """What the measure `m` of `game_id`'s board at `size` misses of its targets (none: [])."""
    where = f"{size[0]}×{size[1]} {when}: fill {m.fill:.0%}, {m.undrawn:.1%} of {m.texts} texts " \
            f"left to tooltips {m.left_out[:10]} (zoom {m.scale:.2f})"
    if game_id not in LAID_OUT:
        fill, undrawn = BEFORE[game_id][size]
        return [] if m.fill >= fill - SLACK[0] and m.undrawn <= undrawn + SLACK[1] else [where]
    found = []
    if size == SMALL:
        if m.undrawn > UNDRAWN_SMALL:
            found.append(where)
        if m.on_targets:
            found.append(f"{where}; left out on pieces that take a decision: {m.on_targets}")
    elif m.fill < FILL_FROM_1280 or m.undrawn > UNDRAWN_FROM_1280:
        found.append(where)
    return found


def measured_at_every_size(window, when: str, game_id: str) -> list[str]:
    from PySide6.QtWidgets import QApplication

    from tests.ui.board_measure import settle

    found = []
    for size in SIZES:
        window.resize(*size)
        settle(QApplication.instance())
        found += problems(game_id, size, measure(window.view, trace=True), when)
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_the_board_uses_its_room_and_keeps_its_words(shell, game_id):
    """One game, its window resized to each size in turn (the board laid out anew each time, as
    when the player resizes it), early on and after 24 decisions."""
    window = played_window(shell, game_id, SMALL, decisions=8)
    found = []
    if game_id in LAID_OUT and not window.controller.session.is_over():
        found += measured_at_every_size(window, "after 8 decisions", game_id)
    window.resize(*SMALL)
    play_on(window, 16)
    found += measured_at_every_size(window, "after 24 decisions", game_id)
    assert not found, f"{game_id}:\n" + "\n".join(found)


@pytest.mark.parametrize("game_id", sorted(LAID_OUT))
def test_zooming_in_brings_every_text_back(shell, qtbot, game_id):
    window = played_window(shell, game_id, SMALL, decisions=8)
    view = window.view
    fitted = measure(view)
    view.setFocus()
    while view.transform().m11() < 1.0:
        qtbot.keyClick(view, Qt.Key.Key_Plus)
    zoomed = measure(view)
    assert zoomed.texts > 0
    assert zoomed.undrawn == 0, f"{game_id} zoomed to {zoomed.scale:.2f}: {zoomed.left_out} still left out " \
                                f"(fitted: {fitted.undrawn:.1%})"


@pytest.mark.parametrize("game_id", sorted(LAID_OUT))
def test_a_large_screen_draws_the_board_larger(shell, game_id):
    scales = []
    for size in ((1920, 1080), (2560, 1440)):
        window = played_window(shell, game_id, size, decisions=4)
        scales.append(window.view.transform().m11())
        window.controller.close()
    assert scales[1] > scales[0] * 1.2, scales
