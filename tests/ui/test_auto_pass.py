"""Pass until the next phase: City of the Big Shoulders' Stock Phase lets a player
pass for the rest of the phase ("You can pass your turn. This does not prevent you from
performing a future action in the same phase."). The prompt offers it there; once chosen, each
of the player's turns in the phase is passed for them until the phase ends, or at once when
they change their mind. The other four games have no such pass, so it is never offered."""

from __future__ import annotations

import pytest

from engine.core.contract import SeatInfo
from ui.game.window import AUTO_PASS, STOP_PASSING

SEATS = [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]


def open_game(shell, qtbot, game="big-shoulders", seed=2):
    window = shell.start_game(game, SEATS, {}, seed)
    qtbot.waitExposed(window)
    return window


def to_stock_phase(qtbot, window):
    """Play on (first choices) to the human's first turn of a Stock Phase."""
    c = window.controller
    for _ in range(200):
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=10_000)
        if c.view.get("phase") == "stock":
            return
        c.take(c.legal[0])
    pytest.fail("no Stock Phase turn for the human")


def test_pass_until_the_next_phase_passes_each_turn_then_ends_with_the_phase(shell, qtbot, settings):
    window = open_game(shell, qtbot)
    to_stock_phase(qtbot, window)
    c = window.controller
    actions, labels = window._prompt_choices()
    assert AUTO_PASS in actions and labels[actions.index(AUTO_PASS)] == "Pass until the next phase"
    decade = c.view["decade"]
    start = len(c.session.log)
    window._prompt_chosen(AUTO_PASS)
    assert window.auto_pass.is_armed()
    # every turn of the human's in this Stock Phase is a pass, taken for them
    qtbot.waitUntil(lambda: c.view.get("phase") != "stock" or c.session.is_over(), timeout=20_000)
    mine = [e.action for e in c.session.log[start:] if e.action.seat == 0]
    assert mine and all(a.kind == "pass" for a in mine)
    # the phase ended: the auto-pass is over, and the next Stock Phase asks the player again
    assert not window.auto_pass.is_armed()
    assert c.view["decade"] == decade or c.view.get("phase") != "stock"


def test_changing_ones_mind_stops_it_at_once(shell, qtbot, settings):
    window = open_game(shell, qtbot)
    to_stock_phase(qtbot, window)
    c = window.controller
    window._prompt_chosen(AUTO_PASS)
    assert window.auto_pass.is_armed()
    if c.human_to_move():  # a turn of theirs came before the pass was taken
        pass
    else:
        actions, labels = window._prompt_choices()
        assert actions == [STOP_PASSING] and labels == ["Stop passing (Esc)"]
    window.cancel_auto_pass()
    assert not window.auto_pass.is_armed()
    if c.view.get("phase") == "stock":
        qtbot.waitUntil(lambda: c.human_to_move() or c.view.get("phase") != "stock", timeout=10_000)
        if c.human_to_move() and c.view.get("phase") == "stock":
            n = len(c.session.log)
            qtbot.wait(600)  # longer than an auto-pass waits
            assert len(c.session.log) == n, "a pass was taken after the player stopped passing"


@pytest.mark.parametrize("game", ["first-ceo", "robber-barons", "victory-through-industry", "captains-of-industry"])
def test_never_offered_where_the_rules_have_no_pass_for_a_phase(shell, qtbot, settings, game):
    window = open_game(shell, qtbot, game)
    c = window.controller
    for _ in range(15):
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=10_000)
        if c.session.is_over():
            break
        assert AUTO_PASS not in window._prompt_choices()[0]
        c.take(c.legal[0])
