"""The recorded whole games (tests/fixtures/games, written by tests/engine/recorded_games.py)
replay exactly: every decision gives the same events, whose turn it is, legal actions, labels,
views, refusal reasons and state hash as when it was recorded. A change to how a game is built
that changes none of the rules keeps them all."""

from __future__ import annotations

import pytest

from engine.core.contract import Action
from engine.core.registry import game_ids
from engine.core.session import Session
from tests.engine import recorded_games as rec

PATHS = sorted(rec.FIXTURES.glob("*/*.json"))


def test_every_registered_game_has_recorded_games():
    for game_id in game_ids():
        recorded = [p for p in PATHS if p.parent.name == game_id]
        assert len(recorded) >= 2, f"{game_id} has {len(recorded)} recorded games; record some in recorded_games.GAMES"


def test_the_recorded_games_are_those_the_recorder_lists():
    assert sorted(g.path for g in rec.GAMES) == PATHS


@pytest.mark.parametrize("path", PATHS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_recorded_game_replays_exactly(path):
    fixture = rec.load(path)
    assert fixture["game"] == path.parent.name
    entries = rec.entries_of(fixture)
    seats = rec.seats_of(fixture)
    now = rec.replay_positions(fixture["game"], seats, fixture["options"], fixture["seed"], entries)
    for i, (was, got) in enumerate(zip(fixture["decisions"], now, strict=True)):
        where = f"decision {i + 1} ({Action.from_dict(was['action'])})"
        assert got["events"] == was["events"], f"{where}: its log texts changed"
        assert got["legal"] == was["legal"], f"{where}: the mover, the legal actions or their labels changed"
        assert got["views"] == was["views"], f"{where}: a view changed"
        assert got["refusals"] == was["refusals"], f"{where}: a refusal reason changed"
        assert got["state"] == was["state"], (f"{where}: the state's stored form changed, so the saves written "
                                              "before no longer load (keep to_data as it was)")
    # a save is its action log: loading one replays it through Session.replay, which checks
    # every chance outcome against the seed
    loaded = Session.replay(fixture["game"], seats, fixture["options"], fixture["seed"],
                            [a for a, _ in entries], [ai for _, ai in entries])
    assert loaded.is_over()
    assert loaded.state.state_hash() == fixture["decisions"][-1]["state"]
