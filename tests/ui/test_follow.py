"""Following the other players: the AI pace (Step waits for Space or Next), the ring
on an AI's move, and "since your turn": marks on the pieces the others changed until the human
acts, a list of their decisions grouped by player, and pointing at a line rings its pieces. In
hot-seat play each human's list and marks come from their own view only."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from engine.core.contract import SeatInfo
from ui.board.changes import changed_keys, looks

GAME = "first-ceo"


def seats(humans: int = 1) -> list[SeatInfo]:
    names = ["You", "Ann", "Bob"]
    return [SeatInfo(n) if i < humans else SeatInfo(n, "ai", "easy") for i, n in enumerate(names)]


def open_game(shell, qtbot, game=GAME, seat_list=None, seed=7):
    window = shell.start_game(game, seat_list or seats(), {}, seed)
    qtbot.waitExposed(window)
    return window


def wait_human(qtbot, window, timeout=10_000):
    qtbot.waitUntil(lambda: window.controller.human_to_move() or window.controller.session.is_over(),
                    timeout=timeout)


def first_choice(window):
    c = window.controller
    return c.legal[0]


# -- the board's changes, by key ---------------------------------------------------------------------
def test_changed_keys_sees_new_pieces_new_content_and_moves_but_not_a_row_closing_up():
    before = {("card", "a"): ("A", 0, 0), ("card", "b"): ("B", 100, 0), ("token", 1): ("t", 5, 5),
              ("caption",): ("3 left", 0, 90), ("text", "money", 1): ("$3", 0, 50), ("text", "head"): ("x", 0, 0)}
    after = {("card", "b"): ("B", 0, 0),  # slid into a's place: the row closed up
             ("card", "c"): ("C", 100, 0),  # new
             ("token", 1): ("t", 40, 5),  # moved to a new place
             ("caption",): ("2 left", 0, 90), ("text", "money", 1): ("$5", 0, 50), ("text", "head"): ("y", 0, 0)}
    assert changed_keys(before, after) == {("card", "c"), ("token", 1), ("caption",), ("text", "money", 1),
                                           ("text", "head")}
    assert changed_keys(before, after, ("caption", ("text", "head"))) == {("card", "c"), ("token", 1),
                                                                           ("text", "money", 1)}


def test_looks_of_a_board_do_not_change_when_it_is_only_shown_again(qtbot):
    from engine.core import Session
    from ui.games import game_ui

    s = Session.new(GAME, ["A", "B", "C"], seed=3)
    scene = game_ui(GAME).make_scene()
    scene.show(s.state.view(0), [], s.names, 0)
    first = looks(scene)
    scene.show(s.state.view(0), [], s.names, 0)
    assert first and looks(scene) == first


# -- AI pace -----------------------------------------------------------------------------------------------
def test_pace_menu_lists_step_to_instant_and_step_waits_for_space(shell, qtbot, settings):
    window = open_game(shell, qtbot)
    wait_human(qtbot, window)
    labels = [a.text() for a in window.speed_group.actions()]
    assert labels == ["Step", "Slow", "Normal", "Fast", "Instant"]
    window.speed_actions["step"].trigger()
    assert settings.get("ai_speed") == "step"
    c = window.controller
    c.take(first_choice(window))
    qtbot.waitUntil(lambda: c.held is not None, timeout=5000)
    n = len(c.session.log)
    qtbot.wait(50)
    assert len(c.session.log) == n, "at the Step pace an AI's decision waits"
    assert window.prompt.buttons[0].text() == "Next (Space)"
    assert "Next (Space)" in window.prompt.label.text()
    seat = c.held[1]
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: len(c.session.log) > n, timeout=2000)
    assert c.session.log[n].action.seat == seat and c.session.log[n].by_ai
    # the piece it moved is ringed in its colour, and the ring stays at the Step pace
    qtbot.waitUntil(lambda: bool(window.follower.spot.keys("moved")), timeout=2000)
    from ui.board import style

    rings = window.follower.spot.rings("moved")
    assert {r.look.colour for r in rings} == {style.seat_colour(seat)}
    # the next decision waits again; the prompt's Next button takes it as Space does
    qtbot.waitUntil(lambda: c.held is not None or c.human_to_move(), timeout=5000)
    if c.held is not None:
        n = len(c.session.log)
        qtbot.mouseClick(window.prompt.buttons[0], Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: len(c.session.log) > n, timeout=2000)


def test_leaving_step_lets_a_waiting_decision_go_on(shell, qtbot, settings):
    window = open_game(shell, qtbot)
    wait_human(qtbot, window)
    window.set_ai_speed("step")
    c = window.controller
    c.take(first_choice(window))
    qtbot.waitUntil(lambda: c.held is not None, timeout=5000)
    n = len(c.session.log)
    window.speed_actions["instant"].trigger()
    assert len(c.session.log) > n and c.held is None
    wait_human(qtbot, window)


def test_undo_under_a_waiting_step_drops_it(shell, qtbot, settings):
    settings.set("ai_speed", "step")
    window = open_game(shell, qtbot)
    c = window.controller
    qtbot.waitUntil(lambda: c.held is not None or c.human_to_move(), timeout=5000)
    while c.held is not None:  # AIs before the human
        c.step()
        qtbot.waitUntil(lambda: c.held is not None or c.human_to_move(), timeout=5000)
    from engine.core.session import Session

    session = c.session
    for action in c.legal:
        probe = Session.replay(session.spec.id, session.seats, session.options, session.seed, session.actions())
        probe.apply(action)
        if probe.can_undo() and probe.to_move() != c.viewer:
            break
    else:
        pytest.skip("no undoable decision that ends the turn here")
    c.take(action)
    qtbot.waitUntil(lambda: c.held is not None, timeout=5000)
    c.undo_stack.undo()
    assert c.held is None and c.human_to_move()


# -- since your turn -------------------------------------------------------------------------------------
def play_one_turn(qtbot, window):
    c = window.controller
    wait_human(qtbot, window)
    c.take(first_choice(window))
    wait_human(qtbot, window)
    qtbot.waitUntil(lambda: window.follower.report is not None and window.follower._turn_of == c.viewer,
                    timeout=5000)


def test_since_your_turn_lists_the_others_by_player_and_marks_their_pieces(shell, qtbot, settings):
    window = open_game(shell, qtbot)
    play_one_turn(qtbot, window)
    f, c = window.follower, window.controller
    report = f.report
    assert report.seat == 0 and report.lines
    groups = report.groups()
    first_seen = list(dict.fromkeys(line.seat for line in report.lines))
    assert [seat for seat, _ in groups] == first_seen  # in the order the players moved
    assert all(line.seat == seat for seat, lines in groups for line in lines)
    assert {seat for seat, _ in groups} <= {1, 2}
    # each line is the log's words for the screen's player
    for line in report.lines:
        assert line.text and "{p" not in line.text
    # the list says it in words, grouped by player: in the prompt bar's Since your turn button, and
    # in the card, which opens by itself only where the board leaves it room (else on a click)
    panel = window.since_panel
    assert window.prompt.since_button.toolTip().startswith("Since your turn — ")
    assert not panel.isVisible() or panel.in_room()
    text = panel.as_text()
    assert "Since your turn, You" in text and "Ann (AI):" in text
    assert all(line.text.partition(" ")[2] in text for line in report.lines)  # (a lone one after "Ann (AI): ")
    # the pieces changed are marked with the mark of whose doing it was
    marked = f.spot.keys("since")
    assert marked and marked == set(report.changed)
    from ui.board import style

    for ring in f.spot.rings("since"):
        who = report.changed[next(k for k, (_l, r) in f.spot.layers["since"].items() if r is ring)]
        assert ring.look.mark == style.seat_marks(c.session.names)[who]
    # pointing at a line rings its pieces
    line_label = next(label for label in panel.lines() if label.line.keys)
    panel.point(line_label)
    assert f.spot.keys("pointed") == set(line_label.line.keys)
    panel.point(None)
    assert not f.spot.keys("pointed")
    # the marks stay until the human acts
    c.take(first_choice(window))
    assert not f.spot.keys("since") and not panel.isVisible()
    # Ctrl+T opens the last list again
    window.toggle_since()
    assert panel.isVisible()


def test_since_marks_only_what_changed_in_the_players_picture(shell, qtbot, settings):
    """The marks are the pieces whose look differs between the board as the player saw it at the
    end of their turn and now (drawn with nothing highlighted)."""
    window = open_game(shell, qtbot)
    play_one_turn(qtbot, window)
    f = window.follower
    seat = f.report.seat
    base = f._bases[seat][-1][1]
    expected = changed_keys(f._picture(base, seat), f._picture(window.controller.session.state, seat), f.unmarked)
    assert set(f.report.changed) == expected


def test_hot_seat_each_human_sees_only_what_they_may_see(shell, qtbot, settings):
    """Two humans and an AI in City of the Big Shoulders (hands are secret): each human's list is
    the events as that human may read them, never another's secret."""
    game = "big-shoulders"
    window = open_game(shell, qtbot, game, [SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Cy", "ai", "easy")], seed=4)
    c = window.controller
    opened = len(c.session.log)  # the deal before the first decision is nobody's turn
    reports, at = [], []
    window.follower.report_ready.connect(lambda r: (reports.append(r), at.append(len(c.session.log))))
    for _ in range(12):
        qtbot.waitUntil(lambda: c.curtain_up or c.human_to_move() or c.session.is_over(), timeout=10_000)
        if c.session.is_over():
            break
        if c.curtain_up:
            # behind the curtain nothing of the previous player's list or rings is left
            assert window.since_panel.report is None and not window.since_panel.isVisible()
            assert not window.follower.spot.keys("since") and not window.follower.spot.keys("moved")
            window.toggle_since()  # Ctrl+T behind the curtain opens nothing
            assert not window.since_panel.isVisible()
            c.lift_curtain()
            continue
        qtbot.waitUntil(lambda: window.follower._turn_of == c.viewer, timeout=5000)
        c.take(c.legal[0])
    assert reports and {r.seat for r in reports} == {0, 1}
    names = c.session.names
    for report in reports:
        other = 1 - report.seat
        secret = set()
        for entry in c.session.log:
            for ev in entry.events:
                if ev.visible_to == other:
                    own = ev.render(names, other)
                    if own != ev.render(names, report.seat):
                        secret.add(own)
        for line in report.lines:
            assert not any(s and s in line.text for s in secret), f"{names[report.seat]} read {line.text!r}"
    # each list holds the others' decisions since that human's own last one, no more, no less
    for report, end in zip(reports, at, strict=True):
        log = c.session.log[:end]
        start = next((i + 1 for i in range(end - 1, -1, -1) if log[i].action.seat == report.seat), opened)
        expected, owner = [], -1
        for i, entry in enumerate(log):
            who = entry.action.seat
            owner = who if who >= 0 else owner
            if i < start or owner == report.seat:
                continue
            words = " ".join(t for t in (ev.render(names, report.seat) for ev in entry.events) if t)
            if words:
                expected.append(words)
        assert [line.text for line in report.lines] == expected, names[report.seat]


def test_a_new_list_shows_nothing_of_the_last_one(qtbot):
    """The list is filled afresh at each turn (and emptied when a hot-seat curtain falls): the last
    player's lines go at once, not when Qt gets round to deleting them (until then they painted
    under the new lines, the previous player's words on the next player's screen)."""
    from PySide6.QtWidgets import QApplication, QGraphicsView, QLabel

    from ui.game.follow import Line, Report
    from ui.panels.since_turn import SinceTurnPanel

    view = QGraphicsView()
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    panel = SinceTurnPanel(view)
    names, ai = ["Ann", "Bob", "Cy"], [False, False, True]
    panel.set_report(Report(0, [Line(2, "Cy builds a Lumber Mill."), Line(1, "Bob keeps a Captain card.")]), names, ai)
    panel.open()
    panel.set_report(Report(1, [Line(0, "Ann builds a Farm.")]), names, ai)
    QApplication.processEvents()  # the new lines show; a deletion waits for the event loop
    shown = [label.text() for label in panel.body.findChildren(QLabel) if label.isVisibleTo(panel)]
    assert "Ann: builds a Farm." in shown
    assert not [t for t in shown if "Cy builds" in t or "Bob keeps" in t or "Cy (AI)" in t], shown


@pytest.mark.parametrize("game", ["first-ceo", "big-shoulders"])
def test_the_since_list_stays_in_its_corner_when_the_window_is_resized_or_the_board_scrolls(
        shell, qtbot, settings, game):
    """The card is a child of the board's viewport, which the view scrolls with the board (the fit
    after a resize scrolls it): it hung off the view's edge, 34 px over the top or 100 px past
    the right, after a window went from 1366×768 to 1024×700."""
    window = open_game(shell, qtbot, game)
    window.resize(1366, 768)
    play_one_turn(qtbot, window)
    panel, view = window.since_panel, window.view
    if panel.isVisible():  # opened by itself in room the board left empty: folded with Ctrl+T
        qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert not panel.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)  # opened on demand: it
    assert panel.isVisible() and not panel.in_room()  # stays open while nothing is clicked

    def inside() -> bool:
        return view.viewport().rect().contains(panel.geometry())

    for size in ((1024, 700), (1280, 720), (1920, 1080), (1024, 700)):
        window.resize(*size)
        qtbot.wait(30)
        assert inside(), (size, panel.geometry(), view.viewport().rect())
    for bar in (view.verticalScrollBar(), view.horizontalScrollBar()):
        bar.setValue(bar.value() + 40)
        assert inside(), (panel.geometry(), view.viewport().rect())
