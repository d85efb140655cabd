"""The review window and the record of games, driven through real widgets (pytest-qt, offscreen):
every control moves to the decision it names and shows the game as it stood there; a finished game
shows every secret, an unfinished one a spectator's view; the end-of-game dialog, Game → Review a
saved game and the start screen's Past games open it; a damaged record file is skipped."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage
from PySide6.QtWidgets import QFileDialog, QWidget

from engine.core import Rng, Session
from engine.core.contract import SeatInfo
from engine.core.review import Review
from ui.games import playable_specs

SEATS = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cy", "ai", "normal")]


def played(game_id, seed=5, limit=None):
    s = Session.new(game_id, SEATS, seed=seed)
    rng = Rng(seed)
    while not s.is_over() and (limit is None or len(s.log) < limit):
        s.apply(rng.choice(s.legal_actions()), by_ai=s.seats[s.to_move()].is_ai)
    return s


@pytest.fixture
def review_window(qtbot, settings):
    from ui.review import open_review

    def make(session):
        window = open_review(session, settings)
        qtbot.addWidget(window)  # closed (and so deleted) after the test
        qtbot.waitExposed(window)
        return window

    return make


def panel_rows(window, seat):
    card = window.players.cards[seat]
    return card.values()


def expected_rows(window, view, seat):
    return [str(v) for _, v in window.game.player_summary(view, seat)]


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_every_control_shows_the_game_as_it_stood(game_id, review_window, qtbot):
    s = played(game_id)
    w = review_window(s)
    review = w.review
    assert review.open_secrets and w.step == review.steps

    def shows(step):
        assert w.step == step and w.slider.value() == step
        view = review.view_at_step(step)
        for seat in range(len(s.seats)):
            assert panel_rows(w, seat) == expected_rows(w, view, seat)
        assert w.step_label.text() == f"Decision {step} of {review.steps}"
        info = review.info(step)
        if info.seat is not None:
            note = w.players.cards[info.seat].turn.text()
            assert note == ("▶ decided (AI)" if info.by_ai else "▶ decided")
            assert info.label in w.info_label.text()

    w.first_button.click()
    shows(0)
    assert not w.prev_button.isEnabled()
    w.next_button.click()
    shows(1)
    qtbot.keyClick(w.view, Qt.Key.Key_Right)  # the board has the focus: it does not scroll, it steps
    shows(2)
    qtbot.keyClick(w, Qt.Key.Key_Left)
    shows(1)
    qtbot.keyClick(w, Qt.Key.Key_End)
    shows(review.steps)
    assert not w.next_button.isEnabled()
    qtbot.keyClick(w, Qt.Key.Key_Home)
    shows(0)
    w.last_button.click()
    shows(review.steps)
    w.prev_button.click()
    shows(review.steps - 1)
    middle = review.steps // 2
    w.slider.setValue(middle)
    shows(middle)
    # a click on a log line jumps to its decision
    model = w.log.model_
    row = model.rows_of(review.steps // 3)[0]
    line = model.lines[row]
    w.log.scrollTo(model.index(row))
    qtbot.mouseClick(w.log.viewport(), Qt.MouseButton.LeftButton, pos=w.log.visualRect(model.index(row)).center())
    shows(line.step)
    # a click on the chart jumps to the nearest point
    target = review.steps // 4
    w.chart.resize(max(800, 2 * review.steps), 240)  # at least a pixel a step, however long the game
    qtbot.mouseClick(w.chart, Qt.MouseButton.LeftButton, pos=QPoint(round(w.chart.x_of(target)), 100))
    shows(target)
    assert len(w.chart.history) == review.steps + 1


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_review_steps_reuse_the_boards_pieces_the_panel_and_the_log(game_id, review_window):
    """A review step changes what is shown in place (ARCHITECTURE §9: a step within one frame): once
    every piece some steps show has been made, going through those steps again makes no scene
    item, and keeps the players panel's widgets and the log's rows as they are. (The same order
    twice: a board may mark what changed since the step shown before, like the last purchase.)"""
    w = review_window(played(game_id))
    steps = list(range(w.review.steps + 1))
    Rng(4).shuffle(steps)
    steps = steps[:50]
    for _ in range(2):
        for step in steps:
            w.go(step)
    items = {id(item) for item in w.scene.items()}
    made = w.scene.pool.created
    widgets = {id(widget) for widget in w.players.findChildren(QWidget)}
    model = w.log.model()
    changed = []
    for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.layoutChanged):
        signal.connect(lambda *args: changed.append(args))
    for step in steps:
        w.go(step)
        assert w.scene.pool.created == made, f"step {step}: pieces made anew (use ui.board.pool.ItemPool)"
        assert {id(item) for item in w.scene.items()} == items, f"step {step}: items came or went"
    assert {id(widget) for widget in w.players.findChildren(QWidget)} == widgets
    assert changed == []


def test_a_finished_game_shows_every_secret(review_window):
    s = played("first-ceo", seed=5)
    w = review_window(s)
    w.go(w.review.steps // 2)
    rows = [r for seat in range(3) for r in panel_rows(w, seat)]
    assert not any("face down" in r for r in rows)
    assert w.mode_label.text().startswith("Finished game")
    full = [ev.render(s.names, ev.visible_to) for e in s.log for ev in e.events]
    assert [line.text for line in w.log.model_.lines] == [t for t in full if t]


def test_an_unfinished_game_is_reviewed_as_a_spectator(review_window):
    s = played("first-ceo", seed=5, limit=40)
    assert not s.is_over()
    w = review_window(s)
    assert not w.review.open_secrets and "spectator" in w.mode_label.text()
    for step in range(w.review.steps + 1):
        w.go(step)
        spectator = w.review.state_at_step(step).view(None)
        for seat in range(3):
            assert panel_rows(w, seat) == expected_rows(w, spectator, seat)
    assert any("face down" in r for seat in range(3) for r in panel_rows(w, seat))
    public = [ev.render(s.names, None) for e in s.log for ev in e.events]
    assert [line.text for line in w.log.model_.lines] == [t for t in public if t]
    assert not any("keeps it face down" in t for t in w.log_text().splitlines())


def test_save_picture_and_copy_log(review_window, tmp_path):
    s = played("robber-barons", seed=2)
    w = review_window(s)
    w.go(40)
    path = tmp_path / w.suggested_picture_name()
    assert path.name == "robber-barons-decision-40.png"
    assert w.write_picture(path)
    image = QImage(str(path))
    assert not image.isNull() and image.width() > 800
    colours = {image.pixel(x, y) for x in range(0, image.width(), 37) for y in range(0, image.height(), 37)}
    assert len(colours) > 20  # a board, not an empty canvas
    w.copy_log()
    text = QGuiApplication.clipboard().text()
    head, *lines = text.split("\n")
    assert head.startswith("Robber Barons") and "decision 40 of" in head
    shown = [line.text for line in w.review.lines() if line.step <= 40]
    assert lines == shown
    assert "Copied" in w.statusBar().currentMessage()


def test_end_dialog_records_the_game_and_past_games_review_it(shell, qtbot, data_dir):
    from saves.record import read_record, record_dir
    from ui.review import open_windows

    seats = [SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cyd", "ai", "easy")]
    window = shell.start_game("first-ceo", seats, {}, 11)
    qtbot.waitUntil(lambda: window.end_dialog is not None, timeout=30_000)
    session = window.controller.session
    before = len(open_windows())
    window.end_dialog.review_button.click()
    review = open_windows()[-1]
    qtbot.addWidget(review)
    assert len(open_windows()) == before + 1 and review.review.open_secrets
    assert review.review.state_at_step(review.review.steps).state_hash() == session.state.state_hash()
    shell._record_future.result(timeout=10)
    entry, = read_record().entries
    assert entry.path.parent == record_dir() and entry.winners == session.state.outcome().winners
    # the start screen lists it (read on the panel's thread); Review opens it from the file
    window.end_dialog.close()
    shell._install_past_games()
    panel = shell.start.past_games
    shell.show_start()
    qtbot.waitExposed(shell.start)
    assert panel.wait(checked=True)
    assert panel.model.rowCount() == 1
    assert panel.model.text(0, 1) == "1st CEO" and panel.model.entries[0].checked
    assert panel.model.text(0, 2) == "Ann (Easy), Bob (Easy), Cyd (Easy)"
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=panel.review_rect(0).center())
    from_file = open_windows()[-1]
    qtbot.addWidget(from_file)
    assert from_file is not review
    assert from_file.review.actions == review.review.actions


def test_past_games_skip_a_damaged_file_and_keep_marks(shell, qtbot, data_dir, settings):
    from saves.record import KEPT_SUFFIX, record_dir, record_game
    from ui.review.past_games import KEEP

    games = [played(g, seed=3) for g in ("first-ceo", "robber-barons")]
    paths = [record_game(g) for g in games]
    (record_dir() / "broken.tycoons").write_bytes(b"TYCOONS\x00garbage")
    shell._install_past_games()
    panel = shell.start.past_games
    shell.show_start()
    qtbot.waitExposed(shell.start)
    panel.refresh()
    assert panel.wait(checked=True)
    assert panel.model.rowCount() == 2
    assert not panel.notes.isHidden() and "broken.tycoons" in panel.notes.text()
    assert "your wins against" in panel.rates.text()
    # Keep, by the keyboard: Space on the row's Keep cell
    panel.table.setFocus()
    panel.table.setCurrentIndex(panel.model.index(0, KEEP))
    qtbot.keyClick(panel.table, Qt.Key.Key_Space)
    assert len(list(record_dir().glob("*" + KEPT_SUFFIX))) == 1
    assert sum(p.exists() for p in paths) == 1
    panel.refresh()
    assert panel.wait()
    assert sorted(e.kept for e in panel.model.entries) == [False, True]
    assert panel.model.entries[0].checked and panel.record.decoded == 0  # a rename: nothing decoded again
    panel.limit.setValue(7)
    assert "KB on disk" in panel.cost.text()
    assert settings.get("record_limit") == 7
    import json

    from ui.review.past_games import record_limit
    from ui.services.settings import Settings

    settings.path.write_text(json.dumps({"record_limit": "lots"}))  # a hand-edited settings file
    assert record_limit(Settings(settings.path)) == 200


def test_review_a_saved_game_from_the_menu(shell, qtbot, tmp_path, monkeypatch):
    from saves import write_session
    from ui.review import open_windows

    window = shell.start_game("first-ceo", [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"),
                                            SeatInfo("Cy", "ai", "easy")], {}, 3)
    qtbot.waitExposed(window)
    unfinished = played("first-ceo", seed=4, limit=30)
    path = tmp_path / "half.tycoons"
    write_session(unfinished, path)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    window.act_review.trigger()
    review = open_windows()[-1]
    qtbot.addWidget(review)
    assert not review.review.open_secrets and review.review.actions == unfinished.actions()
    shell._install_past_games()  # the start screen offers the same
    shell.start.past_games.review_file_button.click()
    again = open_windows()[-1]
    qtbot.addWidget(again)
    assert again is not review and again.review.actions == unfinished.actions()
    (tmp_path / "bad.tycoons").write_bytes(b"not a save")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(tmp_path / "bad.tycoons"), ""))
    count = len(open_windows())
    window.act_review.trigger()
    assert len(open_windows()) == count
    assert shell.reports and "bad.tycoons" in shell.reports[-1]


def test_review_of_a_session_cannot_be_forced_open():
    s = played("first-ceo", seed=6, limit=20)
    with pytest.raises(ValueError):
        Review.of_session(s, open_secrets=True)


def test_a_jump_never_shows_a_purchase_that_did_not_happen(review_window):
    """Captains marks the tokens bought in the last lap of turns (dashed ghosts, with who bought
    them). Reached by a jump, a step shows the very ghosts that playing up to it in order shows:
    never the difference between two far-apart steps credited to one buyer."""
    from ui.games.captains_of_industry.items import StackChip

    def ghosts(w):
        return {(it.toolTip(), it.sceneBoundingRect().getRect()) for it in w.scene.items()
                if isinstance(it, StackChip) and it.isVisible() and it.look[3] == "taken"}

    w = review_window(played("captains-of-industry", seed=7))
    last = w.review.steps
    sequential = {}
    w.go(0)
    for step in range(1, last + 1):
        w.go(step)
        sequential[step] = ghosts(w)
    assert sum(map(len, sequential.values())) > 20  # the game has purchases to show
    rng = Rng(3)
    for _ in range(60):
        step = 2 + rng.randbelow(last - 1)
        start = max(1, step - 2 - rng.randbelow(30))
        w.go(start)
        w.go(step)
        assert ghosts(w) == sequential[step], f"jump from {start} to {step}"


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_end_chart_and_review_count_the_same_decisions(game_id, review_window, qtbot):
    # the end chart's last point can be the final scoring after a chance draw, not a decision:
    # its label still counts the decisions the review steps through
    from ui.dialogs.end_game import EndGameDialog

    session = played(game_id)
    dialog = EndGameDialog(session)
    qtbot.addWidget(dialog)
    window = review_window(session)
    assert dialog.chart.x_label() == window.chart.x_label() == f"decisions ({window.review.steps})"


def test_the_log_colours_past_current_and_future_lines(review_window):
    """Lines of the decision shown are bold on paper, later ones greyed, earlier ones in their
    kind's colour; an AI's decision says so; a click target tells its decision."""
    from PySide6.QtGui import QBrush

    from ui.panels.log_dock import kind_colour
    from ui.review.log_view import CURRENT_PAPER, FUTURE_INK, INK

    w = review_window(played("robber-barons", seed=5))
    model = w.log.model_
    step = w.review.steps // 2
    w.go(step)
    first, end = model.rows_of(step)
    assert first < end
    ai_step = next(i for i in range(1, w.review.steps + 1) if w.review.info(i).by_ai)
    for row in (0, first, end - 1, end, model.rowCount() - 1, model.rows_of(ai_step)[0]):
        line = model.lines[row]
        index = model.index(row)
        text = model.data(index, Qt.ItemDataRole.DisplayRole)
        assert text.endswith(line.text)
        ink = model.data(index, Qt.ItemDataRole.ForegroundRole)
        assert isinstance(ink, QBrush)
        if line.step > step:
            assert ink.color() == FUTURE_INK
        else:
            assert ink.color() == (QColor(kind_colour(line.kind)) if kind_colour(line.kind) else INK)
        paper = model.data(index, Qt.ItemDataRole.BackgroundRole)
        bold = model.data(index, Qt.ItemDataRole.FontRole)
        if line.step == step:
            assert paper.color() == CURRENT_PAPER and bold.bold()
        else:
            assert paper is None and bold is None
        assert model.data(index, Qt.ItemDataRole.ToolTipRole) == f"Decision {line.step}: click to go there"
        assert model.data(index, Qt.ItemDataRole.DecorationRole) is None
    row = model.rows_of(ai_step)[0]
    assert model.data(model.index(row), Qt.ItemDataRole.DisplayRole).startswith("AI · ")
