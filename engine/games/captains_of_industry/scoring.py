"""Game-end scoring: each Player Bank's Market Share by category, the Advances that score at the
end, the Captain cards and the money bonus, and the outcome (ties: most money, then turn order)."""

from __future__ import annotations

from engine.core.contract import Outcome
from engine.games.captains_of_industry.data import ADVANCES, CAPTAINS, RULES, SPACES

MONEY_BONUS: tuple[int, ...] = tuple(RULES["money_bonus"])


def money_bonus(money: list[int]) -> list[int]:
    """Market Share for the most money: 20 / 10 / 5. A group of k players tied at a rank shares
    the bonuses of that rank and the k-1 below it, each share rounded down (rules; R19).

    >>> money_bonus([30, 30, 10, 5])
    [15, 15, 5, 0]
    >>> money_bonus([40, 9, 9, 9])
    [20, 5, 5, 5]
    """
    n = len(money)
    table = list(MONEY_BONUS) + [0] * n
    out = [0] * n
    rank = 0
    for value in sorted(set(money), reverse=True):
        group = [i for i in range(n) if money[i] == value]
        share = sum(table[rank:rank + len(group)]) // len(group)
        for i in group:
            out[i] = share
        rank += len(group)
    return out


class Holdings:
    """What one seat owns at the end, as the Captain cards read it."""

    __slots__ = ("seat", "facilities", "others_facilities", "re_spaces", "advances", "dominations", "money",
                 "others_money", "other_types")

    def __init__(self, seat: int, facilities: list[dict], re_spaces: list[str], advances: list[str],
                 dominations: int, money: list[int]):
        self.seat = seat
        self.facilities = {t: v[0] for t, v in facilities[seat].items()}  # type -> size
        self.others_facilities = [v[0] for s, f in enumerate(facilities) if s != seat for v in f.values()]
        self.other_types = {t for s, f in enumerate(facilities) if s != seat for t in f}
        self.re_spaces = re_spaces
        self.advances = advances
        self.dominations = dominations
        self.money = money[seat]
        self.others_money = [m for s, m in enumerate(money) if s != seat]


def captain_points(card: str, h: Holdings) -> int:
    """What one Captain card in hand scores at the end of the game (0 if its condition fails)."""
    c = CAPTAINS[card]
    p = c.params
    k = c.kind
    if k == "facility":
        size = h.facilities.get(p["facility"], 0)
        if not size:
            return 0
        points = p["per"] * size
        if size >= max(h.facilities.values()):
            points += p["your_largest"]  # ties with your own facilities count (R16)
        if all(size > other for other in h.others_facilities):
            points += p["game_largest"]  # strictly larger than every other player's (R16)
        return points
    if k == "per_re":
        return p["per"] * len(h.re_spaces)
    if k == "zone_pair":
        zones = [SPACES[s].zone for s in h.re_spaces]
        return p["bonus"] if any(zones.count(z) >= 2 for z in zones) else 0
    if k == "zones":
        return p["bonus"] if len({SPACES[s].zone for s in h.re_spaces}) >= p["at"] else 0
    if k in ("gold", "types"):
        n = (sum(1 for s in h.re_spaces if SPACES[s].level == "gold") if k == "gold" else len(h.facilities))
        return p["more"] if n >= p["more_at"] else p["bonus"] if n >= p["at"] else 0
    if k == "per_advance":
        return p["per"] * len(h.advances)
    if k == "level3":
        return p["bonus"] if any(ADVANCES[a].level == 3 for a in h.advances) else 0
    if k == "monopoly":
        return p["per"] * sum(1 for t in h.facilities if t not in h.other_types)
    if k == "total_size":
        return p["bonus"] if sum(h.facilities.values()) >= p["at"] else 0
    if k == "domination":
        return p["per"] * h.dominations
    if k == "most_money":
        return p["bonus"] if all(h.money > m for m in h.others_money) else 0
    if k == "owns_all":
        return p["bonus"] if all(f in h.facilities for f in p["facilities"]) else 0
    raise ValueError(f"unknown Captain kind {k}")


def final_breakdown(state) -> list[dict[str, int]]:
    """Each seat's Market Share by category, as End-of-Game Business totals it."""
    out = []
    owners: dict[str, set[int]] = {}
    for s in range(state.players):
        for adv in state.advances[s]:
            owners.setdefault(adv, set()).add(s)
    bonus = money_bonus(state.money)
    for s in range(state.players):
        b = dict(state.ms[s])
        game_adv = 0
        if "C2" in state.advances[s]:
            game_adv += 2 * len(state.facilities[s])
        if "C3" in state.advances[s]:
            game_adv += sum(1 for adv, who in owners.items() if adv != "C3" and who - {s})
        if "C4" in state.advances[s]:
            game_adv += 3 * len(state.re_spaces(s))
        b["game_advances"] = game_adv
        h = Holdings(s, state.facilities, state.re_spaces(s), state.advances[s], state.dominations[s], state.money)
        b["captains"] = sum(captain_points(c, h) for c in state.hands[s])
        b["money_bonus"] = bonus[s]
        out.append(b)
    return out


def final_outcome(state) -> Outcome:
    breakdown = final_breakdown(state)
    scores = [sum(b.values()) for b in breakdown]
    # ties: most money, then earliest on the Turn Order track (rules)
    position = {s: i for i, s in enumerate(state.order)}
    tiebreak = [(state.money[s], -position[s]) for s in range(state.players)]
    return Outcome.from_scores(scores, breakdown, tiebreak=tiebreak, tie_rule="most money, then turn order")
