"""A factory moved between two complexes, with the other owner's permission, once per
non-production move: lend one of one's own factories into another complex, or borrow one of
theirs; the mover picks the factory, its owner allows or refuses, then the mover pays one product
card and sites and turns it in the complex it goes to (building.py). A mixin of VtiState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import article, seat_ref
from engine.games.victory_through_industry.complex import Cell, by_row, cut_cells, free_types
from engine.games.victory_through_industry.data import MAX_PER_TYPE
from engine.games.victory_through_industry.words import fname

_FPICK = frozenset({"fpick"})


class FactoryMoveRules:
    __slots__ = ()

    def xmove_cells(self, s: int, t: int, lend: bool) -> list[Cell]:
        """Factories `s` may move between its complex and `t`'s: lend (its own into `t`'s) or
        borrow (one of `t`'s into its own). The complex it leaves must keep two or more factories
        and stay connected without it, the receiver must own fewer than four of the type, and `s`
        must be able to pay one product for it (its inputs, outputs or Wood)."""
        src, dst = (s, t) if lend else (t, s)
        fac = self.fac[src]
        owned = self.type_counts(dst)
        cells = self._leaving_cells(src, self.paying_cards(s))
        return by_row(c for c in cells if owned.get(fac[c][0], 0) < MAX_PER_TYPE)

    def _leaving_types(self, src: int, pay: dict) -> list[str]:
        """The types of the factories `_leaving_cells` lists (the same rule, cached per layout)."""
        fac = self.fac[src]
        if len(fac) < 2:
            return []
        return [f for f in free_types(frozenset(fac.items())) if pay[f]]

    def _leaving_cells(self, src: int, pay: dict) -> list[Cell]:
        """The factories that may leave `src`'s complex for another one and that a seat with these
        `paying_cards` can pay one product for (in no particular order)."""
        fac = self.fac[src]
        if len(fac) < 2:
            return []
        # decision: no forced replacement in someone else's complex: a factory whose removal
        # would split the complex it leaves cannot be moved out of it
        cuts = cut_cells(frozenset(fac))
        return [c for c, (f, _) in fac.items() if c not in cuts and pay[f]]

    def _xmove_problem(self, s: int, t: int) -> str:
        """Why the menu's lend or borrow is refused."""
        if t == s or not 0 <= t < self.players:
            return "Choose another player."
        if self.asked:
            return "You have already asked to move a factory between complexes during this move."
        return ("No factory can move: the complex it leaves must stay connected, the receiver may "
                "own at most four of a type, and you must pay one product for it.")

    def _do_lend(self, s: int, t: int) -> list[Event]:
        self.sub = {"k": "fpick", "t": t, "lend": True}
        self.asked = True
        return []

    def _do_borrow(self, s: int, t: int) -> list[Event]:
        self.sub = {"k": "fpick", "t": t, "lend": False}
        self.asked = True
        return []

    # -- the factory picked -----------------------------------------------------------------------------
    def _choices_fpick(self, s: int, _seat: int) -> list[Action]:
        return [Action("fpick", s, c) for c in self.xmove_cells(s, self.sub["t"], self.sub["lend"])]

    def _ask_fpick(self, seat: int) -> tuple[frozenset, str]:
        return _FPICK, "choose the factory to move"

    def _why_fpick(self, action: Action) -> str | None:
        s, cell = action.seat, tuple(action.args[-2:])
        owner = self.sub["t"] if self.sub["lend"] is False else s
        if cell not in self.fac[owner]:
            return f"There is no factory of {seat_ref(owner)} there."
        return ("That factory cannot move: the complex it leaves must stay connected with two or "
                "more factories, the receiver may own at most four of a type, and you must pay one "
                "product for it.")

    def _do_fpick(self, s: int, x: int, y: int) -> list[Event]:
        t, lend = self.sub["t"], self.sub["lend"]
        src, dst = (s, t) if lend else (t, s)
        f = self.fac[src][(x, y)][0]
        self.sub = {"k": "frespond", "t": t, "lend": lend, "src": src, "dst": dst, "cell": [x, y], "f": f}
        if lend:
            text = f"{{p{s}}} asks {{p{t}}} for permission to move {article(fname(f))} into {{p{t}}}'s complex."
        else:
            text = f"{{p{s}}} asks {{p{t}}} for permission to take {article(fname(f))} from {{p{t}}}'s complex."
        return [Event(text, "info")]

    # -- allowed (the answer: trade.py) ------------------------------------------------------------------
    def _accept_xmove(self, t: int) -> list[Event]:
        sub = self.sub
        x, y = sub["cell"]
        f = sub["f"]
        # the factory leaves its complex now; products left beside no factory are handed back
        # to their owner after it is put down (as for a move within a complex)
        self.fac[sub["src"]].pop((x, y))
        self.sub = {"k": "build", "f": f, "pay": 1, "site": None, "mode": "xmove", "origin": [x, y], "paid": [],
                    "src": sub["src"], "dst": sub["dst"]}
        return [Event(f"{{p{t}}} agrees to the factory move.", "info")]
