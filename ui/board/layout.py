"""The responsive board (ARCHITECTURE §5): a game declares its panels (markets, tracks, player mats,
choices, decks…) with their natural sizes and their preferred neighbours, as a small tree, and
this module arranges them for the room the view gives the board.

    tree = Column(Leaf("board", 1600, 450, w_max=2400),
                  Grid([Leaf(f"mat{i}", 510, 432, w_max=900) for i in range(3)], gap=16),
                  gap=22, align="center")
    arrangement = arrange(tree, (1264, 580))
    arrangement.rects["mat1"]    # (x, y, w, h) of mat 1 in board units

The nodes:

- `Leaf(name, w, h)`: a panel; `variants` are other sizes it can be drawn at (a market in one row
  or two, a supply of factories five or three to a row); `w_max`/`h_max`: how far it may stretch
  (a mat drawn wider spreads its rows), for the room an arrangement leaves over; `h_fill`: how
  much taller it may be drawn in room its arrangement leaves inside the board (beside a longer
  column), which never makes the board larger nor changes which arrangement is chosen.
- `Row(...)`, `Column(...)`: side by side (tops aligned) or stacked (left edges aligned).
- `Flow(...)`: panels in reading order, split into one to `max_lines` columns (or rows), each a
  stack, as text flows into newspaper columns: the split that suits the room's shape is chosen.
- `Grid(...)`: equal panels (the players' mats) in every number of columns from 1 to all.
- `Either(...)`: alternatives (the mats below the board, or beside it).

Every node yields its options: the sizes it can take, each with the choices that make it (its
`key`), pruned to those no other option beats in both width and height. `arrange` scores the root's
options for the room by the legibility rule (ui/board/legible.py): the scale at which the board
fits the room, over the scale its smallest texts need to be drawn as designed (`Leaf.min_px`),
largest first; within 3 % of the best, the option that leaves the least of the room unused; then
the one declared first. The option chosen is then stretched into the room where its panels allow,
and last the panels that may fill (`Leaf.h_fill`) grow into what it leaves empty inside its box:
a step after the choice, so a board looks the same however its arrangement came to be chosen.

A board keeps its arrangement while a game goes on: `arrange(..., keep=key)` lays the same choices
out again with the panels' new sizes (a panel that grew pushes its neighbours, as before), and a
new arrangement is chosen only for a new room (the window or a dock changed size: BoardView).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

FRONT_MAX = 24
"""Options a node keeps at most (spread over their shapes, from tall to wide): enough to match
any window's shape within a few percent, few enough that arranging stays well under a frame."""

NEAR = 0.03
"""Options whose legible scale is within this share of the best count as equally legible; the
one that fills the room best is taken among them."""

KEEP = 0.02
"""The arrangement shown keeps its place against one better by less than this (a window dragged
a pixel at a time does not flip the board back and forth)."""


# -- the options of a node ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Option:
    """One way to lay a node out: its natural size, how far it may stretch, the scale its texts
    need (`need`), the choices that make it (`key`) and how to place it (`plan`: a leaf
    ("leaf", name, variant, w, h, w_max, h_max), or two parts side by side or stacked
    ("row" | "col", gap, align, a, b, w, h, w_max, h_max))."""

    w: float
    h: float
    wx: float
    hx: float
    need: float
    key: tuple
    plan: tuple

    def keyed(self, key: tuple) -> Option:
        return Option(self.w, self.h, self.wx, self.hx, self.need, key, self.plan)


def _prune(options: list[Option]) -> list[Option]:
    """The options no other beats (narrower and lower, needing no larger scale, stretching as
    far), at most FRONT_MAX of them, spread over their shapes."""
    options = sorted(options, key=lambda o: (o.need, o.w, o.h, -o.wx - o.hx))
    front: list[Option] = []
    for o in options:
        # beaten: another is no larger, needs no larger scale, and stretches as far both ways
        if any(f.w <= o.w + 0.5 and f.h <= o.h + 0.5 and f.need <= o.need + 1e-9
               and f.wx >= o.wx - 0.5 and f.hx >= o.hx - 0.5 for f in front):
            continue
        front.append(o)
    if len(front) <= FRONT_MAX:
        return front
    # too many: sorted into FRONT_MAX shapes from tall to wide, each keeps its smallest (the
    # largest for a room of that shape) and the one that stretches furthest, so every room's
    # best option survives however the front crowds at some shapes
    lo, hi = math.log(ASPECTS[0]), math.log(ASPECTS[1])
    smallest: dict[int, Option] = {}
    widest: dict[int, Option] = {}
    for o in front:
        k = min(FRONT_MAX - 1, max(0, int((math.log(o.w / o.h) - lo) / (hi - lo) * FRONT_MAX)))
        if k not in smallest or o.w * o.h < smallest[k].w * smallest[k].h:
            smallest[k] = o
        if k not in widest or o.wx * o.hx / (o.w * o.h) > widest[k].wx * widest[k].hx / (widest[k].w * widest[k].h):
            widest[k] = o
    kept = {id(o): o for o in (*smallest.values(), *widest.values())}
    return list(kept.values())


ASPECTS = (0.35, 5.0)
"""The room shapes (width over height) thinned fronts keep an option for."""


class Node:
    """A part of a board's layout tree."""

    def options(self) -> list[Option]:
        raise NotImplementedError

    def follow(self, key: tuple) -> Option | None:
        """The option made by the choices `key` (None if they no longer apply)."""
        raise NotImplementedError

    def leaves(self) -> list[Leaf]:
        raise NotImplementedError


@dataclass
class Leaf(Node):
    """A panel of `w` × `h` board units (its first variant); `variants` are other sizes it may be
    drawn at. It may stretch to `w_max` × `h_max` (default: its size). `min_px`: the smallest
    font (pixels at the default zoom) its texts are drawn in, which sets the scale it needs to be
    read as designed (ui/board/legible.py)."""

    name: str
    w: float
    h: float
    variants: tuple[tuple[float, float], ...] = ()
    w_max: float | None = None
    h_max: float | None = None
    min_px: float = 12.0
    h_fill: float = 0.0

    def sizes(self) -> list[tuple[float, float]]:
        return [(self.w, self.h), *self.variants]

    def _option(self, index: int) -> Option:
        from ui.board import legible

        w, h = self.sizes()[index]
        wx = max(w, self.w_max if self.w_max is not None else w)
        hx = max(h, self.h_max if self.h_max is not None else h)
        need = legible.min_screen_px() / self.min_px
        return Option(w, h, wx, hx, need, (index,), ("leaf", self.name, index, w, h, wx, hx))

    def options(self) -> list[Option]:
        return _prune([self._option(i) for i in range(len(self.sizes()))])

    def follow(self, key: tuple) -> Option | None:
        if len(key) != 1 or not isinstance(key[0], int) or not 0 <= key[0] < len(self.sizes()):
            return None
        return self._option(key[0])

    def leaves(self) -> list[Leaf]:
        return [self]


def _join(a: Option, b: Option, gap: float, across: bool, align: str, key: tuple) -> Option:
    """`a` and `b` side by side (`across`) or stacked."""
    if across:
        w, h, wx, hx = a.w + gap + b.w, max(a.h, b.h), a.wx + gap + b.wx, max(a.hx, b.hx)
    else:
        w, h, wx, hx = max(a.w, b.w), a.h + gap + b.h, max(a.wx, b.wx), a.hx + gap + b.hx
    return Option(w, h, wx, hx, max(a.need, b.need), key,
                  ("row" if across else "col", gap, align, a.plan, b.plan, w, h, wx, hx))


@dataclass
class _Line(Node):
    """Children side by side (`across`) or stacked, each child in any of its options."""

    children: list[Node]
    gap: float = 12.0
    align: str = "start"
    across: bool = True

    def options(self) -> list[Option]:
        acc: list[Option] = []
        for n, child in enumerate(self.children):
            mine = child.options()
            if n == 0:
                acc = [o.keyed((o.key,)) for o in mine]
                continue
            acc = _prune([_join(a, b, self.gap, self.across, self.align, (*a.key, b.key)) for a in acc for b in mine])
        return acc

    def follow(self, key: tuple) -> Option | None:
        if len(key) != len(self.children):
            return None
        acc = None
        for child, sub in zip(self.children, key, strict=True):
            o = child.follow(sub)
            if o is None:
                return None
            acc = o.keyed((o.key,)) if acc is None else \
                _join(acc, o, self.gap, self.across, self.align, (*acc.key, o.key))
        return acc

    def leaves(self) -> list[Leaf]:
        return [leaf for child in self.children for leaf in child.leaves()]


def Row(*children: Node, gap: float = 12.0, align: str = "start") -> _Line:  # noqa: N802 - a node's name
    """Children side by side, their tops level (`align="center"`: centred in the row's height)."""
    return _Line(list(children), gap, align, True)


def Column(*children: Node, gap: float = 12.0, align: str = "start") -> _Line:  # noqa: N802
    """Children stacked, their left edges level (`align="center"`: centred in the column)."""
    return _Line(list(children), gap, align, False)


class Either(Node):
    """One of the alternatives, whichever suits the room."""

    def __init__(self, *alternatives: Node):
        self.alternatives = list(alternatives)

    def options(self) -> list[Option]:
        out = []
        for i, alt in enumerate(self.alternatives):
            out += [o.keyed((i, o.key)) for o in alt.options()]
        return _prune(out)

    def follow(self, key: tuple) -> Option | None:
        if len(key) != 2 or not isinstance(key[0], int) or not 0 <= key[0] < len(self.alternatives):
            return None
        o = self.alternatives[key[0]].follow(key[1])
        return None if o is None else o.keyed(key)

    def leaves(self) -> list[Leaf]:
        seen: dict[str, Leaf] = {}
        for alt in self.alternatives:
            for leaf in alt.leaves():
                seen.setdefault(leaf.name, leaf)
        return list(seen.values())


@dataclass
class Flow(Node):
    """`children` in reading order, split into 1 to `max_lines` consecutive groups: columns side
    by side, each a stack (`columns=True`, as newspaper columns), or rows one under another, each
    side by side. The split that suits the room is chosen."""

    children: list[Node]
    gap: float = 12.0
    max_lines: int = 4
    columns: bool = True
    align: str = "start"

    def _group(self, part: list[Node]) -> _Line:
        return _Line(part, self.gap, self.align, not self.columns)

    def options(self) -> list[Option]:
        n = len(self.children)
        # each child's options once; a group (i, j) of consecutive children grows from (i, j - 1)
        mine = [child.options() for child in self.children]
        across = not self.columns
        groups: dict[tuple[int, int], list[Option]] = {}
        for i in range(n):
            acc = [o.keyed((o.key,)) for o in mine[i]]
            groups[(i, i + 1)] = acc
            for j in range(i + 1, n):
                acc = _prune([_join(a, b, self.gap, across, self.align, (*a.key, b.key)) for a in acc for b in mine[j]])
                groups[(i, j + 1)] = acc
        # layer[j]: the options for the first j children in as many lines as the loop has reached
        layer = {j: [o.keyed(((0, j), o.key)) for o in groups[(0, j)]] for j in range(1, n + 1)}
        out: list[Option] = []
        for lines in range(1, min(self.max_lines, n) + 1):
            out += layer.get(n, [])
            if lines == min(self.max_lines, n):
                break
            nxt: dict[int, list[Option]] = {}
            for i, opts in layer.items():
                for j in range(i + 1, n + 1):
                    bucket = nxt.setdefault(j, [])
                    for a in opts:
                        for b in groups[(i, j)]:
                            bucket.append(_join(a, b, self.gap, self.columns, "start", (*a.key, (i, j), b.key)))
            layer = {j: _prune(opts) for j, opts in nxt.items()}
        return _prune(out)

    def follow(self, key: tuple) -> Option | None:
        n = len(self.children)
        if len(key) % 2 or not key:
            return None
        acc = None
        end = 0
        for k in range(0, len(key), 2):
            span, sub = key[k], key[k + 1]
            if not (isinstance(span, tuple) and len(span) == 2 and span[0] == end and end < span[1] <= n):
                return None
            o = self._group(self.children[span[0]:span[1]]).follow(sub)
            if o is None:
                return None
            acc = o.keyed((span, o.key)) if acc is None else \
                _join(acc, o, self.gap, self.columns, "start", (*acc.key, span, o.key))
            end = span[1]
        return acc if end == n else None

    def leaves(self) -> list[Leaf]:
        return [leaf for child in self.children for leaf in child.leaves()]


def Grid(cells: list[Node], gap: float = 12.0, max_cols: int | None = None, align: str = "start") -> Either:  # noqa: N802
    """Equal panels (the players' mats) in rows of 1 to `max_cols` (default: all), in reading
    order: mats side by side under a wide board, or stacked beside a square one."""
    n = len(cells)
    alts: list[Node] = []
    for cols in range(1, min(n, max_cols or n) + 1):
        rows = [Row(*cells[i:i + cols], gap=gap) for i in range(0, n, cols)]
        alts.append(Column(*rows, gap=gap, align=align) if len(rows) > 1 else rows[0])
    return Either(*alts)


# -- placing ---------------------------------------------------------------------------------------------
def _place(plan: tuple, x: float, y: float, w: float, h: float, out: dict) -> None:
    """Put the panels of `plan` in the box (x, y, w, h), which is at least its natural size; the
    room beyond it goes to the panels that may stretch (a part that may not is aligned in it)."""
    if plan[0] == "leaf":
        _, name, index, _w, _h, wx, hx = plan
        out[name] = (x, y, min(w, wx), min(h, hx), index)
        return
    kind, gap, align, a, b = plan[:5]
    aw, ah, awx, ahx = a[-4:]
    bw, bh, bwx, bhx = b[-4:]
    if kind == "row":
        extra = w - (aw + gap + bw)
        ea, eb = _share(extra, awx - aw, bwx - bw)
        ha, hb = max(ah, min(h, ahx)), max(bh, min(h, bhx))
        ya = y + (h - ha) / 2 if align == "center" else y
        yb = y + (h - hb) / 2 if align == "center" else y
        _place(a, x, ya, aw + ea, ha, out)
        _place(b, x + aw + ea + gap + max(0.0, extra - ea - eb), yb, bw + eb, hb, out)
    else:
        extra = h - (ah + gap + bh)
        ea, eb = _share(extra, ahx - ah, bhx - bh)
        wa, wb = max(aw, min(w, awx)), max(bw, min(w, bwx))
        xa = x + (w - wa) / 2 if align == "center" else x
        xb = x + (w - wb) / 2 if align == "center" else x
        _place(a, xa, y, wa, ah + ea, out)
        _place(b, xb, y + ah + ea + gap + max(0.0, extra - ea - eb), wb, bh + eb, out)


def _filled(plan: tuple, fill: dict[str, float]) -> tuple:
    """`plan` with each leaf named in `fill` allowed that much taller (the parts' reach recounted
    as `_join` counts it); its natural sizes, and so the box it is placed in, stay as they were."""
    if plan[0] == "leaf":
        grow = fill.get(plan[1], 0.0)
        return plan if grow <= 0 else (*plan[:6], plan[6] + grow)
    kind, gap, align, a, b, w, h, wx, _hx = plan
    a, b = _filled(a, fill), _filled(b, fill)
    hx = max(a[-1], b[-1]) if kind == "row" else a[-1] + gap + b[-1]
    return (kind, gap, align, a, b, w, h, wx, hx)


def _share(extra: float, room_a: float, room_b: float) -> tuple[float, float]:
    """`extra` split between two parts that may grow by `room_a` and `room_b`, in proportion (three
    mats that may stretch alike grow alike, however the row nests them), as far as each may."""
    if extra <= 0 or room_a + room_b <= 0:
        return 0.0, 0.0
    if extra >= room_a + room_b:
        return room_a, room_b
    ea = extra * room_a / (room_a + room_b)
    return ea, extra - ea


# -- choosing ------------------------------------------------------------------------------------------
@dataclass
class Arrangement:
    """The panels placed: `rects[name]` is (x, y, w, h) in board units, `variants[name]` the size
    each is drawn at (an index into its Leaf's sizes), `size` the whole board's, `scale` the zoom
    at which it fits the room, `key` the choices that made it (to keep them: `arrange(keep=)`)."""

    rects: dict[str, tuple[float, float, float, float]]
    variants: dict[str, int]
    size: tuple[float, float]
    scale: float
    key: tuple
    order: list[str] = field(default_factory=list)
    """The panels in reading order (as declared): keyboard focus and tutorials go through them."""

    def rect(self, name: str) -> tuple[float, float, float, float]:
        return self.rects[name]


_OPTIONS: dict[tuple, list[Option]] = {}
"""Options of a tree by its signature (every leaf's sizes): a board's panels keep their sizes
over most decisions, and a window resized again picks among the same options."""


def _signature(node: Node) -> tuple:
    if isinstance(node, Leaf):
        return ("L", node.name, tuple(node.sizes()), node.w_max, node.h_max, node.min_px)
    if isinstance(node, _Line):
        return ("R" if node.across else "C", node.gap, node.align, tuple(_signature(c) for c in node.children))
    if isinstance(node, Flow):
        return ("F", node.gap, node.max_lines, node.columns, node.align,
                tuple(_signature(c) for c in node.children))
    if isinstance(node, Either):
        return ("E", tuple(_signature(a) for a in node.alternatives))
    raise TypeError(node)


def options_of(tree: Node) -> list[Option]:
    """The root's options (cached by the tree's signature)."""
    from ui.board import legible

    sig = (_signature(tree), legible.min_screen_px())
    opts = _OPTIONS.get(sig)
    if opts is None:
        if len(_OPTIONS) > 256:
            _OPTIONS.clear()
        opts = _OPTIONS[sig] = tree.options()
    return opts


def fit_scale(o: Option, room: tuple[float, float]) -> float:
    return min(room[0] / o.w, room[1] / o.h)


def _score(o: Option, room: tuple[float, float]) -> tuple[float, float]:
    """(legible scale, share of the room filled once stretched)."""
    s = fit_scale(o, room)
    w = min(room[0] / s, o.wx)
    h = min(room[1] / s, o.hx)
    return s / o.need, (w * h * s * s) / (room[0] * room[1])


def choose(options: list[Option], room: tuple[float, float], keep: tuple | None = None) -> Option:
    """The option for `room` (see the module doc)."""
    scored = [(o, *_score(o, room)) for o in options]
    best = max(s for _, s, _ in scored)
    near = [(o, s, f) for o, s, f in scored if s >= best * (1 - NEAR)]
    top = max(near, key=lambda t: t[2])
    if keep is not None:
        kept = next(((o, s, f) for o, s, f in scored if o.key == keep), None)
        if kept is not None and kept[1] >= top[1] * (1 - KEEP) and kept[2] >= top[2] - KEEP:
            return kept[0]
    return top[0]


def arrange(tree: Node, room: tuple[float, float] | None, keep: tuple | None = None,
            choose_anew: bool = True, grown_from: tuple[float, float] | None = None) -> Arrangement:
    """The panels of `tree` placed for `room` (width, height in view pixels; None: a landscape
    screen's shape). `keep`: the key of the arrangement shown; with `choose_anew=False` it is
    laid out again as it is (the game goes on; if its panels now take more room than
    `grown_from`, the size it had, a much better arrangement replaces it), else it is kept unless
    another is better."""
    if room is None or room[0] <= 0 or room[1] <= 0:
        room = DEFAULT_ROOM
    opt = None
    if keep is not None and not choose_anew:
        opt = tree.follow(keep)
        if opt is not None and grown_from is not None and (opt.w > grown_from[0] + 1 or opt.h > grown_from[1] + 1):
            # the board grew out of its arrangement (the view zooms out for it anyway): another
            # is taken if it is much larger
            best = choose(options_of(tree), room, keep)
            if _score(best, room)[0] > _score(opt, room)[0] * (1 + REGROW):
                opt = best
    if opt is None:
        opt = choose(options_of(tree), room, keep)
    s = fit_scale(opt, room)
    w = max(opt.w, min(room[0] / s, opt.wx))
    h = max(opt.h, min(room[1] / s, opt.hx))
    fill = {leaf.name: leaf.h_fill for leaf in tree.leaves() if leaf.h_fill > 0}
    placed: dict[str, tuple] = {}
    _place(_filled(opt.plan, fill) if fill else opt.plan, 0.0, 0.0, w, h, placed)
    rects = {name: v[:4] for name, v in placed.items()}
    variants = {name: v[4] for name, v in placed.items()}
    if rects:
        right = max(x + rw for x, _, rw, _ in rects.values())
        bottom = max(y + rh for _, y, _, rh in rects.values())
    else:
        right = bottom = 0.0
    order = [leaf.name for leaf in tree.leaves() if leaf.name in rects]
    return Arrangement(rects, variants, (right, bottom), min(room[0] / right, room[1] / bottom) if right else s,
                       opt.key, order)


REGROW = 0.10
"""A board that grew out of its arrangement takes another only if that one is this much larger."""

DEFAULT_ROOM = (1600.0, 860.0)
"""The room of a board drawn outside a window (`tycoons render`, a picture): a landscape screen."""


def aspect_spread(tree: Node) -> tuple[float, float]:
    """The narrowest and widest shapes (width over height) the tree can take (for tests)."""
    opts = tree.options()
    return min(o.w / o.h for o in opts), max(o.wx / o.h for o in opts)


__all__ = ["Arrangement", "Column", "Either", "Flow", "Grid", "Leaf", "Node", "Option", "Row", "arrange",
           "aspect_spread", "choose", "fit_scale", "options_of"]
