"""Text from a save, a file name, a room or a user is shown as written, never as markup: a player
named `<img src=/dev/zero>` made the app read /dev/zero until it aborted, at every start while the
autosave held the name, and a room of that name did the same to an invited player on a tooltip
alone. Each test fills every field a person can choose (players' names, AI levels, a save's game
id, file names, room names, users) with markup, opens the windows where a player meets them, and
reads every label, tooltip, list, table, tab and dialog they hold (tests/ui/plain_probe.py)."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from engine.core import Rng, Session
from engine.core.contract import SeatInfo
from tests.ui.plain_probe import LEVEL, NAMES, assert_plain, shown
from ui.board.items import Highlight
from ui.services.plain_text import tip_text

GAME = "first-ceo"
SEATS = [SeatInfo(NAMES[0]), SeatInfo(NAMES[1], "ai", LEVEL), SeatInfo(NAMES[2], "ai", "easy")]
GAME_ID = "<img src=probe/game.png>"
FILE_NAME = "<img src=probe-file.png>.tycoons"


def played(game_id=GAME, seed=5, limit=None, seats=SEATS):
    s = Session.new(game_id, seats, seed=seed)
    rng = Rng(seed)
    while not s.is_over() and (limit is None or len(s.log) < limit):
        s.apply(rng.choice(s.legal_actions()), by_ai=s.seats[s.to_move()].is_ai)
    return s


def _unknown_game_save(session) -> bytes:
    """A save whose game id is markup (the envelope and its checksum are good)."""
    from saves.envelope import build_payload, encode_container

    payload = build_payload(session)
    payload["game"] = GAME_ID
    return encode_container(payload)


@pytest.fixture
def boxes(monkeypatch):
    """The message boxes the app shows (not run: a modal box would wait for a click)."""
    seen = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: seen.append(box) or QMessageBox.StandardButton.Ok)
    return seen


def test_the_start_screen_shows_names_levels_game_ids_and_file_names_as_written(shell, qtbot, data_dir, boxes):
    from saves.autosaving import autosave_path
    from saves.record import record_dir, record_game
    from saves.store import write_session
    from ui.app.shell import Shell

    write_session(played(limit=30), autosave_path())
    record_game(played())
    folder = record_dir()
    (folder / "odd.tycoons").write_bytes(_unknown_game_save(played(limit=5)))
    (folder / FILE_NAME).write_bytes(b"TYCOONS\x00garbage")
    shell._install_past_games()
    shell.show_start()
    qtbot.waitExposed(shell.start)
    panel = shell.start.past_games
    assert panel.wait(checked=True)
    qtbot.waitUntil(lambda: NAMES[0] in shell.start.continue_info.text(), timeout=30_000)
    assert_plain(shown(shell.start), [*NAMES, LEVEL.capitalize(), GAME_ID, FILE_NAME])
    # a save's error quotes its game id: said in a message box, as written
    (autosave_path()).write_bytes(_unknown_game_save(played(limit=5)))
    Shell.report(shell, "Cannot continue", f"The last game could not be restored:\n{GAME_ID} {NAMES[1]}")
    box, = boxes
    assert_plain(shown(box), [GAME_ID, NAMES[1]])


def test_the_game_window_shows_names_and_levels_as_written(shell, qtbot, settings):
    settings.set("players_dock", "shown")
    window = shell.start_game(GAME, SEATS, {}, 3)
    qtbot.waitExposed(window)
    c = window.controller
    for _ in range(3):  # a few turns, so the log, the follow list and the board speak of everyone
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=20_000)
        if c.session.is_over():
            break
        c.take(c.legal[0])
    qtbot.waitUntil(lambda: c.human_to_move(), timeout=20_000)
    window._thinking(1)  # "<name> is thinking…" in the status bar
    assert_plain(shown(window), [*NAMES, f"AI · {LEVEL}"])
    # the status bar says what the mouse is over in the tooltip's words, as written
    pieces = [i for i in window.view.scene().items() if isinstance(i, Highlight) and i.action is None
              and NAMES[2] in tip_text(i.toolTip())]
    assert pieces and all(NAMES[2] in piece.hover_text() for piece in pieces)
    # a refused click is said by the piece, in a callout
    from tests.ui.test_refusal_callout import refused_piece

    piece = refused_piece(window)
    assert piece is not None
    reason = c.refusal(piece.action)
    rect = window.view.mapFromScene(piece.sceneBoundingRect()).boundingRect()
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: getattr(window, "refusal", None) is not None and window.refusal.isVisible(), timeout=2000)
    assert_plain(shown(window), [reason, *NAMES])


def test_the_end_of_game_dialog_shows_names_and_levels_as_written(qtbot):
    from ui.dialogs.end_game import EndGameDialog

    dialog = EndGameDialog(played())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert_plain(shown(dialog), NAMES)


def test_the_review_shows_names_levels_and_mistakes_as_written(qtbot, settings, tmp_path, monkeypatch):
    from ai import analysis as an
    from ai.analysis import Analysed, Analysis
    from saves import write_session
    from ui.review import review_file

    monkeypatch.setattr(an, "calibration", lambda gid: an.Calibration(1.0, 0.1, 0.2, 1500, True))
    path = write_session(played(), tmp_path / FILE_NAME)
    w = review_file(path, settings)
    qtbot.addWidget(w)
    qtbot.waitExposed(w)
    review = w.review
    index, entry = next((i, e) for i, e in enumerate(review.decision_entries, start=1)
                        if review.actions[e].seat == 0
                        and len(review.state_at(e).legal_actions(0)) > 1)
    action = review.actions[entry]
    other = next(a for a in review.state_at(entry).legal_actions(0) if a != action)
    d = Analysed(index, entry, 0, action, other, 0.6, 0.2, (0.2, 0.4, 0.4), math.inf, ((other, 0.6), (action, 0.2)))
    w.show_analysis(Analysis(review.spec.id, "h", len(review.actions), 400, [0], [d]))
    w.go(index - 1)  # the blunder's marks on the board, the note under it
    assert_plain(shown(w), [*NAMES, f"AI · {LEVEL}"])
    w.go(review.steps)
    assert_plain(shown(w), [*NAMES])


def test_the_new_game_dialog_shows_names_and_users_as_written(qtbot, settings):
    from PySide6.QtWidgets import QDialogButtonBox

    from ui.dialogs.new_game import NewGameDialog

    dialog = NewGameDialog(player_name=NAMES[0])
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.select_game(GAME)
    dialog.rows[1].name.setText(NAMES[1])
    dialog.rows[2].set_kind("online", user=NAMES[2])
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()  # refused: not a Matrix user
    assert NAMES[2] in dialog.error.text()
    assert_plain(shown(dialog), NAMES)


def test_an_invitation_shows_its_room_and_inviter_as_written(qtbot):
    from ui.dialogs.online import JoinDialog, OnlineGamesPanel, SignInDialog

    panel = OnlineGamesPanel()
    qtbot.addWidget(panel)
    panel.set_account(NAMES[0])
    room = "<img src=probe/room.png>"  # the room's name is the inviter's choice (/dev/zero aborted the app)
    panel.set_entries([{"kind": "invite", "title": room, "turn": f"{NAMES[1]} invites you", "room": "!a:x"},
                       {"kind": "joined", "title": NAMES[2], "turn": f"{NAMES[2]} to move", "room": "!b:x"}])
    panel.show()
    assert_plain(shown(panel), [room, *NAMES])
    join = JoinDialog(room, NAMES[1])
    qtbot.addWidget(join)
    assert_plain(shown(join), [room, NAMES[1]])
    sign_in = SignInDialog(homeserver="https://x", user="@a:x")
    qtbot.addWidget(sign_in)

    def refused(*_args):
        raise RuntimeError(f"{NAMES[1]} says no")

    sign_in.sign_in = refused
    sign_in.secret.setText("pw")
    sign_in._accept()
    assert_plain(shown(sign_in), [f"{NAMES[1]} says no"])


@pytest.mark.parametrize("text", ["<img src=probe/x.png>", "&lt;b&gt; and <b>x</b>", "<b>Bob</b> holds\n  two   shares",
                                  "Ann <3 Bob", "plain words"])
def test_a_tooltip_shows_its_text_as_written(text):
    from tests.ui.plain_probe import Shown
    from ui.services.plain_text import plain_tip, renders_as_markup

    tip = plain_tip(text)
    assert Shown("tooltip", tip, renders_as_markup(tip)).visible() == text
    assert tip_text(tip) == text
    assert (tip == text) == (not renders_as_markup(text))  # a text Qt shows as it is stays as it is
