"""A game whose rules are registered before its board is drawn is not offered to players, cannot be
rendered, and a save of it is refused with a clear message. Every registered game has a board
today, so the tests hide one game's board package (as if it were not written yet)."""

from __future__ import annotations

import sys

import pytest

from engine.core.contract import SeatInfo
from engine.core.registry import game_ids
from engine.core.session import Session
from ui.cli import main
from ui.games import has_board, playable_specs

NO_BOARD = "captains-of-industry"


@pytest.fixture(autouse=True)
def board_missing(monkeypatch):
    """The board package of NO_BOARD cannot be imported or found (a None in sys.modules)."""
    monkeypatch.setitem(sys.modules, "ui.games." + NO_BOARD.replace("-", "_"), None)


def test_only_games_with_a_board_are_playable():
    assert NO_BOARD in game_ids() and not has_board(NO_BOARD)
    playable = [s.id for s in playable_specs()]
    assert NO_BOARD not in playable
    assert playable == [g for g in game_ids() if has_board(g)] and "first-ceo" in playable


def test_new_game_dialog_does_not_offer_a_game_without_board(qtbot, settings):
    from ui.dialogs.new_game import NewGameDialog

    dialog = NewGameDialog(player_name="Zoe")
    qtbot.addWidget(dialog)
    listed = [dialog.games.item(i).text() for i in range(dialog.games.count())]
    assert "Captains of Industry" not in listed and len(listed) == len(playable_specs())


def test_render_refuses_a_game_without_board(qapp, tmp_path, capsys):
    out = tmp_path / "coi.png"
    assert main(["render", NO_BOARD, "--players", "4", "--out", str(out)]) == 2
    assert "no board" in capsys.readouterr().err and not out.exists()


def test_opening_a_game_without_board_is_refused_with_a_message(shell, monkeypatch):
    reports = []
    monkeypatch.setattr(shell, "report", lambda title, text, parent=None: reports.append(text))
    session = Session.new(NO_BOARD, [SeatInfo(f"P{i}", "ai", "easy") for i in range(3)], seed=1)
    assert shell.open_session(session) is None
    assert reports and "cannot be shown yet" in reports[0]
