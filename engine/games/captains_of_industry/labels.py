"""The label of every Captains of Industry action, for the prompt bar and the log, in players'
words (names, never ids or seat numbers)."""

from __future__ import annotations

from engine.core.contract import Action
from engine.core.text import article
from engine.games.captains_of_industry.data import ADVANCES, CAPTAINS, FACILITIES, MARKETS, RE_CARDS, SPACES, ZONES
from engine.games.captains_of_industry.words import fname, goods


def _run_label(st, seat: int, ftype: str, mode: str) -> str:
    good = FACILITIES[ftype].good
    size = st.size(seat, ftype)
    if mode == "overtime":
        return f"Overtime at your {fname(ftype)}: {goods(2 * size, good)} for ${st.overtime_cost(seat, ftype)}"
    return f"Run your {fname(ftype)}: {goods(st.normal_output(seat, size), good)}"


def _split_label(st, k: int) -> str:
    _, _, n, m1, m2 = st.stack[-1]
    return f"{k} to {MARKETS[m1].name}, {n - k} to {MARKETS[m2].name}"


_LABELS = {
    "build": lambda st, seat, t: f"Build {article(fname(t))}",
    "expand": lambda st, seat, t: f"Expand your {fname(t)} to size {st.size(seat, t) + 1}",
    "run": _run_label,
    "research": lambda st, seat, adv: f"Market Research: {ADVANCES[adv].name} ({ADVANCES[adv].cost} Research)",
    "manipulate": lambda st, seat: "Market Manipulation: draw a Captain card and re-price",
    "real_estate": lambda st, seat, z: f"Build {SPACES[st.next_space(z)].level.title()} Real Estate in {ZONES[z]}",
    "take": lambda st, seat, s: "Take back your own token" if s == seat else f"Buy from {{p{s}}}",
    "split": lambda st, seat, k: _split_label(st, k),
    "price": lambda st, seat, m, p: f"Price {MARKETS[m].name} at ${p}",
    "done": lambda st, seat: "Keep the other prices",
    "re_card": lambda st, seat, c, side: f"{c}, side {'AB'[side]} ({RE_CARDS[c].sides[side]})",
    "insider": lambda st, seat, m, k: f"Sell {k} from {MARKETS[m].name}",
    "return_captain": lambda st, seat, c: f"Return {CAPTAINS[c].name}",
    "deal": lambda st, chance, seat, c: f"Deal {CAPTAINS[c].name} to {{p{seat}}}",
    "draw_captain": lambda st, chance, seat, c: f"Draw {CAPTAINS[c].name}",
    "first_order": lambda st, chance, *order: "Turn order: " + ", ".join(f"{{p{s}}}" for s in order),
    "progress": lambda st, chance, card: f"Draw a {card.title()} card",
}
"""Action kind -> its label for the prompt bar and the log (the state, the seat, the arguments)."""


def label(st, action: Action) -> str:
    kind, seat, args = action
    try:
        return _LABELS[kind](st, seat, *args)
    except (KeyError, IndexError, TypeError, ValueError):
        return str(action)
