"""The levels a game plays without searching, and the Normal level as the searches use it.

Each game may provide `ai/games/<pkg>/agents.py` with a module attribute
`AGENTS = {"easy": EasyAgent, "normal": NormalAgent, ...}` (classes constructed without
arguments, on the shared `HeuristicAgent`). A game without its own agents is served by
`RandomAgent` at the standard levels, so a newly registered game is playable against the computer
from its first day.

The searches build on Normal (its choice as the tree's prior and for the decisions they leave to
it, its play in rollouts and as the opponent model): `normal_choice` and `normal_policy` give it
to them from here, below the registry of all levels (ai/core/agents.py), which builds on the
searches in turn.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from ai.core.agent import Agent, Budget, Observation
from ai.core.game_parts import own_module
from ai.core.random_agent import RandomAgent
from engine.core.errors import TycoonsError
from engine.core.rng import Rng

if TYPE_CHECKING:
    from engine.core.contract import Action, State

FALLBACK_LEVELS = ("easy", "normal")
"""Levels offered for a game that has no agents of its own (all play uniformly at random)."""


class UnknownLevel(TycoonsError, ValueError):
    """An AI level that the game does not have."""


@cache
def own_levels(game_id: str) -> dict[str, type] | None:
    """The game's AGENTS table, or None if it has no `ai/games/<pkg>/agents.py`."""
    module = own_module(game_id, "agents")
    return None if module is None else dict(module.AGENTS)


def own_agent(game_id: str, level: str) -> Agent:
    """A fresh agent of one of the game's own levels (random play for a game without agents);
    raises UnknownLevel for a level the game lacks."""
    table = own_levels(game_id)
    if table is None:
        if level in FALLBACK_LEVELS:
            return RandomAgent(level)
        known = FALLBACK_LEVELS
    else:
        if level in table:
            agent = table[level]()
            agent.level = level
            return agent
        known = tuple(table)
    raise UnknownLevel(f"{game_id} has no AI level {level!r} (known: {', '.join(known)}, random)")


def normal_policy(game_id: str, agent: Agent | None = None) -> Callable[[State, object], Action]:
    """The Normal level (or `agent`) as a policy on a (determinized) state: each seat decides from
    its own view of the deal, and an agent that samples a deal gets a copy of this one."""
    agent = agent or own_agent(game_id, "normal")
    budget = Budget()
    # an agent may offer the few parts of the view it reads, built faster than the whole view
    view = getattr(agent, "model_view", None) or (lambda state, seat: state.view(seat))

    def policy(state: State, rng) -> Action:
        mover = state.to_move()
        legal = state.legal_actions(mover)
        if len(legal) == 1:
            return legal[0]
        obs = Observation(game_id, mover, view(state, mover), legal, lambda _rng: state.copy())
        return agent.choose(obs, rng, budget)

    return policy


def normal_choice(game_id: str, obs: Observation, seed: int) -> Action:
    """The Normal level's choice from `obs`, its generator seeded with `seed`."""
    return own_agent(game_id, "normal").choose(obs, Rng(seed), Budget())
