"""Each game's knowledge (ai/core/knowledge.py): one typed object, whose knobs are all read by the
searches the game plays. A misspelt knob, a value of the wrong type and a knob that only a test
reads all fail."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ai.core import estimate as estimate_module
from ai.core.agent import Budget
from ai.core.agents import get_agent
from ai.core.estimate import EstimateBudget, estimate
from ai.core.game_parts import own_module
from ai.core.hard import hard_agent
from ai.core.knowledge import DEFAULT, Knowledge, knowledge_for
from ai.core.observe import observe
from engine.core import Session, game_ids
from engine.core.contract import SeatInfo


class Reading:
    """A game's knowledge that notes each knob the search reads from it."""

    def __init__(self, knowledge: Knowledge):
        self.knowledge = knowledge
        self.read: set[str] = set()

    def __getattr__(self, name: str):
        self.read.add(name)
        return getattr(self.knowledge, name)


def knobs_read(game_id: str, knowledge: Knowledge, monkeypatch, searched: int = 3) -> set[str]:
    """The knobs of `knowledge` that the game's Hard level (its form, at a small iteration budget)
    and its hints' estimates read over a seeded game of Normals: Hard decides each decision with a
    choice until it has searched `searched` of them (not left to Normal), and the first such
    decision is estimated as a hint would be."""
    reading = Reading(knowledge)
    monkeypatch.setattr(estimate_module, "knowledge_for", lambda _game_id: reading)
    hard = hard_agent(game_id, reading)
    normal = get_agent(game_id, "normal")
    session = Session.new(game_id, [SeatInfo(f"P{i}", "ai", "normal") for i in range(3)], seed=6)
    estimated = False
    while not session.is_over() and searched > 0:
        obs = observe(session.state, session.to_move())
        if len(obs.legal) > 1:
            hard.choose(obs, session.ai_rng(), Budget(iterations=2))
            if hard.last_iterations:
                searched -= 1
                if not estimated:
                    estimate(obs, 1, EstimateBudget(rollouts=4), power=1.0)
                    estimated = True
        session.apply(normal.choose(obs, session.ai_rng(), Budget()), by_ai=True)
    assert searched == 0, "the game ended before Hard searched enough decisions"
    return reading.read


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_tells_its_searches_through_one_knowledge_object(game_id):
    module = own_module(game_id, "knowledge")
    assert module is not None, f"{game_id} has no ai/games/<pkg>/knowledge.py"
    assert isinstance(module.KNOWLEDGE, Knowledge)
    assert knowledge_for(game_id) is module.KNOWLEDGE


@pytest.mark.parametrize("game_id", game_ids())
def test_every_knob_a_game_sets_is_read_by_the_searches_it_plays(game_id, monkeypatch):
    knowledge = knowledge_for(game_id)
    unread = knowledge.knobs_set() - knobs_read(game_id, knowledge, monkeypatch)
    assert not unread, f"{game_id} sets knobs its searches never read: {sorted(unread)}"


@pytest.mark.parametrize(("game_id", "knob", "value"), [
    ("robber-barons", "playout_depth", 4),            # the rollout form plays no tree playouts
    ("captains-of-industry", "prior_weight", 1.0),    # nor biases a tree's root
    ("victory-through-industry", "budget_unit", "rollouts"),  # the tree counts iterations
])
def test_a_knob_the_games_search_never_reads_is_caught(game_id, knob, value, monkeypatch):
    knowledge = replace(knowledge_for(game_id), **{knob: value})
    assert knob in knowledge.knobs_set() - knobs_read(game_id, knowledge, monkeypatch, searched=1)


def test_a_misspelt_knob_or_a_wrong_value_is_refused_when_the_knowledge_is_built():
    with pytest.raises(TypeError, match="rollout_horizont"):
        Knowledge(rollout_horizont=30)
    with pytest.raises(TypeError):
        Knowledge("rollouts")  # by keyword only: a knob is always named
    with pytest.raises(ValueError, match="form"):
        Knowledge(form="rollout")
    with pytest.raises(ValueError, match="budget_unit"):
        Knowledge(budget_unit="world")
    with pytest.raises(TypeError, match="playout_depth"):
        Knowledge(playout_depth=4.5)
    with pytest.raises(ValueError, match="rollout_horizon"):
        Knowledge(rollout_horizon=-1)
    with pytest.raises(TypeError, match="exploration"):
        Knowledge(exploration="0.7")
    with pytest.raises(TypeError, match="evaluate"):
        Knowledge(evaluate=None)
    with pytest.raises(TypeError, match="prune"):
        Knowledge(prune=6)
    with pytest.raises(AttributeError):
        DEFAULT.rollout_horizon = 10  # frozen: one game's knowledge is never changed under another's search


def test_knobs_set_are_those_away_from_their_defaults():
    assert DEFAULT.knobs_set() == set()
    assert Knowledge(form="rollouts", rollout_horizon=40, playout_depth=5).knobs_set() == {"form", "playout_depth"}
