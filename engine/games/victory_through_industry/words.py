"""How Victory Through Industry names its things: factories and products by name, cards offered
in a trade, and places in a complex described in words, never as grid coordinates ("the space
below your Iron Mine", "the Coal Mine to the left of Bob's Forest"). Shared by the rules' labels,
log lines and refusals and the board's hover text, which hold the factories as a mapping from
cell to factory type."""

from __future__ import annotations

from engine.core.text import article, join_words, plural
from engine.games.victory_through_industry.data import DIRS, FACTORIES, NEIGHBOURS8, PRODUCTS, SIDE_NAMES, facing

Cell = tuple[int, int]


def fname(f: str, n: int = 1) -> str:
    """A factory type by name, in the plural for more than one ("Cattle Ranches")."""
    name = FACTORIES[f].name
    return name if n == 1 else plural(name)


def pname(p: str) -> str:
    return PRODUCTS[p].name


def cards_words(p: str, n: int) -> str:
    """What one side of a trade offer hands over: "2 Coal", or "nothing"."""
    if not n:
        return "nothing"
    return f"{n} {pname(p)}"


# where a cell lies, seen from a neighbour at cell + step (y grows downwards)
_SIDE_WORDS = {(0, -1): "below", (1, 0): "to the left of", (0, 1): "above", (-1, 0): "to the right of"}


def relation(factories: dict[Cell, str], cell: Cell, owner: str = "your") -> str:
    """Where `cell` lies by the nearest other factory of the complex: "below your Iron Mine",
    "diagonal to your Forest"; "" when no factory touches it."""
    x, y = cell
    for dx, dy in DIRS:
        n = (x + dx, y + dy)
        if n in factories:
            return f"{_SIDE_WORDS[(dx, dy)]} {owner} {FACTORIES[factories[n]].name}"
    for dx, dy in NEIGHBOURS8:
        n = (x + dx, y + dy)
        if n in factories:
            return f"diagonal to {owner} {FACTORIES[factories[n]].name}"
    return ""


def space_words(factories: dict[Cell, str], cell: Cell, owner: str = "your") -> str:
    """An empty space of a complex: "the space below your Iron Mine"."""
    if not factories:
        return f"the first space of {owner} complex"
    where = relation(factories, cell, owner)
    return f"the space {where}" if where else f"a space of {owner} complex"


def factory_words(factories: dict[Cell, str], cell: Cell, owner: str = "your") -> str:
    """A factory of a complex: "the Coal Mine to the left of your Iron Mine" (just "the Coal Mine"
    when it is the only one of its type)."""
    name = FACTORIES[factories[cell]].name
    same = sum(1 for f in factories.values() if f == factories[cell])
    if same == 1:
        return f"the {name}" if owner == "your" else f"{owner} {name}"
    others = {c: f for c, f in factories.items() if c != cell}
    where = relation(others, cell, owner)
    return f"the {name} {where}" if where else f"the {name}"


def card_words(factories: dict[Cell, str], cell: Cell, product: str, owner: str = "your") -> str:
    """A product card in a complex: "the Coal card below your Iron Mine"."""
    where = relation(factories, cell, owner)
    return f"the {product} card {where}" if where else f"the {product} card"


def idle_words(fac: dict[Cell, tuple[str, int]], prod: dict[Cell, str], cell: Cell) -> str | None:
    """Why the factory on `cell` cannot run, as a phrase ("its left input needs Coal beside it, but
    Wood lies there", "its right output is blocked by a Coal card"), or None if it can: the rule
    of `VtiState.can_operate` (every input side has an accepted product beside it, every output
    side a free space). `fac` maps cells to (type, rotation), `prod` cells to products: the rules'
    state and the board's view both hold them so."""
    f, rot = fac[cell]
    x, y = cell
    for d, side in facing(f, rot):
        n = (x + DIRS[d][0], y + DIRS[d][1])
        where = SIDE_NAMES[d]
        if side.kind == "in" and prod.get(n) not in side.products:
            wanted = join_words([PRODUCTS[p].name for p in side.products], "or")
            if n in prod:
                return f"its {where} input needs {wanted}, but {PRODUCTS[prod[n]].name} lies there"
            if n in fac:
                return f"its {where} input needs {wanted}, but {article(FACTORIES[fac[n][0]].name)} stands there"
            return f"its {where} input needs {wanted} beside it"
        if side.kind == "out":
            if n in prod:
                return f"its {where} output is blocked by {article(PRODUCTS[prod[n]].name)} card"
            if n in fac:
                return f"its {where} output is blocked by {article(FACTORIES[fac[n][0]].name)}"
    return None


def risk(state, seat: int, chosen, best) -> str | None:
    """What `chosen` risks where `best` would not (engine/core/risk.py): points given up now, in
    contracts or products."""
    from engine.core.risk import after

    mine, other = after(state, chosen), after(state, best)
    lost = sum(other.score(seat).values()) - sum(mine.score(seat).values())
    if lost >= 3:
        return (f"It gives up {lost} points the other move keeps, in contracts or products: both count their points "
                "at the end.")
    return None
