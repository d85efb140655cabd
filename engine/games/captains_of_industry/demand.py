"""End-of-age demand (rules, "Determine Demand"; the algorithm of spec §12.4 step 1).

Pure functions on plain data, so the worked examples of the rules text are tested directly.
"""

from __future__ import annotations

from engine.games.captains_of_industry.data import AUTO_DEMAND, MARKETS, RE_CARDS, SECTOR_ICON, SPACES, ZONE_SPACES


def zone_icons(zone: str, built: dict) -> str:
    """The demand icons a zone shows: each built card's chosen side, and the automatic demand of
    each empty space (Bronze only, R12). `built` maps space id -> [card, side, owner]."""
    icons = []
    for space in ZONE_SPACES[zone]:
        entry = built.get(space)
        if entry is None:
            icons.append(AUTO_DEMAND[SPACES[space].level])
        else:
            icons.append(RE_CARDS[entry[0]].sides[entry[1]])
    return "".join(icons)


def market_demand(market: str, built: dict) -> int:
    """Consumer demand of a market: its sector's icons in every adjacent zone."""
    m = MARKETS[market]
    icon = SECTOR_ICON.get(m.sector)
    if icon is None:
        return 0
    return sum(zone_icons(z, built).count(icon) for z in m.zones)


def kept_tokens(demand: int, holdings: dict[int, tuple[int, int]]) -> dict[int, int]:
    """How many tokens of each player the consumers buy.

    `holdings` maps seat -> (price, count). The cheapest tokens are kept first; where players tie
    at a price and the demand left cannot take all their tokens, it is spread one token each round
    among the tied players who still have one, and raised to finish a round (rules). The raise
    never reaches the next price and never creates tokens (R6).

    >>> kept_tokens(6, {0: (3, 2), 1: (7, 1), 2: (7, 4), 3: (7, 4)})
    {0: 2, 1: 1, 2: 2, 3: 2}
    """
    keep = {seat: 0 for seat in holdings}
    remaining = demand
    for price in sorted({p for p, _ in holdings.values()}):
        if remaining <= 0:
            break
        tied = sorted(s for s, (p, n) in holdings.items() if p == price and n > 0)
        total = sum(holdings[s][1] for s in tied)
        if total <= remaining:
            for s in tied:
                keep[s] = holdings[s][1]
            remaining -= total
            continue
        left = {s: holdings[s][1] for s in tied}
        while remaining > 0:
            active = [s for s in tied if left[s] > 0]
            for s in active:
                keep[s] += 1
                left[s] -= 1
            remaining -= len(active)
        break
    return keep
