"""Markers on one space of a track, in the real window: every marker's mark reads (no token covers
more than a third of another's, nor of the space's value, nor of any word of the board), the
mouse on a mark finds its own marker, and the markers stand by their space.

The boards are played games (You and two Easy AIs, 8 of your decisions) whose state is then
set so that every company (City of the Big Shoulders: share value and appeal) or corporation
(1st CEO: assets) stands on one space, with one more on the next space: the crowd a track meets
when several companies start at the same price, or corporations acquire the same sums. Stacked
on the space, a few units apart, the markers hid 51-84 % of one another's marks and the whole of
the space's value.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from tests.ui.board_measure import at_rest, played_window, words_under_tokens
from tests.ui.test_words_apart import INSIDE, words_over_words
from ui.board.items import TokenItem, TrackItem
from ui.board.text_boxes import boxes_in_view

SIZES = [(1024, 700), (1280, 720), (1920, 1080)]


def crowd_big_shoulders(state) -> list[str]:
    """Every started company at one share value and one appeal, the last one a space on: the
    companies crowded."""
    started = [cid for cid in state.appeal_stack if state.companies[cid]["started"]]
    for k, cid in enumerate(started):
        last = k == len(started) - 1
        state.companies[cid]["step"] = 5 + last
        state.companies[cid]["appeal"] = 2 + last
    return started


def crowd_first_ceo(state) -> list[str]:
    """Every corporation at 40 assets (a value the track prints small), the last one at 41."""
    corps = sorted(state.assets)
    for k, cid in enumerate(corps):
        state.assets[cid] = 41 if k == len(corps) - 1 else 40
    return corps


def crowded_tokens(scene) -> list[TokenItem]:
    """The tokens with a mark: the markers by a track's spaces and beside 1st CEO's share-value
    table (tied corporations share a place there too)."""
    return [tok for tok in scene.items() if isinstance(tok, TokenItem) and tok.isVisible() and tok.mark]


@pytest.mark.parametrize("game_id,crowd,least", [("big-shoulders", crowd_big_shoulders, 3),
                                                  ("first-ceo", crowd_first_ceo, 3)])
def test_markers_on_one_space_all_read(shell, game_id, crowd, least):
    app = QApplication.instance()
    found = []
    for size in SIZES:
        window = played_window(shell, game_id, size, decisions=8)
        crowded = crowd(window.controller.session.state)
        assert len(crowded) >= least, "too few companies in play to crowd a space"
        window.controller.refresh()
        view = window.view
        at_rest(app, view)
        found += [f"{size}: {a!r} and {b!r} ({share:.0%})" for a, b, share in words_over_words(view)]
        found += [f"{size}: {word!r} under the token {mark!r} ({share:.0%})"
                  for word, mark, share in words_under_tokens(view, INSIDE)]
        markers = crowded_tokens(view.scene())
        assert len(markers) >= 2 * least, "the markers are not shown"
        # the mouse on the middle of each marker's mark finds that marker (its tooltip), no other
        marks = {tok: [r for r, t, p in boxes_in_view(view, [tok])] for tok in markers}
        for tok, rects in marks.items():
            assert rects, f"{size}: the mark of {tok.toolTip()!r} is not drawn"
            under = view.items(rects[0].center().toPoint())  # (the topmost first)
            hit = next((item for item in under if isinstance(item, TokenItem)), None)
            if hit is not tok:
                found.append(f"{size}: the middle of {tok.mark!r} shows {getattr(hit, 'mark', hit)!r}")
        window.controller.close()
    assert not found, f"{game_id}:\n" + "\n".join(found[:30])


def test_a_row_of_markers_stands_by_its_space_and_rows_keep_apart(qtbot):
    """The one placing rule of every track (`TrackItem.place_markers`): a space's markers in a
    row over it, each a little over the one before, no two rows closer than GROUP_GAP, and a crowd
    at a track's end kept on the track."""
    from PySide6.QtCore import QRectF

    spaces = [QRectF(i * 30, 0, 30, 30) for i in range(10)]
    track = TrackItem(spaces, [str(i) for i in range(10)], [QPointF(0, -1)] * 10, lane=25)
    places = track.place_markers({4: [27, 27, 27], 5: [27], 0: [24, 24]})
    row = places[4]
    # the row's middle over its space, though it made room for the next space's marker
    assert spaces[4].left() < (row[0].x() + row[-1].x()) / 2 < spaces[4].right(), "the row is off its space"
    for a, b in zip(row, row[1:], strict=False):
        assert b.x() - a.x() >= TrackItem.FAN * 27 - 0.01  # each mark clear of the next disc but its rim
    assert places[5][0].x() - 27 / 2 >= row[-1].x() + 27 / 2 + TrackItem.GROUP_GAP - 0.01
    assert places[0][0].x() - 12 >= spaces[0].left() - 0.01, "a row ran off the track's end"
    assert all(p.y() == spaces[0].center().y() - 25 for p in row), "not in the lane beside the spaces"
    assert track.occupied == {0, 4, 5}
