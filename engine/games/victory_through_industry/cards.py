"""Product cards out of their place: a card the player on turn picks up in a non-production move
(moved to a free space beside a factory, or discarded), and cards waiting in a player's hand for a
place (received in a trade or from the bank, or stranded when the factory beside them left). A
card another player handed over must be placed while there is room ("must place it in a valid
location within his industrial complex"). A mixin of VtiState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import article
from engine.games.victory_through_industry.data import DIRS
from engine.games.victory_through_industry.words import pname

_INCOMING = frozenset({"place_product", "discard_incoming"})
_PLACE_ONLY = frozenset({"place_product"})
_PUT = frozenset({"site", "discard"})
_CARD_SPACE = "A product card goes on an empty space beside a side of one of your factories."


class CardRules:
    __slots__ = ()

    # -- cards waiting for a place ---------------------------------------------------------------------
    def must_place(self, seat: int) -> bool:
        """The first card `seat` holds was handed over by another player while `seat` is not on
        turn: it must go into the complex (the rules: the receiver "must place it in a valid
        location"), and is thrown away only if no cell is free. The player on turn may discard
        products in a non-production move anyway, and stranded cards may be discarded."""
        return self.handed[seat] > 0 and seat != self.current

    def _choices_incoming(self, s: int, _seat: int) -> list[Action]:
        acts = [Action("place_product", s, c) for c in self.free_product_cells(s)]
        if not acts or not self.must_place(s):
            acts.append(Action("discard_incoming", s, ()))
        return acts

    def _ask_incoming(self, s: int) -> tuple[frozenset, str]:
        if self.must_place(s) and self.free_product_cells(s):
            return _PLACE_ONLY, "place the product card you were given in your complex"
        return _INCOMING, "place the product cards you were given, or discard them"

    def _why_incoming(self, action: Action) -> str | None:
        return _CARD_SPACE if action.kind == "place_product" else None

    def _do_place_product(self, s: int, x: int, y: int) -> list[Event]:
        p = self.incoming[s].pop(0)
        self.handed[s] = max(0, self.handed[s] - 1)
        self.prod[s][(x, y)] = p
        return []

    def _do_discard_incoming(self, s: int) -> list[Event]:
        p = self.incoming[s].pop(0)
        self.handed[s] = max(0, self.handed[s] - 1)
        self.spent[p] += 1
        return [Event(f"{{p{s}}} discards {article(pname(p))}.", "loss")]

    def _strand(self, s: int) -> list[Event]:
        """Products no longer beside a factory go back to the owner's hand to be placed again
        (or discarded): the rules say they must be moved to valid locations or discarded."""
        fac, prod = self.fac[s], self.prod[s]
        stranded = []
        for (x, y), p in sorted(prod.items()):
            if not any((x + dx, y + dy) in fac for dx, dy in DIRS):
                stranded.append(((x, y), p))
        for c, p in stranded:
            del prod[c]
            self.incoming[s].append(p)
        if not stranded:
            return []
        names = ", ".join(pname(p) for _, p in stranded)
        return [Event(f"{{p{s}}} must place again or discard: {names}.", "info")]

    # -- a card picked up in a non-production move -------------------------------------------------------
    def _do_move_product(self, s: int, x: int, y: int) -> list[Event]:
        self.sub = {"k": "mvprod", "origin": [x, y]}
        return []

    def _choices_put_card(self, s: int, _seat: int) -> list[Action]:
        origin = tuple(self.sub["origin"])
        acts = [Action("site", s, c) for c in self.free_product_cells(s) if c != origin]
        acts.append(Action("discard", s, ()))
        return acts

    def _ask_put_card(self, seat: int) -> tuple[frozenset, str]:
        return _PUT, "put the product card on a free space, or discard it"

    def _why_put_card(self, action: Action) -> str | None:
        return _CARD_SPACE if action.kind == "site" else None

    def _put_card(self, s: int, x: int, y: int) -> list[Event]:
        """The card picked up goes to the space (x, y) (the `site` of a card being moved)."""
        ox, oy = self.sub["origin"]
        p = self.prod[s].pop((ox, oy))
        self.prod[s][(x, y)] = p
        self.sub = None
        return [Event(f"{{p{s}}} moves {article(pname(p))} card.", "info")]

    def _do_discard(self, s: int) -> list[Event]:
        x, y = self.sub["origin"]
        self.sub = None
        p = self.prod[s].pop((x, y))
        self.spent[p] += 1
        return [Event(f"{{p{s}}} discards {article(pname(p))}.", "loss")]
