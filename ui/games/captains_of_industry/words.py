"""Captains of Industry in words: the prompt, the players panel's rows, the words of each choice and
the board's tooltips, read from a seat's view (plain data), free of Qt.

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
                "money_bonus": "money bonus", "on_board": "goods waiting on the board"}
"""The categories of a player's Market Share (ai/games/captains_of_industry/knowledge.py's standing)."""


def reason(key: str, amount: float, rival: bool) -> str:
    """A hint's reason from one category of Captains' Market Share: "more Market Share from goods
    sold (+3 Market Share)"."""
    return reason_phrase(REASON_NOUNS.get(key, key.replace("_", " ")), signed(amount, "Market Share"), rival,
                         countable=key == "on_board")


SHORT_MARKET = {"Durables West": "Durables W", "Durables East": "Durables E", "Energy North": "Energy N",
                "Energy South": "Energy S"}
"""The markets whose names do not fit a line of the board shown small: the compass point by its
letter, the goods in a word ("Dur. W" left a newcomer to guess)."""


def market_goods_text(m: str) -> str:
    """'Stone + Lumber': the goods a market takes."""
    return " + ".join(GOODS[g].name for g in MARKETS[m].accepts)


def lock_text(m: str) -> str:
    """What a market's padlock locks and the Advance that opens it ('' for none)."""
    market = MARKETS[m]
    return f"{GOODS[market.locked].name} needs {ADVANCES[market.unlock].name}" if market.locked else ""


def market_tip(m: str, demand: int | None) -> str:
    """A market's label's tooltip: what it takes, its padlock, who buys there and its demand."""
    market = MARKETS[m]
    tip = f"{market.name} market ({market.sector.title()}): takes {market_goods_text(m)}."
    if market.locked:
        tip += f" {lock_text(m)} (R27)."
    if market.buyable:
        tip += " Players buy here, cheapest first (R1)."
    if market.zones:
        tip += (f" Consumer demand {demand}, from the {' and '.join(ZONES[z] for z in market.zones)} "
                f"zone{'s' if len(market.zones) > 1 else ''}.")
    else:
        tip += " No consumer demand (R8)."
    return tip


def stack_tip(view: dict, names: list[str], m: str, s: int, p: int, ghost: str, n: int, buyer) -> str:
    """The tooltip of a stack of `s`'s tokens at price `p` in market `m`: what stands there, or (a
    `ghost`) what the last purchase took, or what the consumers bought or discarded at the age end."""
    market = MARKETS[m]
    name = market.name
    if ghost == "taken":  # `buyer` holds every (buyer, count) of these tokens since the viewer's turn
        tip = " ".join(f"{names[b]} took back {goods(k, market.accepts[0])} of their own at ${p}." if b == s
                       else f"{names[b]} bought {goods(k, market.accepts[0])} from {names[s]} at ${p} and paid "
                            f"{names[s]} ${k * p}." for b, k in buyer)
    elif ghost == "bought":
        tip = f"Age end: the consumers bought {n} of {names[s]}'s tokens in {name} at ${p}."
    elif ghost == "discarded":
        tip = f"Age end: {n} of {names[s]}'s tokens in {name} at ${p} were not bought and were discarded."
    else:
        toks = view["markets"][m]["tokens"][s]
        parts = ", ".join(goods(c, g) for g, c in zip(market.accepts, toks, strict=True) if c)
        tip = f"{names[s]}: {parts} in {name}" + (f" at ${p}." if p else ", not priced yet.")
    return tip


def facility_tip(t: str, double: bool, standard: int) -> str:
    """A facility row's tooltip: what it makes, its costs, its overtime and the cards left."""
    f = FACILITIES[t]
    return (f"{f.name} makes {GOODS[f.good].name}. Build: {bill_text(f.build)} (the first builder takes "
            f"the double card, size 2). Expand: the build cost + {bill_text(f.expand)} (+ "
            f"{bill_text(f.expand_double)} while the double card is on top, R13). Overtime: "
            f"${f.overtime} a size for twice the size in goods (R14). Left: "
            f"{'the double card and ' if double else ''}{standard} standard cards.")


def turn_tip(view: dict, names: list[str]) -> str:
    """The turn board's tooltip: the age and round, the turn orders, the City cards and the
    Progress chips."""
    pr = view["progress"]
    nxt = tuple(view["next_order"])
    return (f"Age {view['age']} of 3, round {view['round']}. Turn order: "
            + ", ".join(names[s] for s in view["order"])
            + (f". Built Real Estate this round (they go last next round): {', '.join(names[s] for s in nxt)}"
               if nxt else "")
            + f". City cards this age: {pr['cities']} of 6 (the sixth ends the Age). Progress chips: "
            f"{pr['chips']} of 3; each adds a draw at the round end."
            + (" This round's chip waits in the centre of the wheel." if pr["wheel"] else ""))


def advance_tip(a: str, owners: list[int], names: list[str]) -> str:
    """An Advance's tooltip: its level, cost and effect, what it needs and who owns it."""
    adv = ADVANCES[a]
    pre = " or ".join(ADVANCES[p].name for p in adv.prereqs)
    return (f"{adv.name} (Level {adv.level}, {adv.cost} Research): {adv.text}"
            + (f" Needs {pre}." if pre else "")
            + (f" Owned by {', '.join(names[s] for s in owners)}." if owners else ""))


def choice_note(view: dict) -> str:
    """The Choices panel's note: what the seat to move picks there now."""
    kind = (view.get("prompt") or {}).get("kind")
    return {"re_card": "a card and the side to build", "split": "goods to the first market",
            "insider": "Market Insider", "return": "a Captain card back to the deck",
            "reprice": "or click the track"}.get(kind, "")


def choice_words(act: Action, view: dict, names: list[str]) -> tuple[str, str]:
    """A choice's button: its title and the line under it."""
    if act.kind == "manipulate":
        return "Manipulate", "draw a card, re-price"  # (the tooltip says which card)
    if act.kind == "return_captain":
        return CAPTAINS[act.args[0]].name, "return it"
    if act.kind == "done":
        return "Keep prices", "the others stay"
    if act.kind == "split":  # "2 + 1" over "North + South" (the prompt names the sector): each market's count
        p = view.get("prompt") or {}
        n1, n2 = (MARKETS[m].name for m in p["markets"])
        if n1.split()[0] == n2.split()[0]:  # "Energy North", "Energy South": the words that differ
            n1, n2 = n1.split(" ", 1)[-1], n2.split(" ", 1)[-1]
        return f"{act.args[0]} + {p['count'] - act.args[0]}", f"{n1} + {n2}"
    return describe(act, view, names), ""


def report_detail(e: dict, names: list[str]) -> str:
    """One market of the last age end in words: its demand and what the consumers bought of whom."""
    name = MARKETS[e["market"]].name
    if not e["kept"]:
        return f"{name}: demand {e['demand']}; no tokens were there."
    parts = []
    for s in sorted(e["kept"], key=lambda s: e["price"][s]):
        kept, thrown = e["kept"][s], e["discarded"][s]
        parts.append(f"{names[int(s)]} {kept} bought at ${e['price'][s]}"
                     + (f", {thrown} discarded" if thrown else ""))
    return f"{name}: demand {e['demand']}, cheapest first — " + "; ".join(parts) + "."


def points_text(amount: float) -> str:
    """An amount of the game's points in words, unsigned ("40 points")."""
    return signed(amount, "Market Share").lstrip("+−")
