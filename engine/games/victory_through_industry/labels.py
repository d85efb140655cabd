"""The label of every Victory Through Industry action, in players' words: places are described by
their neighbours ("Tear down the Coal Mine to the left of your Iron Mine"), never by grid
coordinates; seats as {pN}."""

from __future__ import annotations

from engine.core.contract import Action
from engine.core.text import article, seat_ref, whose
from engine.games.victory_through_industry.data import CONTRACTS
from engine.games.victory_through_industry.words import (
    card_words,
    cards_words,
    factory_words,
    fname,
    pname,
    space_words,
)

Cell = tuple[int, int]


def _types(state, s: int) -> dict[Cell, str]:
    """The seat's factories as cell -> type (what the words of a place need)."""
    return {c: f for c, (f, _) in state.fac[s].items()}


def _card(state, s: int, cell: Cell) -> str:
    return card_words(_types(state, s), cell, pname(state.prod[s][cell]))


def _site(state, s: int, cell: Cell) -> str:
    """The space a factory or a moved card goes to, in the complex it goes into."""
    sub = state.sub or {}
    owner = sub.get("dst", s) if sub.get("mode") == "xmove" else s
    facs = _types(state, owner)
    if sub.get("k") == "build" and sub.get("mode") == "move" and sub.get("origin"):
        facs.pop(tuple(sub["origin"]), None)  # the lifted factory is not there while it moves
    return space_words(facs, cell, "your" if owner == s else whose(seat_ref(owner)))


_PLAIN = {"nonproduction": "Non-production move", "end_move": "End this move", "accept": "Accept the trade",
          "refuse": "Refuse the trade"}


def label(state, action: Action) -> str:
    k, a, seat, sub = action.kind, action.args, action.seat, state.sub
    try:
        if k in ("accept", "refuse") and sub and sub["k"] == "frespond":
            return f"{'Allow' if k == 'accept' else 'Refuse'} the factory move"
        if k in _PLAIN:
            return _PLAIN[k]
        if k == "reveal_contract":
            c = CONTRACTS[a[0]]
            return f"Reveal the {pname(c.product)} contract ({c.points})"
        if k == "first_drafter":
            return f"{seat_ref(a[0])} drafts first"
        if k in ("draft", "place"):
            return f"{'Take' if k == 'draft' else 'Place'} {article(fname(a[0]))}"
        if k == "build":
            return f"Build {article(fname(a[0]))}"
        if k == "pay":
            what = "Hand over" if sub and sub["k"] == "claim" else "Pay"
            return f"{what} {_card(state, seat, tuple(a))}"
        if k == "site":
            return f"Put it on {_site(state, seat, tuple(a))}"
        if k == "rotate":
            return f"Turn it {a[0] * 90}°"
        if k == "produce":
            return f"Production: {fname(a[0], 2)}"
        if k == "output":
            return f"Make {pname(a[0])}"
        if k == "tear_down":
            return f"Tear down {factory_words(_types(state, seat), tuple(a))}"
        if k == "move_factory":
            return f"Move {factory_words(_types(state, seat), tuple(a))}"
        if k == "move_product":
            return f"Move {_card(state, seat, tuple(a))}"
        if k == "discard":
            return f"Discard the {pname(state.prod[seat][tuple(sub['origin'])])}"
        if k == "bank":
            return f"Trade three {pname(a[0])} to the bank"
        if k == "bank_get":
            return f"Take one {pname(a[0])} from the bank"
        if k == "claim":
            c = CONTRACTS[a[0]]
            return f"Claim the {pname(c.product)} contract ({c.points} points)"
        if k == "fulfil":
            return f"Supply {pname(CONTRACTS[a[0]].product)} for its contract"
        if k == "forfeit":
            c = CONTRACTS[a[0]]
            return f"Give up the {pname(c.product)} contract ({c.points})"
        if k == "offer":
            return f"Offer a trade to {seat_ref(a[0])}"
        if k == "offer_give":
            return f"Give {cards_words(a[0], a[1])}"
        if k == "offer_get":
            return f"Ask for {cards_words(a[0], a[1])}"
        if k == "lend":
            return f"Ask {seat_ref(a[0])} to take one of your factories"
        if k == "borrow":
            return f"Ask {seat_ref(a[0])} for one of their factories"
        if k == "fpick":
            src = seat if sub["lend"] else sub["t"]
            owner = "your" if src == seat else whose(seat_ref(src))
            return f"Choose {factory_words(_types(state, src), tuple(a), owner)}"
        if k == "place_product":
            card = pname(state.incoming[seat][0])
            return f"Place the {card} card on {space_words(_types(state, seat), tuple(a))}"
        if k == "discard_incoming":
            return f"Discard the {pname(state.incoming[seat][0])}"
    except (IndexError, KeyError, TypeError):
        pass
    return str(action)
