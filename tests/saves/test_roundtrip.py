"""Save and load give back the same game: state hash, log, seats, options, seed, AI flags."""

from __future__ import annotations

import msgpack
import pytest

from engine.core import Rng
from engine.core.contract import SeatInfo
from saves import CorruptSave, describe_save, read_save, read_session, write_session
from saves.envelope import FORMAT_VERSION, build_payload, encode_container, open_envelope
from tests.saves.helpers import REAL_GAME, TOY_GAME, finished_game, log_dicts, new_game, play

GAMES = [REAL_GAME, TOY_GAME]


def assert_same_game(a, b):
    assert b.spec.id == a.spec.id
    assert b.state.state_hash() == a.state.state_hash()
    assert log_dicts(b) == log_dicts(a)
    assert [s.to_dict() for s in b.seats] == [s.to_dict() for s in a.seats]
    assert b.options == a.options
    assert b.seed == a.seed
    assert b.legal_actions() == a.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_round_trip_mid_game(game, tmp_path):
    session = play(new_game(game), 12)
    path = tmp_path / "mid.tycoons"
    write_session(session, path)
    loaded = read_session(path)
    assert_same_game(session, loaded)
    # the loaded game goes on exactly like the original (same chance draws, same choices)
    rng_a, rng_b = Rng(99), Rng(99)
    for _ in range(15):
        if session.is_over():
            break
        session.apply(rng_a.choice(session.legal_actions()))
        loaded.apply(rng_b.choice(loaded.legal_actions()))
        assert loaded.state.state_hash() == session.state.state_hash()


@pytest.mark.parametrize("game", GAMES)
def test_round_trip_finished_game(game, tmp_path):
    session = finished_game(game, seed=3)
    assert session.is_over()
    path = tmp_path / "done.tycoons"
    write_session(session, path)
    loaded = read_session(path)
    assert_same_game(session, loaded)
    assert loaded.is_over()
    assert loaded.state.outcome().to_dict() == session.state.outcome().to_dict()
    assert [e.by_ai for e in loaded.log] == [e.by_ai for e in session.log]
    assert any(e.by_ai for e in loaded.log)  # the AI seats' decisions are flagged


@pytest.mark.parametrize("game", GAMES)
def test_round_trip_fresh_game(game, tmp_path):
    session = new_game(game, seed=5)
    path = tmp_path / "fresh.tycoons"
    write_session(session, path)
    assert_same_game(session, read_session(path))


def test_seats_and_options_survive(tmp_path):
    seats = [SeatInfo("Zoë ✓", "human"), SeatInfo("Bot", "ai", "normal")]
    from engine.core import Session

    session = Session.new(TOY_GAME, seats, options={"goal": 9}, seed=2**40 + 3)
    play(session, 5)
    path = tmp_path / "opts.tycoons"
    write_session(session, path)
    loaded = read_session(path)
    assert loaded.options == {"goal": 9}
    assert loaded.seed == 2**40 + 3
    assert loaded.names == ["Zoë ✓", "Bot"]
    assert loaded.seats[1].is_ai and loaded.seats[1].level == "normal"


def _human_undoable(game):
    """A game of humans just after a decision that can still be undone."""
    session = new_game(game, seed=11, seats=["Ann", "Bob", "Cy"])
    rng = Rng(4)
    for _ in range(200):
        session.apply(rng.choice(session.legal_actions()))
        if session.can_undo() and not session.is_over():
            return session
    pytest.fail("no undoable decision found")


@pytest.mark.parametrize("game", GAMES)
def test_undo_window_is_irrelevant(game, tmp_path):
    session = _human_undoable(game)
    before_undo = session.state.state_hash()
    n = len(session.log)
    # saved with the undo window open: loads to the same position, all decisions kept
    write_session(session, tmp_path / "a.tycoons")
    a = read_session(tmp_path / "a.tycoons")
    assert a.state.state_hash() == before_undo and len(a.log) == n
    # saved after an undo (redo pending): the undone decision is simply not in the save
    session.undo()
    assert session.can_redo()
    write_session(session, tmp_path / "b.tycoons")
    b = read_session(tmp_path / "b.tycoons")
    assert_same_game(session, b)
    assert len(b.log) == n - 1
    assert not b.can_redo()
    # and the payload is the same as a save made without ever taking that decision
    replayed = read_save(tmp_path / "b.tycoons").saved
    assert replayed.actions == session.actions()[: n - 1]


def test_payload_records_the_essentials(tmp_path):
    session = finished_game(TOY_GAME, seed=2)
    path = write_session(session, tmp_path / "p.tycoons")
    env = open_envelope(path.read_bytes())
    assert env.format == FORMAT_VERSION == 2
    assert [(d.action, d.by_ai) for d in env.payload["log"]] == [(e.action, e.by_ai) for e in session.log]
    # what the file holds, as plain msgpack
    p = msgpack.unpackb(msgpack.unpackb(path.read_bytes()[8:])["payload"])
    assert p["game"] == TOY_GAME and p["rules_version"] == session.spec.rules_version
    assert p["seats"] == [s.to_dict() for s in session.seats]
    assert p["log"] == log_dicts(session)
    assert p["state_hash"] == session.state.state_hash()
    assert p["created"].endswith("Z")
    assert isinstance(p["app_version"], str) and p["app_version"]
    assert p["summary"]["finished"] is True
    assert p["hints"] == []


def test_hints_used_are_kept(tmp_path):
    session = finished_game(TOY_GAME, seed=2)
    session.hints = [(0, 0), (4, 0), (4, 1)]
    assert session.note_hint(1) and session.hints[-1] == (len(session.log), 1)
    assert not session.note_hint(1)  # the same point again counts once
    back = read_session(write_session(session, tmp_path / "h.tycoons"))
    assert back.hints == session.hints
    assert back.hints_used(0) == 2 and back.hints_used(1) == 2 and back.hints_used(2) == 0


@pytest.mark.parametrize("hints", [
    "none", [[0]], [[0, 0, 0]], [[-1, 0]], [[10_000, 0]], [[0, 3]], [[0, -1]], [[0, 0], [0, 0]],
    [["0", 0]], [[0.0, 0]], [[True, 0]], {"0": 0},
])
def test_a_bad_record_of_hints_is_refused(tmp_path, hints):
    session = finished_game(TOY_GAME, seed=2)
    payload = build_payload(session)
    payload["hints"] = hints
    path = tmp_path / "bad.tycoons"
    data = encode_container(payload)
    path.write_bytes(data)
    with pytest.raises(CorruptSave, match="hints"):
        read_session(path)
    assert path.read_bytes() == data


def test_describe_save(tmp_path):
    session = finished_game(TOY_GAME, seed=2)
    path = write_session(session, tmp_path / "d.tycoons")
    line = describe_save(path)
    assert "\n" not in line
    assert line.startswith("Toy Race; 3 players: Ann (human), Bob (AI, easy), Cy (AI, normal); ")
    winner = session.names[session.state.outcome().winners[0]]
    assert f"finished, won by {winner}" in line
    assert "saved 20" in line
    mid = play(new_game(TOY_GAME), 2)
    write_session(mid, tmp_path / "m.tycoons")
    assert "in progress" in describe_save(tmp_path / "m.tycoons")
    assert "2 decisions" in describe_save(tmp_path / "m.tycoons")


@pytest.mark.parametrize("moves", [None, 4])
def test_quick_description_matches_the_verified_one(tmp_path, moves):
    session = play(new_game(REAL_GAME, seed=9), moves, 9)
    path = write_session(session, tmp_path / "q.tycoons")
    assert describe_save(path, verify=False) == describe_save(path)
