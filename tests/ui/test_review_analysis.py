"""The review's "Analyse" (ui/review/analyse.py, ui/review/window.py), through real widgets: it
runs in the background with progress, can be cancelled, keeps its result beside the save (used
again next time, ignored when it is not this save's), then shows a win-chance chart per player and
the mistakes, with the better move and the move played marked on the board."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import Qt

from ai import analysis as an
from ai.analysis import Analysed, Analysis, analysis_path
from ai.core.estimate import EstimateBudget
from engine.core import Rng, Session
from engine.core.contract import SeatInfo
from saves import write_session
from tests.ui.views import badges_apart
from ui.board.marks import marks_on
from ui.games import playable_specs

SEATS = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cy", "ai", "easy")]
TINY = EstimateBudget(None, "cpu", rollouts=3)


def played(game_id, seed=5):
    s = Session.new(game_id, SEATS, seed=seed)
    rng = Rng(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()), by_ai=s.seats[s.to_move()].is_ai)
    return s


@pytest.fixture
def reviewed(qtbot, settings, tmp_path):
    from ui.review import review_file

    def make(session, name="g.tycoons"):
        path = write_session(session, tmp_path / name)
        window = review_file(path, settings)
        window.analysis_budget = TINY
        qtbot.addWidget(window)
        qtbot.waitExposed(window)
        return window, path

    return make


def analyse_and_wait(qtbot, w, timeout=60_000):
    seen = []
    w.progress.valueChanged.connect(seen.append)
    qtbot.mouseClick(w.analyse_button, Qt.MouseButton.LeftButton)
    assert w.job is not None and w.progress.isVisible() and w.cancel_button.isVisible()
    qtbot.waitUntil(lambda: w.analysis is not None, timeout=timeout)
    return seen


@pytest.fixture
def short_rollouts(monkeypatch):
    """Rollouts two decisions deep: the window's part is the same, the search costs a tenth."""
    from dataclasses import replace

    from ai.core import estimate as est
    from ai.core.knowledge import knowledge_for

    def short(game_id):
        return replace(knowledge_for(game_id), rollout_horizon=2)

    monkeypatch.setattr(est, "knowledge_for", short)


def test_analyse_keeps_the_board_as_large(reviewed, qtbot, short_rollouts):
    """Analyse (a click on its button) on a 1280×720 review: the board keeps its room and its
    zoom when the analysis comes, its words with it (a line of notes that came with the analysis
    took the board's room, and so did the status bar, made at the analysis's first message: 1st
    CEO's board lost 44 of its 440 pixels' height and went from 0.49 to 0.44, names left out)."""
    w, _ = reviewed(played("first-ceo"))
    w.resize(1280, 720)
    qtbot.wait(100)
    w.view.fit()
    room, scale = w.view.viewport().size(), w.view.transform().m11()
    analyse_and_wait(qtbot, w)
    qtbot.wait(100)
    assert w.note_label.isVisible()
    assert w.view.viewport().size() == room and w.view.transform().m11() == pytest.approx(scale)


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_analyse_shows_a_win_chart_and_keeps_the_result_beside_the_save(game_id, reviewed, qtbot, settings,
                                                                        short_rollouts):
    s = played(game_id)
    w, path = reviewed(s)
    seen = analyse_and_wait(qtbot, w)
    a = w.analysis
    assert w.job is None and not w.progress.isVisible() and not w.analyse_button.isEnabled()
    assert seen and seen[-1] == w.progress.maximum() == an.decisions_of(w.review)
    assert a.decisions and {d.seat for d in a.decisions} == {0}
    assert all(w.review.actions[d.entry] == d.chosen for d in a.decisions)
    # the chart: a line per player, an equal share at the start, the real result at the end
    # (the Mistakes tab opens instead when it lists what cost a player last and far behind the most)
    assert w.charts.isTabEnabled(1) and w.charts.currentIndex() == (2 if an.costliest(a, w.review, 0) else 1)
    rows = w.win_chart.history
    assert len(rows) == w.review.steps + 1 and rows[0] == [100 / 3] * 3
    winners = s.state.outcome().winners
    # (approx: a win shared by three is 100 / 3 here, a third of 100 there)
    assert rows[-1] == pytest.approx([100.0 / len(winners) if i in winners else 0.0 for i in range(3)])
    for d in a.decisions:
        assert [round(x, 6) for x in rows[d.index]] == [round(100 * x, 6) for x in d.shares]
    # kept beside the save, and shown again at once when the game is reviewed again
    side = analysis_path(path)
    assert side.is_file()
    from ui.review import review_file

    again = review_file(path, settings)
    qtbot.addWidget(again)
    assert again.analysis is not None and again.analyse_button.text() == "Analysed"
    assert [d.to_dict() for d in again.analysis.decisions] == [d.to_dict() for d in a.decisions]


def test_cancel_stops_and_keeps_nothing(reviewed, qtbot):
    w, path = reviewed(played("first-ceo"))
    w.analysis_budget = EstimateBudget(None, "cpu", rollouts=40)
    qtbot.mouseClick(w.analyse_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.progress.value() >= 1, timeout=20_000)
    qtbot.mouseClick(w.cancel_button, Qt.MouseButton.LeftButton)
    assert w.job is None and w.analysis is None
    assert w.analyse_button.isVisible() and w.analyse_button.isEnabled() and not w.progress.isVisible()
    qtbot.wait(200)
    assert not analysis_path(path).exists() and "cancelled" in w.statusBar().currentMessage()


def test_an_unfinished_game_cannot_be_analysed(qtbot, settings):
    from ui.review import open_review

    s = Session.new("first-ceo", SEATS, seed=2)
    for _ in range(6):
        s.apply(s.legal_actions()[0], by_ai=s.seats[s.to_move()].is_ai)
    w = open_review(s, settings)
    qtbot.addWidget(w)
    assert not w.analyse_button.isEnabled() and "finished" in w.analyse_button.toolTip()


def test_an_analysis_of_another_save_is_ignored(reviewed, qtbot, tmp_path):
    s = played("first-ceo")
    path = write_session(s, tmp_path / "g.tycoons")
    analysis_path(path).write_text('{"kind": "tycoons-analysis", "format": 1, "game": "first-ceo", '
                                   '"state_hash": "nope", "log_length": 3, "seats": [0], "decisions": []}')
    w, _ = reviewed(s)
    assert w.analysis is None and w.analyse_button.isEnabled()


def blunder_in(review):
    """A made-up analysis: Ann's first decision with another choice was a blunder."""
    for index, entry in enumerate(review.decision_entries, start=1):
        action = review.actions[entry]
        if action.seat != 0:
            continue
        other = [a for a in review.state_at(entry).legal_actions(0) if a != action]
        if other:
            d = Analysed(index, entry, 0, action, other[0], 0.6, 0.2, (0.2, 0.4, 0.4), math.inf,
                         ((other[0], 0.6), (action, 0.2)))
            return Analysis(review.spec.id, "h", len(review.actions), 400, [0], [d])
    raise AssertionError("no decision of Ann with a choice")


def test_badges_of_neighbouring_pieces_are_moved_clear_of_one_another(reviewed, qtbot):
    """The better move and the move played on two pieces side by side (1st CEO's market cards):
    their badges cover neither one another nor the board's words, fitted and zoomed in."""
    from ui.board.marks import Mark, show_marks

    w, _ = reviewed(played("first-ceo"))
    w.resize(1280, 720)
    w.go(0)
    entry = w.review.decision_entries[0]
    state = w.review.state_at(entry)
    legal = state.legal_actions(w.review.actions[entry].seat)
    w.scene.show(w._view_of(state), legal, w.review.names, None)  # as the window offers a marked decision's
    pieces = [(a, w.scene.item_for(a)) for a in legal]
    row = sorted([(a, p) for a, p in pieces if p is not None],
                 key=lambda ap: (ap[1].sceneBoundingRect().top(), ap[1].sceneBoundingRect().left()))
    # two cards side by side in one row of the market
    (a1, _), (a2, _) = next((x, y) for x, y in zip(row, row[1:], strict=False)
                            if x[1].sceneBoundingRect().top() == y[1].sceneBoundingRect().top())
    w.view.fit()
    show_marks(w.scene, [Mark(a1, "Better · 64 %", "better", short="✓"),
                         Mark(a2, "Played · 23 %", "played", short="✗")])
    marks = marks_on(w.scene)
    qtbot.wait(50)  # placed again once the pieces painted their words
    badges_apart(w.view, marks)
    w.view.zoom(4.0)
    qtbot.wait(50)
    badges_apart(w.view, marks)


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_a_blunder_is_listed_and_its_better_move_marked_on_the_board(game_id, reviewed, qtbot, monkeypatch):
    monkeypatch.setattr(an, "calibration", lambda gid: an.Calibration(1.0, 0.1, 0.2, 1500, True))
    w, _ = reviewed(played(game_id))
    fake = blunder_in(w.review)
    d = fake.decisions[0]
    w.show_analysis(fake)
    assert w.mistakes.count() == 1 and w.charts.tabText(2) == "Mistakes (1)"
    item = w.mistakes.item(0)
    assert item.text().startswith(f"Decision {d.index} · Ann · Blunder (−40 points)")
    w.charts.setCurrentIndex(2)
    rect = w.mistakes.visualItemRect(item)
    qtbot.mouseClick(w.mistakes.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert w.step == d.index - 1  # where it was decided
    marks = {m.mark.tone: m for m in marks_on(w.scene)}
    for tone, action in (("better", d.best), ("played", d.chosen)):
        piece = w.scene.piece_towards(action)
        if piece is not None:
            assert marks[tone].parentItem() is piece and not piece.legal  # marked, not offered
    badges_apart(w.view, list(marks.values()))
    for tone, words in (("better", "Better: “"), ("played", "Played: “")):
        if tone in marks:  # the move in words on hover, with its chance
            tip = marks[tone].toolTip()
            assert tip.startswith(words) and ("(60 % to win)" if tone == "better" else "(20 % to win)") in tip
    assert "blunder (−40 points)" in w.note_label.text() and w.note_label.isVisible()
    assert [m for m in w.win_chart.marked] == [(d.index, 0, 20.0, "blunder")]
    w.next()
    assert marks_on(w.scene) == []


def test_no_marks_when_the_games_estimates_do_not_beat_the_base_rate(reviewed, qtbot, monkeypatch):
    monkeypatch.setattr(an, "calibration", lambda gid: an.Calibration(1.0, 0.2, 0.19, 1500, False))
    w, _ = reviewed(played("first-ceo"))
    fake = blunder_in(w.review)
    w.show_analysis(fake)
    w.go(fake.decisions[0].index - 1)
    assert marks_on(w.scene) == [] and w.win_chart.marked == []
    text = w.mistakes.item(0).text()
    assert w.mistakes.count() == 1 and "No decision is marked" in text and "no better than the base rate" in text
    # a game whose estimates have not been measured at all says that instead
    monkeypatch.setattr(an, "calibration", lambda gid: None)
    w.show_analysis(fake)
    assert marks_on(w.scene) == [] and "not yet been measured" in w.mistakes.item(0).text()


def test_analysis_in_worker_processes(reviewed, qtbot, settings):
    """The real thing: a pool of worker processes, the window's thread only planning and collecting."""
    import os

    settings.set("ai_mode", "process")
    w, path = reviewed(played("first-ceo", seed=2))
    from PySide6.QtCore import QTimer

    ticks = []
    timer = QTimer(w)
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(w.job is not None))
    timer.start()
    qtbot.mouseClick(w.analyse_button, Qt.MouseButton.LeftButton)
    # both cores (of a machine with two or more), each a worker process
    assert w.job._pool is not None and w.job._pool._max_workers == min(2, os.cpu_count() or 1)
    qtbot.waitUntil(lambda: w.analysis is not None, timeout=120_000)
    timer.stop()
    assert sum(ticks) >= 5  # the window served its timer while the workers analysed
    assert w.analysis.decisions and analysis_path(path).is_file()


def test_a_game_ended_in_the_window_is_analysed_from_its_end_dialog_and_kept_with_its_record(
        shell, qtbot, settings, short_rollouts):
    """The way a player comes to it: the game ends in the window, the end-of-game dialog's Review,
    then Analyse, clicked. The analysis is kept beside the game's record (written off the window's
    thread, perhaps after the review opened), so Past games shows it analysed next time."""
    from ui.review import open_windows, review_file

    window = shell.start_game("first-ceo", SEATS, {}, 5)
    qtbot.waitExposed(window)
    c = window.controller

    def settle():
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=20_000)

    settle()
    while not c.session.is_over():
        assert c.take(c.legal[-1])
        settle()
    qtbot.waitUntil(lambda: window.end_dialog is not None, timeout=10_000)
    record = shell._record_future.result(timeout=10)
    away = record.with_name("elsewhere")
    record.rename(away)  # as if the review opened before the record was written
    before = set(open_windows())
    qtbot.mouseClick(window.end_dialog.review_button, Qt.MouseButton.LeftButton)
    (w,) = set(open_windows()) - before
    qtbot.addWidget(w)
    w.analysis_budget = TINY
    away.rename(record)
    qtbot.mouseClick(w.analyse_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.analysis is not None, timeout=60_000)
    assert analysis_path(record).is_file() and w.analysis_file() == analysis_path(record)
    again = review_file(record, settings)
    qtbot.addWidget(again)
    assert again.analysis is not None and again.analyse_button.text() == "Analysed"


def first_choice_game(game_id="first-ceo", seed=7):
    """Ann always takes the first choice she is offered; Bob and Cy are Normal: she ends last, far
    behind."""
    from ai.core.worker import decide

    seats = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "normal"), SeatInfo("Cy", "ai", "normal")]
    s = Session.new(game_id, seats, seed=seed)
    while not s.is_over():
        if s.to_move() == 0:
            s.apply(s.legal_actions()[0])
        else:
            s.apply(decide(s, level="normal"), by_ai=True)
    return s


@pytest.mark.parametrize("mistakes", ["as they are", "none"])
def test_a_last_place_player_far_behind_is_shown_what_cost_the_most(reviewed, qtbot, monkeypatch, mistakes):
    """Ann finished last and far behind: Analyse, through the window, lists the decisions that cost
    her the most points, mistakes or not (also when no decision reaches the mistake threshold),
    each with the loss in the game's points; a click on one goes to where it was decided and rings
    the better move and the move played."""
    monkeypatch.setattr(an, "calibration", lambda gid: an.Calibration(1.0, 0.1, 0.2, 1500, True))
    if mistakes == "none":
        monkeypatch.setattr(an, "MISTAKE", 101.0)
        monkeypatch.setattr(an, "BLUNDER", 101.0)
    game = first_choice_game()
    outcome = game.state.outcome()
    assert outcome.ranking[0] == 3 and outcome.scores[0] < 0.75 * max(outcome.scores)
    w, _ = reviewed(game)
    w.analysis_budget = EstimateBudget(None, "cpu", rollouts=24)
    analyse_and_wait(qtbot, w, timeout=300_000)
    costly = an.costliest(w.analysis, w.review, 0)
    assert costly and len(costly) <= 3
    if mistakes == "none":
        assert w.analysis.marked() == [] and w.mistakes.item(0).text().startswith("No mistakes found")
    assert [d.points_loss for d in costly] == sorted((d.points_loss for d in costly), reverse=True)
    texts = [w.mistakes.item(i).text() for i in range(w.mistakes.count())]
    head = texts.index(next(t for t in texts if t.startswith("What cost Ann the most")))
    listed = texts[head + 1: head + 1 + len(costly)]
    for d, text in zip(costly, listed, strict=True):
        assert text.startswith(f"Decision {d.index} · cost {d.points_loss:.0f} points (± ")
        assert "played “" in text and "better “" in text
    w.charts.setCurrentIndex(2)
    for k, d in enumerate(costly):
        item = w.mistakes.item(head + 1 + k)
        qtbot.mouseClick(w.mistakes.viewport(), Qt.MouseButton.LeftButton,
                         pos=w.mistakes.visualItemRect(item).center())
        assert w.step == d.index - 1
        marks = {m.mark.tone: m for m in marks_on(w.scene)}
        assert set(marks) <= {"better", "played"}
        mistake = d.severity(True)  # a mistake too: shown as one, by its win chance
        better = d.best if mistake else d.points_best
        for tone, action in (("better", better), ("played", d.chosen)):
            piece = w.scene.piece_towards(action)
            if piece is not None:
                assert marks[tone].parentItem() is piece
        if mistake:
            said = f"(−{d.loss:.0f} points of win chance; it cost {d.points_loss:.0f} points against the top rival)"
            assert f"{mistake} {said}" in w.note_label.text()
            continue
        if "played" in marks:
            assert marks["played"].mark.text == f"Played · −{d.points_loss:.0f} points"
        assert f"cost Ann the most ({d.points_loss:.0f} points against the top rival)" in w.note_label.text()
