"""Hard AI, rollout form: determinized rollouts of the Normal level compared on common random numbers.

The tree search of ai/core/search.py plateaued against Normal in every game (see ai/HARD.md):
its cheap playouts know less than Normal does, and Normal-policy playouts inside the tree were
too slow to rise above the noise of the dice. This form spends the budget differently. Each
*world* is a fresh determinization of the searching seat's view; in it, every candidate action
is played and then the game goes on for `rollout_horizon` decisions with every seat following
the Normal level (the opponents being played *are* Normal), and the game's evaluation scores
where it ends. All candidates of one world see the same deal and the same stream of dice and
draws (common random numbers), so their comparison measures the action, not the luck; averaged
over the worlds, the best candidate is played.

That is one step of policy improvement over Normal, the rollout algorithm of Bertsekas,
Tsitsiklis & Wu (1997), which Tesauro & Galperin (1996) used to turn a backgammon program into a
much stronger one. It sees only the seat's view: worlds come from `obs.sample`, never the true
state. A game opts in with `form="rollouts"` in its `ai/games/<pkg>/knowledge.py`.
"""

from __future__ import annotations

import time

from ai.core.agent import Budget, Observation
from ai.core.knowledge import Knowledge, knowledge_for
from ai.core.own_levels import normal_choice, normal_policy
from ai.core.search import DEFAULT_THINK_MS, SearchRng, chance_step
from ai.core.shares import terminal_shares
from engine.core.contract import CHANCE, TERMINAL, Action, State

DEFAULT_MAX_WORLDS = 2_000


class RolloutAgent:
    """The Hard level's rollout form: `Budget.iterations` counts worlds, or candidate rollouts
    where the game's `budget_unit` says so (reproducible either way); without it, worlds are
    played until the time budget runs out (each world is finished, so every candidate has been
    tried as often as the others). `last_iterations` is the worlds played in the last decision,
    `last_rollouts` the candidate rollouts."""

    level = "hard"

    def __init__(self, game_id: str, knowledge: Knowledge | None = None,
                 think_ms: int = DEFAULT_THINK_MS, max_worlds: int = DEFAULT_MAX_WORLDS):
        self.game_id = game_id
        self.k = knowledge or knowledge_for(game_id)
        self.think_ms = think_ms
        self.max_worlds = max_worlds
        self.last_iterations = 0
        self.last_rollouts = 0
        self.policy = self.k.rollout_policy or normal_policy(game_id)

    def choose(self, obs: Observation, rng, budget: Budget) -> Action:
        legal = obs.legal
        self.last_iterations = self.last_rollouts = 0
        if len(legal) == 1:
            return legal[0]
        think_ms = budget.think_ms if budget.think_ms is not None else self.think_ms
        cap = budget.iterations if budget.iterations is not None else self.max_worlds
        deadline = None if budget.iterations is not None else time.perf_counter() + 0.95 * think_ms / 1000
        seed = rng.next64()
        base = normal_choice(self.game_id, obs, seed)
        if self.k.delegate is not None and self.k.delegate(obs):
            return base
        search_rng = SearchRng(seed)
        world = obs.sample(search_rng)
        candidates = legal
        if self.k.prune is not None:
            candidates = self.k.prune(world, legal) or legal
        if base not in candidates:
            candidates = [*candidates, base]
        if len(candidates) == 1:
            return candidates[0]
        if budget.iterations is not None and self.k.budget_unit == "rollouts":
            cap = max(1, budget.iterations // len(candidates))
        totals = dict.fromkeys(candidates, 0.0)
        worlds = 0
        started = time.perf_counter()
        while worlds < cap:
            if worlds:
                # a world is played whole or not at all: stop when the next one would overrun
                now = time.perf_counter()
                if deadline is not None and now + (now - started) / worlds >= deadline:
                    break
                world = obs.sample(search_rng)
            values = self.rollout_values(world, candidates, obs.seat, int(search_rng.random() * 2 ** 52))
            for a, v in zip(candidates, values, strict=True):
                totals[a] += v
            worlds += 1
        self.last_iterations = worlds
        self.last_rollouts = worlds * len(candidates)
        # ties go to Normal's choice, then to the earlier legal action
        return max(candidates, key=lambda a: (totals[a], a == base, -candidates.index(a)))

    def rollout_values(self, world: State, candidates: list[Action], seat: int, seed: int) -> list[float]:
        """`seat`'s share of the win after each candidate in `world`, played on for the horizon
        by the Normal policy; every candidate's rollout draws its chance from the same `seed`."""
        return [rollout_shares(world, action, self.policy, self.k.evaluate, self.k.rollout_horizon, seed)[seat]
                for action in candidates]


def rollout_shares(world: State, action: Action, policy, evaluate, horizon: int, seed: int) -> list[float]:
    """Every seat's share of the win after `action` in `world` (left untouched), the game played
    on for `horizon` decisions by `policy`, its chance drawn from `seed` (the same `seed` gives
    every candidate of a world the same dice: common random numbers), then scored by `evaluate`
    (or by the outcome, should the game end first)."""
    state = rollout_end(world, action, policy, horizon, seed)
    return terminal_shares(state) if state.to_move() == TERMINAL else evaluate(state)


def rollout_end(world: State, action: Action, policy, horizon: int, seed: int) -> State:
    """Where `rollout_shares`'s rollout ends: a copy of `world` after `action` and `horizon`
    decisions of `policy` (fewer if the game ends), its chance drawn from `seed`."""
    state = world.copy()
    state.apply_unchecked(action)
    rng = SearchRng(seed)
    for _ in range(horizon):
        mover = state.to_move()
        if mover == TERMINAL:
            break
        state.apply_unchecked(chance_step(state, rng) if mover == CHANCE else policy(state, rng))
    return state
