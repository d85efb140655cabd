"""Hypothesis over hostile saves: wrong types, deep nesting, huge lengths,
edited chance outcomes and logs that end at a chance decision. The promise each time: a good game
or a one-line SaveError, the file unchanged; an edited chance outcome is refused, and a log cut at
a chance decision loads with that decision drawn from the seed. Bounded (a few seconds in all)."""

from __future__ import annotations

import functools

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import CHANCE, Session, get_spec
from saves import CorruptSave, ReplayFailed, SaveError
from saves.envelope import MAGIC, app_version, build_payload, checksum, encode_container
from tests.saves.helpers import play
from tests.saves.test_fuzz import decode_and_replay, good_payload, refused

BOUNDED = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = ["first-ceo", "robber-barons", "victory-through-industry"]


@functools.cache
def played(game_id: str, decisions: int = 50):
    spec = get_spec(game_id)
    return play(Session.new(game_id, [f"P{i}" for i in range(spec.max_players)], seed=11), decisions, seed=11)


int64 = st.integers(-(2**63), 2**63 - 1)
not_an_int = st.one_of(st.floats(allow_nan=True), st.booleans(), st.none(), st.text(max_size=5),
                       st.lists(st.integers(0, 3), max_size=2), st.binary(max_size=3),
                       st.dictionaries(st.text(max_size=2), int64, max_size=1))


@BOUNDED
@given(st.data())
def test_wrong_types_in_any_decision_are_refused(data):
    payload = good_payload()
    log = payload["log"]
    i = data.draw(st.sampled_from([k for k, e in enumerate(log) if e["action"]["args"]]), label="decision")
    args = log[i]["action"]["args"]
    j = data.draw(st.integers(0, len(args) - 1), label="argument")
    bad = data.draw(not_an_int if type(args[j]) is int else st.one_of(not_an_int.filter(
        lambda v: type(v) is not str), int64), label="value")
    args[j] = bad
    err = refused(encode_container(payload), SaveError)
    assert f"decision {i + 1}" in err.reason


@BOUNDED
@given(depth=st.integers(2, 3000), where=st.sampled_from(["args", "action", "entry", "options", "seats"]))
def test_deep_nesting_anywhere_is_refused(depth, where):
    payload = good_payload()
    deep = 1
    for _ in range(depth):
        deep = [deep]
    if where == "args":
        payload["log"][5]["action"]["args"] = [deep]
    elif where == "action":
        payload["log"][5]["action"] = deep
    elif where == "entry":
        payload["log"][5] = deep
    else:
        payload[where] = deep
    try:
        body = msgpack.packb(payload, use_bin_type=True)
    except (ValueError, RecursionError):  # msgpack cannot even write it: write the bytes by hand
        body = b"\x81\xa4game" + b"\x91" * depth + b"\x01"
    app = app_version()
    raw = MAGIC + msgpack.packb({"format": 1, "app": app, "payload": body, "checksum": checksum(1, app, body)},
                                use_bin_type=True)
    refused(raw, CorruptSave if depth > 2 or where != "args" else SaveError)


def _huge_header(kind: str, n: int) -> bytes:
    return {"array": b"\xdd", "map": b"\xdf", "str": b"\xdb", "bin": b"\xc6"}[kind] + n.to_bytes(4, "big")


@BOUNDED
@given(kind=st.sampled_from(["array", "map", "str", "bin"]), n=st.integers(2**16, 2**32 - 1),
       field=st.sampled_from(["game", "options", "seats", "log", "summary", "seed"]),
       filled=st.integers(0, 20_000))
def test_huge_lengths_are_refused(kind, n, field, filled):
    """A length far beyond the file (or a field far larger than a real one, actually filled)."""
    payload = good_payload()
    marker = "\x00MARK\x00"
    payload[field] = marker
    body = msgpack.packb(payload, use_bin_type=True)
    filler = (b"\x90" if kind in ("array", "map") else b"x") * min(filled, n)
    if kind == "map":
        filler = (b"\x90\x90") * min(filled, n // 2)
    body = body.replace(msgpack.packb(marker), _huge_header(kind, n) + filler)
    app = app_version()
    raw = MAGIC + msgpack.packb({"format": 1, "app": app, "payload": body, "checksum": checksum(1, app, body)},
                                use_bin_type=True)
    refused(raw, CorruptSave)


@BOUNDED
@given(game=st.sampled_from(GAMES), pick=st.integers(0, 10**6), other=st.integers(0, 10**6))
def test_an_edited_chance_outcome_is_refused(game, pick, other):
    session = played(game)
    chances = [i for i, e in enumerate(session.log) if e.action.seat == CHANCE]
    at = chances[pick % len(chances)]
    replay = Session.new(game, session.seats, session.options, session.seed, auto_chance=False)
    for entry in session.log[:at]:
        replay.state.apply(entry.action)
    outcomes = [a for a, _ in replay.state.chance_outcomes() if a != session.log[at].action]
    if not outcomes:  # a forced draw (the last card): nothing to edit
        return
    forged = outcomes[other % len(outcomes)]
    payload = build_payload(session, created="2026-11-30T12:00:00Z")
    payload["log"] = payload["log"][: at + 1]
    payload["log"][at]["action"] = forged.to_dict()
    replay.state.apply(forged)
    payload["state_hash"] = replay.state.state_hash()  # the forger recomputes hash and checksum
    err = refused(encode_container(payload), ReplayFailed)
    assert f"decision {at + 1}" in err.reason and "seed gives" in err.reason


@BOUNDED
@given(game=st.sampled_from(GAMES), pick=st.integers(0, 10**6))
def test_a_log_cut_at_a_chance_decision_loads_with_the_seeds_outcome(game, pick):
    session = played(game)
    cuts = [i for i, e in enumerate(session.log) if e.action.seat == CHANCE]
    cut = cuts[pick % len(cuts)]
    short = Session.replay(game, session.seats, session.options, session.seed, session.actions()[:cut])
    assert short.state.to_move() == CHANCE
    loaded = decode_and_replay(encode_container(build_payload(short, created="2026-11-30T12:00:00Z")))
    assert loaded.state.to_move() != CHANCE
    assert loaded.actions() == session.actions()[: len(loaded.log)]


@pytest.mark.parametrize("game", GAMES)
def test_the_played_games_are_good_saves(game):
    """The games the tests above edit load as they are."""
    session = played(game)
    loaded = decode_and_replay(encode_container(build_payload(session, created="2026-11-30T12:00:00Z")))
    assert loaded.state.state_hash() == session.state.state_hash()


def test_hypothesis_keeps_its_files_outside_the_repository():
    """tests/conftest.py: no database under CI, else one in the temp dir; its caches there too."""
    import os
    from pathlib import Path

    from hypothesis.configuration import storage_directory

    root = Path(__file__).resolve().parents[2]
    db = settings.default.database
    if os.environ.get("CI"):
        assert db is None
    else:
        assert root not in Path(db.path).resolve().parents
    assert root not in storage_directory("x", intent_to_write=False).path.resolve().parents
