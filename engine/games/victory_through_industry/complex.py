"""A player's industrial complex: which cells touch, which factories hold it together, where a
factory or a product card may go, which factories can run, and what a seat's cards may pay for.
The answers about the shape of a complex are cached on its set of cells (a search meets the same
few complexes again and again). A mixin of VtiState, and the pure functions it reads."""

from __future__ import annotations

from engine.core.memo import game_cache
from engine.games.victory_through_industry.data import (
    COST_SETS,
    DIRS,
    FACTORY_IDS,
    MAX_PER_TYPE,
    NEIGHBOURS8,
    facing,
)
from engine.games.victory_through_industry.words import idle_words

Cell = tuple[int, int]

FACING = {(f, r): tuple(facing(f, r)) for f in FACTORY_IDS for r in range(4)}
"""(type, rotation) -> its printed sides, each with the direction it faces."""
_CHECKS = {key: tuple((DIRS[d][0], DIRS[d][1], side.kind == "in", frozenset(side.products)) for d, side in sides)
           for key, sides in FACING.items()}
"""For each (type, rotation): (dx, dy, is an input, products accepted) of every printed side, the
form `can_operate` (the hottest test of a search) reads fastest."""


def touches(cell: Cell, cells) -> bool:
    """Whether `cell` touches one of `cells` by a side or a corner."""
    x, y = cell
    return any((x + dx, y + dy) in cells for dx, dy in NEIGHBOURS8)


def connected(cells) -> bool:
    """Whether factory cells form one group touching by sides or corners (empty counts as one)."""
    return len(groups(cells if isinstance(cells, frozenset) else frozenset(cells))) <= 1


# A search meets the same few complexes again and again, so these answers are cached on the set of
# factory cells (a frozenset: hashable, and equal for equal complexes).
@game_cache(maxsize=4096)
def groups(cells: frozenset) -> tuple[frozenset, ...]:
    """The groups of cells touching by sides or corners (none for no cells)."""
    left = set(cells)
    out = []
    while left:
        start = left.pop()
        group = {start}
        todo = [start]
        while todo:
            x, y = todo.pop()
            for dx, dy in NEIGHBOURS8:
                n = (x + dx, y + dy)
                if n in left:
                    left.remove(n)
                    group.add(n)
                    todo.append(n)
        out.append(frozenset(group))
    return tuple(out)


@game_cache(maxsize=4096)
def cut_cells(cells: frozenset) -> frozenset:
    """The factory cells whose removal would leave the others not connected."""
    return frozenset(c for c in cells if len(groups(cells - {c})) > 1)


@game_cache(maxsize=4096)
def free_types(layout: frozenset) -> frozenset:
    """For a complex given as (cell, (type, rotation)) pairs: the types of the factories that may
    leave it for another complex (it keeps two or more and stays connected without them)."""
    if len(layout) < 2:
        return frozenset()
    cuts = cut_cells(frozenset(c for c, _ in layout))
    return frozenset(f for c, (f, _) in layout if c not in cuts)


@game_cache(maxsize=4096)
def _affordable(held: frozenset) -> tuple[str, ...]:
    """The factory types two of these product cards may pay for (in `FACTORY_IDS` order)."""
    pay = _paying_cards(held)
    return tuple(f for f in FACTORY_IDS if pay[f] >= 2)


@game_cache(maxsize=4096)
def _paying_cards(held: frozenset) -> dict[str, int]:
    """For product cards held (a frozenset of (product, count) pairs): how many of them may pay
    for each factory type. Cached like the complexes, so callers must not change the dict."""
    return {f: sum(n for p, n in held if p in COST_SETS[f]) for f in FACTORY_IDS}


def room_for(owned: dict[str, int], types) -> bool:
    """Whether a seat owning `owned` factories of each type may receive one of these types."""
    return any(owned.get(f, 0) < MAX_PER_TYPE for f in types)


def reach_with(reach: list | None, cell: Cell) -> list[int]:
    """A complex's reach ([left, top, right, bottom]: every cell a factory has stood on, and the
    ring round it where its cards and new factories may go) grown by a factory put down on `cell`.

    >>> reach_with(reach_with(None, (0, 0)), (2, -1))
    [-1, -2, 3, 1]
    """
    x, y = cell
    if reach is None:
        return [x - 1, y - 1, x + 1, y + 1]
    return [min(reach[0], x - 1), min(reach[1], y - 1), max(reach[2], x + 1), max(reach[3], y + 1)]


def by_row(cells) -> list[Cell]:
    """Cells from the top row down, left to right in a row (the order choices are offered in)."""
    return sorted(cells, key=lambda c: (c[1], c[0]))


class ComplexQueries:
    __slots__ = ()

    def type_counts(self, seat: int) -> dict[str, int]:
        """Factories of each type the seat owns: placed, lifted for a move, or drafted and unplaced."""
        n: dict[str, int] = {}
        for f, _ in self.fac[seat].values():
            n[f] = n.get(f, 0) + 1
        for f in self.drafted[seat]:
            n[f] = n.get(f, 0) + 1
        lifted = self._lifted()
        if lifted is not None and lifted[0] == seat:
            n[lifted[1]] = n.get(lifted[1], 0) + 1
        return n

    def _lifted(self) -> tuple[int, str] | None:
        """(owner, type) of a factory lifted for a move and not yet put down: the mover's own
        factory, or for a move between complexes the receiving seat's (it owns it from then on)."""
        sub = self.sub
        if sub and sub["k"] == "build":
            if sub["mode"] == "move":
                return self.current, sub["f"]
            if sub["mode"] == "xmove":
                return sub["dst"], sub["f"]
        return None

    def count_type(self, seat: int, ftype: str) -> int:
        return self.type_counts(seat).get(ftype, 0)

    def product_counts(self, seat: int) -> dict[str, int]:
        """How many cards of each product the seat has in its complex."""
        n: dict[str, int] = {}
        for p in self.prod[seat].values():
            n[p] = n.get(p, 0) + 1
        return n

    def free_product_cells(self, seat: int) -> list[Cell]:
        """Empty cells beside a side (not a corner) of one of the seat's factories."""
        fac, prod = self.fac[seat], self.prod[seat]
        out = set()
        for x, y in fac:
            for dx, dy in DIRS:
                c = (x + dx, y + dy)
                if c not in fac and c not in prod:
                    out.add(c)
        return by_row(out)

    def build_sites(self, seat: int) -> list[Cell]:
        """Empty cells touching one of the seat's factories by a side or a corner."""
        fac, prod = self.fac[seat], self.prod[seat]
        if not fac:
            return [(0, 0)]
        out = set()
        for x, y in fac:
            for dx, dy in NEIGHBOURS8:
                c = (x + dx, y + dy)
                if c not in fac and c not in prod:
                    out.add(c)
        return by_row(out)

    def move_sites(self, seat: int, origin: Cell) -> list[Cell]:
        """Where a lifted factory may go: its own cell, or an empty cell touching the others such
        that the whole complex is connected again."""
        fac = self.fac[seat]
        if not fac:
            return [origin]
        # a new cell joins the groups of the others into one exactly when it touches each of them
        parts = groups(frozenset(fac))
        out = [origin]
        for c in self.build_sites(seat):  # each touches at least one group
            if c != origin and (len(parts) == 1 or all(touches(c, g) for g in parts)):
                out.append(c)
        return by_row(out)

    def can_operate(self, seat: int, cell: Cell) -> bool:
        """Every input side has an accepted product beside it and every output side a free space."""
        fac, prod = self.fac[seat], self.prod[seat]
        x, y = cell
        for dx, dy, is_input, accepted in _CHECKS[fac[cell]]:
            n = (x + dx, y + dy)
            if is_input:
                if prod.get(n) not in accepted:
                    return False
            elif n in prod or n in fac:
                return False
        return True

    def idle_reason(self, seat: int, cell: Cell) -> str | None:
        """Why the seat's factory on `cell` cannot run, in words ("its right output is blocked by
        a Coal card"); None if it can (`words.idle_words`, which the board's tooltips use too)."""
        return idle_words(self.fac[seat], self.prod[seat], cell)

    def operable(self, seat: int, ftype: str) -> list[Cell]:
        cells = [c for c, (f, _) in self.fac[seat].items() if f == ftype]
        return by_row(c for c in cells if self.can_operate(seat, c))

    def paying_cards(self, seat: int, counts: dict | None = None) -> dict[str, int]:
        """For each factory type, how many of the seat's product cards may pay for it (its inputs,
        outputs or Wood); `counts` are the seat's product counts if the caller has them. The dict
        is shared: read it, do not change it."""
        counts = counts if counts is not None else self.product_counts(seat)
        return _paying_cards(frozenset(counts.items()))

    def can_afford(self, seat: int, ftype: str, n: int = 2, counts: dict | None = None) -> bool:
        """Whether the seat has `n` products that may pay for a factory of this type."""
        return self.paying_cards(seat, counts)[ftype] >= n

    def buildable_types(self, seat: int, owned: dict | None = None, counts: dict | None = None) -> list[str]:
        """Types the seat may build now: one left in the pile, fewer than four owned, affordable.
        `owned` and `counts` are the seat's type and product counts, if the caller has them."""
        owned = owned if owned is not None else self.type_counts(seat)
        counts = counts if counts is not None else self.product_counts(seat)
        supply = self.supply
        return [f for f in _affordable(frozenset(counts.items())) if supply[f] > 0 and owned.get(f, 0) < MAX_PER_TYPE]

    def _replaceable(self, seat: int, torn: str, buildable: list[str], counts: dict | None = None) -> bool:
        """Whether the seat could build a replacement after tearing down a factory of type `torn`,
        given the types it may build now."""
        # decision: the replacement may be any type, the torn-down one included. Tearing down puts
        # one back in its pile and leaves the seat owning fewer than four of it, so that type only
        # needs paying for; every other type is as buildable as it is now.
        return bool(buildable) or self.paying_cards(seat, counts)[torn] >= 2
