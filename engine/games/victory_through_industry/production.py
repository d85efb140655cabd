"""A production move: every factory of the chosen type that can run operates, one after another
from the top row down (one that an earlier one blocked does not); each takes the cards of its
inputs and puts cards on its outputs, the owner choosing what a choice output makes. A mixin of
VtiState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import join_words
from engine.games.victory_through_industry.complex import FACING, Cell
from engine.games.victory_through_industry.data import DIRS, FACTORIES, PRODUCT_ORDER, PRODUCTS
from engine.games.victory_through_industry.words import pname

_OUTPUT = frozenset({"output"})


class ProductionRules:
    __slots__ = ()

    def _do_produce(self, s: int, f: str) -> list[Event]:
        cells = self.operable(s, f)
        self.sub = {"k": "produce", "f": f, "q": [list(c) for c in cells], "made": []}
        return self._run_production(s)

    # -- what a choice output makes ---------------------------------------------------------------------
    def _choices_output(self, s: int, _seat: int) -> list[Action]:
        f = FACTORIES[self.sub["f"]]
        side = f.sides[f.choice_output]
        return [Action("output", s, (p,)) for p in side.products]

    def _ask_output(self, seat: int) -> tuple[frozenset, str]:
        return _OUTPUT, f"choose what the {FACTORIES[self.sub['f']].name} makes"

    def _why_output(self, action: Action) -> str | None:
        p = action.args[0]
        if p not in PRODUCTS:
            return "There is no such product."
        f = FACTORIES[self.sub["f"]]
        makes = join_words([pname(q) for q in f.sides[f.choice_output].products], "or")
        return f"The {f.name} makes {makes}, not {pname(p)}."

    def _do_output(self, s: int, p: str) -> list[Event]:
        c = tuple(self.sub["q"].pop(0))
        self._operate(s, c, p)
        return self._run_production(s)

    # -- running the factories ----------------------------------------------------------------------------
    def _run_production(self, s: int) -> list[Event]:
        sub = self.sub
        f = FACTORIES[sub["f"]]
        choice = f.choice_output
        while sub["q"]:
            c = tuple(sub["q"][0])
            # decision: factories of the type operate one after another (top row first); one that
            # an earlier factory of this move has blocked (a shared input used, an output space
            # filled) does not operate.
            if not self.can_operate(s, c):
                sub["q"].pop(0)
                continue
            if choice is not None:
                return []
            sub["q"].pop(0)
            self._operate(s, c, None)
        made = sub["made"]
        self.sub = None
        text = ", ".join(f"{made.count(p)} {pname(p)}" for p in sorted(set(made), key=PRODUCT_ORDER.__getitem__))
        events = [Event(f"{{p{s}}} runs {f.name} production: {text or 'nothing'}.", "gain")]
        return events + self._finish_move(s)

    def _operate(self, s: int, cell: Cell, choice: str | None) -> None:
        ftype, rot = self.fac[s][cell]
        prod = self.prod[s]
        x, y = cell
        for d, side in FACING[(ftype, rot)]:
            dx, dy = DIRS[d]
            n = (x + dx, y + dy)
            if side.kind == "in":
                self.spent[prod.pop(n)] += 1
            else:
                p = choice if len(side.products) > 1 else side.products[0]
                prod[n] = p
                self.made[p] += 1
                self.sub["made"].append(p)
