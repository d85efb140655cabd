"""Captains of Industry in words: the prompt, the players panel's rows and the words of each choice,
read from a seat's view (plain data), free of Qt.

Another seat's Captain hand and Player Bank are None in a seat's view (R18), so nothing of them can
be shown.
"""

from __future__ import annotations

from engine.core.contract import Action
from engine.core.text import count
from engine.games.captains_of_industry.data import (
    ADVANCES,
    CAPTAINS,
    FACILITIES,
    GOODS,
    MARKETS,
    RE_CARDS,
    SPACES,
    ZONES,
)
from ui.games import not_asked, reason_phrase, signed

MS_WORDS = {"goods": "goods sold", "contracts": "contracts", "domination": "sector domination",
            "age_advances": "age-end Advances", "game_advances": "game-end Advances", "captains": "Captain cards",
            "money_bonus": "money bonus"}


def goods(n: int, good: str) -> str:
    """'2 Steel', '1 Part'."""
    return count(n, GOODS[good].one, GOODS[good].name)


def bill_text(bill) -> str:
    """'1 Research + 2 Steel' for ((good, count), ...); 'nothing' for an empty bill."""
    return " + ".join(goods(n, g) for g, n in bill) or "nothing"


def short_bill(bill) -> str:
    """'Stone+Steel+Research', '2 Lumber' for a facility row's narrow line; 'free' for nothing
    (the tooltip gives the bill in full)."""
    return "+".join(goods(n, g) if n > 1 else GOODS[g].name for g, n in bill) or "free"


def icon_words(icons: str) -> str:
    """'CCD' -> 'Consumables ×2, Durables ×1' (the demand icons a card side shows)."""
    words = {"C": "Consumables", "D": "Durables", "E": "Energy"}
    return ", ".join(f"{w} ×{icons.count(k)}" for k, w in words.items() if k in icons) or "no demand"


def market_share_text(ms: dict | None) -> str:
    """A Player Bank's total and its parts ('secret' when the view does not hold it)."""
    if ms is None:
        return "secret"
    total = sum(ms.values())
    parts = ", ".join(f"{MS_WORDS.get(k, k)} {v}" for k, v in ms.items() if v)
    return f"{total}" + (f" ({parts})" if parts else "")


def facilities_text(facilities: dict) -> str:
    return ", ".join(f"{FACILITIES[t].name} size {v[0]}" for t, v in facilities.items()) or "none"


def player_summary(view: dict, seat: int) -> list[tuple[str, str]]:
    """Label/value rows for the players panel; the hand and the bank only where the view has them."""
    s = view["seats"][seat]
    hand = s["hand"]
    rows = [
        ("Money", f"${s['money']}"),
        ("Facilities", facilities_text(s["facilities"])),
        ("Real Estate", f"{count(len(s['real_estate']), 'card')}, rent ${s['rent']} a round"),
        ("Advances", ", ".join(ADVANCES[a].name for a in s["advances"]) or "none"),
        ("Sector dominations", str(s["dominations"])),
        ("Captain cards", ", ".join(CAPTAINS[c].name for c in hand) if hand is not None
         else f"{s['hand_count']} (hidden)"),
        ("Market Share", market_share_text(s["market_share"])),
    ]
    outcome = view.get("outcome")
    if outcome:
        rows.append(("Final Market Share", f"{outcome['scores'][seat]:g}"))
    return rows


_DESCRIBE = {
    "manipulate": lambda a, seat, p, names: "Market Manipulation",
    "done": lambda a, seat, p, names: "Keep the other prices",
    "split": lambda a, seat, p, names: (f"{a[0]} to {MARKETS[p['markets'][0]].name}, "
                                        f"{p['count'] - a[0]} to {MARKETS[p['markets'][1]].name}"),
    "insider": lambda a, seat, p, names: f"Sell {a[1]} from {MARKETS[a[0]].name}",
    "return_captain": lambda a, seat, p, names: f"Return {CAPTAINS[a[0]].name}",
    "re_card": lambda a, seat, p, names: f"{a[0]} side {'AB'[a[1]]}: {RE_CARDS[a[0]].sides[a[1]]}",
    "take": lambda a, seat, p, names: "Take back your own" if a[0] == seat else f"Buy from {names[a[0]]}",
    "price": lambda a, seat, p, names: f"${a[1]} in {MARKETS[a[0]].name}",
    "research": lambda a, seat, p, names: ADVANCES[a[0]].name,
    "build": lambda a, seat, p, names: f"Build {FACILITIES[a[0]].name}",
    "expand": lambda a, seat, p, names: f"Expand {FACILITIES[a[0]].name}",
    "run": lambda a, seat, p, names: f"{'Overtime' if a[1] == 'overtime' else 'Run'} {FACILITIES[a[0]].name}",
    "real_estate": lambda a, seat, p, names: f"Real Estate in {ZONES[a[0]]}",
}
"""Action kind -> its short label (the arguments, the seat, the view's prompt, the names)."""


def describe(action: Action, view: dict, names: list[str]) -> str:
    """A short label for a choice, from the view alone (the board's buttons)."""
    words = _DESCRIBE.get(action.kind)
    return words(action.args, action.seat, view.get("prompt") or {}, names) if words else action.kind


_ASKED = {
    "action": lambda p: ("choose your action: build, expand or run a facility (the table), buy an Advance "
                         "(Market Research), build Real Estate (a zone), or Market Manipulation"),
    "take": lambda p: (f"several players sell {GOODS[p['good']].name} at ${p['price']}: click whose stack to "
                       "buy the next unit from"),
    "split": lambda p: (f"split {goods(p['count'], p['good'])} between {MARKETS[p['markets'][0]].name} and "
                        f"{MARKETS[p['markets'][1]].name}"),
    "price": lambda p: f"click a space of the {MARKETS[p['market']].name} track to set your price there",
    "reprice": lambda p: f"re-price {MARKETS[p['markets'][0]].name} (click its track) or keep the other prices",
    "re_card": lambda p: (f"choose the {SPACES[p['space']].level.title()} Real Estate card and its side for "
                          f"{ZONES[SPACES[p['space']].zone]}"),
    "insider": lambda p: f"Market Insider: sell up to 2 from {MARKETS[p['markets'][0]].name} before demand",
    "return": lambda p: "the Age is over: return one Captain card to the deck",
}
"""Decision frame -> what the seat to move is asked (from the view's prompt)."""


def prompt(view: dict, legal: list[Action], names: list[str]) -> str:
    """The plain-words instruction for the prompt bar."""
    waiting = not_asked(view, legal, names, "Drawing…", "Market Share")
    if waiting:
        return waiting
    p = view.get("prompt") or {}
    asked = _ASKED.get(p.get("kind"))
    return f"{names[view['to_move']]}: {asked(p) if asked else 'decide'}."


REASON_NOUNS = {"goods": "Market Share from goods sold", "contracts": "Market Share from contracts",
                "domination": "Market Share from dominating markets", "age_advances": "Market Share from Advances",
                "game_advances": "Market Share from end-of-game Advances",
                "captains": "Market Share from Captain cards",
                "money_bonus": "money bonus", "on_board": "goods on the board, waiting for buyers"}
"""The categories of a player's Market Share (ai/games/captains_of_industry/knowledge.py's standing)."""


def reason(key: str, amount: float, rival: bool) -> str:
    """A hint's reason from one category of Captains' Market Share: "more Market Share from goods
    sold (+3 Market Share)"."""
    return reason_phrase(REASON_NOUNS.get(key, key.replace("_", " ")), signed(amount, "Market Share"), rival)
