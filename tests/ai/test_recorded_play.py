"""Every AI level of every game chooses, from the same seeds, exactly what it chose when the games
in tests/fixtures/ai/ were recorded; the hints' estimates of recorded positions are unchanged too.
A change to how the AI's code is arranged must pass this untouched; a change meant to change play
rewrites the fixtures (tests/ai/recorded_play.py says how)."""

from __future__ import annotations

import json

import pytest

from engine.core.registry import game_ids
from tests.ai import recorded_play


def _recorded(game_id: str) -> dict:
    return json.loads(recorded_play.fixture_path(game_id).read_text())


@pytest.mark.parametrize("game_id", game_ids())
def test_every_level_chooses_what_it_chose_when_recorded(game_id):
    recorded = _recorded(game_id)
    assert recorded["hard_iterations"] == recorded_play.HARD_ITERATIONS
    assert len(recorded["games"]) == len(recorded_play.GAMES)
    for rec, then in zip(recorded_play.GAMES, recorded["games"], strict=True):
        assert then["seed"] == rec.seed
        now, session = recorded_play.play_game(game_id, rec)
        first_change = next((i for i, (a, b) in enumerate(zip(now, then["actions"], strict=False)) if a != b), None)
        assert first_change is None, (f"seed {rec.seed}, levels {then['levels']}: decision {first_change} was "
                                      f"{then['actions'][first_change]}, now {now[first_change]}")
        assert now == then["actions"]
        assert session.is_over() == then["over"]


@pytest.mark.parametrize("game_id", game_ids())
def test_hint_estimates_are_what_they_were_when_recorded(game_id):
    recorded = _recorded(game_id)
    heuristic = next(rec for rec in recorded_play.GAMES if "hard" not in rec.levels)
    assert recorded_play.estimates(game_id, heuristic) == recorded["estimates"]
