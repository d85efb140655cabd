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


# where a cell lies, seen from a neighbour at cell + step (y grows downwards): the four sides, then
# the four corners, each in words of its own, so that two places never read alike
_WHERE = {(0, -1): "below", (1, 0): "to the left of", (0, 1): "above", (-1, 0): "to the right of",
          (1, -1): "below and to the left of", (-1, -1): "below and to the right of",
          (1, 1): "above and to the left of", (-1, 1): "above and to the right of"}
_STEPS = (*DIRS, *(d for d in NEIGHBOURS8 if d not in DIRS))
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def relation(factories: dict[Cell, str], cell: Cell, owner: str = "your", cards: dict[Cell, str] | None = None,
             same=None) -> str:
    """Where `cell` lies by its neighbours in the complex, in words that point at it alone:
    "below your Iron Mine", "above and to the left of your Forest"; "" when nothing touches it.

    `same(c)` says whether another cell `c` holds the same kind of thing (an empty space, the
    same product card, a factory of the same type): a neighbour that several of those lie by the
    same way ("below your Oil Well" when both Oil Wells have a space below) does not tell them
    apart, so two neighbours are named, and as a last resort the place in reading order. Factories
    are named first, then product cards (`cards`: cell -> product id)."""
    landmarks: list[tuple[Cell, str]] = [(c, FACTORIES[f].name) for c, f in factories.items() if c != cell]
    if cards:
        landmarks += [(c, f"{PRODUCTS[p].name} card") for c, p in cards.items() if c != cell and c not in factories]
    where = dict(landmarks)
    x, y = cell
    phrases: list[tuple[str, set[Cell]]] = []  # each phrase with the cells of the same kind it fits
    for kinds in ({c for c in where if c in factories}, {c for c in where if c not in factories}):
        for dx, dy in _STEPS:
            n = (x + dx, y + dy)
            if n not in kinds:
                continue
            fits = {(m[0] - dx, m[1] - dy) for m, name in landmarks if name == where[n]}
            fits = {c for c in fits if c == cell or same is None or same(c)}
            phrases.append((f"{_WHERE[(dx, dy)]} {owner} {where[n]}", fits))
    if not phrases:
        return ""
    for phrase, fits in phrases:
        if fits == {cell}:
            return phrase
    for i, (first, fits) in enumerate(phrases):
        for second, more in phrases[i + 1:]:
            if fits & more == {cell}:
                return f"{first} and {second}"
    phrase, fits = phrases[0]
    return f"{phrase} (the {_nth(cell, fits)} from the top left)"


def space_words(factories: dict[Cell, str], cell: Cell, owner: str = "your",
                cards: dict[Cell, str] | None = None) -> str:
    """An empty space of a complex: "the space below your Iron Mine"."""
    if not factories:
        return f"the first space of {owner} complex"
    where = relation(factories, cell, owner, cards,
                     lambda c: c not in factories and (cards is None or c not in cards))
    return f"the space {where}" if where else f"a space of {owner} complex"


def factory_words(factories: dict[Cell, str], cell: Cell, owner: str = "your",
                  cards: dict[Cell, str] | None = None) -> str:
    """A factory of a complex: "the Coal Mine to the left of your Iron Mine" (just "the Coal Mine"
    when it is the only one of its type)."""
    name = FACTORIES[factories[cell]].name
    same = sum(1 for f in factories.values() if f == factories[cell])
    if same == 1:
        return f"the {name}" if owner == "your" else f"{owner} {name}"
    others = {c: f for c, f in factories.items() if c != cell}
    where = relation(others, cell, owner, cards, lambda c: factories.get(c) == factories[cell])
    if not where:  # nothing beside it: its place among its kind
        return f"the {_nth(cell, [c for c, f in factories.items() if f == factories[cell]])} {name} from the top left"
    return f"the {name} {where}"


def card_words(factories: dict[Cell, str], cell: Cell, product: str, owner: str = "your",
               cards: dict[Cell, str] | None = None) -> str:
    """A product card in a complex: "the Coal card below your Iron Mine". `product` is the card's
    name; with `cards` (cell -> product id) the words tell it from the other cards of its kind."""
    kind = cards.get(cell) if cards else None
    where = relation(factories, cell, owner, cards,
                     None if kind is None else lambda c: cards.get(c) == kind)
    if where:
        return f"the {product} card {where}"
    twins = [c for c, p in cards.items() if p == kind] if kind is not None else [cell]
    if len(twins) > 1:  # nothing beside it: its place among its kind
        return f"the {_nth(cell, twins)} {product} card from the top left"
    return f"the {product} card"


def _nth(cell: Cell, cells) -> str:
    """`cell`'s place among `cells` in reading order (row by row from the top left): "second"."""
    order = sorted(cells, key=lambda c: (c[1], c[0]))
    nth = order.index(cell)
    return _ORDINALS[nth] if nth < len(_ORDINALS) else f"{nth + 1}th"


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
