"""Building, tearing down and moving factories. A build pays two product cards (of the factory's
inputs, outputs or Wood), then the factory is sited on an empty space touching the complex and
turned; a move pays one card and the factory goes back where it was or where it joins the complex
again; tearing down a factory that held the complex together asks for a replacement built in its
place. The starting factories (draft.py) and factories moved between complexes
(factory_moves.py) are sited and turned here too. A mixin of VtiState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import article, join_words
from engine.games.victory_through_industry.complex import connected, reach_with
from engine.games.victory_through_industry.data import COST_SETS, FACTORIES, MAX_PER_TYPE, PRODUCT_ORDER
from engine.games.victory_through_industry.words import fname, pname

_PAY = frozenset({"pay"})
_SITE = frozenset({"site"})
_ROTATE = frozenset({"rotate"})
_BUILD = frozenset({"build"})


def cost_words(f: str) -> str:
    """The products that may pay for a factory of type `f`: "Coal, Iron or Wood"."""
    return join_words([pname(p) for p in sorted(COST_SETS[f], key=PRODUCT_ORDER.__getitem__)], "or")


class BuildingRules:
    __slots__ = ()

    # -- the refusals of the menu's build, tear down and move -----------------------------------------
    def _build_problem(self, s: int, f: str) -> str:
        if f not in FACTORIES:
            return "There is no such factory."
        if self.supply[f] <= 0:
            return f"No {fname(f)} is left in the supply."
        if self.count_type(s, f) >= MAX_PER_TYPE:
            return f"You already have four {fname(f, 2)}: at most four of a type."
        return f"{article(fname(f))} costs two products from {cost_words(f)}; you do not have two of them."

    def _factory_problem(self, s: int, kind: str, cell: tuple) -> str:
        if cell not in self.fac[s]:
            return "There is no factory of yours there."
        name = fname(self.fac[s][cell][0])
        if kind == "move_factory":
            return f"Moving the {name} costs a product card of its inputs, outputs or Wood; you have none."
        if len(self.fac[s]) < 2:
            return "You cannot tear down your last factory."
        return (f"Tearing the {name} down would split your complex, and you cannot pay for a "
                "factory to put in its place.")

    # -- paying ---------------------------------------------------------------------------------------
    def _choices_pay(self, s: int, _seat: int) -> list[Action]:
        costs = COST_SETS[self.sub["f"]]
        return [Action("pay", s, c) for c, p in sorted(self.prod[s].items()) if p in costs]

    def _ask_pay(self, seat: int) -> tuple[frozenset, str]:
        return _PAY, f"pay for the {fname(self.sub['f'])} with a product card of your complex"

    def _why_pay(self, action: Action) -> str | None:
        s, cell = action.seat, tuple(action.args[-2:])
        if cell not in self.prod[s]:
            return "There is no product card of yours there."
        f = self.sub["f"]
        return f"The {fname(f)} is paid with {cost_words(f)}, not {pname(self.prod[s][cell])}."

    def _do_pay(self, s: int, x: int, y: int) -> list[Event]:
        if self.sub["k"] == "claim":
            return self._claim(s, self.sub["cid"], x, y)
        p = self.prod[s].pop((x, y))
        self.spent[p] += 1
        self.sub["pay"] -= 1
        self.sub["paid"].append(p)
        return []

    # -- siting ---------------------------------------------------------------------------------------
    def _choices_site(self, s: int, _seat: int) -> list[Action]:
        sub = self.sub
        if sub["mode"] == "move":
            sites = self.move_sites(s, tuple(sub["origin"]))
        elif sub["mode"] == "xmove":
            sites = self.build_sites(sub["dst"])
        else:
            sites = self.build_sites(s)
        return [Action("site", s, c) for c in sites]

    def _ask_site(self, seat: int) -> tuple[frozenset, str]:
        return _SITE, f"choose where the {fname(self.sub['f'])} goes"

    def _why_site(self, action: Action) -> str | None:
        if self.sub["mode"] == "move":
            return "The factory must go back where it was, or where it joins your whole complex again."
        return "A factory goes on an empty space touching your complex by a side or a corner."

    def _do_site(self, s: int, x: int, y: int) -> list[Event]:
        if self.sub["k"] == "mvprod":
            return self._put_card(s, x, y)
        self.sub["site"] = [x, y]
        return []

    # -- turning, and the factory put down --------------------------------------------------------------
    def _choices_rotate(self, s: int, _seat: int) -> list[Action]:
        return [Action("rotate", s, (r,)) for r in range(4)]

    def _ask_rotate(self, seat: int) -> tuple[frozenset, str]:
        return _ROTATE, f"turn the {fname(self.sub['f'])} the way it should face"

    def _why_rotate(self, action: Action) -> str | None:
        return "A factory turns by quarters: choose 0, 1, 2 or 3 quarter turns."

    def _do_rotate(self, s: int, r: int) -> list[Event]:
        sub = self.sub
        f, mode = sub["f"], sub["mode"]
        x, y = sub["site"]
        self.sub = None
        owner = sub["dst"] if mode == "xmove" else s
        self.reach[owner] = reach_with(self.reach[owner], (x, y))
        if mode == "xmove":
            src, dst = sub["src"], sub["dst"]
            self.fac[dst][(x, y)] = (f, r)
            paid = pname(sub["paid"][0])
            return [Event(f"{{p{s}}} moves {article(fname(f))} from {{p{src}}}'s complex into {{p{dst}}}'s "
                          f"(paid {paid}).", "info")] + self._strand(src)
        self.fac[s][(x, y)] = (f, r)
        paid = " + ".join(pname(p) for p in sub["paid"])
        if mode == "start":
            self.drafted[s].remove(f)
            events = [Event(f"{{p{s}}} places {article(fname(f))}.", "setup")]
            if not self.drafted[s]:
                events += self._next_placer(s)
            return events
        if mode == "move":
            events = [Event(f"{{p{s}}} moves {article(fname(f))} (paid {paid}).", "info")]
        elif mode == "replace":
            self.supply[f] -= 1
            events = [Event(f"{{p{s}}} builds {article(fname(f))} in its place to keep the complex connected "
                            f"(paid {paid}).", "info")]
        else:
            self.supply[f] -= 1
            events = [Event(f"{{p{s}}} builds {article(fname(f))} (paid {paid}).", "info")]
        return events + self._strand(s)

    # -- building, tearing down, moving ---------------------------------------------------------------------
    def _do_build(self, s: int, f: str) -> list[Event]:
        if self.sub is not None and self.sub["k"] == "replace":
            origin = self.sub["origin"]
            self.sub = {"k": "build", "f": f, "pay": 2, "site": origin, "mode": "replace", "origin": origin,
                        "paid": []}
        else:
            self.sub = {"k": "build", "f": f, "pay": 2, "site": None, "mode": "build", "origin": None, "paid": []}
        return []

    def _do_tear_down(self, s: int, x: int, y: int) -> list[Event]:
        f, _ = self.fac[s].pop((x, y))
        self.supply[f] += 1
        events = [Event(f"{{p{s}}} tears down {article(fname(f))}.", "info")]
        if connected(self.fac[s]):
            return events + self._strand(s)
        self.sub = {"k": "replace", "f": f, "origin": [x, y]}
        return events + [Event(f"{{p{s}}} must build a factory in its place to reconnect the complex.", "info")]

    def _choices_replace(self, s: int, _seat: int) -> list[Action]:
        return [Action("build", s, (f,)) for f in self.buildable_types(s)]

    def _ask_replace(self, seat: int) -> tuple[frozenset, str]:
        return _BUILD, "choose the factory that takes the torn-down one's place"

    def _why_replace(self, action: Action) -> str | None:
        return self._build_problem(action.seat, action.args[0])

    def _do_move_factory(self, s: int, x: int, y: int) -> list[Event]:
        f, rot = self.fac[s].pop((x, y))
        self.sub = {"k": "build", "f": f, "pay": 1, "site": None, "mode": "move", "origin": [x, y], "paid": [],
                    "rot": rot}
        return []
