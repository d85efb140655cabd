"""The generic fallback agent: uniform over the legal actions."""

from __future__ import annotations

from ai.core.agent import Budget, Observation


class RandomAgent:
    """Chooses uniformly among the legal actions. Serves every level of a game without its own agents."""

    def __init__(self, level: str = "random"):
        self.level = level

    def choose(self, obs: Observation, rng, budget: Budget):
        if not obs.legal:
            raise ValueError(f"seat {obs.seat} has no legal action to choose from")
        return obs.legal[rng.randbelow(len(obs.legal))]
