"""Trading in a non-production move: three cards of one product to the bank for one card worth no
more, or one offer to another player (what is given, then what is asked, each up to three cards of
one product), which that player accepts or refuses. Cards change hands from the cells that feed
no factory first, and wait in the receiver's hand for a place (cards.py). A mixin of VtiState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import count, seat_ref
from engine.games.victory_through_industry.complex import FACING
from engine.games.victory_through_industry.data import DIRS, PRODUCT_IDS, PRODUCT_ORDER, PRODUCTS, VALUE
from engine.games.victory_through_industry.words import cards_words, pname

OFFER_MAX = 3
"""decision: a trade offer gives and asks at most three cards of one product type each way."""
_BANK_GET = frozenset({"bank_get"})
_GIVE = frozenset({"offer_give"})
_GET = frozenset({"offer_get"})
_RESPOND = frozenset({"accept", "refuse"})


class TradeRules:
    __slots__ = ()

    def _take_cells(self, s: int, p: str, n: int) -> None:
        """Remove `n` cards of product `p` from the seat's complex, idle ones first.

        decision: for bank trades and trades between players the cards leave from cells that feed
        no factory input first, then from the top row down, so a trade never asks for cell picks.
        """
        fac = self.fac[s]
        prod = self.prod[s]

        def feeds(c):
            x, y = c
            for d, (dx, dy) in enumerate(DIRS):
                owner = (x - dx, y - dy)  # a factory whose side d faces this cell
                if owner in fac:
                    f, rot = fac[owner]
                    for dd, side in FACING[(f, rot)]:
                        if dd == d and side.kind == "in" and p in side.products:
                            return 1
            return 0

        cells = sorted((c for c, q in prod.items() if q == p), key=lambda c: (feeds(c), c[1], c[0]))
        for c in cells[:n]:
            del prod[c]

    # -- the bank -----------------------------------------------------------------------------------------
    def _bank_problem(self, s: int, p: str) -> str:
        have = self.product_counts(s).get(p, 0) if p in PRODUCTS else 0
        return f"The bank takes three cards of one product; you have {count(have, pname(p) + ' card')}."

    def _do_bank(self, s: int, give: str) -> list[Event]:
        self.sub = {"k": "bank", "give": give}
        return []

    def _choices_bank_get(self, s: int, _seat: int) -> list[Action]:
        v = VALUE[self.sub["give"]]
        return [Action("bank_get", s, (p,)) for p in PRODUCT_IDS if VALUE[p] <= v]

    def _ask_bank_get(self, seat: int) -> tuple[frozenset, str]:
        return _BANK_GET, "choose the product the bank gives you"

    def _why_bank_get(self, action: Action) -> str | None:
        return f"The bank gives a product worth at most what you traded ({pname(self.sub['give'])})."

    def _do_bank_get(self, s: int, get: str) -> list[Event]:
        give = self.sub["give"]
        self.sub = None
        self._take_cells(s, give, 3)
        self.spent[give] += 3
        self.made[get] += 1
        self.incoming[s].append(get)
        return [Event(f"{{p{s}}} trades three {pname(give)} to the bank for one {pname(get)}.", "info")]

    # -- an offer to another player -----------------------------------------------------------------------
    def _offer_problem(self, s: int, t: int) -> str:
        if t == s or not 0 <= t < self.players:
            return "Choose another player to trade with."
        if self.offered:
            return "You have already made a trade offer during this move."
        return f"Neither you nor {seat_ref(t)} has a product card to trade."

    def _do_offer(self, s: int, t: int) -> list[Event]:
        self.sub = {"k": "offer", "t": t, "give": None, "gn": 0}
        return []

    def _offers(self, s: int, kind: str, owner: int) -> list[Action]:
        """Every count up to three of every product `owner` has, as `kind` actions."""
        acts = []
        for p, n in sorted(self.product_counts(owner).items(), key=lambda kv: PRODUCT_ORDER[kv[0]]):
            acts += [Action(kind, s, (p, i)) for i in range(1, min(n, OFFER_MAX) + 1)]
        return acts

    def _choices_offer_give(self, s: int, _seat: int) -> list[Action]:
        # giving nothing is a request for a gift, possible only if the other has something
        acts = [Action("offer_give", s, ("", 0))] if self.prod[self.sub["t"]] else []
        return acts + self._offers(s, "offer_give", s)

    def _ask_offer_give(self, seat: int) -> tuple[frozenset, str]:
        return _GIVE, f"choose what you offer {seat_ref(self.sub['t'])}"

    def _do_offer_give(self, s: int, p: str, n: int) -> list[Event]:
        self.sub["give"], self.sub["gn"] = p, n
        return []

    def _choices_offer_get(self, s: int, _seat: int) -> list[Action]:
        acts = [Action("offer_get", s, ("", 0))] if self.sub["give"] else []
        return acts + self._offers(s, "offer_get", self.sub["t"])

    def _ask_offer_get(self, seat: int) -> tuple[frozenset, str]:
        return _GET, f"choose what you ask {seat_ref(self.sub['t'])} for"

    def _why_offer_give(self, action: Action) -> str | None:
        return self._cards_problem(action)

    def _why_offer_get(self, action: Action) -> str | None:
        return self._cards_problem(action)

    def _cards_problem(self, action: Action) -> str:
        """Why one side of the offer is refused: too many cards, nothing, or not that many."""
        s, k, (p, n) = action.seat, action.kind, action.args
        t = self.sub["t"]
        who = s if k == "offer_give" else t
        if n > OFFER_MAX:
            return f"A trade moves at most {count(OFFER_MAX, 'card')} each way."
        if p == "" or n <= 0:
            return "Ask for something in return." if k == "offer_get" else f"{seat_ref(t)} has no product card to give."
        have = self.product_counts(who).get(p, 0)
        owner = "You have" if who == s else f"{seat_ref(who)} has"
        return f"{owner} {count(have, pname(p) + ' card')}."

    def _do_offer_get(self, s: int, p: str, n: int) -> list[Event]:
        sub = self.sub
        self.sub = {"k": "respond", "t": sub["t"], "give": sub["give"], "gn": sub["gn"], "get": p, "qn": n}
        self.offered.append(sub["t"])
        return [Event(f"{{p{s}}} offers {{p{sub['t']}}} {cards_words(sub['give'], sub['gn'])} "
                      f"for {cards_words(p, n)}.", "info")]

    # -- the answer (to an offer, or to a factory move: factory_moves.py) ---------------------------------
    def _choices_respond(self, t: int, _seat: int) -> list[Action]:
        return [Action("accept", t, ()), Action("refuse", t, ())]

    _choices_frespond = _choices_respond

    def _ask_respond(self, seat: int) -> tuple[frozenset, str]:
        return _RESPOND, "accept or refuse the trade offer"

    def _ask_frespond(self, seat: int) -> tuple[frozenset, str]:
        return _RESPOND, "allow or refuse the factory move"

    def _do_accept(self, t: int) -> list[Event]:
        sub = self.sub
        if sub["k"] == "frespond":
            return self._accept_xmove(t)
        s = self.current
        self.sub = None
        if sub["gn"]:
            self._take_cells(s, sub["give"], sub["gn"])
            self.incoming[t] += [sub["give"]] * sub["gn"]
            self.handed[t] += sub["gn"]
        if sub["qn"]:
            self._take_cells(t, sub["get"], sub["qn"])
            self.incoming[s] += [sub["get"]] * sub["qn"]
        return [Event(f"{{p{t}}} accepts the trade.", "info")]

    def _do_refuse(self, t: int) -> list[Event]:
        what = "the factory move" if self.sub["k"] == "frespond" else "the trade"
        self.sub = None
        return [Event(f"{{p{t}}} refuses {what}.", "info")]
