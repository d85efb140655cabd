"""A lesson's bubble never hides what the learner is to click (a calm table: nothing drawn over
the board covers a piece of the decision).

Every game's lesson is walked through the real window at 1024×700, 1280×720 and 1920×1080, by
mouse clicks on the pieces the callout rings (tests/ui/test_tutorial.py's walk). Wherever the
learner is to click (a step of the lesson, a choice, a move of their own between the lesson's
steps), the bubble covers no more than a small share of any piece of a legal move, of a piece the
step points at, or of the Since-your-turn card, and between two clicks of one decision (a board
that takes a choice in two, a click the lesson refuses and the next) it stays where it was (a
corner of it, where the refusal's reason makes it taller).

Before (main at ff004c3): at 130 of the walk's 399 stops the bubble covered more than a tenth of a
piece to click, in every game at every size (City of the Big Shoulders at 1024×700: 11 of 40, one
of them a stop between the lesson's steps where it covered the piece of every legal move, so the
walk took the prompt bar's button there). After: none; the bubble is folded to what to do at 3
stops (Robber Barons and VTI at 1024×700), and narrower where that finds it room.

Where the board leaves empty room (between its panels, the table round it) the bubble lies there,
narrower if it must; else beside the piece of the move. Before, it preferred the table outside
the board's box only, and lay wholly over Victory Through Industry's pieces at 1280×720 though
room for it was left below the complex (5 stops). Stops with the bubble in empty room (at most a
tenth over the board's pieces), after: Robber Barons 24 of 24 at 1280×720 and 1920×1080 (its mean
share over the pieces 1.00 before, 0.05 and 0.09 after), Big Shoulders 38 of 40 at 1920×1080
(0.81 to 0.08), VTI 33 of 35 at 1920×1080 (0.77 to 0.10); the smaller boards, 1st CEO and
Captains fill their views and leave it none.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize, Qt

from tests.ui.test_tutorial import LESSONS, open_lesson, play_lesson
from ui.tutorial.callout import GAP, PIECE_GAP, place_bubble

SIZES = [(1024, 700), (1280, 720), (1920, 1080)]
SMALL = 0.10
"""The share of a piece the bubble may cover (its rounded corner over a piece's edge): the rest
is there to see and to click."""
ON_BOARD = 0.2
"""The most of the bubble that may lie over the board's pieces (ui/board/free_room.py's cells)
where the board leaves empty room for the whole of it."""
PICTURES = os.environ.get("TYCOONS_LESSON_PICTURES")
"""A folder to save a picture of the window in at each stop the bubble covers a piece (for a
person to look at; unset in the suite)."""


def free_at(coach, rect: QRect) -> bool:
    """`rect` lies in the board view clear of the rings (by GAP) and of the pieces the coach
    leaves free (by PIECE_GAP, all but a sliver of their edge)."""
    if not coach.board_area().contains(rect):
        return False
    rings = [coach.piece_rect(piece).adjusted(-GAP, -GAP, GAP, GAP) for _, piece in coach.pointed()]
    if any(rect.intersects(r) for r in rings if not r.isEmpty()):
        return False
    scene = coach.window.view.scene()
    pieces = [coach.piece_rect(item) for item in (scene.piece_towards(a) for a in coach.controller.legal)
              if item is not None and item.isVisible()]
    if coach.window.since_panel.isVisible():
        pieces.append(coach.piece_rect(coach.window.since_panel))
    for piece in pieces:
        grown = piece.adjusted(-PIECE_GAP, -PIECE_GAP, PIECE_GAP, PIECE_GAP)
        if rect.intersects(grown) and area(rect.intersected(grown)) > 0.02 * max(1, area(piece)):
            return False
    return True


def room_for(coach) -> bool:
    """The board leaves empty room the bubble fits in, with its margin (ui/board/free_room.py)."""
    from ui.board.free_room import free_room

    size = coach.bubble.size()
    return free_room(coach.window.view, QSize(size.width() + 20, size.height() + 20)) is not None


def area(rect: QRect) -> int:
    return max(0, rect.width()) * max(0, rect.height())


def covered(coach) -> list[tuple[str, float]]:
    """The pieces the bubble covers more than SMALL of, now: (what the piece is for, the share)."""
    c = coach.controller
    bubble = coach.bubble.geometry()
    pieces: list[tuple[str, object]] = [(f"the step's {pointer!r}", piece) for pointer, piece in coach.pointed()]
    for action in c.legal:
        piece = coach.move_piece(action)
        if piece is not None:
            pieces.append((c.session.label(action), piece))
    if coach.window.since_panel.isVisible():
        pieces.append(("the Since-your-turn card", coach.window.since_panel))
    found, seen = [], set()
    for what, piece in pieces:
        if id(piece) in seen:
            continue
        seen.add(id(piece))
        rect = coach.piece_rect(piece)
        if rect.isEmpty() or not bubble.intersects(rect):
            continue
        share = area(bubble.intersected(rect)) / area(rect)
        if share > SMALL:
            found.append((what, share))
    return found


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game_id", LESSONS)
def test_the_bubble_covers_no_piece_the_learner_may_click(shell, qtbot, game_id, size):
    window, coach = open_lesson(shell, qtbot, game_id, size)
    problems: list[str] = []
    stops = {"n": 0, "log": -1, "pos": None}

    def watch(coach) -> None:
        coach.follow()
        stops["n"] += 1
        where = f"{coach.bubble.head.text()} · {coach.bubble.title.text()}"
        log = len(coach.controller.session.log)
        rect, old = coach.bubble.geometry(), stops["pos"]
        if log == stops["log"] and rect.topLeft() != old.topLeft() and rect.bottomLeft() != old.bottomLeft():
            # moved: only where the bubble could not stay (taller by a refused click's reason, it
            # would cover a piece or leave the view at either of its corners)
            stayed = (QRect(old.topLeft(), rect.size()),
                      QRect(old.left(), old.bottom() + 1 - rect.height(), rect.width(), rect.height()))
            if rect.size() == old.size() or any(free_at(coach, r) for r in stayed):
                problems.append(f"{where}: the bubble moved from {old.getRect()} to {rect.getRect()} "
                                "between two clicks of one decision")
        stops["log"], stops["pos"] = log, rect
        found = covered(coach)
        taken = coach.board_taken()(coach.bubble.geometry())
        if taken > ON_BOARD and room_for(coach):
            problems.append(f"{where}: lies {taken:.0%} over the board's pieces, though the board leaves room for it")
        if found:
            problems.append(f"{where}: covers {len(found)} of what the learner is to see or click, "
                            + "; ".join(f"{w} {s:.0%}" for w, s in found[:4]))
            if PICTURES:
                folder = Path(PICTURES)
                folder.mkdir(parents=True, exist_ok=True)
                window.grab().save(str(folder / f"{game_id}-{size[0]}x{size[1]}-{stops['n']:03d}.png"))

    def watch_and_open(coach) -> None:
        watch(coach)
        bubble = coach.bubble
        if bubble.folded and bubble.shows_compact() and not stops.get("opened"):
            # folded for room: the learner still reads why with the head's toggle, and folds it
            # again with the same toggle (their own choice from then on)
            stops["opened"] = True
            assert bubble.body.isHidden() and bubble.toggle.text().startswith("Show why")
            short = bubble.height()
            qtbot.mouseClick(bubble.toggle, Qt.MouseButton.LeftButton)
            assert bubble.body.isVisible() and bubble.height() > short
            qtbot.mouseClick(bubble.toggle, Qt.MouseButton.LeftButton)
            assert bubble.body.isHidden() and bubble.compact
            coach.follow(force=True)
            stops["pos"] = bubble.geometry()

    play_lesson(qtbot, coach, check=False, watch=watch_and_open)
    assert stops["n"] > 5
    assert not problems, f"{game_id} at {size[0]}×{size[1]}, {stops['n']} stops:\n" + "\n".join(problems[:30])


def test_the_bubble_takes_the_first_shape_that_leaves_every_piece_free():
    """Pieces over all of a view but its bottom right corner (500×250): the whole bubble (400×300)
    and a narrower one (320×360) fit there over pieces only; folded to what to do (400×150) it
    fits clear of them, and it is taken. Where the whole one fits, the whole one is taken."""
    area = QRect(0, 0, 1000, 600)
    pieces = [QRect(x, y, 90, 40) for x in range(0, 1000, 100) for y in range(0, 600, 50)
              if not (x >= 500 and y >= 350)]
    sizes = [QSize(400, 300), QSize(320, 360), QSize(400, 150)]
    spot, index = place_bubble(sizes, area, [], None, pieces=pieces, folded_from=2)
    assert index == 2 and QRect(500, 350, 500, 250).contains(spot)
    assert not any(spot.intersects(p) for p in pieces)
    free = [p for p in pieces if p.top() < 250]
    spot, index = place_bubble(sizes, area, [], None, pieces=free, folded_from=2)
    assert index == 0 and not any(spot.intersects(p) for p in free)
    # a bubble clear of every piece stays within a decision, though another place is nearer; over
    # a piece (the second click's) it goes
    near = QRect(10, 10, 20, 20)
    current = QRect(590, 290, 400, 300)
    assert place_bubble(sizes, area, [], near, current, pieces=free, stay=True) == (current, 0)
    assert place_bubble(sizes, area, [], near, current, pieces=free + [QRect(700, 400, 50, 30)],
                        stay=True)[0] != current
