"""Game knowledge for the generic Hard search (ai/core/search.py) on Victory Through Industry:
an evaluation that counts built capacity as well as points, a cheap playout policy, and pruning of
moves that are almost never right inside a search (tearing down, discarding, trading offers)."""

from __future__ import annotations

from ai.core.search import softmax_shares
from engine.core.contract import Action
from engine.games.victory_through_industry.data import CONTRACTS, VALUE

playout_depth = 24


def evaluate(state) -> list[float]:
    """Each seat's share of the win from its points plus a little for what it can still make."""
    out = []
    for s in range(state.players):
        sc = state.score(s)
        points = sc["products"] + sc["contracts"]
        capacity = 0.6 * len(state.fac[s])
        owed = 0.0
        counts = state.product_counts(s)
        for cid in state.held[s]:
            if not counts.get(CONTRACTS[cid].product):
                owed += 0.5 * CONTRACTS[cid].points  # at risk at the next fulfilment
        out.append(points + capacity - owed)
    if state.is_terminal():
        out = [sum(state.score(s).values()) for s in range(state.players)]
    spread = max(out) - min(out)
    return softmax_shares(out, max(6.0, spread / 2 + 1.0))


def _best_claim(cids: list[str]) -> str:
    return max(cids, key=lambda c: CONTRACTS[c].points - VALUE[CONTRACTS[c].product])


def playout_action(state, rng):
    """Supply contracts, place received cards and accept trades; produce when possible (four times
    in five); in a non-production move claim the contract that pays best, else end the move (three
    times in five); otherwise a random legal choice."""
    s = state.menu_seat()
    if s is not None:
        # the non-production menu is the costliest list to build: claim or end the move first
        claims = state.claimable(s)
        if claims:
            return Action("claim", s, (_best_claim(claims),))
        if rng.random() < 0.6:
            return Action("end_move", s, ())
        legal = state.legal_actions()
        return legal[int(rng.random() * len(legal))]
    legal = state.legal_actions()
    # outside that menu a list holds one kind of choice plus perhaps a last way out (forfeit,
    # refuse, discard, the non-production move), so its first action says what it is about
    first = legal[0].kind
    if first in ("fulfil", "accept", "place_product"):
        return legal[0]
    if first == "produce" and rng.random() < 0.8:
        produce = [a for a in legal if a.kind == "produce"]
        return produce[int(rng.random() * len(produce))]
    return legal[int(rng.random() * len(legal))]


def prune(state, legal):
    """Leave out tearing down, discarding, trade offers and requests to move a factory to or from
    another complex (rarely right, and they bloat the tree)."""
    kept = [a for a in legal if a.kind not in ("tear_down", "discard", "offer", "move_factory", "lend", "borrow")]
    return kept or legal
