"""The City of the Big Shoulders board scene: the whole city, built from a seat's view (never the
state).

Layout (scene units = logical pixels at the default zoom). Left column: the Decade and phase with
the Priority Deal and the Action turn order; the Stock Track and the Appeal Track with every
company's marker; the general action spaces (∞ or one Partner a Decade, with the Partners on them);
the supply chain, Haymarket Square, the bag and the Job Market; the Demand area (a row per goods
type, three columns with their bonuses, the printed spaces once a row's tiles run out); the
Capital Asset row and the Public Goals. Right column: a charter per started company (share value,
appeal, treasury, the seven certificates by holder, Salespeople and price per good, resources,
goods, its asset, each factory with its Workers, automation and Manager, and the forecast line
"Makes 3 Dry Goods · 2 demand tiles take 5 · $90 each"); the charters not yet started; one row per
player (cash, Partners available and placed, the buildings played each Decade, the tiles in hand
face down) and, for the seat at the screen only, its own hand face up.

The scene declares the panels (`board_tree`) and draws each in its region (regions/: one module
a panel); the pieces are in items.py, the words in words.py.

Clicks. A Partner placement is a click on a general action space, for the company chosen on its
charter (a click on a charter you direct makes it the acting company; the first that can act is
chosen for you). Stock decisions are chips on each charter ("Buy 10% · $50", "Sell 10%", the
starting values of a charter not yet in play). A Worker, Manager or appeal bonus goes where its
factory is clicked. The Building Phase pick: click the tile to play, then the one to discard.
Decisions with no place on the board (pass, stop hiring, take first place…) are chips in the
Choices panel. Every legal action of the seat at the screen has one item; a candidate that is
not legal (a space the company cannot pay for) still answers a click with the engine's reason.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF

from engine.core.contract import Action
from engine.games.big_shoulders.data import COMPANY_IDS
from ui.board import style
from ui.board.items import BoardItem
from ui.board.pieces import Panel
from ui.board.scene import GameScene
from ui.games.big_shoulders.items import CharterCard
from ui.games.big_shoulders.regions.assets import AssetsRegion
from ui.games.big_shoulders.regions.charters import ChartersRegion
from ui.games.big_shoulders.regions.demand import DemandRegion
from ui.games.big_shoulders.regions.geometry import GAP, LEFT_PANELS, LEFT_W, RIGHT_W, RIGHT_X, M
from ui.games.big_shoulders.regions.goals import GoalsRegion
from ui.games.big_shoulders.regions.hand import HandRegion
from ui.games.big_shoulders.regions.header import HeaderRegion
from ui.games.big_shoulders.regions.players import PlayersRegion
from ui.games.big_shoulders.regions.resources import ResourcesRegion
from ui.games.big_shoulders.regions.spaces import SpacesRegion
from ui.games.big_shoulders.regions.tracks import TracksRegion
from ui.games.big_shoulders.words import describe


def board_tree(heights: dict[str, float], started: list[str], shapes: dict | None = None,
               stretch: dict[str, float] | None = None):
    """The city's panels for the layout (ui/board/layout.py), in reading order: the header (the
    phase and the choices), the two tracks, the action spaces, the resources, the demand and the
    Capital Assets, then the charters in play (in one to all even rows), the charters not yet in
    play, the players, the hand and the goals; they flow into as many columns as suit the room.
    `shapes`: the two sizes of the players, the hand and the goals (a player in two lines or,
    wider, in one; the hand and the goals as wide as the charters' column or half as wide, so
    that with four players they can stand beside the players). `stretch`: how much taller a panel
    may be drawn in room its column leaves over (the players).
    A panel with nothing to show (no hand, every charter started) takes no room."""
    from ui.board.layout import Flow, Leaf

    panels = [Leaf(name, LEFT_W, heights[name]) for name in LEFT_PANELS]
    if started:
        panels.append(charter_rows([Leaf(f"charter:{cid}", CharterCard.W, CharterCard.H) for cid in started]))
    shapes = shapes or {}
    side = []
    for name in ("unstarted", "players", "hand", "goals"):
        if shapes.get(name):
            first, other = shapes[name]
            # the players' rows stretch into the room a shorter column leaves inside the board
            # (under the hand and the goals), after the arrangement is chosen: their buildings drawn
            # taller read more of their effects
            grow = (stretch or {}).get(name, 0.0)
            side.append(Leaf(name, *first, variants=(other,), h_fill=grow))
        elif heights.get(name, 0) > 0:
            side.append(Leaf(name, RIGHT_W, heights[name]))
    panels.append(Flow(side, gap=GAP, max_lines=2))
    return Flow(panels, gap=GAP, max_lines=4)


def charter_rows(cards: list):
    """The charters in play in rows of one to all: for each width (cards to a row), as few rows as
    it allows, as even as they can be (five in rows of three and two, never of one and four nor
    two, one, one and one). A row much shorter than the others left the room beside it empty
    (right of the Capital Assets, 12 % of the board at 1280x720 in Decade 5), where the long row
    only made the board as wide as the window's shape, not its words larger."""
    from ui.board.layout import Column, Either, Row

    n, alts, seen = len(cards), [], set()
    for most in range(1, n + 1):
        rows = -(-n // most)
        base, more = divmod(n, rows)
        counts = (base + 1,) * more + (base,) * (rows - more)
        if counts in seen:
            continue
        seen.add(counts)
        starts = [sum(counts[:i]) for i in range(rows)]
        lines = [Row(*cards[a:a + k], gap=10.0) for a, k in zip(starts, counts, strict=True)]
        alts.append(Column(*lines, gap=10.0) if rows > 1 else lines[0])
    return Either(*alts)


class BigShouldersScene(HeaderRegion, TracksRegion, SpacesRegion, ResourcesRegion, DemandRegion, AssetsRegion,
                        ChartersRegion, PlayersRegion, HandRegion, GoalsRegion, GameScene):
    """The city (see the module doc). Three choices of the screen shape the next click: the acting
    company (`acting`), the resource offered at Haymarket (`trade_give`) and the building to play
    (`to_play`)."""

    game_id = "big-shoulders"
    unmarked = ("choice", "choice-idle", "cchip", "jobs-label", "order-label", "panel", "phase", "start", "hire",
                "goals-off")

    def __init__(self, parent=None):
        super().__init__(parent)
        self.acting: str | None = None
        """The company the seat at the screen acts for in the Action Phase (chosen on its charter)."""
        self.trade_give: tuple[str, str] | None = None
        """(company, resource) whose two resources the seat at the screen offers at Haymarket."""
        self.pooled = self.pool.item
        self._pending: list[Action] = []
        self.to_play: int | None = None
        """The building chosen to play in the Building Phase (the next click picks the discard)."""
        self._choice_rows = 1
        self._legal: set[Action] = set()  # the choices of the view drawn last
        self._names: list[str] = []  # the players' names as drawn last
        self._players_h = 0.0  # the height the players panel was drawn at last (it may stretch)

    def choose_company(self, cid: str | None) -> None:
        """Make `cid` the acting company of the seat at the screen (None: the default)."""
        self.acting = cid
        self.redraw()

    def choose_trade(self, give: tuple[str, str] | None) -> None:
        """Offer two of a company's resource at Haymarket (None: cancel); Haymarket's cubes then
        take the trade."""
        self.trade_give = give
        self.redraw()

    def choose_building(self, bid: int | None) -> None:
        """Mark building `bid` of the hand as the one to play (None: clear the choice)."""
        self.to_play = bid
        self.redraw()

    def back_out(self) -> bool:
        """Esc: the building chosen to play, the trade offered or the company chosen go back."""
        if self.to_play is not None:
            self.choose_building(None)
        elif self.trade_give is not None:
            self.choose_trade(None)
        elif self.acting is not None:
            self.choose_company(None)
        else:
            return False
        return True

    def piece_towards(self, action: Action):
        """The Building Phase's pick takes two clicks: the building to play, then the one to discard
        (which emits the decision); before the first, the way to `action` is its building to play."""
        if action.kind == "build" and self.to_play is None and action in self._legal:
            return self.pool.items.get(("hand", action.seat, action.args[0]))
        return self.item_for(action)

    def draw(self, view: dict, legal: list[Action], names: list[str], viewer: int | None) -> None:
        self.pool.begin()
        self._by_action = self.pool.by_action
        self._chip_labels = {}
        self._pending = list(legal)
        self._legal = set(legal)
        me = legal[0].seat if legal else viewer
        self._me = me
        self._names = names
        self._marks = style.seat_marks(names)
        self._pick_acting(view, legal, me)
        self._placing = bool(self.acting) and me is not None and view.get("frame") == "action" \
            and view["to_move"] == me
        self._on_space: dict[str, list[tuple[int, str]]] = {}
        self._on_building: dict[int, list[tuple[int, str]]] = {}
        for pseat, where, pcid in view.get("placements") or []:
            (self._on_space if isinstance(where, str) else self._on_building).setdefault(where, []).append(
                (pseat, pcid))
        if self.to_play is not None and not any(a.kind == "build" and a.args[0] == self.to_play for a in legal):
            self.to_play = None
        if self.trade_give is not None and not any(a.kind == "trade" and a.args[:2] == self.trade_give
                                                   for a in legal):
            self.trade_give = None
        # The Choices (decisions with no place on the board) sit in the header, but they are what the
        # rest of the board leaves over: lay out with last time's number of chip rows, and once more
        # if that changed (the pool keeps every piece, so a second pass only moves them).
        # Each panel is drawn in its own frame from its top (at 0), the layout places the frames
        # (ui/board/layout.py); the charters are drawn as many to a row as the layout last chose.
        rows = self._choice_rows
        arr = self.arrangement
        # the panels drawn in either of two shapes, as last laid out (drawn again if that changes)
        other = {name: bool(arr and arr.variants.get(name)) for name in ("players", "hand", "goals")}
        comps = view["companies"]
        started = [cid for cid in COMPANY_IDS if comps[cid]["started"]]
        for _ in range(2):
            self._pending = list(legal)
            self._by_action.clear()
            heights: dict[str, float] = {}

            def panel(name: str, show, heights=heights) -> None:
                with self.in_panel(name):
                    heights[name] = show(0.0)

            for cid in started:  # each charter a panel of its own
                panel(f"charter:{cid}", lambda top, cid=cid: self._show_charter(view, cid, top))
            panel("unstarted", lambda top: self._show_unstarted(
                view, [cid for cid in COMPANY_IDS if not comps[cid]["started"]], top))
            panel("players", lambda top: self._show_players(view, top, other["players"]))
            panel("hand", lambda top: self._show_hand(view, top, other["hand"]))
            panel("goals", lambda top: self._show_goals(view, top, other["goals"]))
            panel("header", lambda top, rows=rows: self._show_header(view, top, rows))
            panel("stock", lambda top: self._show_stock_track(view, top))
            panel("appeal", lambda top: self._show_appeal_track(view, top))
            panel("spaces", lambda top: self._show_spaces(view, top))
            panel("resources", lambda top: self._show_resources(view, top))
            panel("demand", lambda top: self._show_demand(view, top))
            panel("assets", lambda top: self._show_assets(view, top))
            # a Partner for another company is sent from that company's charter (click it first)
            self._pending = [a for a in self._pending if a.kind not in ("place", "use_building")
                             or a.args[1] == self.acting]
            need = max(rows, len(self._choice_layout(self._pending)))
            if need == rows:
                break
            rows = need
        # (the header keeps its most rows of this game: a board that shrank would stay fitted for
        # more than it shows, as the view zooms out for a board that grows, never back in)
        self._choice_rows = rows
        with self.in_panel("header"):
            self._show_choices(view, 70.0)
        shapes = {"players": self.players_sizes(int(view["players"])), "hand": self.hand_sizes(view),
                  "goals": self.goals_sizes(view)}
        drawn_h = self._players_h
        arr = self.lay_out(board_tree(heights, started, shapes,
                                      {"players": self.players_stretch(int(view["players"]))}))
        self.size_chips_for_layout()
        for name in self.RESHAPED:
            if shapes[name] and bool(arr.variants.get(name)) != other[name]:
                self._draw_shaped(view, name)
            elif name == "players" and abs(arr.rects["players"][3] - drawn_h) > 0.5:
                self._draw_shaped(view, name)  # stretched by another height than drawn
        self.pool.prune()
        self.place_panels({name: QPointF(M if name in LEFT_PANELS else RIGHT_X, 0.0) for name in heights
                           if heights[name] > 0})

    RESHAPED = frozenset(("players", "hand", "goals"))
    """The panels drawn in either of two shapes (`board_tree`)."""

    def redraw_panels(self, names: set[str]) -> bool:
        """A new room that only changed the shape of the players, the hand or the goals: those
        panels are drawn again in their new shape, the rest only move (a whole redraw of the city
        took most of a frame at every resize)."""
        if self._last_show is None or not names <= self.RESHAPED or not self._names:
            return False
        for name in names:
            self._draw_shaped(self._last_show[0], name)
        self.size_chips_for_layout()
        self._move_frames()
        return True

    def _draw_shaped(self, view: dict, name: str) -> None:
        """Panel `name` (one of RESHAPED) drawn again in the shape the arrangement gives it."""
        show = {"players": self._show_players, "hand": self._show_hand, "goals": self._show_goals}[name]
        with self.in_panel(name):
            show(view, 0.0, bool(self.arrangement.variants.get(name)))

    def _target(self, item: BoardItem, action: Action | None, status: str = "") -> None:
        """`action` on `item`: it glows if legal; a candidate that is not legal is still clicked
        (and refused with the reason)."""
        legal = action is not None and action in self._legal
        item.set_target(action, legal, status)
        if action is not None and legal:
            self._by_action[action] = item
            if action in self._pending:
                self._pending.remove(action)

    def _seat_look(self, seat: int) -> tuple[str, str]:
        return style.seat_colour(seat), self._marks[seat]

    def _panel(self, key: str, title: str, note: str, x: float, y: float, w: float, h: float,
               accent: str | None = None, short: tuple[str, ...] = (), note_short: tuple[str, ...] = ()) -> Panel:
        panel = self.pooled(("panel", key), lambda: Panel(10, 10))
        panel.set_panel(title, note, accent, w, h, short, note_short)
        panel.setPos(x, y)
        return panel

    def _pick_acting(self, view: dict, legal: list[Action], me: int | None) -> None:
        directed = [cid for cid in COMPANY_IDS if view["companies"][cid]["started"]
                    and view["companies"][cid]["dir"] == me] if me is not None else []
        if self.acting not in directed:
            self.acting = None
        if self.acting is None and directed:
            placeable = [a.args[1] for a in legal if a.kind == "place"]
            self.acting = next((c for c in directed if c in placeable), directed[0])

    def _label(self, a: Action) -> str:
        return describe(a, self.view or {}, self._names)


def make_scene(game_id: str = "big-shoulders") -> BigShouldersScene:
    """A fresh City of the Big Shoulders scene."""
    return BigShouldersScene()
