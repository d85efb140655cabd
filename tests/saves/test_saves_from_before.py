"""Saves written before the five games were given one shape still load and replay. The files in
tests/fixtures/saves/before-one-shape/ were written by the code of commit b654d9f (each game's
engine before its state, turn machine and phases were split into the frame stack and one module
per part): 3 players, seed 11, about 120 random legal decisions. Loading replays each file's
log and checks its stored state hash, so an engine refactor that changed any rule, draw or
hash of these positions fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import game_ids
from engine.core.rng import Rng
from saves.store import read_session

OLD = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "before-one-shape"
GAMES = [g for g in game_ids() if g != "toy-race"]


def test_every_registered_game_has_a_save_from_before():
    assert sorted(p.stem for p in OLD.glob("*.tycoons")) == sorted(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_save_from_before_loads_replays_and_plays_on(game_id):
    path = OLD / f"{game_id}.tycoons"
    before = path.read_bytes()
    session = read_session(path, expect_game=game_id)  # replays the log, checks the stored hash
    assert session.spec.id == game_id and len(session.log) > 80
    assert path.read_bytes() == before  # loading never changes the file
    rng = Rng(9)
    for _ in range(10):  # and the game goes on from there
        if session.is_over():
            break
        session.apply(rng.choice(session.legal_actions()))
    assert session.is_over() or session.legal_actions()
