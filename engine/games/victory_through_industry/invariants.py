"""What must hold between any two decisions of Victory Through Industry (the contract tests check
it after every decision of random games): factories and product cards conserved, at most four
factories of a type, complexes connected with every card beside a factory, contracts conserved,
at most eight held."""

from __future__ import annotations

from engine.games.victory_through_industry.complex import connected
from engine.games.victory_through_industry.data import (
    CONTRACT_IDS,
    MAX_CONTRACTS,
    MAX_PER_TYPE,
    PRODUCT_IDS,
    SUPPLY_PER_TYPE,
)


def broken(state) -> list[str]:
    """Factories and products conserved, four of a type at most, complexes connected with every
    product beside a factory (between decisions), contracts conserved, eight held at most."""
    problems = []
    sub = state.sub
    total = dict(state.supply)
    lifted = state._lifted()
    if lifted is not None:
        total[lifted[1]] += 1
    in_play = {p: 0 for p in PRODUCT_IDS}
    for s in range(state.players):
        owned: dict[str, int] = {}
        for f, _ in state.fac[s].values():
            owned[f] = owned.get(f, 0) + 1
        for f in state.drafted[s]:
            owned[f] = owned.get(f, 0) + 1
        for f, n in owned.items():
            total[f] += n
        if lifted is not None and lifted[0] == s:
            owned[lifted[1]] = owned.get(lifted[1], 0) + 1
        if owned and max(owned.values()) > MAX_PER_TYPE:
            problems.append(f"seat {s} has more than four of a factory type")
        fac, prod = state.fac[s], state.prod[s]
        for p in prod.values():
            in_play[p] += 1
        for p in state.incoming[s]:
            in_play[p] += 1
        if any(c in fac for c in prod):
            problems.append(f"seat {s}: a cell holds a factory and a product")
        if sub is None and state.phase == "play":
            if not connected(fac):
                problems.append(f"seat {s}: complex not connected")
            for (x, y) in prod:
                if (x, y - 1) not in fac and (x + 1, y) not in fac and (x, y + 1) not in fac \
                        and (x - 1, y) not in fac:
                    problems.append(f"seat {s}: product at {x},{y} beside no factory")
        if len(state.held[s]) > MAX_CONTRACTS:
            problems.append(f"seat {s} holds {len(state.held[s])} contracts")
    # the draft pool is still counted in the supply: a pick takes the card from the pile
    for f, n in total.items():
        if n != SUPPLY_PER_TYPE:
            problems.append(f"factories of type {f} not conserved ({n})")
    made, spent = state.made, state.spent
    for p, n in in_play.items():
        if n != made[p] - spent[p]:
            problems.append(f"products of type {p} not conserved")
    n_contracts = len(state.deck) + len(state.row) + len(state.lost) + sum(len(h) for h in state.held)
    distinct = len(set(state.deck).union(state.row, state.lost, *state.held))
    if n_contracts != len(CONTRACT_IDS) or distinct != n_contracts:
        problems.append("contracts not conserved")
    if state.token is not None and not 0 <= state.token < state.players:
        problems.append("bad fulfilment token")
    return problems

