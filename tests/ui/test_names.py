"""Names at the limits in the app: the new-game dialog takes at most 40 characters as
typed, the command line refuses a longer one, and a game with the longest names opens in a
1024×700 window without widening it: every panel and board shows the names shortened."""

from __future__ import annotations

import argparse

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from engine.core.contract import SeatInfo
from engine.core.names import NAME_LIMIT
from ui.games import playable_specs

LONG = ["W" * NAME_LIMIT, "Maximilian Alexander von Habsburg-Lothri", "Maximilian Alexander von Habsburg-Lothra"]


def test_the_new_game_dialog_takes_at_most_40_characters_as_typed(qtbot, settings):
    from ui.dialogs.new_game import NewGameDialog

    dialog = NewGameDialog(player_name="You")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.select_game("first-ceo")
    line = dialog.rows[1].name
    line.selectAll()
    qtbot.keyClicks(line, "Z" * 60)
    assert line.text() == "Z" * NAME_LIMIT
    line.selectAll()
    qtbot.keyClicks(line, "  Ann \t  Lee ")
    assert dialog.choice()[1][1].name == "Ann Lee"  # white space as one space, trimmed
    line.selectAll()
    qtbot.keyClick(line, Qt.Key.Key_Delete)
    assert dialog.choice()[1][1].name == "Player 2"  # a blank name: the seat's
    dialog.seed.setText("9" * 40)  # beyond 64 bits: taken as text, not a seed no save could hold
    seed = dialog.seed_value()
    assert 0 <= seed < 2**32
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.result() == dialog.DialogCode.Accepted


def test_the_command_line_refuses_a_name_beyond_the_limit(capsys):
    from engine.command_line import names as names_arg
    from ui.cli import build_parser

    assert names_arg("Ann, Bob ," + "W" * NAME_LIMIT) == ["Ann", "Bob", "W" * NAME_LIMIT]
    for bad in ("Ann," + "W" * (NAME_LIMIT + 1), "Ann,,Bob", "Ann,ann"):
        with pytest.raises(argparse.ArgumentTypeError):
            names_arg(bad)
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(["render", "first-ceo", "--out", "x.png", "--names", "x" * 10_000])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "at most 40" in err and len(err) < 600


def _min_width(window) -> int:
    return max(window.minimumSizeHint().width(), window.minimumSize().width())


@pytest.mark.parametrize("game_id", ["first-ceo", "robber-barons", "victory-through-industry",
                                     "captains-of-industry", "big-shoulders"])
def test_the_longest_names_never_widen_the_window(shell, qtbot, settings, game_id):
    from engine.core.registry import get_spec

    settings.set("players_dock", "shown")  # the players panel too, whatever the board shows
    spec = get_spec(game_id)
    n = min(4, spec.max_players)
    short = [SeatInfo(name, "ai", "easy") for name in ["Ann", "Bob", "Cyd", "Dee"][:n]]
    window = shell.start_game(game_id, short, {}, 3)
    window.resize(1024, 700)
    qtbot.waitExposed(window)
    usual = _min_width(window)
    window.controller.close()
    window.close()
    seats = [SeatInfo(LONG[0]), SeatInfo(LONG[1])] + [SeatInfo(name, "ai", "easy") for name in LONG[2:]]
    seats += [SeatInfo(name, "ai", "easy") for name in ["Dee"]][: n - len(seats)]
    window = shell.start_game(game_id, seats[:n], {}, 3)
    window.resize(1024, 700)
    qtbot.waitExposed(window)
    qtbot.wait(50)
    assert window.width() == 1024
    assert _min_width(window) <= max(usual, 400) + 8, "a long name widened the window"
    window.curtain.lift()  # two humans: the curtain was down for the first
    qtbot.wait(20)
    cards = window.players.cards
    assert cards[0].name.text() == LONG[0]  # the whole name is kept, and shown cut to the card
    assert cards[0].name.toolTip() == LONG[0]
    assert cards[0].name.fontMetrics().horizontalAdvance(LONG[0]) > cards[0].name.width()
    window._thinking(2)  # the third seat, an AI with a long name, "is thinking…"
    assert window.thinking_label.text().startswith("Maximilian…")
    window._thinking(None)
    window.controller.close()
    window.close()


def test_the_end_of_game_dialog_with_the_longest_names_stays_narrow(qtbot):
    from engine.core import Session
    from tests.saves.helpers import play
    from ui.dialogs.end_game import EndGameDialog

    names = ["W" * NAME_LIMIT, "W" * (NAME_LIMIT - 1), "V" * NAME_LIMIT, "M" * NAME_LIMIT, "Dee", "Eli"]
    session = play(Session.new("first-ceo", [SeatInfo(n, "ai", "easy") for n in names], seed=1), None, 1)
    winner = session.state.outcome().winners[0]
    dialog = EndGameDialog(session)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.minimumSizeHint().width() < 800
    header = dialog.table.horizontalHeaderItem(0)
    assert len(header.text()) <= 16 and header.toolTip() == names[0]
    assert names[winner][:4] in dialog.headline.full_text()


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_a_first_player_called_you_is_titled_you_not_you_you(shell, qtbot, settings, game_id):
    """The app names the first player You; the boards mark the viewer's own panel with "(you)"
    ("Ann (you)"), which for that player read "You (you)". Every word the board draws, its
    tooltips and the players panel, at the player's first turn and a few decisions on."""
    import re

    from engine.core.rng import Rng
    from tests.ui.test_newcomer_words import drawn_texts

    window = shell.start_game(game_id, [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")],
                              {}, 4)
    qtbot.waitExposed(window)
    window.resize(1280, 720)
    c = window.controller
    rng = Rng(1)
    doubled = re.compile(r"\byou\W*\(you\)", re.IGNORECASE)
    seen: set[str] = set()
    for _ in range(6):
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=30_000)
        qtbot.wait(30)
        scene = window.view.scene()
        seen.update(drawn_texts(window.view))
        seen.update(item.toolTip() for item in scene.items())
        seen.update(card.name.text() for card in window.players.cards)
        if c.session.is_over():
            break
        c.take(rng.choice(c.legal))
    assert "You" in " ".join(seen)
    found = sorted({t for t in seen if doubled.search(t)})
    assert not found, f"{game_id} calls its first player {found[:3]}"
