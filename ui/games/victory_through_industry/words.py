"""Victory Through Industry in words: the prompt, the players panel's rows, the label of each
choice, why a factory is idle and the offer on the table, read from a seat's view (plain data),
free of Qt."""

from __future__ import annotations

from engine.core.contract import Action
from engine.core.text import article, fill_names, seat_ref, whose
from engine.games.victory_through_industry.data import CONTRACTS, FACTORIES, PRODUCTS
from engine.games.victory_through_industry.words import card_words, factory_words, idle_words, space_words
from ui.games import not_asked, reason_phrase, signed

FACTORY_SHORT: dict[str, tuple[str, ...]] = {
    "Cotton Plantation": ("Cotton",), "Ammunition Factory": ("Ammunition", "Ammo"),
    "Nitroglycerin Factory": ("Nitro",), "Knapsack Factory": ("Knapsacks", "Knaps."), "Boot Factory": ("Boots",),
    "Tire Factory": ("Tires",), "Truck Factory": ("Trucks",), "Nylon Factory": ("Nylon",),
    "Brass Foundry": ("Brass",), "Rubber Works": ("Rubber",), "Textile Mill": ("Textiles", "Textile"),
    "Steel Mill": ("Steel",), "Oil Refinery": ("Refinery", "Refin."), "Copper Mine": ("Copper",),
    "Cattle Ranch": ("Ranch",), "Coal Mine": ("Coal",), "Iron Mine": ("Iron",), "Oil Well": ("Well",),
}
"""A factory's shorter names, longest first, for a board shown small (the Factories panel's
types and the factories of a complex alike: one word for one factory everywhere; the tooltip
names it in full). The first is the word players use for it (the Iron Mine is "Iron", the
Nitroglycerin Factory "Nitro"); the second, where there is one, for a complex's cell on a laptop
("Ammo", as the Products panel calls Ammunition; "Knaps.", the word cut short as Robber Barons
cuts "Tobac."; "Refin.")."""

PRODUCT_SHORT: dict[str, tuple[str, ...]] = {"Nitroglycerin": ("Nitro",), "Ammunition": ("Ammo",),
                                             "Parachutes": ("Chutes",), "Iron Ore": ("Iron",)}
"""Shorter names of the longest products, for a legend or a card shown small: the short words
players use (the factory is called Nitro), never a code."""


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def _contract(cid: str) -> str:
    c = CONTRACTS[cid]
    return f"{PRODUCTS[c.product].name} ({c.points})"


def _points(value: float, source: str) -> str:
    """ "1 from products", "12 from contracts": points, counted by where they come from."""
    return f"{value:g} from {source}s"


def player_summary(view: dict, seat: int) -> list[tuple[str, str]]:
    """Label/value rows for the players panel."""
    s = view["seats"][seat]
    counts: dict[str, int] = {}
    for p in s["products"]:
        counts[p["type"]] = counts.get(p["type"], 0) + 1
    goods = ", ".join(f"{n} {PRODUCTS[p].name}" for p, n in sorted(counts.items(), key=lambda kv: -kv[1]))
    facs: dict[str, int] = {}
    for f in s["factories"]:
        facs[f["type"]] = facs.get(f["type"], 0) + 1
    plants = ", ".join(f"{n} {FACTORIES[f].name}" for f, n in sorted(facs.items(), key=lambda kv: -kv[1]))
    rows = [
        ("Score", f"{s['score']['products'] + s['score']['contracts']:g} "
                  f"({_points(s['score']['products'], 'product')} + {_points(s['score']['contracts'], 'contract')})"),
        ("Contracts", ", ".join(_contract(c) for c in s["contracts"]) or "none"),
        ("Factories", _with_drafted(plants, s.get("unplaced") or [])),
        ("Products", goods or "none"),
    ]
    if view.get("token") == seat:
        rows.append(("Fulfilment token", "holds it"))
    outcome = view.get("outcome")
    if outcome:
        rows.append(("Final score", f"{outcome['scores'][seat]:g}"))
    return rows


def _with_drafted(plants: str, unplaced: list[str]) -> str:
    """The factories row: those built, then the starting factories drafted and not yet placed."""
    if not unplaced:
        return plants or "none"
    drafted = "drafted " + ", ".join(FACTORIES[f].name for f in unplaced) + " (to place)"
    return f"{plants}; {drafted}" if plants else drafted


def describe(action: Action, view: dict, names: list[str]) -> str:
    """A short label for an action, from the view alone (chips and prompt)."""
    k, a = action.kind, action.args
    st = view.get("step") or {}
    pn = lambda p: PRODUCTS[p].name  # noqa: E731
    fn = lambda f: FACTORIES[f].name  # noqa: E731
    simple = {"nonproduction": "Non-production move", "end_move": "End this move", "accept": "Accept the trade",
              "refuse": "Refuse the trade", "discard": "Discard it", "discard_incoming": "Discard the card"}
    if k in ("accept", "refuse") and (view.get("step") or {}).get("k") == "frespond":
        return "Allow the factory move" if k == "accept" else "Refuse the factory move"
    if k in simple:
        return simple[k]
    if k == "lend":
        return f"Move a factory to {names[a[0]]}"
    if k == "borrow":
        return f"Ask {names[a[0]]} for a factory"
    if k == "fpick":
        src = view["to_move"] if st.get("lend") else st["t"]
        owner = "your" if src == view["to_move"] else whose(names[src]) if names else "their"
        return f"Choose {factory_words(_factories(view, src), tuple(a), owner)}"
    if k == "produce":
        return f"Produce: {fn(a[0])}"
    if k in ("build", "draft", "place"):
        return {"build": "Build", "draft": "Take", "place": "Place"}[k] + f" {article(fn(a[0]))}"
    if k == "rotate":
        return f"Turn {a[0] * 90}°"
    if k == "output":
        return f"Make {pn(a[0])}"
    if k == "bank":
        return f"Bank: 3 {pn(a[0])} →"
    if k == "bank_get":
        return f"Take {pn(a[0])}"
    if k == "claim":
        # two contracts alike in the row are two moves: told apart by their place, as the log's
        # labels tell them ("the second of two in the row")
        c = CONTRACTS[a[0]]
        twins = [cid for cid in view["row"] if (CONTRACTS[cid].product, CONTRACTS[cid].points) == (c.product, c.points)]
        where = f", the {_ORDINALS[twins.index(a[0])]} of {len(twins)}" if len(twins) > 1 and a[0] in twins else ""
        return f"Claim {_contract(a[0])}{where}"
    if k == "forfeit":
        return f"Give up {_contract(a[0])}"
    if k == "fulfil":
        return f"Supply {_card_place(view, tuple(a[1:]))}"
    if k == "offer":
        return f"Trade with {names[a[0]]}"
    if k in ("offer_give", "offer_get"):
        verb = "Give" if k == "offer_give" else "Ask for"
        return f"{verb} nothing" if not a[1] else f"{verb} {a[1]} {pn(a[0])}"
    if k in ("site", "place_product", "pay", "tear_down", "move_factory", "move_product"):
        return _describe_place(k, tuple(a), view, names)
    return str(action)


def idle_reason(seat_view: dict, cell: tuple[int, int]) -> str | None:
    """Why the factory at `cell` of a complex (a seat's part of the view) cannot run now, in
    words ("Its left input needs Coal beside it"), or None if it can (the rules' own words:
    `idle_words`)."""
    facs = {(f["x"], f["y"]): (f["type"], f["rot"]) for f in seat_view["factories"]}
    if cell not in facs:
        return None
    prods = {(q["x"], q["y"]): q["type"] for q in seat_view["products"]}
    why = idle_words(facs, prods, cell)
    return why[0].upper() + why[1:] if why else None


def _factories(view: dict, seat: int) -> dict:
    return {(f["x"], f["y"]): f["type"] for f in view["seats"][seat]["factories"]}


def _describe_place(kind: str, cell: tuple, view: dict, names: list[str]) -> str:
    """A decision about a place of a complex, in words: "Tear down the Coal Mine to the left of
    your Iron Mine", "Put it on the space below your Forest" (never grid coordinates)."""
    mover = view["to_move"]
    st = view.get("step") or {}
    if kind == "site" and st.get("mode") == "xmove" and st.get("dst", mover) != mover:
        owner = st["dst"]
        facs = _factories(view, owner)
        return f"Put it on {space_words(facs, cell, whose(names[owner]) if names else 'their')}"
    facs = _factories(view, mover)
    if kind == "site":
        if st.get("k") == "build" and st.get("mode") == "move" and st.get("origin"):
            facs.pop(tuple(st["origin"]), None)  # the lifted factory is not there while it moves
        what = "the card" if st.get("k") == "mvprod" else "it"
        return f"Put {what} on {space_words(facs, cell)}"
    if kind == "place_product":
        return f"Place the card on {space_words(facs, cell)}"
    if kind in ("tear_down", "move_factory"):
        return f"{'Tear down' if kind == 'tear_down' else 'Move'} {factory_words(facs, cell)}"
    return f"{'Pay with' if kind == 'pay' else 'Move'} {_card_place(view, cell)}"


def _card_place(view: dict, cell: tuple) -> str:
    """The mover's product card at `cell`, told from the other cards of its kind ("the Oil card
    below your Oil Well", "the second Oil card from the top left")."""
    mover = view["to_move"]
    cards = {(p["x"], p["y"]): p["type"] for p in view["seats"][mover]["products"]}
    if cell not in cards:
        return "the card"
    return card_words(_factories(view, mover), cell, PRODUCTS[cards[cell]].name, cards=cards)


def offer_text(view: dict, names: list[str]) -> str:
    """The trade or factory move on the table, in words ("Ada offers Ben 2 Wood for 1 Coal")."""
    st = view.get("step") or {}
    if st.get("k") == "frespond":
        # through fill_names, so a player called You asks, not "asks", and moves "your" factory
        mover, owner = seat_ref(view["current"]), seat_ref(st["src"])
        f = FACTORIES[st["f"]].name
        if st["lend"]:
            return fill_names(f"{mover} asks to move their {f} into {seat_ref(st['dst'])}'s complex", names)
        where = factory_words(_factories(view, st["src"]), tuple(st["cell"]), f"{owner}'s")
        return fill_names(f"{mover} asks {owner} for {where}", names)
    if st.get("k") != "respond":
        return ""
    give = f"{st['gn']} {PRODUCTS[st['give']].name}" if st["gn"] else "nothing"
    get = f"{st['qn']} {PRODUCTS[st['get']].name}" if st["qn"] else "nothing"
    return fill_names(f"{seat_ref(view['current'])} offers {seat_ref(st['t'])} {give} for {get}", names)


def prompt(view: dict, legal: list[Action], names: list[str]) -> str:
    """The plain-words instruction for the prompt bar."""
    reason = view.get("end_reason", "").format(**{f"p{i}": n for i, n in enumerate(names)})
    waiting = not_asked(view, legal, names, reason=reason)
    if waiting:
        return waiting
    mover = view["to_move"]
    name = names[mover]
    kinds = {a.kind for a in legal}
    st = view.get("step") or {}
    if "accept" in kinds:
        return f"{name}: {offer_text(view, names)}. Accept or refuse?"
    if "place_product" in kinds or "discard_incoming" in kinds:
        card = view["seats"][mover]["incoming"][0]
        if "discard_incoming" not in kinds:  # handed over in a trade, and there is room for it
            return f"{name}: place the {PRODUCTS[card].name} card you were given beside one of your factories."
        return f"{name}: place the {PRODUCTS[card].name} card beside one of your factories, or discard it."
    if "draft" in kinds:
        return f"{name}: take a starting factory."
    if "place" in kinds:
        return f"{name}: choose a starting factory to place."
    if "fulfil" in kinds or "forfeit" in kinds:
        cid = view["fulfilling"][0]
        want = PRODUCTS[CONTRACTS[cid].product].name
        return f"{name}: supply one {want} for the {_contract(cid)} contract, or lose it."
    if "produce" in kinds or "nonproduction" in kinds:
        which = "first" if view["moves_done"] == 0 else "second"
        return (f"{name}: {which} move — click a factory to run every factory of its type, "
                "or make a non-production move.")
    if "output" in kinds:
        return f"{name}: choose what this {FACTORIES[st['f']].name} makes."
    if "rotate" in kinds:
        return f"{name}: turn the {FACTORIES[st['f']].name}."
    if "fpick" in kinds:
        owner = "your" if st.get("lend") else whose(names[st['t']])
        return f"{name}: click the factory of {owner} complex to move (its owner will be asked)."
    if "site" in kinds:
        if st.get("k") == "build" and st.get("mode") == "xmove" and st.get("dst") != mover:
            return (f"{name}: click a highlighted cell of {whose(names[st['dst']])} complex for the "
                    f"{FACTORIES[st['f']].name}.")
        if st.get("k") == "mvprod":
            return f"{name}: click an empty space beside a factory for the card, or discard it."
        return f"{name}: click a highlighted cell for the {FACTORIES[st['f']].name}."
    if "pay" in kinds:
        if st.get("k") == "claim":
            return f"{name}: click the card to hand over for the {_contract(st['cid'])} contract."
        return f"{name}: click a card to pay for the {FACTORIES[st['f']].name} ({st['pay']} more)."
    if "bank_get" in kinds:
        return f"{name}: choose the product the bank gives for three {PRODUCTS[st['give']].name}."
    if "offer_give" in kinds:
        return f"{name}: what do you give {names[st['t']]}?"
    if "offer_get" in kinds:
        return f"{name}: what do you ask of {names[st['t']]}?"
    if "build" in kinds and st.get("k") == "replace":
        return f"{name}: the complex is split — build a factory in the gap."
    return f"{name}: non-production move — build, move, trade, claim… then End this move."


REASON_NOUNS = {"products": ("worth in products", False), "contracts": ("worth in contracts", False),
                "factories": ("factories", False),
                "contracts_at_risk": ("worth at risk in contracts you cannot yet supply", True)}
"""The categories of a player's points (ai/games/victory_through_industry/knowledge.py's standing),
and whether each counts against its holder."""


def reason(key: str, amount: float, rival: bool) -> str:
    """A hint's reason from one category of a player's points: "more worth in contracts (+3
    points)", "more factories (+0.6 points)"."""
    noun, against = REASON_NOUNS.get(key, (key.replace("_", " "), False))
    return reason_phrase(noun, signed(amount, "points"), rival, against, countable=key == "factories")


def points_text(amount: float) -> str:
    """An amount of the game's points in words, unsigned ("40 points")."""
    return signed(amount, "points").lstrip("+−")
