"""Every game's AI has the same parts (ARCHITECTURE §13): Easy and Normal on the
shared heuristic agent in `ai/games/<pkg>/agents.py`, one typed knowledge object for the searches
in `knowledge.py` (tests/ai/test_knowledge.py checks it), the balance hooks of `tycoons balance` in
`balance.py`, and the measured figures in `RESULTS.md`."""

from __future__ import annotations

from pathlib import Path

import pytest

import ai
from ai.core.agent import HeuristicAgent
from ai.core.agents import get_agent
from ai.core.game_parts import own_module, package
from engine.core import game_ids


@pytest.mark.parametrize("game_id", game_ids())
def test_easy_and_normal_are_the_shared_heuristic_agent(game_id):
    assert own_module(game_id, "agents") is not None
    for level in ("easy", "normal"):
        agent = get_agent(game_id, level)
        assert isinstance(agent, HeuristicAgent), f"{game_id} {level} is a {type(agent).__name__}"
        # the lone legal action is taken without looking: the base class's choose, not the game's
        assert type(agent).choose is HeuristicAgent.choose


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_its_ai_parts(game_id):
    for part in ("agents", "knowledge", "balance"):
        assert own_module(game_id, part) is not None, f"{game_id} has no ai/games/{package(game_id)}/{part}.py"
    assert (Path(ai.__file__).parent / "games" / package(game_id) / "RESULTS.md").is_file()
