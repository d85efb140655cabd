"""City of the Big Shoulders in words: the prompt, the players panel's rows, the short label of each
choice and what the assets and buildings do, read from a seat's view (plain data), free of Qt.

A seat's buildings in hand appear only in its own view (the engine gives the other seats a count),
so nothing here can show them to anyone else.
"""

from __future__ import annotations

from engine.core.contract import Action
from engine.core.text import count, join_words, money
from engine.games.big_shoulders.data import (
    ASSETS,
    BUILDINGS,
    COLUMN_BONUS,
    COMPANIES,
    GENERAL_SPACES,
    GOALS,
    GOODS_NAMES,
    RESOURCE_NAMES,
    YEARS,
)
from engine.games.big_shoulders.round import ROUND
from engine.games.big_shoulders.words import bname
from ui.games import prompt_head, reason_phrase, signed


def phase_name(phase: str) -> str:
    """The name of a phase of the Decade, of the set-up or of the end, as the engine's round
    declares it (engine/games/big_shoulders/round.py); empty for none."""
    return ROUND.name(phase) if phase in ROUND else ""


def short(cid: str) -> str:
    return COMPANIES[cid].short


def resource_words(res: dict) -> str:
    """ "2 wood + 1 steel" (in the table's order)."""
    return " + ".join(f"{n} {RESOURCE_NAMES[r].lower()}" for r, n in res.items() if n)


USE_WORDS = {"appeal": "+{} appeal", "revenue": "+${} operating revenue", "stock": "+1 stock step after production"}
BONUS_WORDS = {"automate": "automate {} Worker(s)", "free_workers": "{} free Worker(s)", "appeal": "+{} appeal"}
MANAGER_WORDS = {"resources": "{} from Haymarket", "appeal": "+{} appeal", "goods": "+{} good(s)"}


def effect_words(effect: dict, table: dict[str, str]) -> list[str]:
    """The parts of an effect that `table` words (key -> format with the amount), in the table's
    order; "(s)" becomes "s" for amounts other than 1."""
    out = []
    for key, words in table.items():
        amount = effect.get(key)
        if amount:
            out.append(words.format(amount).replace("(s)", "" if amount == 1 else "s"))
    return out


def asset_text(aid: str) -> str:
    """What a Capital Asset does, in words (its use, then its bonus on purchase)."""
    a = ASSETS[aid]
    use, bonus = dict(a.use), dict(a.bonus)
    parts = effect_words(use, USE_WORDS)
    if "resources" in use:
        res = resource_words(dict(use["resources"]))
        parts.append(f"pay {money(use['pay'])}: take {res}" if use.get("pay") else f"take {res}")
    if use.get("passive") == "price_protection":
        parts.append("sales by others and withholding do not drop the price")
    text = "Use once a Decade: " + ("; ".join(parts) or "nothing")
    gains = effect_words(bonus, BONUS_WORDS)
    if gains:
        text += ". On purchase: " + join_words(gains)
    return text + "."


def building_text(bid: int) -> str:
    b = BUILDINGS[bid]
    who = "the company pays the owner" if b.pay == "company" else "the bank pays the owner"
    return f"{b.name}, building {bid} ({money(b.cost)}, {who}): {b.text}."


def _holdings(view: dict, seat: int) -> str:
    parts = []
    for cid, c in view["companies"].items():
        if not c["started"]:
            continue
        units = 3 * (c["dir"] == seat) + 2 * (c["pref"] == seat) + c["com"][seat]
        if units:
            parts.append(f"{short(cid)} {units * 10}%")
    return ", ".join(parts) or "none"


def worth(view: dict, seat: int) -> int:
    """Cash plus the value of every certificate held (the score less the goals)."""
    from engine.games.big_shoulders.market import value

    total = view["cash"][seat]
    for c in view["companies"].values():
        if c["started"]:
            total += (3 * (c["dir"] == seat) + 2 * (c["pref"] == seat) + c["com"][seat]) * value(c["step"])
    return total


def player_summary(view: dict, seat: int) -> list[tuple[str, str]]:
    """Label/value rows for the players panel."""
    directs = [short(cid) for cid, c in view["companies"].items() if c["started"] and c["dir"] == seat]
    hand = view["hands"][seat]
    n_hand = len(hand) if isinstance(hand, list) else int(hand)
    placed = view["placed"][seat]
    rows = [
        ("Cash", money(view["cash"][seat])),
        ("Worth", f"{money(worth(view, seat))} (cash + certificates)"),
        ("Directs", ", ".join(directs) or "no company"),
        ("Shares", _holdings(view, seat)),
        ("Partners", f"{view['partners'][seat]} ({placed} placed this Decade)"),
        ("Buildings", f"{len(view['played'][seat])} built, {count(n_hand, 'tile')} in hand"),
    ]
    if view.get("priority") == seat:
        rows.append(("Priority Deal", "holds it"))
    outcome = view.get("outcome")
    if outcome:
        rows.append(("Final score", money(outcome["scores"][seat])))
    return rows


def describe(action: Action, view: dict, names: list[str]) -> str:
    """A short label for an action, from the view alone (the chips on the board; the prompt bar's
    buttons carry the engine's full label)."""
    from engine.games.big_shoulders.labels import _PLAIN
    from engine.games.big_shoulders.market import value
    from engine.games.big_shoulders.words import aname, factory, res

    k, a = action.kind, action.args
    cid = view.get("company")
    if k in _PLAIN:
        return _PLAIN[k]
    if k == "start":
        return f"Start at {money(value(a[1]))}"
    if k == "buy":
        where = "pool" if a[2] == "pool" else "charter"
        price = value(view["companies"][a[0]]["step"]) * (2 if a[1] == "preferred" else 1)
        return f"Buy {'20%' if a[1] == 'preferred' else '10%'} from {where} · {money(price)}"
    if k == "sell":
        return f"Sell {'20%' if a[1] == 'preferred' else '10%'}"
    if k == "place":
        return f"{GENERAL_SPACES[a[0]]['name']} for {short(a[1])}"
    if k == "use_building":
        return f"{BUILDINGS[a[0]].name} for {short(a[1])}"
    if k == "build":
        return f"Play {BUILDINGS[a[0]].name}, discard {BUILDINGS[a[1]].name}"
    if k == "trade":
        return f"{short(a[0])}: 2 {RESOURCE_NAMES[a[1]].lower()} for 1 {RESOURCE_NAMES[a[2]].lower()}"
    if k == "use_asset":
        return f"Use {aname(view['companies'][a[0]]['asset'])}"
    if k == "keep_asset":
        return f"Keep {aname(a[0])}"
    if k == "buy_asset":
        aid = view["asset_row"][a[0]]
        return f"Buy {aname(aid)}" if aid else "Buy an asset"
    if k == "buy_resource":
        return f"Buy {res(a[1])} (${a[0]})" if a[0] != "x" else f"Buy {res(a[1])}"
    if k == "take_resource":
        return f"Take {res(a[0])}"
    if k == "take_pair":
        return f"Take {res(a[0], 2)}" if a[0] == a[1] else f"Take {res(a[0])} and {res(a[1])}"
    if k == "ship":
        return "Ship at half price" if a[0] < 0 else f"Ship to the ${COLUMN_BONUS[a[0]]} column"
    if k == "pay_out":
        return "Pay out dividends"
    if k == "emergency":
        commons, pref = a
        parts = [count(commons, "Common")] if commons else []
        if pref:
            parts.append("the Preferred")
        return "Emergency: sell " + " and ".join(parts)
    if cid and a and isinstance(a[0], int) and 0 <= a[0] < len(COMPANIES[cid].factories):
        where = factory(cid, a[0])
        if k == "automate" and len(a) > 1:
            dest = "the Job Market" if a[1] < 0 else factory(cid, a[1])
            return f"Automate in {where}, Worker to {dest}"
        return {"hire": f"Hire into {where}", "manager": f"Manager into {where}",
                "place_worker": f"Free Worker into {where}", "produce": f"Run {where}",
                "bonus_take": f"Bonus into {where}"}.get(k, f"{k.replace('_', ' ').capitalize()}: {where}")
    if k == "bonus_take":
        return "Take the bonus"
    return k.replace("_", " ").capitalize()


def prompt(view: dict, legal: list[Action], names: list[str]) -> str:
    """The plain-words instruction for the prompt bar."""
    done, name = prompt_head(view, legal, names, unit="dollars")
    if done is not None:
        return done
    kinds = {a.kind for a in legal}
    if view["phase"] == "found" or ("start" in kinds and view["phase"] == "setup"):
        return f"{name}: start your first company — click a share value on a charter."
    cid = view.get("company")
    co = short(cid) if cid in COMPANIES else "the company"
    for wanted, text in PROMPTS:
        if kinds & wanted:
            if wanted == GAINS:
                text = f"take {gain_source(view, cid)} — click where it goes, or skip it."
            return f"{name}: {text.format(co=co)}"
    return f"{name}: choose."


def gain_source(view: dict, cid: str | None) -> str:
    """What the gain being placed comes from, in the prompt's words: the bonus of the Capital Asset
    just bought, what the building used gives, the Manager's resource in production; from the
    company's last Partner this Decade (the view's placements) and the phase."""
    if view.get("phase") == "operating":
        return "the resource {co}'s Manager gives"
    last = next((where for _, where, pcid in reversed(view.get("placements") or []) if pcid == cid), None)
    if last == "capital_investment" or (isinstance(last, int) and "Capital Asset" in BUILDINGS[last].text):
        return "the bonus of the Capital Asset {co} just bought"  # (a bank building buys one too)
    if isinstance(last, int):
        return f"what {bname(last)} gives {{co}}"
    return "what {co} gains"


GAINS = frozenset(("automate", "place_worker", "take_pair", "take_resource", "skip_gain"))
"""The decisions of a gain placed one at a time (a building's, a Capital Asset's bonus)."""

PROMPTS: tuple[tuple[frozenset, str], ...] = (
    (frozenset(("buy", "sell", "pass", "end_turn")),
     "Stock Phase — sell any certificates, then buy one, start a company, or pass (buttons on each charter)."),
    (frozenset(("build",)),
     "secretly pick a building to play and one to discard — click the tile to play, then the one to discard."),
    (frozenset(("hire",)), "click a factory for the next Worker, or stop hiring."),
    (frozenset(("manager",)), "click the factory that gets the Manager."),
    (frozenset(("bonus_take",)), "take the appeal bonus, or $25 instead."),
    (frozenset(("take_first",)), "move to first place on the turn order track?"),
    (frozenset(("place", "pass_action")),
     "send a Partner — choose the company on its charter, then click an action space (or a building)."),
    (frozenset(("buy_asset",)), "Capital Investment for {co} — click the asset to buy."),
    (frozenset(("keep_asset",)), "{co} may keep one Capital Asset — click the one to keep."),
    (GAINS, "take what {co} gains — click where it goes, or skip it."),
    (frozenset(("buy_resource", "done_buying")),
     "buy resources for {co} — click a cube in the supply chain or Haymarket, then Done buying."),
    (frozenset(("produce", "stop_producing")), "run {co}'s factories — click a factory to produce, or stop."),
    (frozenset(("ship", "done_shipping")),
     "ship {co}'s goods — click a demand tile or the row's half-price bank, then Finish shipping."),
    (frozenset(("pay_out", "withhold")), "{co}'s revenue — pay it out as dividends, or withhold it."),
    (frozenset(("done_operating",)), "last chance this Decade to use {co}'s Capital Asset, or go on."),
)
"""The prompt by the kinds of decision on offer, first match first."""


def decade_words(view: dict) -> str:
    d = int(view["decade"])
    return f"Decade {d} of 5 · {YEARS[d - 1]}"


def goods_name(cid: str) -> str:
    return GOODS_NAMES[COMPANIES[cid].goods]


APPEAL_WORDS = {"worker": "Wkr", "salesperson": "Sales", "automate": "Auto", "partner": "Ptnr",
               "goods_token": "Goods", "stock": "Stock"}
APPEAL_SHORT = {"salesperson": "Sls", "automate": "Aut", "goods_token": "Gds", "stock": "Stk"}
"""The appeal bonuses in three letters, for a board shown small."""
APPEAL_TIPS = {"worker": "a free Worker", "salesperson": "a Salesperson", "automate": "automate a Worker",
              "partner": "the director gains a Partner (once per player)",
              "goods_token": "an Appeal Bonus Goods token (+1 good every production)",
              "stock": "+1 step on the Stock Track"}
SPACE_SHORT = {"hire_workers": "Hire", "hire_manager": "Mgr", "hire_salesperson": "Sales",
               "advertising": "Ads", "capital_investment": "Asset", "fund_40": "+$40", "fund_60": "+$60",
               "fund_80": "+$80", "extra_dividends": "Div."}
"""A general space's name in a word, for a board shown small."""


def chip_short(label: str) -> tuple[str, ...]:
    """Shorter forms of a charter chip's label ("Buy 10% from charter · $50" → "10% charter · $50"
    → "10% · $50" → "10% $50"; "Sell 10%" → "−10%"), for a chip narrowed to share the card."""
    if label.startswith("Sell "):
        return (f"−{label[5:]}",)
    if label.startswith("Use "):  # the company's asset: "Use Cincinnati Steel" → "Use Cincinnati"
        return (" ".join(label.split()[:2]), "Use") if len(label.split()) > 2 else ("Use",)
    if not label.startswith("Buy "):
        return ()
    what, _, price = label[4:].partition(" · ")
    share, _, where = what.partition(" from ")
    return f"{share} {where} · {price}", f"{share} {where} {price}", f"{share} · {price}", f"{share} {price}"


def money_short(line: str, closed: str) -> tuple[str, ...]:
    """Shorter forms of a general space's money line ("company pays $60" → "costs $60" → "$60";
    "bank pays $40" → "gives $40" → "+$40"), for a board shown small: in the Action Phase what a
    space costs matters most, and a cost never reads like a payment ("pays $60" beside "gets $40"
    left a newcomer asking who pays whom)."""
    if closed:
        return ("taken",) if closed.startswith("taken") else (closed.replace("opens in ", "from "),
                                                               closed.replace("opens in ", ""))
    amounts = [w.strip("()") for w in line.split() if w.strip("()").startswith("$")]
    if not amounts:
        return ()
    if line.startswith("company pays"):
        return f"costs {amounts[0]}", amounts[0]
    if line.startswith("bank pays"):
        return f"gives {amounts[0]}", f"+{amounts[0]}"
    if line.startswith("Job Market"):
        return f"{amounts[0]} now", amounts[0]
    return (amounts[0],)


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def manager_words(bonus: dict) -> str:
    return ", ".join(effect_words(bonus, MANAGER_WORDS)) or "nothing"


def asset_short(aid: str) -> str:
    use = dict(ASSETS[aid].use)
    if "appeal" in use:
        return f"+{use['appeal']} appeal"
    if "resources" in use:
        res = " + ".join(f"{n} {RESOURCE_NAMES[r].lower()}" for r, n in dict(use["resources"]).items())
        return (f"${use['pay']}: " if use.get("pay") else "") + res
    if "revenue" in use:
        return f"+${use['revenue']} revenue"
    if "stock" in use:
        return "+1 stock step"
    return "price holds once"  # Price Protection: sales by others and withholding do not drop it


PHASE_SHORT = {"building": ("Build",), "action": ("Act.",), "operating": ("Operate", "Oper."), "cleanup": ("Clean",)}
"""Shorter words for the phase chips of a board shown small (the last resort is the phase's number)."""

ASSET_NAME_SHORT = {
    "brilliant_marketing": ("Marketing",), "union_stockyards": ("Stockyards", "Union"), "michigan_lumber": ("Lumber",),
    "pennsylvania_coal": ("Coal",), "cincinnati_steel": ("Steel",), "mail_order_catalogue": ("Mail Order", "Mail"),
    "color_catalog": ("Color Catalog", "Color Cat."), "catalogue_empire": ("Empire",),
    "popular_partners": ("Popular Partners", "Partners"), "backroom_deals": ("Backroom",),
    "brand_recognition": ("Brand",), "price_protection": ("Protection", "Protect."),
    "refrigeration": ("Refrigeration", "Refrig."),
}
"""A word for each asset's name, drawn when its whole name does not fit its tile shown small."""


def asset_tiny(aid: str) -> tuple[str, ...]:
    """Shorter forms of `asset_short` for a tile shown small ('+$40', '2 livestock')."""
    use = dict(ASSETS[aid].use)
    if "resources" in use:
        res = dict(use["resources"])
        words = [f"{n} {RESOURCE_NAMES[r].lower()}" for r, n in res.items()]
        if len(res) > 1:
            # last, the letters of the resource cubes on the board
            return (" + ".join(words), "+".join(RESOURCE_NAMES[r].lower() for r in res),
                    "+".join(f"{n}{r[0].upper()}" for r, n in res.items()))
        return (*words, *(w.replace("livestock", "livest.") for w in words if "livestock" in w))
    if "revenue" in use:
        return (f"+${use['revenue']}",)
    if "stock" in use:
        return ("+1 step",)
    if "appeal" in use:
        return (f"+{use['appeal']} app.",)
    return ("no drop",)


GOAL_WORDS = {
    "managers": ("Most Managers", "Managers"), "salespeople": ("Most Salespeople", "Salespeople", "Sales"),
    "assets_acquired": ("Assets acquired", "Assets"), "workers": ("Most Workers", "Workers"),
    "automation": ("Most automation", "Automation", "Automat."), "top_appeal": ("Top appeal", "Appeal"),
    "richest_company": ("Richest company", "Richest"), "partners": ("Most Partners", "Partners"),
    "common": ("Most 10% certs", "10% certs", "10%"), "preferred": ("Most 20% certs", "20% certs", "20%"),
}
"""Each goal in a few words, then shorter (the goal's whole text is in its tooltip)."""


def goal_forms(gid: int) -> tuple[str, ...]:
    """A goal's label, longest first: '7. Richest company', '7. Richest', 'Richest'."""
    measure = GOALS[gid].measure
    words = GOAL_WORDS.get(measure, (measure.replace("_", " ").capitalize(),))
    return (*(f"{gid}. {w}" for w in words), *words[1:])


def reason(key: str, amount: float, rival: bool) -> str:
    """A hint's reason from one category of a player's fortune (ai/games/big_shoulders/knowledge.py's
    standing): "more cash (+$28)", "more worth in Swift shares (+$45)", "more from Public Goals
    (+$200)"."""
    if key.startswith("certificates:"):
        cid = key.split(":", 1)[1]
        noun = f"worth in {COMPANIES[cid].name if cid in COMPANIES else cid} shares"
    else:
        noun = {"cash": "cash", "goals": "money from Public Goals"}.get(key, key.replace("_", " "))
    return reason_phrase(noun, signed(amount, prefix="$"), rival)


def points_text(amount: float) -> str:
    """An amount of the game's points in words, unsigned ("$400")."""
    return signed(amount, prefix="$").lstrip("+−")
