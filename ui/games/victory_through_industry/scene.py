"""The Victory Through Industry board scene, built from a seat's view (never the state).

Layout (scene units = logical pixels at the default zoom). Left: one complex drawn large as a grid
of cells (the viewer's own, or the seat to move for a spectator; click another player's overview
to open theirs), with factories showing the product of each side and product cards in their
cells; below it the factory supply (build, draft and place from here), the product palette (the
bank) and a strip of choice chips for decisions that have no natural place on the board (end the
move, turn a factory, answer a trade…). Right: the turn panel with the fulfilment token, the
contract row, and one panel per player with their contracts and an overview of their complex.

Clicks. Every legal action of the seat at this screen has one item that emits it: a factory ->
`produce` its type; its ✕ and ↻ badges -> `tear_down`, `move_factory`; a product card ->
`move_product`, `pay` or `fulfil`; a glowing empty cell -> `site` or `place_product`; a supply
tile -> `build`, `draft` or `place`; a contract on offer -> `claim`; one of your contracts ->
`forfeit`; a player's header -> `offer`; a product of the palette -> `bank_get`; chips -> the rest
(including `lend`/`borrow`, the requests to move a factory to or from another complex, and their
answers). While such a move picks a factory of another complex or a cell in it, that complex is
shown large: its factories emit `fpick`, its glowing cells `site`.
Legal targets glow; everything else is inert.

The scene declares the panels (`board_tree`) and draws them; the complex shown large is drawn by
its region (regions/complex.py), the pieces are in items.py, the words in words.py.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QFontMetricsF

from engine.core.contract import Action
from engine.core.text import article, count, join_words, whose
from engine.games.victory_through_industry.data import CONTRACTS, FACTORIES, FACTORY_IDS, PRODUCT_IDS, PRODUCTS
from engine.games.victory_through_industry.round import ROUND
from ui.board import style
from ui.board.items import BoardItem, TokenItem
from ui.board.pieces import Chip, Panel, TextItem
from ui.board.scene import GameScene
from ui.games import seen_by_viewer
from ui.games.victory_through_industry.items import (
    ContractCard,
    FactoryTile,
    Overview,
    ProductCard,
    RecipeCard,
    TokenMark,
)
from ui.games.victory_through_industry.regions.complex import ComplexRegion
from ui.games.victory_through_industry.regions.geometry import (
    ENTRY_H,
    ENTRY_W,
    RECIPE_H,
    RECIPE_W,
    SIDE_W,
    SUPPLY_W,
    TILE,
    supply_height,
    supply_per_row,
)
from ui.games.victory_through_industry.words import describe, offer_text

REFLOWING = ("supply", "turn", "row", "palette", "choices")
"""Panels whose contents are laid out for the width they are given."""


def board_tree(sizes: dict[str, tuple[float, float]], players: int):
    """The board's panels for the layout (ui/board/layout.py), in reading order: the large
    complex, the factory supply and the bank, then the turn, the contracts on offer, each player's
    panel and the choices; they flow into as many columns as suit the room. `sizes`: each
    panel's size as drawn (the complex and the choices grow with the game)."""
    from ui.board.layout import Either, Flow, Leaf

    supply = [(w, supply_height(supply_per_row(w))) for w in SUPPLY_W]
    side = dict(w_max=2.0 * SIDE_W)
    # the bank under the factory supply: both narrow, two to a row, in a column of their own beside
    # a late complex on a small screen, the other panels beside them. Narrow, neither stretches:
    # drawn wider, three to a row, it would be shorter than its place, a gap under it
    narrow = SUPPLY_W[4]
    panels = [Leaf("complex", *sizes["complex"]),
              Either(Leaf("supply", *supply[0], variants=tuple(supply[1:4]), w_max=max(SUPPLY_W) + 60),
                     Leaf("supply", *supply[4])),
              Either(Leaf("palette", SIDE_W, palette_height(SIDE_W), **side),
                     Leaf("palette", narrow, palette_height(narrow))),
              Leaf("turn", SIDE_W, sizes["turn"][1], **side),
              Leaf("row", SIDE_W, sizes["row"][1], **side),
              *(Leaf(f"seat{s}", SIDE_W, sizes[f"seat{s}"][1], **side) for s in range(players)),
              # last, ending its column: choices that come and go move nothing below them
              Leaf("choices", SIDE_W, sizes["choices"][1], w_max=1400.0)]
    return Flow(panels, gap=14.0, max_lines=4)


def palette_per_row(width: float) -> int:
    """Products to a row of the bank's legend `width` wide."""
    return max(1, min(len(PRODUCT_IDS), int((width - 20) // (ENTRY_W + 4))))


def palette_height(width: float) -> float:
    """The bank's legend's height at `width`."""
    per_row = palette_per_row(width)
    return (len(PRODUCT_IDS) + per_row - 1) // per_row * (ENTRY_H + 4) + 42


class VtiScene(ComplexRegion, GameScene):
    """See the module doc."""

    game_id = "victory-through-industry"
    unmarked = ("turn-line", "complex-panel", "supply-panel", "palette-panel", "chips-panel", "turn-panel",
                "row-panel", "seat-panel", "grid", "chip", "cell", "badge", "ghost", "ghost-turn", "held-none")

    def __init__(self, parent=None):
        super().__init__(parent)
        self.focus: int | None = None
        self._active: int | None = None
        self._ghost: FactoryTile | None = None  # the factory being placed, previewed in its cell
        self._ghost_at: tuple | None = None  # (type, cell) it is previewed for
        self._preview_rot = 0
        self._rotations: dict[int, Action] = {}

    def open_complex(self, seat: int | None) -> None:
        """Show `seat`'s complex large (None: back to the default)."""
        self.focus = seat
        self.redraw()

    def back_out(self) -> bool:
        """Esc: a complex opened large goes back to the default."""
        if self.focus is None:
            return False
        self.open_complex(None)
        return True

    def _aim(self, view: dict, legal: list[Action], viewer: int | None) -> tuple[int | None, int]:
        """(me, focus): the seat whose clicks the board takes and the complex shown large."""
        n = int(view["players"])
        me = legal[0].seat if legal else viewer
        default = me if me is not None else (view["current"] if view["to_move"] >= 0 else 0)
        focus = self.focus if self.focus is not None and 0 <= self.focus < n else default
        # moving a factory between complexes: the complex it is picked from or put into is shown
        # large (whatever overview was opened), and its cells and factories take the clicks
        forced = _forced_focus(view, legal)
        if forced is not None:
            focus = forced
        self._active = forced if forced is not None else me
        return me, focus

    def draw(self, view: dict, legal: list[Action], names: list[str], viewer: int | None) -> None:
        me, focus = self._aim(view, legal, viewer)
        self.pool.begin()
        self._by_action = {}
        self._pending = list(legal)
        # at the start of a move, a factory that cannot run still answers a click with the reason
        self._producing = me if any(a.kind == "nonproduction" for a in legal) else None
        marks = style.seat_marks(names)
        n = len(view["seats"])
        # Each panel is drawn in its own frame from its top-left corner; the layout places the
        # frames (ui/board/layout.py). Panels whose contents reflow (the supply, the choices, the
        # contracts and the bank) are drawn at the width the layout gave them last; if the layout
        # then gives another, or another scale to read the choices' labels at (`shown_font`), they
        # are drawn once more at it. A complex that grew (a factory put down at the edge of its
        # reach: a lasting fact of the view) has the board drawn from the start as a first drawing
        # is, as a game loaded at this point is: both then look the same. The choices' strip, which
        # grows between the clicks of one decision, keeps the arrangement: nothing moves then.
        attempt, restarted = 0, False
        while attempt < 2:
            drawn_at = self._shown_sizes(self.arrangement)
            self._pending = list(legal)
            self._by_action = {}
            self._token_spot = {}
            sizes: dict[str, tuple[float, float]] = {}

            def panel(name: str, width: float, draw, sizes=sizes) -> None:
                with self.in_panel(name):
                    height = draw(width)
                sizes[name] = (self._left_w if name == "complex" else width, height)

            panel("complex", 0.0, lambda _w: self._show_complex(view, focus, me, names, marks))
            panel("supply", self._width("supply", SUPPLY_W[0]), lambda w: self._show_supply(view, me, w))
            panel("palette", self._width("palette", SIDE_W), lambda w: self._show_palette(view, w))
            panel("turn", self._width("turn", SIDE_W), lambda w: self._show_turn(view, names, marks, w))
            panel("row", self._width("row", SIDE_W), lambda w: self._show_row(view, w))
            for seat in range(n):
                panel(f"seat{seat}", self._width(f"seat{seat}", SIDE_W),
                      lambda w, seat=seat: self._show_seat(view, seat, names, marks, me, focus, w))
            # last: the decisions the rest of the board has not taken
            panel("choices", self._width("choices", SIDE_W), lambda w: self._show_chips(view, names, w))
            if not restarted and self._complex_grew(sizes["complex"]):
                restarted = True
                self.forget_arrangement()
                continue
            arr = self.lay_out(board_tree(sizes, n), again=attempt > 0)
            attempt += 1
            if all(abs(arr.rects[k][2] - sizes[k][0]) < 0.5 for k in REFLOWING if k in arr.rects) \
                    and self._shown_sizes(arr) == drawn_at:
                break
        self._show_token(view)
        self.pool.prune()
        self.place_panels({name: QPointF(0, 0) for name in sizes})
        self._place_token(view)

    def _complex_grew(self, size: tuple[float, float]) -> bool:
        """True if the complex drawn at `size` is larger than the arrangement shown has room for."""
        arr = self.arrangement
        if arr is None or "complex" not in arr.rects:
            return False
        _, _, w, h = arr.rects["complex"]
        return size[0] > w + 0.5 or size[1] > h + 0.5

    def _width(self, name: str, default: float) -> float:
        """The width the layout gave panel `name` (`default` before it has)."""
        arr = self.arrangement
        return arr.rects[name][2] if arr is not None and name in arr.rects else default

    # -- helpers -------------------------------------------------------------------------------------
    def _take(self, pred) -> Action | None:
        """The first still-unplaced legal action matching `pred` (it is now mapped to an item)."""
        for a in self._pending:
            if pred(a):
                self._pending.remove(a)
                return a
        return None

    def _target(self, item: BoardItem, action: Action | None, status: str = "", legal: bool = True) -> None:
        item.set_target(action, legal and action is not None, status)
        if action is not None and legal:
            self._by_action[action] = item

    # -- the large complex ---------------------------------------------------------------------------

    # -- placing a factory: its preview on the board -------------------------------------------------------


    # -- the factory supply ----------------------------------------------------------------------------
    def _show_supply(self, view: dict, me: int | None, width: float) -> float:
        top = 0.0
        per_row = supply_per_row(width)
        rw = (width - 32 - (per_row - 1) * 6) / per_row
        rows = (len(FACTORY_IDS) + per_row - 1) // per_row
        panel = self._item(("supply-panel",), lambda: Panel(10, 10))
        phase = view["phase"]
        if phase == "draft":
            note = "starting factories: take one"
        elif phase == "place":
            note = "your starting factories to place"
        else:
            note = "build: click a type (two cards from its inputs, outputs or Wood)"
        panel.set_panel("Factories", note, None, width, rows * (RECIPE_H + 6) + 42)
        panel.setPos(0, top)
        pool: dict[str, int] = {}
        for f in view["draft_pool"]:
            pool[f] = pool.get(f, 0) + 1
        unplaced: dict[str, int] = {}
        if me is not None:
            for f in view["seats"][me]["unplaced"]:
                unplaced[f] = unplaced.get(f, 0) + 1
        owned: dict[str, int] = {}
        if me is not None:
            for f in view["seats"][me]["factories"]:
                owned[f["type"]] = owned.get(f["type"], 0) + 1
        for i, f in enumerate(FACTORY_IDS):
            tile = self._item(("supply", f), lambda: RecipeCard(RECIPE_W, RECIPE_H))
            tile.resize(rw, RECIPE_H)
            if phase == "draft":
                note = f"×{pool[f]}" if f in pool else ""
            elif phase == "place":
                note = f"×{unplaced[f]}" if f in unplaced else ""
            else:
                note = f"{owned.get(f, 0)}/4"
            tile.set_recipe(f, note)
            x = 16 + (i % per_row) * (rw + 6)
            y = top + 36 + (i // per_row) * (RECIPE_H + 6)
            tile.setPos(QPointF(x, y))
            act = self._take(lambda a, f=f: a.kind in ("build", "draft", "place") and a.args[0] == f)
            self._target(tile, act, describe(act, view, []) if act else "")
        return rows * (RECIPE_H + 6) + 42

    # -- the product palette (the bank) ------------------------------------------------------------------
    def _show_palette(self, view: dict, width: float) -> float:
        top, x = 0.0, 0.0
        # a legend of the products, each by its glyph, name and value: the glyphs the cards and
        # recipes show ("Fe", "Ni", "Kn") read here in words
        per_row = palette_per_row(width)
        entry_w = (width - 20 - 4 * (per_row - 1)) / per_row
        rows = (len(PRODUCT_IDS) + per_row - 1) // per_row
        panel = self._item(("palette-panel",), lambda: Panel(10, 10))
        panel.set_panel("Products", "the bank: three of a kind buy one of the same or lower value",
                        None, width, rows * (ENTRY_H + 4) + 42)
        panel.setPos(x, top)
        for i, p in enumerate(sorted(PRODUCT_IDS, key=lambda q: (PRODUCTS[q].value, PRODUCT_IDS.index(q)))):
            chip = self._item(("palette", p), lambda: ProductCard(ENTRY_W, ENTRY_H))
            chip.resize(entry_w, ENTRY_H)
            chip.set_product(p, legend=True)
            chip.setPos(QPointF(x + 10 + (i % per_row) * (entry_w + 4), top + 36 + (i // per_row) * (ENTRY_H + 4)))
            act = self._take(lambda a, p=p: a.kind == "bank_get" and a.args[0] == p)
            self._target(chip, act, f"Take {PRODUCTS[p].name} from the bank" if act else "")
        return rows * (ENTRY_H + 4) + 42

    # -- chips for the remaining decisions -----------------------------------------------------------------
    def _show_chips(self, view: dict, names, width: float) -> float:
        # The strip is always there and at least one row of rotation choices high, so that the
        # board does not grow and shrink (and the view re-fit) as choices come and go.
        top = 0.0
        panel = self._item(("chips-panel",), lambda: Panel(10, 10))
        title = "Choices"
        note = offer_text(view, names)
        x, y = 16.0, top + 38
        placed = []
        # the four turns of a factory, their angles under them (on the card, an angle covered its
        # bottom tag); one size at every zoom and width, so the strip's height never depends on
        # how the board was last shown
        turn = TILE
        for idx, a in enumerate(list(self._pending)):
            label = describe(a, view, names)
            caption = None
            if a.kind == "rotate":
                tile = self._item(("rot", a.args[0]), lambda: FactoryTile(TILE))
                tile.resize(turn, turn)
                tile.named = False  # four turns of the factory the prompt names
                angle = f"{a.args[0] * 90}°"
                tile.set_factory((view.get("step") or {}).get("f", "forest"), a.args[0])
                tile.hover_hook = lambda on, r=a.args[0]: self._preview_rotation(r, on)
                w, h = turn, turn + 26
                item = tile
                caption = self._item(("rot-angle", a.args[0]), lambda: TextItem(TILE, 22, 10, bold=True))
                caption.resize(turn, 22)
                caption.set_text(angle)
            else:
                # as wide as its label reads: on a board shown small the label is drawn larger
                w = min(max(90.0, 26 + QFontMetricsF(self.shown_font(style.sans(10, bold=True)))
                            .horizontalAdvance(label)), width - 28)
                h = 30.0
                # pooled by position, not by action: the strip's chips are reused move after move
                item = self._item(("chip", idx), lambda w=w: Chip(w, 30))
                item.resize(w, 30)
                colour = {"end_move": style.PAPER_DARK, "accept": style.MONEY_GREEN,
                          "refuse": style.BRICK_RED}.get(a.kind, style.PAPER)
                item.set_chip(label, label, colour)
            if x + w > width - 12:
                x = 16.0
                y += max((hh for _, hh in placed[-20:]), default=30) + 8
                placed = []
            item.setPos(QPointF(x, y))
            if caption is not None:
                caption.setPos(QPointF(x, y + turn + 3))
            item.setZValue(4)
            self._target(item, a, label)
            placed.append((w, h))
            x += w + 8
        self._pending = []
        # as tall as the choices of now need, and at least a row of turns: never as tall as it
        # has been this game, which a game loaded at this point could not know (it was drawn
        # taller live than loaded after a trade). Last in its column, it moves no panel; a view
        # fitted to it taller holds still (ui/board/view.py)
        bottom = max(y + max((hh for _, hh in placed), default=30) + 14, top + 52 + turn + 26)
        if not note and not placed:
            note = "the decisions with no place on the board appear here"
        panel.set_panel(title, note, None, width, bottom - top)
        panel.setPos(0, top)
        return bottom - top

    # -- right column ---------------------------------------------------------------------------------------
    def _show_turn(self, view: dict, names, marks, width: float) -> float:
        top, x = 0.0, 0.0
        panel = self._item(("turn-panel",), lambda: Panel(10, 10))
        phase = view["phase"]
        if view.get("outcome"):
            line = "Game over — " + view["end_reason"].format(**{f"p{i}": n for i, n in enumerate(names)})
        elif self.confirming is not None:
            line = f"{whose(names[self.confirming], start=True)} turn is done: confirm it"
        elif phase == "play":
            # the round limit is a safety bound no real game reaches (game.toml: shown = false)
            line = f"Round {view['round']} · {names[view['current']]}, move {view['moves_done'] + 1} of 2"
        else:   # a part of the set-up, named as the engine's round declares it
            line = ROUND.name(phase)
        panel.set_panel("Victory Through Industry", "", style.INK, width, 74)
        panel.setPos(x, top)
        info = self._item(("turn-line",), lambda: Chip(SIDE_W - 70, 30))
        info.resize(width - 70, 30)
        info.set_chip(line, line, style.PAPER)
        info.setPos(QPointF(x + 12, top + 36))
        self._target(info, None)
        self._token_home = QPointF(width - 46, 36)
        return 74.0

    def _show_token(self, view: dict) -> None:
        """The fulfilment token: a piece of no panel, as it passes from player to player."""
        token = self._item(("token",), lambda: TokenMark(30))
        token.setZValue(8)
        self._token_item = token

    def _place_token(self, view: dict) -> None:
        """The token in the turn panel, or beside its holder's overview (once the panels are placed)."""
        holder = view["token"]
        if holder is None or holder not in self._token_spot:
            spot = self.frame("turn").mapToScene(self._token_home)
        else:
            spot = self.frame(f"seat{holder}").mapToScene(self._token_spot[holder])
        self._token_item.setPos(spot)

    def _show_row(self, view: dict, width: float) -> float:
        top, x = 0.0, 0.0
        row = view["row"]
        per_row = 6 if width < 1.45 * SIDE_W else 9
        cw, ch = (width - 24 - (per_row - 1) * 8) / per_row, 62.0
        # as many rows as the contracts revealed took (those claimed or lost since are counted):
        # claimed ones leave gaps at the end, so the panel keeps its size and the board its
        # arrangement (ui/board/layout.py)
        revealed = len(row) + len(view["lost"]) + sum(len(seat["contracts"]) for seat in view["seats"])
        rows = max(1, (revealed + per_row - 1) // per_row)
        panel = self._item(("row-panel",), lambda: Panel(10, 10))
        panel.set_panel("Contracts on offer", f"{len(row)} left · {view['deck_count']} stay in the box",
                        None, width, rows * (ch + 8) + 42)
        panel.setPos(x, top)
        for i, cid in enumerate(row):
            card = self._item(("contract", cid), lambda: ContractCard(cw, ch))
            act = self._take(lambda a, cid=cid: a.kind == "claim" and a.args[0] == cid)
            card.set_contract(cid)
            # the row closes up when a contract is claimed: the cards slide, they do not jump
            self.place(card, QPointF(x + 12 + (i % per_row) * (cw + 8), top + 36 + (i // per_row) * (ch + 8)))
            self._target(card, act, f"Claim this contract (hand over one {PRODUCTS[CONTRACTS[cid].product].name})"
                         if act else "")
        return rows * (ch + 8) + 42

    def _show_seat(self, view: dict, seat: int, names, marks, me, focus, width: float) -> float:
        """Player `seat`'s panel: name, points, contracts held and an overview of the complex."""
        x = top = 0.0
        sv = view["seats"][seat]
        h = 146.0
        panel = self._item(("seat-panel", seat), lambda: Panel(10, 10))
        score = sv["score"]["products"] + sv["score"]["contracts"]
        k = len(sv["contracts"])
        note = f"{score:g} point{'' if score == 1 else 's'} · {k} contract{'' if k == 1 else 's'}"
        if view.get("outcome"):
            note = f"final {view['outcome']['scores'][seat]:g} points"
        name = seen_by_viewer(names[seat], seat == me)
        panel.set_panel(f"   {name}", note, style.seat_colour(seat), width, h)
        panel.setPos(x, top)
        act = self._take(lambda a, seat=seat: a.kind == "offer" and a.args[0] == seat)
        self._target(panel, act, f"Offer {names[seat]} a trade" if act else "")
        mark = self._item(("seat-mark", seat), lambda: TokenItem(22))
        mark.set_look(style.seat_colour(seat), marks[seat], tooltip=names[seat])
        mark.setPos(QPointF(x + 8, top + 4))
        mark.setZValue(3)
        # in the overview's corner, clear of the band's note (which grows when the board is shown
        # small) and of the contracts held
        self._token_spot[seat] = QPointF(x + width - 208, top + 40)
        # contracts held
        cw, ch = 62.0, 44.0
        per_row = max(5, int((width - 236) // (cw + 6)))
        for i, cid in enumerate(sv["contracts"]):
            card = self._item(("held", seat, cid), lambda: ContractCard(62.0, 44.0))
            card.set_contract(cid, note="Held by " + names[seat])
            self.place(card, QPointF(x + 12 + (i % per_row) * (cw + 6), top + 40 + (i // per_row) * (ch + 6)))
            card.setZValue(2)
            act = self._take(lambda a, cid=cid, seat=seat: a.kind == "forfeit" and a.args[0] == cid
                             and a.seat == seat)
            self._target(card, act, "Give up this contract" if act else "")
        unplaced = sv.get("unplaced") or []
        if unplaced and not sv["contracts"]:
            # the starting factories taken in the draft, where they went (placed later)
            drafted = self._item(("drafted", seat), lambda: Chip(width - 236, 28))
            names_of = join_words([article(FACTORIES[f].name) for f in unplaced])
            drafted.set_chip(f"drafted: {', '.join(FACTORIES[f].name for f in unplaced)}",
                             f"{names[seat]} drafted {names_of}, to place once the draft is over",
                             style.PAPER, short=(f"drafted: {count(len(unplaced), 'factory')}",))
            drafted.setPos(QPointF(x + 12, top + 44))
            self._target(drafted, None)
        elif not sv["contracts"]:
            empty = self._item(("held-none", seat), lambda: Chip(150, 28))
            empty.set_chip("no contracts", "This player holds no contracts", style.PAPER_DARK, short=("none",))
            empty.setPos(QPointF(x + 12, top + 44))
            self._target(empty, None)
        ov = self._item(("overview", seat), lambda: Overview(200, 102))
        facs = len(sv["factories"])
        ov.set_complex(sv, f"{names[seat]}: {count(facs, 'factory')}, "
                           f"{count(len(sv['products']), 'product card')} — click to open this complex")
        ov.setPos(QPointF(x + width - 212, top + 36))
        ov.setZValue(2)
        ov.set_target(None, False)
        ov.on_click = (lambda s=seat: self.open_complex(None if s == focus else s))
        return h


def _forced_focus(view: dict, legal: list[Action]) -> int | None:
    """The complex to show large while the seat at the screen moves a factory between complexes:
    the one it picks the factory from, then the one it puts it into."""
    if not legal:
        return None
    step = view.get("step") or {}
    me = legal[0].seat
    if step.get("k") == "fpick":
        return me if step["lend"] else step["t"]
    if step.get("k") == "build" and step.get("mode") == "xmove" and not step.get("pay") \
            and (step.get("site") is None or any(a.kind == "rotate" for a in legal)):
        return step["dst"]  # its cell is chosen there, and there it is turned (previewed)
    return None


def make_scene(game_id: str = "victory-through-industry") -> VtiScene:
    """A fresh Victory Through Industry scene."""
    return VtiScene()
