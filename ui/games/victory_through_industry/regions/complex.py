"""The complex shown large: a grid of cells with the factories (each side's product shown) and the
product cards in their cells, the cells a decision offers, and the factory being placed, previewed
where it would stand and turned before it is put down."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from engine.core.contract import Action
from engine.core.text import whose
from engine.games.victory_through_industry.data import FACTORIES
from ui.board import style
from ui.board.pieces import Panel
from ui.games.victory_through_industry.items import (
    CellTarget,
    FactoryTile,
    GridBack,
    ProductCard,
    SignBadge,
    TurnBadge,
    factory_tooltip,
)
from ui.games.victory_through_industry.regions.geometry import (
    CARD,
    MIN_COLS,
    MIN_COMPLEX_W,
    MIN_ROWS,
    C,
    complex_scale,
    grid_extent,
)
from ui.games.victory_through_industry.words import describe, idle_reason

CELL_KINDS = ("site", "place_product")
PRODUCT_KINDS = ("move_product", "pay")


class ComplexRegion:
    """The complex shown large (a part of `VtiScene`, which gives it the view, the seat whose clicks
    the board takes and the pool of pieces)."""

    _complex_k = 1.0
    """The scale the complex shown large was last drawn at (`complex_scale`)."""

    def _show_complex(self, view: dict, focus: int, me: int | None, names, marks) -> float:
        seat = view["seats"][focus]
        # the complex whose cells and factories take this seat's clicks (its own, or another
        # player's while moving a factory into or out of it)
        mine = focus == self._active
        facs = {(f["x"], f["y"]): (f["type"], f["rot"]) for f in seat["factories"]}
        prods = {(q["x"], q["y"]): q["type"] for q in seat["products"]}
        targets = []
        if mine:
            targets = [a for a in self._pending if a.kind in CELL_KINDS]
        ext = grid_extent(seat, targets)
        x0, y0 = ext[0], ext[1]
        # The panel's room: the complex of the player at this screen (`me`), whichever complex is
        # shown in it. Another complex opened, or shown while a factory moves between complexes
        # (between two clicks of one decision), is drawn smaller to fit that room, so the panel
        # never changes size then and nothing else moves; and the player's own complex takes the
        # whole room, its cells as large as the board allows, not sized for a rival's larger
        # complex (late in a game a complex of 15 × 18 cells drew the player's 14 × 14 at 30
        # pixels a cell at 1280×720). A spectator's room is the largest complex's.
        if me is not None:
            own = view["seats"][me]
            extents = [grid_extent(own, targets if focus == me else [])]
        else:
            extents = [grid_extent(other, []) for other in view["seats"]]
        room_cols = max([MIN_COLS] + [e[2] - e[0] + 1 for e in extents])
        room_rows = max([MIN_ROWS] + [e[3] - e[1] + 1 for e in extents])
        top = 0.0
        # a complex beyond MOST_COLS × MOST_ROWS cells is drawn smaller, each piece of it at scale
        # k (its words, where too small, left to its tooltip): the rest of the board keeps its size
        room_k = complex_scale(room_cols, room_rows)
        room_w, room_h = room_cols * C * room_k, room_rows * C * room_k
        k = min(room_k, room_w / ((ext[2] - ext[0] + 1) * C), room_h / ((ext[3] - ext[1] + 1) * C))
        self._complex_k = k
        side = C * k  # a cell's side at this scale
        # the grid fills the room: as many cells as it holds at this scale
        cols = max(ext[2] - ext[0] + 1, int(room_w / side + 1e-6))
        rows = max(ext[3] - ext[1] + 1, int(room_h / side + 1e-6))
        panel = self._item(("complex-panel",), lambda: Panel(10, 10))
        self._left_w = max(room_w + 32, MIN_COMPLEX_W)
        title = f"{whose(names[focus], start=True)} complex"
        if view["phase"] == "play" and view["current"] == focus:
            title += " — on turn"
        note = "click another player's overview to open theirs" if mine or me is None else \
            f"viewing {names[focus]}; click your own overview to come back"
        if mine and focus != me:
            note = "moving a factory into or out of this complex, with its owner's permission"
        panel.set_panel(title, note, style.seat_colour(focus), self._left_w, room_h + 48)
        panel.setPos(0, top)
        ox, oy = 16, top + 38
        grid = self._item(("grid",), GridBack)
        grid.set_grid(cols, rows, side)
        # a click on an empty space is answered there with what it is ("An empty space of your
        # complex is not a choice now", and what to do), not "Nothing to choose there"
        owner = "your" if focus == me else whose(names[focus])
        grid.set_tip(f"An empty space of {owner} complex: the spaces a factory or a card may go on "
                     "glow when a move asks for one")
        grid.setPos(QPointF(ox, oy))

        def pos(c, size):
            """Where a piece `size` wide (at full size) stands in cell `c`, at the complex's scale."""
            return QPointF(ox + (c[0] - x0) * side + (side - size * k) / 2,
                           oy + (c[1] - y0) * side + (side - size * k) / 2)

        step = view.get("step") or {}
        producing = view["phase"] == "play" and any(a.kind in ("produce", "nonproduction") for a in self._pending)
        for c, (f, rot) in sorted(facs.items()):
            tile = self._item(("fac", c), lambda: FactoryTile(C))
            why = idle_reason(seat, c) if producing else None
            idle = f"\nCannot run now: {why[0].lower()}{why[1:]}." if why else ""
            tile.set_factory(f, rot, tooltip=factory_tooltip(f, rot) + idle)
            tile.setScale(k)
            tile.setPos(pos(c, C))
            tile.setZValue(2)
            act = self._take(lambda a, f=f: mine and a.kind == "produce" and a.args[0] == f) if mine else None
            # every factory of the type emits the same production move
            if act is not None:
                self._pending.insert(0, act)
                self._target(tile, act, f"Produce with every {tile.texts()[0]}")
            else:
                act = self._take(lambda a, c=c: a.kind == "fpick" and tuple(a.args) == c) if mine else None
                if act is None and mine and self._producing is not None:
                    # not legal: a click asks the engine why this type cannot run
                    self._target(tile, Action("produce", self._producing, (f,)), legal=False)
                else:
                    self._target(tile, act, "Choose this factory to move" if act else "")
            # in the card's top corners, clear of its name (which starts below its top side's mark)
            for badge, kind, dx in (("tear", "tear_down", 2), ("move", "move_factory", C - 26)):
                act = self._take(lambda a, c=c, kind=kind: a.kind == kind and tuple(a.args) == c) if mine else None
                if act is None:
                    continue
                chip = self._item(("badge", badge, c), lambda: SignBadge(24, 24))
                chip.set_sign(badge, ("Tear down" if kind == "tear_down" else "Move (pay one card)") + " this factory")
                chip.setScale(k)
                chip.setPos(pos(c, C) + QPointF(dx, 0) * k)
                chip.setZValue(6)
                self._target(chip, act)
        self._pending = [a for a in self._pending if a.kind != "produce" or not any(
            f == a.args[0] for f, _ in facs.values())] if mine else self._pending
        for c, p in sorted(prods.items()):
            card = self._item(("prod", c), lambda: ProductCard(CARD, CARD))
            card.set_product(p)
            card.setScale(k)
            card.setPos(pos(c, CARD))
            card.setZValue(3)
            act = None
            if mine:
                act = self._take(lambda a, c=c: (a.kind in PRODUCT_KINDS and tuple(a.args) == c)
                                 or (a.kind == "fulfil" and tuple(a.args[1:]) == c))
            status = ""
            if act is not None:
                status = {"move_product": "Move or discard this card", "pay": "Pay with this card",
                          "fulfil": "Supply this card for the contract"}[act.kind]
            self._target(card, act, status)
        for a in targets:
            c = tuple(a.args)
            self._pending.remove(a)
            cell = self._item(("cell", c), lambda: CellTarget(C))
            label = "place here" if a.kind == "place_product" else ""
            cell.set_cell(label, describe(a, view, names))  # the place in words, never coordinates
            cell.setScale(k)
            cell.setPos(pos(c, C))
            cell.setZValue(1)
            self._target(cell, a, "Put it here")
            # the factory to place is previewed in the cell under the mouse
            at = cell.pos()
            cell.hover_hook = (lambda on, c=c, at=at: self._preview_site(c, at, on)) \
                if a.kind == "site" and step.get("f") else None
        self._show_ghost(step, mine, pos)
        # cards waiting for a cell (received in a trade, from the bank, or stranded)
        for i, p in enumerate(seat["incoming"]):
            card = self._item(("incoming", i), lambda: ProductCard(54, 54))
            card.set_product(p, small=True, note="waiting for a place")
            card.setPos(QPointF(self._left_w - 70 - i * 60, top + room_h - 20))
            card.setZValue(7)
            self._target(card, None)
        return room_h + 48

    def _show_ghost(self, step: dict, mine: bool, pos) -> None:
        """While a factory is turned, it stands in its chosen cell, drawn as it will be placed:
        a click on it puts it so, its ↻ badge turns it (so do the large choices below, on
        hover). While its cell is chosen, it is previewed in the cell under the mouse."""
        rotations = {a.args[0]: a for a in self._pending if a.kind == "rotate"} if mine else {}
        self._rotations = rotations
        site = step.get("site") if step.get("k") == "build" else None
        ftype = step.get("f")
        ghost = self._ghost_item()
        if rotations and site is not None and ftype:
            key = (ftype, tuple(site))
            if key != self._ghost_at or self._preview_rot not in rotations:
                self._preview_rot = min(rotations)
            self._ghost_at = key
            k = self._complex_k
            ghost.setScale(k)
            ghost.setPos(pos(tuple(site), C))
            ghost.setVisible(True)
            ghost.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
            ghost.setAcceptHoverEvents(True)
            self._set_ghost_rotation(self._preview_rot)
            badge = self._item(("ghost-turn",), lambda: TurnBadge(30))
            badge.set_chip("↻", "Turn it a quarter to the right", style.GOLD)
            badge.on_click = self._turn_preview
            badge.setScale(k)
            badge.setPos(pos(tuple(site), C) + QPointF(C - 34, 4) * k)
            badge.setZValue(7)
            self._target(badge, None, "Turn it a quarter to the right")
            return
        self._ghost_at = None
        if ghost.pos() == QPointF(0, 0):
            # hidden pieces count in the board's extent: a new ghost waits inside the complex,
            # not at the scene's corner, or the fitted board would shift when it first moves
            ghost.setPos(QPointF(16, 38))
        ghost.setVisible(False)
        ghost.set_target(None, False)
        # previewing a cell under the mouse: the ghost takes no mouse events of its own
        ghost.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        ghost.setAcceptHoverEvents(False)

    def _ghost_item(self) -> FactoryTile:
        ghost = self._item(("ghost",), lambda: FactoryTile(C))
        ghost.setOpacity(0.82)
        ghost.setZValue(5)
        self._ghost = ghost
        return ghost

    def _set_ghost_rotation(self, rot: int) -> None:
        step = (self.view or {}).get("step") or {}
        ftype = step.get("f")
        ghost = self._ghost
        if ghost is None or not ftype:
            return
        self._preview_rot = rot
        ghost.set_factory(ftype, rot, f"{rot * 90}°")
        act = self._rotations.get(rot)
        status = f"Put the {FACTORIES[ftype].name} in this way (click), or turn it with ↻"
        ghost.set_target(act, act is not None, status)

    def _turn_preview(self) -> None:
        if self._rotations:
            order = sorted(self._rotations)
            nxt = next((r for r in order if r > self._preview_rot), order[0])
            self._set_ghost_rotation(nxt)

    def _preview_rotation(self, rot: int, on: bool) -> None:
        if on and rot in self._rotations and self._ghost_at is not None:
            self._set_ghost_rotation(rot)

    def _preview_site(self, cell: tuple, at: QPointF, on: bool) -> None:
        step = (self.view or {}).get("step") or {}
        ghost = self._ghost
        if ghost is None or ("ghost",) not in self.pool or not step.get("f") or self._ghost_at is not None:
            return  # no factory being placed (a parked ghost stays hidden)
        if on:
            ghost.set_factory(step["f"], 0)
            ghost.setScale(self._complex_k)
            ghost.setPos(at)
        ghost.setVisible(on)
