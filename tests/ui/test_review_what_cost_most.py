"""A player who finished last and far behind, after Analyse in the review window: the decisions
that cost them the most are shown (the Mistakes tab opens on them, the status line says so), also
those below the mistake threshold, and stepping to one, by mouse or keys, rings the better move
on the board and says the loss in the game's points, on the board and in the note above it.

City of the Big Shoulders is the case that needs it most: the weak seat's win chance is nil after
its first decision, so every later loss of win chance is nil too while its fortune still fell."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt

from ai import analysis as an
from ai.core.estimate import EstimateBudget
from saves import write_session
from tests.ui.test_review_analysis import analyse_and_wait, first_choice_game
from tests.ui.views import badge_on_screen
from ui.board.marks import marks_on


@pytest.fixture(scope="module")
def weak_game():
    game = first_choice_game("big-shoulders")
    outcome = game.state.outcome()
    assert outcome.ranking[0] == max(outcome.ranking) and outcome.scores[0] < 0.75 * max(outcome.scores)
    return game


def item_of(w, index: int, after: int):
    """The list's item for decision `index`, among those after row `after`."""
    for row in range(after + 1, w.mistakes.count()):
        item = w.mistakes.item(row)
        if item.data(Qt.ItemDataRole.UserRole) == index:
            return row, item
    raise AssertionError(f"decision {index} is not listed")


def inside_the_view(w, mark) -> bool:
    """The mark's badge is wholly inside the board's view (its words can be read)."""
    return QRectF(w.view.viewport().rect()).contains(badge_on_screen(w.view, mark))


def test_the_costliest_decisions_are_shown_ringed_with_their_loss_in_points(weak_game, qtbot, settings, tmp_path):
    from ui.review import review_file

    w = review_file(write_session(weak_game, tmp_path / "weak.tycoons"), settings)  # as Past games opens it
    qtbot.addWidget(w)
    qtbot.waitExposed(w)
    w.analysis_budget = EstimateBudget(None, "cpu", rollouts=12)
    analyse_and_wait(qtbot, w, timeout=600_000)
    assert an.marks_allowed("big-shoulders")  # the shipped calibration: marks are on for this game
    costly = an.costliest(w.analysis, w.review, 0)
    assert len(costly) == an.COSTLIEST
    below = [d for d in costly if not d.severity(True)]
    assert below, "every costliest decision was also a mistake: the case this test is for did not arise"

    # what the player sees first: the list of what cost them most, said in the tab and the status line
    assert w.charts.currentIndex() == 2 and w.charts.tabText(2).endswith(f"· Costliest ({len(costly)})")
    assert "what cost Ann the most" in w.statusBar().currentMessage()
    # her win-chance line is that of a player who plays like Normal from each decision on: it says so
    assert "a weaker player's real chance is lower" in w.win_chart.toolTip()
    texts = [w.mistakes.item(i).text() for i in range(w.mistakes.count())]
    head = next(i for i, t in enumerate(texts) if t.startswith("What cost Ann the most"))

    # each costliest decision in turn: the first by a click on its line, the others by keys
    # (↓ through the list, Return), as a player using the keyboard reaches them
    first_row, first_item = item_of(w, costly[0].index, head)
    qtbot.mouseClick(w.mistakes.viewport(), Qt.MouseButton.LeftButton,
                     pos=w.mistakes.visualItemRect(first_item).center())
    at = first_row
    for k, d in enumerate(costly):
        row, item = item_of(w, d.index, head)
        if k:
            for _ in range(row - at):
                qtbot.keyClick(w.mistakes, Qt.Key.Key_Down)
            assert w.mistakes.currentRow() == row
            qtbot.keyClick(w.mistakes, Qt.Key.Key_Return)
            at = row
        assert w.step == d.index - 1  # the position where it was decided
        state = w.review.state_at(d.entry)
        mark = d.severity(True)
        better = d.best if mark else d.points_best
        loss = w.game.points_text(d.points_loss)
        piece = w.scene.piece_towards(better)
        assert piece is not None, "the better move has no piece on the board to ring"
        shown = {m.mark.text: m for m in marks_on(w.scene)}
        ring = next(m for m in shown.values() if m.mark.tone == "better" and m.mark.action == better)
        assert ring.parentItem() is piece and ring.isVisible()
        assert all(inside_the_view(w, m) for m in shown.values()), \
            f"a badge hangs out of the board's view: {[t for t, m in shown.items() if not inside_the_view(w, m)]}"
        note = w.note_label.text()
        assert loss in note and "against the top rival" in note  # the loss in the game's points
        assert f"better: “{w._label(state, better)}”" in note
        assert f"better “{w._label(state, better)}”" in item.text()  # the list names the move the board rings
        if mark:
            assert f"{mark} (−{d.loss:.0f} points of win chance; it cost {loss} against the top rival)" in note
            if d.points_best not in (d.best, d.chosen):  # the move of most points ringed beside it
                most = shown["Most points"]
                assert most.mark.action == d.points_best and most.parentItem() is w.scene.piece_towards(d.points_best)
                assert f"The most points: “{w._label(state, d.points_best)}”" in note
        else:
            assert shown["Better"].mark.action == better
            assert f"Played · −{loss}" in shown and shown[f"Played · −{loss}"].mark.action == d.chosen
        # → goes on to a decision that cost nothing much: the rings go; ← comes back to them
        qtbot.keyClick(w, Qt.Key.Key_Right)
        if w.step + 1 not in {c.index for c in costly} and not w._analysed.get(w.step + 1, d).severity(True):
            assert marks_on(w.scene) == []
        qtbot.keyClick(w, Qt.Key.Key_Left)
        assert w.step == d.index - 1 and {m.mark.text for m in marks_on(w.scene)} == set(shown)
