"""What the Hard level's search knows of Victory Through Industry (ai/core/knowledge.py): it plays
the tree (ai/core/search.py), with an evaluation that counts built capacity as well as points, a
cheap playout policy, pruning of moves that are almost never right inside a search (tearing down,
discarding, trading offers), and the decisions left to the Normal level's planner.

Searching every small step of a non-production move lost all 16 games of a trial against three
Normals (the steps of a build only pay off moves later, past any playout): the search now chooses
only how each move starts (which factory type produces, or a non-production move) and follows
Normal's plan inside the move. That won 4 of 16 with these light playouts (24 steps deep) at 300
iterations, and 4 of 16 with Normal's own policy as the playout at 100 iterations (3.5 times slower a
game). Playouts are now 16 steps deep: half the cost of 24 went into playouts, and the search runs
about 1,200 iterations a second in positions of Normal-vs-Normal games instead of 800.
"""

from __future__ import annotations

from ai.core.knowledge import Knowledge
from ai.core.shares import softmax_shares
from engine.core.contract import Action
from engine.games.victory_through_industry.data import CONTRACTS, VALUE


def standing(state) -> list[dict[str, float]]:
    """Each seat's points by category (products, contracts), and what the evaluation adds: a
    little for each factory, less half of each contract it cannot supply yet (at risk at the next
    fulfilment)."""
    out = []
    for s in range(state.players):
        row = {k: float(v) for k, v in state.score(s).items()}
        if not state.is_terminal():
            counts = state.product_counts(s)
            row["factories"] = 0.6 * len(state.fac[s])
            row["contracts_at_risk"] = -sum(0.5 * CONTRACTS[cid].points for cid in state.held[s]
                                            if not counts.get(CONTRACTS[cid].product))
        out.append(row)
    return out


def evaluate(state) -> list[float]:
    """Each seat's share of the win from its points plus a little for what it can still make."""
    out = [sum(row.values()) for row in standing(state)]
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
    """Leave out tearing down, discarding, trade offers, requests to move a factory to or from
    another complex (rarely right, and they bloat the tree) and moving product cards: a move costs
    nothing within a non-production move, so a search that sees no gain in it can shuffle cards
    back and forth all turn instead of ending the move (seen: 170 card moves in one game)."""
    kept = [a for a in legal if a.kind not in ("tear_down", "discard", "offer", "move_factory", "lend", "borrow",
                                               "move_product")]
    return kept or legal


def delegate(obs) -> bool:
    """Search only the choice each move starts with (which factory type produces, or a
    non-production move); the steps of a non-production move, the draft and the answers follow
    the Normal level's plan, whose worth shows only moves later."""
    return not any(a.kind == "nonproduction" for a in obs.legal)


KNOWLEDGE = Knowledge(form="tree", evaluate=evaluate, prune=prune, delegate=delegate, standing=standing,
                      playout_action=playout_action, playout_depth=16)
