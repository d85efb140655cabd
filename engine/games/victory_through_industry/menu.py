"""A non-production move: any number of small actions, each started from this menu and ended by
the player (End this move). Build (building.py), tear down or move a factory, move or discard a
product card (cards.py), trade three cards to the bank or make one trade offer (trade.py), claim
a contract (contracts.py), ask to move a factory to or from another complex (factory_moves.py).
A mixin of VtiState."""

from __future__ import annotations

from engine.core.contract import Action
from engine.games.victory_through_industry.complex import cut_cells, room_for
from engine.games.victory_through_industry.data import PRODUCT_ORDER

MENU = frozenset({"build", "tear_down", "move_factory", "move_product", "bank", "offer", "claim", "lend", "borrow",
                  "end_move"})


class MenuRules:
    __slots__ = ()

    def _choices_menu(self, s: int, _seat: int) -> list[Action]:
        return self._np_actions(s)

    def _np_actions(self, s: int, only: str | None = None) -> list[Action]:
        """The actions of a non-production move; `only` restricts them to one kind (for is_legal).

        (Each part is skipped outright when it cannot yield anything: a search asks for this menu
        tens of times per iteration, often in a small complex where most parts are empty.)"""
        fac, prod = self.fac[s], self.prod[s]
        counts = self.product_counts(s)
        owned = self.type_counts(s)
        buildable = self.buildable_types(s, owned, counts) if counts else []
        acts: list[Action] = []
        if buildable and (only is None or only == "build"):
            acts += [Action("build", s, (f,)) for f in buildable]
        if only in (None, "tear_down", "move_factory") and fac:
            fcells = sorted(fac)
            if only != "move_factory" and len(fac) >= 2:
                # a factory that is no cut cell can always go; the others need a replacement
                cuts = cut_cells(frozenset(fac))
                acts += [Action("tear_down", s, c) for c in fcells
                         if c not in cuts or self._replaceable(s, fac[c][0], buildable, counts)]
            if only != "tear_down" and counts:  # a move costs one product card
                pay = self.paying_cards(s, counts)
                acts += [Action("move_factory", s, c) for c in fcells if pay[fac[c][0]]]
        if prod and only in (None, "move_product"):
            # picking up a product card leads to moving it elsewhere or discarding it
            acts += [Action("move_product", s, c) for c in sorted(prod)]
        if only in (None, "bank") and counts and max(counts.values()) >= 3:
            acts += [Action("bank", s, (g,)) for g in sorted(counts, key=PRODUCT_ORDER.__getitem__) if counts[g] >= 3]
        # decision: one trade offer per non-production move (so no seat can be pestered endlessly)
        if (only is None or only == "offer") and not self.offered:
            acts += [Action("offer", s, (t,)) for t in range(self.players) if t != s and (prod or self.prod[t])]
        if prod and only in (None, "claim"):
            acts += [Action("claim", s, (cid,)) for cid in self.claimable(s)]
        # decision: one request to move a factory to or from another complex per non-production move
        # (the menu only asks whether some factory could move, as `xmove_cells` would list it)
        if not self.asked and counts:
            pay = self.paying_cards(s, counts)
            others = [t for t in range(self.players) if t != s]
            if only is None or only == "lend":
                leaving = self._leaving_types(s, pay)
                acts += [Action("lend", s, (t,)) for t in others if leaving and room_for(self.type_counts(t), leaving)]
            if only is None or only == "borrow":
                acts += [Action("borrow", s, (t,)) for t in others if room_for(owned, self._leaving_types(t, pay))]
        if only is None or only == "end_move":
            acts.append(Action("end_move", s, ()))
        return acts

    def _in_menu(self, seat: int) -> bool:
        """Whether `seat` chooses from this menu now (the direct legality check of `is_legal`)."""
        return (self.phase == "play" and self.in_np and self.sub is None and not self.fq
                and not self.incoming[seat] and seat == self.current)

    def menu_seat(self) -> int | None:
        """The seat choosing from the non-production menu now (build, claim, trade… or end the
        move), or None when the decision is another one."""
        s = self.current
        if (self.phase == "play" and self.in_np and self.sub is None and not self.fq and not self.incoming[s]
                and self.to_move() == s):
            return s
        return None

    def _ask_menu(self, seat: int) -> tuple[frozenset, str]:
        return MENU, "choose a non-production action, or end the move"

    def _why_menu(self, action: Action) -> str | None:
        """Why an action of the menu is refused: each part's own reasons."""
        s, k, a = action.seat, action.kind, action.args
        if k == "build":
            return self._build_problem(s, a[0])
        if k in ("tear_down", "move_factory"):
            return self._factory_problem(s, k, tuple(a[-2:]))
        if k == "move_product":
            return "There is no product card of yours there."
        if k == "bank":
            return self._bank_problem(s, a[0])
        if k == "offer":
            return self._offer_problem(s, a[0])
        if k == "claim":
            return self._claim_problem(s, a[0])
        if k in ("lend", "borrow"):
            return self._xmove_problem(s, a[0])
        return None
