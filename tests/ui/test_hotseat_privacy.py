"""Hot-seat privacy through the real window (ARCHITECTURE §4): whole games of every registered game with
two or three humans at one screen, Confirm turn on and off, every input given as a person gives
it (clicks on the board, Enter right after a turn, a second click, a held key). After every input
the screen is checked against what the person in front of it may see: the board, the players
panel, the log and the prompt show that person's view (or a spectator's) and offer only their
own choices, unless the curtain covers the whole window.

The quick version plays every game a bounded number of human decisions (enough for several
rounds and hand-overs); `-m slow` plays every game to its end."""

from __future__ import annotations

import pytest

from tests.ui.hotseat_people import SEATINGS, FakeClock, Table, seats_for
from ui.games import playable_specs

GAMES = [s.id for s in playable_specs()]
QUICK_DECISIONS = 40
"""Human decisions per quick game: several hand-overs in every game, a round end in most."""


def open_table(shell, qtbot, monkeypatch, settings, game_id, seating, confirm, seed=3):
    from ui.game import curtain

    clock = FakeClock()
    monkeypatch.setattr(curtain.Curtain, "clock", staticmethod(clock), raising=False)
    settings.set("confirm_turn", confirm)
    window = shell.start_game(game_id, seats_for(game_id, seating), {}, seed)
    qtbot.waitExposed(window)
    return Table(qtbot, window, clock, seed)


@pytest.mark.parametrize("confirm", [True, False], ids=["confirm", "no-confirm"])
@pytest.mark.parametrize("seating", list(SEATINGS))
@pytest.mark.parametrize("game_id", GAMES)
def test_no_secret_reaches_the_wrong_player(shell, qtbot, monkeypatch, settings, game_id, seating, confirm):
    table = open_table(shell, qtbot, monkeypatch, settings, game_id, seating, confirm)
    table.play(max_human_decisions=QUICK_DECISIONS // 2)
    if not table.c.session.is_over():
        table.continue_game(shell)  # Continue, half-way
        table.play(max_human_decisions=QUICK_DECISIONS)
    assert table.handovers >= 3, "the game never passed the screen from one human to another"
    assert len(table.dock_layouts) >= 2, "the window was never resized across a dock layout behind the curtain"


@pytest.mark.parametrize("game_id", GAMES)
def test_space_meant_as_next_never_lifts_the_curtain(shell, qtbot, monkeypatch, settings, game_id):
    """At the Step pace each AI decision waits for Space (or the prompt's Next): the player at the
    screen steps through the AIs' decisions a second apart, and goes on pressing Space (and clicking
    where Next was) after the last one has passed the screen to another human. The curtain that
    fell stays up; the next player lifts it once the previous one has stopped."""
    settings.set("ai_speed", "step")
    table = open_table(shell, qtbot, monkeypatch, settings, game_id, "HAHA", confirm=False)
    table.play(max_human_decisions=QUICK_DECISIONS // 2)
    assert table.handovers >= 2, "the game never passed the screen from one human to another"


@pytest.mark.slow
@pytest.mark.parametrize("confirm", [True, False], ids=["confirm", "no-confirm"])
@pytest.mark.parametrize("seating", list(SEATINGS))
@pytest.mark.parametrize("game_id", GAMES)
def test_no_secret_reaches_the_wrong_player_in_a_whole_game(shell, qtbot, monkeypatch, settings, game_id,
                                                            seating, confirm):
    table = open_table(shell, qtbot, monkeypatch, settings, game_id, seating, confirm)
    table.play()
    assert table.c.session.is_over()


def test_the_prompt_and_choices_as_text_go_when_the_curtain_falls(shell, qtbot, monkeypatch, settings):
    """View → Prompt and choices as text (Ctrl+I) opens a window of its own, which the curtain does
    not cover: what it says of the previous player's choices goes when the curtain falls."""
    from PySide6.QtWidgets import QApplication, QDialog

    table = open_table(shell, qtbot, monkeypatch, settings, "captains-of-industry", "HHH", confirm=False)
    window, c = table.window, table.c
    table.settle()
    table.step_up()
    table.settle()
    mover = c.session.names[c.session.to_move()]
    window.act_as_text.trigger()  # View → Prompt and choices as text

    def choices_windows() -> list:
        return [w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()
                and w.windowTitle() == "Prompt and choices"]

    shown = choices_windows()
    assert shown and mover in shown[0].text.toPlainText()
    for _ in range(40):
        if window.curtain.isVisible():
            break
        before = len(c.session.log)
        table.give(c.legal[0])  # a click on the board (no key: the text window has the keyboard)
        qtbot.waitUntil(lambda n=before: len(c.session.log) > n, timeout=5000)
        table.settle()
    assert window.curtain.isVisible(), "the screen never passed to another player"
    assert not choices_windows(), f"{mover}'s prompt and choices are still shown above the curtain"
