"""Hard AI: single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley &
Whitehouse 2012) over the engine contract, for every registered game.

Each iteration deals a fresh determinization of the searching seat's view (`obs.sample`), walks
the tree choosing among the actions legal *in that deal* by UCT with availability counts, adds one
node, plays on with a cheap policy for a limited depth and scores the position with the game's
evaluation (each seat's estimated share of the win). The tree is keyed by player decisions only;
chance outcomes are sampled on the way down ("open loop"), so a 42-card market refill does not
split the tree 42 ways.

The agent never touches the true state: it sees only `obs` (view, legal actions, a sampler).
With `Budget.iterations` the result depends only on the seed; with a time budget it depends on
how many iterations fit.

A game may play the Hard level's other form instead, the rollouts of ai/core/rollouts.py
(`form="rollouts"` in its knowledge, ai/core/knowledge.py); `hard_agent(game_id)` of
ai/core/hard.py builds whichever the game names.
"""

from __future__ import annotations

import math
import random
import time

from ai.core.agent import Budget, Observation
from ai.core.knowledge import Knowledge, knowledge_for
from ai.core.own_levels import normal_choice
from ai.core.shares import terminal_shares
from engine.core.contract import CHANCE, TERMINAL, Action, State

DEFAULT_THINK_MS = 2000
DEFAULT_MAX_ITERATIONS = 50_000


class Node:
    """Statistics of one decision reached from the root; `player` is who chose the edge into it."""

    __slots__ = ("children", "visits", "avail", "reward", "player")

    def __init__(self, player: int):
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.player = player


class SearchRng:
    """A fast generator for the search's own sampling, seeded from the agent's `Rng`.

    Rules never see it: it only picks determinizations, playout moves and tie-breaks, where
    speed matters more than our portable generator's bit-exact sequence (Mersenne Twister's
    `random()` is exact across platforms too, which keeps a seeded search reproducible).
    """

    __slots__ = ("random",)

    def __init__(self, seed: int):
        self.random = random.Random(seed).random

    def randbelow(self, n: int) -> int:
        return int(self.random() * n)

    def choice(self, seq):
        return seq[int(self.random() * len(seq))]

    def weighted_index(self, weights) -> int:
        x = self.random() * sum(weights)
        for i, w in enumerate(weights):
            x -= w
            if x < 0:
                return i
        return len(weights) - 1

    def shuffle(self, items: list) -> None:
        rnd = self.random
        for i in range(len(items) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            items[i], items[j] = items[j], items[i]


def chance_step(state: State, rng: SearchRng) -> Action:
    outcomes = state.chance_outcomes()
    if len(outcomes) == 1:
        return outcomes[0][0]
    return outcomes[rng.weighted_index([w for _, w in outcomes])][0]


class IsmctsAgent:
    """The Hard level: SO-ISMCTS with the game's evaluation at a playout cut-off."""

    level = "hard"

    def __init__(self, game_id: str, knowledge: Knowledge | None = None,
                 think_ms: int = DEFAULT_THINK_MS, max_iterations: int = DEFAULT_MAX_ITERATIONS):
        self.game_id = game_id
        self.k = knowledge or knowledge_for(game_id)
        self.think_ms = think_ms
        self.max_iterations = max_iterations
        self.last_iterations = 0
        self.prior: Action | None = None

    def choose(self, obs: Observation, rng, budget: Budget) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        think_ms = budget.think_ms if budget.think_ms is not None else self.think_ms
        cap = budget.iterations if budget.iterations is not None else self.max_iterations
        # stop a little early: the result still has to cross back to the UI within the budget
        deadline = None if budget.iterations is not None else time.perf_counter() + 0.95 * think_ms / 1000
        seed = rng.next64()
        if self.k.delegate is not None and self.k.delegate(obs):
            self.last_iterations = 0
            return self._prior_choice(obs, seed)
        self.prior = self._prior_choice(obs, seed) if self.k.prior_weight > 0 else None
        rng = SearchRng(seed)
        root = Node(-1)
        legal_set = set(legal)
        iterations = 0
        while iterations < cap:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(root, obs.sample(rng), rng, obs.seat)
            iterations += 1
        self.last_iterations = iterations
        best = max((a for a in root.children if a in legal_set),
                   key=lambda a: (root.children[a].visits, root.children[a].reward), default=None)
        return best if best is not None else legal[0]

    def _prior_choice(self, obs: Observation, seed: int) -> Action:
        return normal_choice(self.game_id, obs, seed)

    def _iterate(self, root: Node, state: State, rng, seat: int) -> None:
        k = self.k
        reply = k.opponent_policy
        node = root
        path = [root]
        c = k.exploration
        prior, bias = self.prior, k.prior_weight
        # selection and expansion
        while True:
            mover = state.to_move()
            while mover == CHANCE:
                state.apply_unchecked(chance_step(state, rng))
                mover = state.to_move()
            if mover == TERMINAL:
                break
            if reply is not None and mover != seat:
                # open loop: the node stands for "my next decision", whatever they answered
                state.apply_unchecked(reply(state, rng))
                continue
            legal = state.legal_actions(mover)
            if k.prune is not None:
                legal = k.prune(state, legal) or legal
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.randbelow(len(untried))] if len(untried) > 1 else untried[0]
                child = Node(mover)
                children[action] = child
                state.apply_unchecked(action)
                path.append(child)
                break
            best, best_value = None, -1.0
            for a in legal:
                child = children[a]
                # availability counts: how often this child was selectable, not the parent's visits
                value = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if node is root and a == prior:
                    value += bias / (child.visits + 1)
                if value > best_value:
                    best, best_value = a, value
            node = children[best]
            state.apply_unchecked(best)
            path.append(node)
        # playout to the cut-off
        policy = k.playout_action
        for _ in range(k.playout_depth):
            mover = state.to_move()
            if mover == TERMINAL:
                break
            if mover == CHANCE:
                action = chance_step(state, rng)
            elif policy is not None:
                action = policy(state, rng)
            else:
                legal = state.legal_actions(mover)
                action = legal[rng.randbelow(len(legal))]
            state.apply_unchecked(action)
        shares = terminal_shares(state) if state.to_move() == TERMINAL else k.evaluate(state)
        for n in path:
            n.visits += 1
            if n.player >= 0:
                n.reward += shares[n.player]
