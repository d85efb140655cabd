"""Confirm turn (ARCHITECTURE §3): a finished human turn that can be taken back waits for the player's
confirmation before any AI moves or the hot-seat curtain falls; undo works until then; a turn
that ended in a chance outcome or a reveal asks nothing. Run over every registered game."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from engine.core.contract import SeatInfo
from engine.core.rng import Rng
from ui.games import playable_specs


def seats(game_id: str, humans: int) -> list[SeatInfo]:
    names = ["You", "Ann", "Bob"]
    return [SeatInfo(n) if i < humans else SeatInfo(n, "ai", "easy") for i, n in enumerate(names)]


def settle(qtbot, c) -> None:
    """Wait until the game waits for the human: their move, a confirmation, or the end."""
    qtbot.waitUntil(lambda: c.human_to_move() or c.confirm_pending() or c.session.is_over()
                    or c.curtain_up, timeout=20_000)


def grew_past(qtbot, session, n: int) -> None:
    qtbot.waitUntil(lambda: len(session.log) > n, timeout=5000)


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_ai_waits_for_the_confirmation_and_undo_works_until_then(shell, qtbot, settings, game_id):
    settings.set("confirm_turn", True)
    window = shell.start_game(game_id, seats(game_id, 1), {}, 3)
    qtbot.waitExposed(window)
    c = window.controller
    rng = Rng(11)
    waited = chance_ended = 0
    for _ in range(80):
        settle(qtbot, c)
        if c.session.is_over() or (waited >= 2 and chance_ended >= 1):
            break
        assert c.human_to_move(), "a human turn must be open here"
        before_hash, before_len = c.state_hash(), len(c.session.log)
        action = rng.choice(c.legal)
        assert c.take(action)
        s = c.session
        to_ai = s.to_move() >= 0 and s.seats[s.to_move()].is_ai
        if not to_ai:
            continue
        if not s.can_undo():  # the turn ended in a draw, a roll or a reveal: nothing to confirm
            chance_ended += 1
            assert not c.confirm_pending()
            grew_past(qtbot, s, len(s.log))  # the AI went on
            continue
        waited += 1
        assert c.confirm_pending() and window.act_confirm.isEnabled()
        assert [b.text() for b in window.prompt.buttons][0] == "Confirm turn"
        assert "confirm" in window.prompt.label.text().lower()
        qtbot.wait(50)  # the AI is instant in these tests: it would have moved by now
        assert len(s.log) == before_len + 1, "an AI moved before the human confirmed"
        # a click on the board is refused with what to do now
        c.on_intent(action)
        assert "confirm" in window.statusBar().currentMessage().lower()
        # the misclick is taken back ...
        window.act_undo.trigger()
        assert c.state_hash() == before_hash and c.human_to_move() and not c.confirm_pending()
        # ... and played again, then confirmed with Enter: the AI starts, and nothing is undoable
        window.act_redo.trigger()
        assert c.confirm_pending()
        qtbot.keyClick(window.view, Qt.Key.Key_Return)
        assert not c.confirm_pending() and not window.act_confirm.isEnabled()
        grew_past(qtbot, s, len(s.log))
        assert s.log[before_len + 1].by_ai
        assert not c.undo_stack.canUndo()
    assert waited >= 1, "no turn ever waited for a confirmation"


def test_switching_confirmation_off_lets_a_waiting_turn_go_on(shell, qtbot, settings):
    settings.set("confirm_turn", True)
    window = shell.start_game("first-ceo", seats("first-ceo", 1), {}, 3)
    qtbot.waitExposed(window)
    c = window.controller
    rng = Rng(2)
    for _ in range(40):
        settle(qtbot, c)
        if c.confirm_pending():
            break
        c.take(rng.choice(c.legal))
    assert c.confirm_pending()
    n = len(c.session.log)
    window.act_ask_confirm.setChecked(False)
    assert settings.get("confirm_turn") is False
    qtbot.waitUntil(lambda: len(c.session.log) > n, timeout=5000)


def test_hotseat_curtain_falls_only_after_the_confirmation(shell, qtbot, settings):
    settings.set("confirm_turn", True)
    window = shell.start_game("first-ceo", seats("first-ceo", 2), {}, 7)
    qtbot.waitExposed(window)
    c = window.controller
    qtbot.waitUntil(window.curtain.isVisible, timeout=5000)
    window.curtain.lift()
    rng = Rng(5)
    for _ in range(60):
        settle(qtbot, c)
        if c.confirm_pending() and not c.session.seats[c.session.to_move()].is_ai:
            break
        if window.curtain.isVisible():
            window.curtain.lift()
            continue
        if c.confirm_pending():
            window.confirm_turn()
            continue
        c.take(rng.choice(c.legal))
    else:
        pytest.fail("the turn never passed from one human to the other")
    first, other = c.viewer, c.session.to_move()
    assert other != first
    assert not window.curtain.isVisible(), "the curtain fell before the player confirmed"
    assert window.prompt.buttons[0].text() == "Confirm turn"
    window.prompt.buttons[0].click()
    assert window.curtain.isVisible() and c.viewer == other
    window.curtain.lift()
    assert c.human_to_move() and not c.undo_stack.canUndo()


def test_a_continued_game_keeps_its_take_back_and_waits_for_the_confirmation(shell, qtbot, settings):
    from engine.core.session import Session

    settings.set("confirm_turn", True)
    window = shell.start_game("robber-barons", seats("robber-barons", 1), {}, 3)
    qtbot.waitExposed(window)
    c = window.controller
    rng = Rng(11)
    for _ in range(60):
        settle(qtbot, c)
        if c.confirm_pending():
            break
        c.take(rng.choice(c.legal))
    assert c.confirm_pending()
    s = c.session
    undoable = len(s.log) - s.undo_floor()
    # the app is closed and the game continued (a replay of its log, as a save is loaded)
    again = Session.replay(s.spec.id, s.seats, s.options, s.seed, s.actions(), [e.by_ai for e in s.log])
    window.controller.close()
    window = shell.open_session(again)
    c = window.controller
    qtbot.wait(50)
    assert c.confirm_pending() and len(again.log) == len(s.log), "the AI went on without a confirmation"
    assert c.undo_stack.count() == undoable and window.act_undo.isEnabled()
    window.act_undo.trigger()
    assert c.human_to_move() and not c.confirm_pending()


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_while_a_turn_waits_for_its_confirmation_the_screen_tells_one_moment(shell, qtbot, settings, game_id):
    """The prompt says the turn is done, so the board, the players panel and
    the log agree: the player who confirms is the one marked to act, and nothing on the board
    names the next seat as deciding or offers its decision (Robber Barons drew the next seat's
    Roll buttons and 'Ann: choose how many dice to roll')."""
    from engine.core.text import whose
    from tests.ui.hotseat_people import painted
    from ui.board.pieces import ButtonItem, Chip

    settings.set("confirm_turn", True)
    window = shell.start_game(game_id, seats(game_id, 1), {}, 3)
    qtbot.waitExposed(window)
    c = window.controller
    rng = Rng(11)
    waited = 0
    for _ in range(120):
        settle(qtbot, c)
        if c.session.is_over() or waited >= 3:
            break
        if not c.confirm_pending():
            c.take(rng.choice(c.legal))
            continue
        waited += 1
        s = c.session
        me, nxt = c.viewer, s.to_move()
        name, other = s.names[me], s.names[nxt]
        assert "turn is done" in window.prompt.label.text()
        cards = window.players.cards
        assert cards[me].turn.text() == "▶ to confirm" and cards[me]._styled_to_move
        assert cards[nxt].turn.text() == "" and not cards[nxt]._styled_to_move
        scene = window.view.scene()
        words = " | ".join(repr(content) for _, content, _ in painted(scene))
        for said in (f"{other}: ", f"{other} is ", f"{other} to move", f"{whose(other)} turn", f"{other}, move"):
            assert said not in words, f"the board says {said!r} while {whose(name)} turn waits for the confirmation"
        for item in scene.items():
            action = getattr(item, "action", None)
            if isinstance(item, (ButtonItem, Chip)) and item.isVisible() and action is not None:
                assert action.seat != nxt, f"the board offers {other}'s {action} before {name} confirmed"
        assert window.log_dock.lines() == s.render_log(me)
        window.confirm_turn()
    assert waited >= 1
