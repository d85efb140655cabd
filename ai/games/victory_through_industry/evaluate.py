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
    """Produce when possible, supply contracts, claim what pays, otherwise end the move soon."""
    s = state.menu_seat()
    if s is not None:
        # The non-production menu is the costliest list to build, and the policy mostly claims or
        # ends the move there: decide that first (same choices, same draws as the general path
        # below, which finds no fulfil, accept, place or produce in this menu).
        claims = state.claimable(s)
        if claims:
            return Action("claim", s, (_best_claim(claims),))
        if rng.random() < 0.6:
            return Action("end_move", s, ())
        legal = state.legal_actions()
        return legal[int(rng.random() * len(legal))]
    legal = state.legal_actions()
    kinds: dict[str, list] = {}
    for a in legal:
        kinds.setdefault(a.kind, []).append(a)
    for k in ("fulfil", "accept", "place_product"):
        if k in kinds:
            return kinds[k][0]
    if "produce" in kinds and rng.random() < 0.8:
        return kinds["produce"][int(rng.random() * len(kinds["produce"]))]
    if "claim" in kinds:
        cids = [a.args[0] for a in kinds["claim"]]
        return kinds["claim"][cids.index(_best_claim(cids))]
    if "end_move" in kinds and rng.random() < 0.6:
        return kinds["end_move"][0]
    return legal[int(rng.random() * len(legal))]


def prune(state, legal):
    """Leave out tearing down, discarding, trade offers and requests to move a factory to or from
    another complex (rarely right, and they bloat the tree)."""
    kept = [a for a in legal if a.kind not in ("tear_down", "discard", "offer", "move_factory", "lend", "borrow")]
    return kept or legal
