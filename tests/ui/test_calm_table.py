"""A calm table: nothing on the screen hides what a player needs, and nothing moves under the
cursor. Driven through the real game window (offscreen) with the keys and clicks a player uses,
measured with tests/ui/board_measure.py:

- at the start of each of your turns, after the AIs moved, and with a hint shown (Ctrl+H), no
  text of the board is more than a fifth covered by anything drawn over it (the marks of what
  changed, a hint's badges, the Since-your-turn card, a piece's own count badge), at 1280×720
  and 1024×700, and over the first turns at 1920×1080, in every game;
- the Since-your-turn card opens by itself only where the board leaves room, the prompt bar's
  Since your turn button says what happened, a click on it opens the whole list, and the next
  click on the board both folds the list and plays; a long turn is summarised;
- rings stay round their pieces when the board is laid out for another room (a resize, the log
  opened), and no panel is drawn over another;
- the pieces that take the second click of a decision stay where they were at the first.

Before (main at b4d2f41, the same measure over 24 decisions of each game at both sizes, a hint
once): 2,714 of 27,455 board texts were more than a fifth covered, 1,703 by the Since-your-turn
card, 968 by the marks of what changed and 43 by hints' marks; after, 7 of 26,459 (4 by marks of
what changed, 3 by a hint's ring over a charter's certificate button, since drawn outside it).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from engine.core.rng import Rng
from tests.ui.board_measure import (
    click_piece,
    cover,
    late_window,
    panels_overlapping,
    played_window,
    second_click,
    settle,
    stale_marks,
    turn_starts,
    wait_until,
)
from ui.games import playable_specs

GAMES = [s.id for s in playable_specs()]
SIZES = [(1280, 720), (1024, 700)]
COVER_TURNS = {(1280, 720): 10, (1024, 700): 10, (1920, 1080): 4}
"""The turn starts the cover is measured at, by window size (a large board over fewer turns: its
words are larger, and the test's time goes to the small boards)."""


def _hint(window, qtbot) -> bool:
    """A click on the prompt bar's Suggest a move; True once the hint's marks are on the board."""
    from ui.board.marks import marks_on

    if not window.prompt.hint_button.isEnabled():
        return False
    qtbot.mouseClick(window.prompt.hint_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(marks_on(window.view.scene())) or bool(window.hinter.text), timeout=120_000)
    settle(QApplication.instance(), 60)  # the badges placed once the pieces painted
    return bool(marks_on(window.view.scene()))


@pytest.mark.parametrize("game_id", GAMES)
def test_nothing_drawn_over_the_board_covers_its_words(shell, qtbot, game_id):
    found = []
    for size, turns in COVER_TURNS.items():
        window = played_window(shell, game_id, size, decisions=0)
        hinted = False
        for i, _ in enumerate(turn_starts(window, turns)):
            measured = cover(window.view)
            found += [f"{size} turn {i}: {t!r} {share:.0%} by {kind}" for t, share, kind in measured.covered]
            assert measured.texts > 50
            if i >= 1 and not hinted and _hint(window, qtbot):
                hinted = True
                measured = cover(window.view)
                found += [f"{size} hint: {t!r} {share:.0%} by {kind}" for t, share, kind in measured.covered]
        assert hinted, "no hint was shown"
        window.controller.close()
    assert not found, f"{game_id}:\n" + "\n".join(found[:40])


LATE_STARTS = 4
"""Turn starts measured late in each game, at each size."""


@pytest.mark.parametrize("game_id", GAMES)
def test_nothing_drawn_over_the_board_covers_its_words_late_in_the_game(shell, qtbot, game_id):
    """As above, late in the game: a game played to its end by the Easy level in every seat (a game
    as players make it: random moves leave Victory Through Industry's complexes empty) is opened
    six of your turns before its end (its last round, era or decade: the board at its fullest), and the AIs
    and your random decisions play on; at each of your turn starts and with a hint shown, no text
    of the board is more than a fifth covered, by a mark, a card or another text of the board."""
    found = []
    for size in SIZES:
        window = late_window(shell, game_id, size, turns_left=LATE_STARTS + 2, level="easy")  # (it may end sooner)
        hinted, measured_starts = False, 0
        for i, _ in enumerate(turn_starts(window, 40)):
            measured = cover(window.view)
            measured_starts += 1
            found += [f"{size} late turn {i}: {t!r} {share:.0%} by {kind}" for t, share, kind in measured.covered]
            assert measured.texts > 50
            if not hinted and _hint(window, qtbot):
                hinted = True
                measured = cover(window.view)
                found += [f"{size} late hint: {t!r} {share:.0%} by {kind}" for t, share, kind in measured.covered]
            if measured_starts >= LATE_STARTS:
                break
        assert measured_starts >= 2 and hinted, (measured_starts, hinted)
        window.controller.close()
    assert not found, f"{game_id}:\n" + "\n".join(found[:40])


def test_captains_real_estate_signs_lie_over_no_word(shell, qtbot):
    """Captains of Industry's empty Real Estate spaces show their automatic demand (the faint
    C D E discs) only where it leaves the build cost clear: the board zoomed out step by step
    (as Ctrl+wheel does, in small steps) until the spaces draw no words, no sign's letter lies
    over the cost's words at any step (they were drawn under it, over '1 Stone 2 Steel')."""
    from ui.board.text_boxes import boxes_in_view
    from ui.games.captains_of_industry.items import ReSpace

    window = played_window(shell, "captains-of-industry", (1024, 700), decisions=6)
    view = window.view
    spaces = [p for p in view.scene().items() if isinstance(p, ReSpace) and p.isVisible()]
    assert any(not p.look[5] and p.look[2] for p in spaces), "no empty space shows its automatic demand"
    found, steps = [], 0
    while True:
        measured = cover(view, over_words=True)  # (every piece painted again, as shown now)
        if not boxes_in_view(view, spaces):
            break  # too small for any word of theirs
        steps += 1
        found += [f"zoom {view.transform().m11():.2f}: {t} {s:.0%}" for t, s, k in measured.covered
                  if k == "text" and t[:1] in "CDE" and " under " in t]
        view.zoom(1 / 1.04)
        settle(QApplication.instance(), 20)
    assert steps > 3 and not found, found


def _board_on_window(window) -> tuple:
    """The board's zoom and where its pieces are drawn in the window (pixels, rounded)."""
    from PySide6.QtCore import QPoint, QPointF

    view = window.view
    origin = QPointF(view.viewport().mapTo(window, QPoint(0, 0)))
    rect = view.viewportTransform().mapRect(view.board_rect()).translated(origin)
    return round(view.transform().m11(), 6), tuple(round(v) for v in rect.getRect())


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_leaves_the_board_where_it_was(shell, qtbot, game_id):
    """A hint shown (Ctrl+H at 1280×720, the prompt bar's Suggest a move at 1024×700) at the
    start of a turn: the board keeps its zoom and its place in the window (the hint's words take
    one line the prompt bar keeps for them, not room of the board's), and the whole hint, a line
    a move, is in the hint line's tooltip and in the prompt and choices as text."""
    moved = []
    for size in SIZES:
        window = played_window(shell, game_id, size, decisions=0)
        starts = turn_starts(window, 12)
        next(starts)
        next(starts)
        settle(QApplication.instance(), 100)
        before = _board_on_window(window)
        if size == SIZES[0]:
            window.activateWindow()
            qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
            qtbot.waitUntil(lambda w=window: bool(w.hinter.text), timeout=120_000)
            settle(QApplication.instance(), 100)
        else:
            assert _hint(window, qtbot)
            settle(QApplication.instance(), 60)
        line = window.prompt.hint_line
        assert line.isVisible() and line.whole == window.hinter.text
        assert "1. " in line.toolTip() and window.hinter.text.split("\n")[1] in line.toolTip()
        assert window.hinter.text in window.keyboard.choices_text()
        after = _board_on_window(window)
        if after != before:
            moved.append(f"{size}: {before} -> {after}")
        window.controller.close()
    assert not moved, f"{game_id}: the board moved when the hint came: {moved}"


def _first_ceo_second_turn(shell):
    """1st CEO at 1280×720 (a board that fills its view) at the start of your second turn, the
    AIs' report made."""
    window = played_window(shell, "first-ceo", (1280, 720), decisions=0)
    starts = turn_starts(window, 6)
    next(starts)
    next(starts)
    return window


def test_the_since_list_opens_on_a_click_and_folds_at_the_next(shell, qtbot):
    """1st CEO at 1280×720 fills its view: the list does not open by itself over it; the prompt
    bar's Since your turn button says what the others did (its tooltip); a click on it opens the
    list, and the next click on the board folds it and is played (the list never has to be closed
    to play on)."""
    window = _first_ceo_second_turn(shell)
    panel, button = window.since_panel, window.prompt.since_button
    c = window.controller
    assert panel.report is not None and panel.report.lines
    assert not panel.isVisible() or panel.in_room()
    assert button.isEnabled() and button.toolTip().startswith("Since your turn — ")
    first = panel.report.lines[0].text.split(" ")[0]
    assert first in button.toolTip()
    panel.hide()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert panel.isVisible() and not panel.in_room()
    told = panel.report
    n = len(c.session.log)
    piece = next(p for p in window.view.scene().items_with_actions() if p.isVisible())
    click_piece(window.view, piece)
    settle(QApplication.instance(), 100)
    assert not panel.isVisible()
    assert len(c.session.log) > n, "the click that folded the list was not played"
    # the news is no longer news: the button has nothing to tell, or tells the next turn's
    assert not button.isEnabled() or panel.report is not told


def test_with_no_room_for_the_card_the_prompt_bar_says_it_in_a_line(shell, qtbot):
    """1st CEO at 1280×720 fills its view, so the card does not open by itself: the line under the
    instruction says what the others did, read without a hover, and the board keeps its place
    (the instruction gives the line its second line). A click on the line opens the whole list;
    the player's move takes the line away, and a hint asked for takes its place."""
    window = _first_ceo_second_turn(shell)
    panel, line = window.since_panel, window.prompt.since_line
    c = window.controller
    assert panel.report is not None and panel.report.lines
    assert not panel.isVisible(), "1st CEO at 1280×720 was to leave the card no room"
    assert line.isVisible() and line.isVisibleTo(window)
    said = line.full_text()
    assert said.startswith("Since your turn — ") and said == window.prompt.since_button.accessibleDescription()
    assert line.text().rstrip("…") and said.startswith(line.text().rstrip("…").rstrip())
    assert line.height() <= window.prompt.label.line_height() * 1.5, "the line took more than one line"
    board_with_line = _board_on_window(window)
    window.prompt.set_since_line("")
    settle(QApplication.instance(), 30)
    assert _board_on_window(window) == board_with_line, "the board moved when the line came"
    window.prompt.set_since_line(said)
    settle(QApplication.instance(), 30)
    qtbot.mouseClick(line, Qt.MouseButton.LeftButton)
    assert panel.isVisible() and not panel.in_room()
    window.prompt.set_hint("Suggested: 1. buy a share")  # a hint takes the line
    assert not line.isVisible() and window.prompt.hint_line.isVisible()
    window.prompt.set_hint("")
    assert line.isVisible()
    n = len(c.session.log)
    piece = next(p for p in window.view.scene().items_with_actions() if p.isVisible())
    click_piece(window.view, piece)
    settle(QApplication.instance(), 100)
    assert len(c.session.log) > n
    assert not line.isVisible() or line.full_text() != said, "the news stayed after the move"


def test_a_long_turn_is_summarised_and_unfolds_on_a_click(qtbot):
    from ui.board.view import BoardView
    from ui.game.follow import Line, Report
    from ui.panels.since_turn import MoreLabel, SinceTurnPanel, summary

    view = BoardView()
    view.resize(1000, 700)
    qtbot.addWidget(view)
    view.show()
    panel = SinceTurnPanel(view)
    lines = [Line(1, f"Ann places B{i} (CCD) on IND-B{i}.") for i in range(9)] + [Line(2, "Bob passes.")]
    report = Report(0, lines)
    panel.set_report(report, ["You", "Ann", "Bob"], [False, True, True])
    panel.open([])
    shown = [label.text() for label in panel.lines()]
    assert shown == ["Ann places B0 (CCD) on IND-B0.", "Ann places B1 (CCD) on IND-B1.", "Bob (AI): passes."]
    more = next(label for label in panel._labels if isinstance(label, MoreLabel))
    assert "7 more" in more.text()
    qtbot.mouseClick(more, Qt.MouseButton.LeftButton)
    assert [label.text() for label in panel.lines()][:9] == [line.text for line in lines[:9]]
    assert summary(report, ["You", "Ann", "Bob"]) == \
        "Since your turn — Ann: places B0 (CCD) on IND-B0 (and 8 more) · Bob: passes"


def test_a_single_decision_takes_one_row(qtbot):
    """A player who made one decision takes one row of the card ("Bob (AI): takes a Forest."), not
    a heading and a line: the card needs less room, so it opens by itself in more boards' empty
    room. Pointing at the row points at its pieces as any line does."""
    from ui.board.view import BoardView
    from ui.game.follow import Line, Report
    from ui.panels.since_turn import LineLabel, SinceTurnPanel

    view = BoardView()
    view.resize(1000, 700)
    qtbot.addWidget(view)
    view.show()
    panel = SinceTurnPanel(view)
    lines = [Line(1, "Ann takes a Coal Mine.", frozenset({"coal"})), Line(2, "Bob takes a Forest."),
             Line(2, "Bob passes.")]
    panel.set_report(Report(0, lines), ["You", "Ann", "Bob"], [False, True, False])
    panel.open([])
    assert panel.as_text().splitlines() == ["Since your turn, You", "  Ann (AI): takes a Coal Mine.",
                                            "Bob: 2 decisions", "  Bob takes a Forest.", "  Bob passes."]
    pointed = []
    panel.pointed.connect(pointed.append)
    row = next(label for label in panel._labels if isinstance(label, LineLabel))
    qtbot.mouseMove(row)
    qtbot.waitUntil(lambda: bool(pointed) and pointed[-1] is lines[0], timeout=3000)


@pytest.mark.parametrize("game_id", GAMES)
def test_rings_follow_their_pieces_when_the_board_is_laid_out_anew(shell, qtbot, game_id):
    """At the start of a turn (the marks of what changed shown), the window resized to a laptop's
    size and back, and the log opened (Ctrl+L): every ring is round its piece as the piece is
    drawn now, no panel lies over another, and no word is covered."""
    window = played_window(shell, game_id, (1280, 720), decisions=0)
    starts = turn_starts(window, 8)
    next(starts)
    next(starts)
    found = []
    for size in ((1024, 700), (1600, 1000), (1280, 720)):
        window.resize(*size)
        settle(QApplication.instance(), 150)
        found += [f"{size}: stale {type(m).__name__}" for m in stale_marks(window.view)]
        found += [f"{size}: {a} over {b}" for a, b in panels_overlapping(window.view)]
        found += [f"{size}: {t!r} covered {s:.0%} by {k}" for t, s, k in cover(window.view).covered]
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    settle(QApplication.instance(), 150)
    assert window.log_dock.isVisible()
    found += [f"log: stale {type(m).__name__}" for m in stale_marks(window.view)]
    found += [f"log: {a} over {b}" for a, b in panels_overlapping(window.view)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_second_click_of_a_decision_finds_its_pieces_where_they_were(shell, game_id):
    """Clicks on the pieces that take a decision, at random; whenever the same player is asked
    again at once (a factory's type, then its cell; a building to play, then one to discard; a
    purchase, then a price), the pieces that take that second click are where they were on the
    screen before the first. A piece that took the place of one the decision removed (a row of
    contracts closing up) is the exception the board's rows allow."""
    moved = []
    for size in SIZES:
        window = played_window(shell, game_id, size, decisions=0)
        c = window.controller
        rng = Rng(7)
        for _ in range(40):
            wait_until(QApplication.instance(), lambda c=c: c.human_to_move() or c.session.is_over())
            if c.session.is_over():
                break
            found = second_click(window, rng)
            if found is not None:
                moved += [(size, key) for key in found[0]]
        window.controller.close()
    assert not moved, moved
