"""Session: the action log, undo/redo and the barriers that end the undo window (ARCHITECTURE §3)."""

import pytest

from engine.core import CHANCE, Action, IllegalAction, Rng, Session, UnknownGame
from engine.core.contract import SeatInfo


def humans(n):
    return [SeatInfo(f"H{i}") for i in range(n)]


def test_unknown_game_is_a_clear_error():
    with pytest.raises(UnknownGame, match="no game called 'chess'"):
        Session.new("chess", ["a", "b"])


def test_bad_player_count_and_options_refused():
    with pytest.raises(ValueError, match="3–6 players"):
        Session.new("first-ceo", ["a", "b"])
    with pytest.raises(ValueError, match="no option"):
        Session.new("first-ceo", ["a", "b", "c"], options={"turbo": True})


def test_setup_chance_is_resolved_and_logged_as_barrier():
    s = Session.new("first-ceo", humans(3), seed=4)
    assert s.to_move() >= 0
    assert s.log and all(e.action.seat == CHANCE and e.barrier for e in s.log)
    assert not s.can_undo()


def test_same_seed_same_game_different_seed_differs():
    a = Session.new("first-ceo", humans(4), seed=10)
    b = Session.new("first-ceo", humans(4), seed=10)
    c = Session.new("first-ceo", humans(4), seed=11)
    assert a.state.state_hash() == b.state.state_hash()
    assert a.state.state_hash() != c.state.state_hash()


def no_chance_action(s):
    """A decision that draws nothing: buying a share (or dividends)."""
    acts = s.legal_actions()
    return next((a for a in acts if a.kind == "buy_share"), next(a for a in acts if a.kind == "dividends"))


def test_undo_restores_exact_state_and_redo_reapplies():
    s = Session.new("first-ceo", humans(3), seed=1)
    before = s.state.state_hash()
    action = no_chance_action(s)
    s.apply(action)
    after = s.state.state_hash()
    assert s.can_undo()
    assert s.undo() == action
    assert s.state.state_hash() == before
    assert s.redo() == action
    assert s.state.state_hash() == after


def test_change_of_human_seat_is_a_barrier():
    s = Session.new("first-ceo", humans(3), seed=1)
    first = s.to_move()
    s.apply(no_chance_action(s))
    assert s.to_move() != first
    s.apply(no_chance_action(s))  # the next human acts: the first one's decision is out of reach
    s.undo()
    assert not s.can_undo()
    with pytest.raises(IllegalAction, match="Nothing can be undone"):
        s.undo()


def test_ai_decision_is_a_barrier():
    s = Session.new("first-ceo", [SeatInfo("A", "ai", "easy")] * 3, seed=1)
    s.apply(no_chance_action(s), by_ai=True)
    assert not s.can_undo()


def test_chance_outcome_is_a_barrier_and_undo_never_redraws():
    s = Session.new("first-ceo", humans(3), seed=2)
    acquire = next(a for a in s.legal_actions() if a.kind == "acquire")
    s.apply(acquire)  # refills the market: a chance outcome follows
    assert s.log[-1].action.seat == CHANCE
    assert not s.can_undo()


def test_new_decision_clears_redo():
    s = Session.new("first-ceo", humans(3), seed=1)
    s.apply(no_chance_action(s))
    s.undo()
    s.apply(Action("dividends", s.to_move(), ()))
    assert not s.can_redo()


def test_illegal_decision_leaves_session_untouched():
    s = Session.new("first-ceo", humans(3), seed=1)
    log_len, h = len(s.log), s.state.state_hash()
    wrong_seat = (s.to_move() + 1) % 3
    with pytest.raises(IllegalAction, match="not that player's turn"):
        s.apply(Action("dividends", wrong_seat, ()))
    assert len(s.log) == log_len and s.state.state_hash() == h


def test_replay_reaches_the_same_state_and_listeners_follow():
    s = Session.new("first-ceo", humans(4), seed=8)
    seen = []
    s.subscribe(lambda sess: seen.append(len(sess.log)))
    rng = Rng(1)
    for _ in range(30):
        s.apply(rng.choice(s.legal_actions()))
    assert len(seen) == 30 and seen[-1] == len(s.log)
    r = Session.replay("first-ceo", s.names, None, 8, s.actions())
    assert r.state.state_hash() == s.state.state_hash()


def test_chance_rng_depends_only_on_seed_and_index():
    s = Session.new("first-ceo", humans(3), seed=5)
    assert s.chance_rng(3).next64() == Rng.derive(5, "chance", 3).next64()


def test_log_names_players_and_hides_secrets():
    s = Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=1)
    lines = s.render_log(None)
    assert any("Ann" in line for line in lines)
    assert not any("you" in line.lower().split() for line in lines)
