"""The agent protocol (ARCHITECTURE §6).

An agent sees an `Observation`: the game id, its seat, the seat's `view` dict, the legal actions,
and `sample(rng)`, a function that deals a full state consistent with the view (hidden cards
re-dealt). It never sees the real state or the session's generator, so it cannot cheat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:  # engine imports stay cheap for worker processes
    from engine.core.contract import Action, State
    from engine.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything an agent may know when it must decide.

    `sample(rng)` returns a fresh determinized `State` for `seat` each call; agents may mutate it.
    """

    game_id: str
    seat: int
    view: dict
    legal: list[Action]
    sample: Callable[[Rng], State]


@dataclass(frozen=True, slots=True)
class Budget:
    """How long an agent may think: wall-clock milliseconds and/or iterations (None = level default)."""

    think_ms: int | None = None
    iterations: int | None = None


@runtime_checkable
class Agent(Protocol):
    """An AI player of one level. `choose` must return one of `obs.legal`."""

    level: str

    def choose(self, obs: Observation, rng: Rng, budget: Budget) -> Action:
        """Pick one of `obs.legal`. Use only `obs` and `rng`, so a decision is reproducible."""
        ...


class HeuristicAgent:
    """Base of a game's own (non-searching) levels: a lone legal action is taken at once, without
    looking at the position; otherwise `decide` picks among `obs.legal`."""

    level = ""

    def choose(self, obs: Observation, rng: Rng, budget: Budget) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        return self.decide(obs, rng)

    def decide(self, obs: Observation, rng: Rng) -> Action:
        raise NotImplementedError
