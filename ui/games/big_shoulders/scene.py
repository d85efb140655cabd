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

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from engine.core.contract import Action
from engine.core.text import count, money, whose
from engine.games.big_shoulders import market
from engine.games.big_shoulders.data import (
    APPEAL_BONUSES,
    APPEAL_TOP,
    ASSET_PRICES,
    ASSETS,
    COLUMN_BONUS,
    COMPANIES,
    COMPANY_IDS,
    DEMAND,
    GENERAL_SPACES,
    GOALS,
    GOODS_NAMES,
    GOODS_ROWS,
    HALF_PRICE_TYPES,
    JOB_BANDS,
    JOB_SPACES,
    RESOURCE_NAMES,
    RESOURCES,
    START_STEPS,
    STOCK_VALUES,
    SUPPLY_PRICES,
    SUPPLY_SPACES,
)
from engine.games.big_shoulders.round import ROUND
from engine.games.big_shoulders.words import factory as factory_words
from ui.board import style
from ui.board.items import (
    BoardItem,
    ScreenClick,
    TokenItem,
    TrackItem,
)
from ui.board.pieces import Chip, Panel
from ui.board.scene import GameScene
from ui.games.big_shoulders.forecast import Forecast, detail_lines, forecast, part_forms, summary_short
from ui.games.big_shoulders.items import (
    COMPANY_COLOURS,
    COMPANY_MARKS,
    GOODS_COLOURS,
    AssetTile,
    BuildingTile,
    CharterCard,
    CubeButton,
    DemandTileItem,
    FactoryItem,
    Label,
    MarketItem,
    ResourceSpace,
    SpaceTile,
    StubCard,
)
from ui.games.big_shoulders.words import (
    MANAGER_WORDS,
    asset_text,
    building_text,
    decade_words,
    describe,
    effect_words,
    phase_name,
    resource_words,
    short,
)

M = 16.0            # outer margin
GAP = 12.0          # between panels
LEFT_W = 760.0
STOCK_ROWS = 2
RIGHT_X = M + LEFT_W + 16
RIGHT_W = 2 * CharterCard.W + 12
LEFT_PANELS = ("header", "stock", "appeal", "spaces", "resources", "demand", "assets")
"""Panels drawn from M (the others, the charters and the players' side, from RIGHT_X): the
layout moves them all."""


def board_tree(heights: dict[str, float], started: list[str], shapes: dict | None = None):
    """The city's panels for the layout (ui/board/layout.py), in reading order: the header (the
    phase and the choices), the two tracks, the action spaces, the resources, the demand and the
    Capital Assets, then the charters in play (in rows of one to all), the charters not yet in
    play, the players, the hand and the goals; they flow into as many columns as suit the room.
    `shapes`: the two sizes of the players, the hand and the goals (a player in two lines or,
    wider, in one; the hand and the goals as wide as the charters' column or half as wide, so
    that with four players they can stand beside the players).
    A panel with nothing to show (no hand, every charter started) takes no room."""
    from ui.board.layout import Flow, Leaf

    panels = [Leaf(name, LEFT_W, heights[name]) for name in LEFT_PANELS]
    if started:
        panels.append(Flow([Leaf(f"charter:{cid}", CharterCard.W, CharterCard.H) for cid in started],
                           gap=10.0, max_lines=len(started), columns=False))
    shapes = shapes or {}
    side = []
    for name in ("unstarted", "players", "hand", "goals"):
        if shapes.get(name):
            first, other = shapes[name]
            side.append(Leaf(name, *first, variants=(other,)))
        elif heights.get(name, 0) > 0:
            side.append(Leaf(name, RIGHT_W, heights[name]))
    panels.append(Flow(side, gap=GAP, max_lines=2))
    return Flow(panels, gap=GAP, max_lines=4)


BONUS_WORDS = {"worker": "Wkr", "salesperson": "Sales", "automate": "Auto", "partner": "Ptnr",
               "goods_token": "Goods", "stock": "Stock"}
BONUS_SHORT = {"salesperson": "Sls", "automate": "Aut", "goods_token": "Gds", "stock": "Stk"}
"""The appeal bonuses in three letters, for a board shown small."""
BONUS_TIPS = {"worker": "a free Worker", "salesperson": "a Salesperson", "automate": "automate a Worker",
              "partner": "the director gains a Partner (once per player)",
              "goods_token": "an Appeal Bonus Goods token (+1 good every production)",
              "stock": "+1 step on the Stock Track"}
SPACE_SHORT = {"hire_workers": "Hire", "hire_manager": "Mgr", "hire_salesperson": "Sales",
               "advertising": "Ads", "capital_investment": "Asset", "fund_40": "+$40", "fund_60": "+$60",
               "fund_80": "+$80", "extra_dividends": "Div."}
"""A general space's name in a word, for a board shown small."""
FACTORY_KINDS = frozenset(("hire", "manager", "place_worker", "produce", "bonus_take", "automate"))
"""Decisions that put something into (or run) a factory: a click on that factory takes them."""
SPACE_ORDER = ("hire_workers", "hire_manager", "hire_salesperson", "advertising", "capital_investment",
               "fund_40", "fund_60", "fund_80", "extra_dividends")


class CharterFace(ScreenClick, CharterCard):
    """A charter whose click chooses the acting company of the Action Phase (a choice of the
    screen, not a decision)."""


class BigShouldersScene(GameScene):
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

    # -- choices of the screen ------------------------------------------------------------------------
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
        elif getattr(self, "trade_give", None) is not None:
            self.choose_trade(None)
        elif getattr(self, "acting", None) is not None:
            self.choose_company(None)
        else:
            return False
        return True

    def piece_towards(self, action: Action):
        """The Building Phase's pick takes two clicks: the building to play, then the one to discard
        (which emits the decision); before the first, the way to `action` is its building to play."""
        if action.kind == "build" and self.to_play is None and action in getattr(self, "_legal", ()):
            return self.pool.items.get(("hand", action.seat, action.args[0]))
        return self.item_for(action)

    def draw(self, view: dict, legal: list[Action], names: list[str], viewer: int | None) -> None:
        self.pool.begin()
        self._by_action = self.pool.by_action
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
        arr = self.lay_out(board_tree(heights, started, shapes))
        for name in self.RESHAPED:
            if shapes[name] and bool(arr.variants.get(name)) != other[name]:
                self._draw_shaped(view, name)
        self.pool.prune()
        self.place_panels({name: QPointF(M if name in LEFT_PANELS else RIGHT_X, 0.0) for name in heights
                           if heights[name] > 0})

    RESHAPED = frozenset(("players", "hand", "goals"))
    """The panels drawn in either of two shapes (`board_tree`)."""

    def redraw_panels(self, names: set[str]) -> bool:
        """A new room that only changed the shape of the players, the hand or the goals: those
        panels are drawn again in their new shape, the rest only move (a whole redraw of the city
        took most of a frame at every resize)."""
        if self._last_show is None or not names <= self.RESHAPED or not hasattr(self, "_names"):
            return False
        for name in names:
            self._draw_shaped(self._last_show[0], name)
        self._move_frames()
        return True

    def _draw_shaped(self, view: dict, name: str) -> None:
        """Panel `name` (one of RESHAPED) drawn again in the shape the arrangement gives it."""
        show = {"players": self._show_players, "hand": self._show_hand, "goals": self._show_goals}[name]
        with self.in_panel(name):
            show(view, 0.0, bool(self.arrangement.variants.get(name)))

    # -- helpers -------------------------------------------------------------------------------------
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

    # -- header: Decade, phase, Priority Deal, turn order ------------------------------------------------
    def _show_header(self, view: dict, top: float, rows: int) -> float:
        """Title, Decade, the five phases, Priority Deal and turn order; below them room for `rows`
        rows of Choices (the decisions with no place on the board, `_show_choices`)."""
        phase = view["phase"]
        h = 70 + max(1, rows) * 36 + 4
        # the title says what happens now (the game's name is in the window's title): on a board
        # shown small it is the header's one large word
        now = phase_name(phase)
        self._panel("header", now, decade_words(view), M, top, LEFT_W, h, style.INK,
                    short=(now.replace(" Phase", ""),))
        x = M + 12
        order = view.get("order") or []
        # the phases share what the row leaves (a board shown small draws their words larger)
        setup_w = 136 if phase in ("setup", "found") else 0
        # the phases of a Decade, in the order the engine declares them
        w = (LEFT_W - 24 - setup_w - 108 - 30 * len(order) - 5 * 6) / len(ROUND.phases)
        for n, ph in enumerate(ROUND.ids(), 1):
            chip = self.pooled(("phase", ph), lambda: Chip(10, 28))
            label = ROUND.name(ph).replace(" Phase", "")
            chip.resize(w, 28)
            chip.set_chip(label, ROUND.name(ph) + (" (now)" if ph == phase else ""),
                          style.GOLD if ph == phase else style.PAPER_DARK, short=(*PHASE_SHORT.get(ph, ()), str(n)))
            chip.setPos(x, top + 36)
            self._target(chip, None)
            x += w + 6
        if phase in ("setup", "found"):
            chip = self.pooled(("phase", "found"), lambda: Chip(10, 28))
            chip.resize(130, 28)
            chip.set_chip("Set-up", "Every player starts one company", style.GOLD)
            chip.setPos(x, top + 36)
            x += 136
        names = self._names
        label = self.pooled(("order-label",), lambda: Chip(10, 28))
        label.resize(92, 28)
        prio = view.get("priority", 0)
        label.set_chip(f"Priority {self._marks[prio]}", f"Priority Deal: {names[prio]} starts the Stock Phase; "
                       "the turn order track below sets the Action Phase", style.PAPER,
                       short=(f"Prio {self._marks[prio]}", f"P {self._marks[prio]}"))
        label.setPos(x + 8, top + 36)
        self._target(label, None)
        x += 108
        for pos, seat in enumerate(order):
            tok = self.pooled(("order", pos), lambda: TokenItem(26))
            colour, mark = self._seat_look(seat)
            tok.set_look(colour, mark, tooltip=f"Action turn order {pos + 1}: {names[seat]}")
            self.place(tok, QPointF(x + 13 + pos * 30, top + 50))
        return top + h

    # -- the two tracks ------------------------------------------------------------------------------------
    def _markers(self, key: str, track: TrackItem, spots: dict[int, list[str]], tip) -> None:
        track.set_occupied(space for space, cids in spots.items() if cids)
        for space, cids in spots.items():
            for k, cid in enumerate(cids):
                tok = self.pooled((key, cid), lambda: TokenItem(27))  # (marks of two letters)
                tok.set_look(COMPANY_COLOURS[cid], COMPANY_MARKS[cid], tooltip=tip(cid))
                tok.setZValue(3 + k)
                self.place(tok, track.marker_pos(space, k, len(cids)))

    def _show_stock_track(self, view: dict, top: float) -> float:
        n = len(STOCK_VALUES)
        # two rows, read like a line of text: in one row of 21 the three-figure values ran into
        # each other on a board fitted into a small window (this is the track of the Stock Phase)
        per_row = (n + 1) // 2
        sw = (LEFT_W - 24) / per_row
        h = 36 + STOCK_ROWS * 30 + (STOCK_ROWS - 1) * 4 + 8
        self._panel("stock", "Stock Track", "share values; darker: starting values",
                    M, top, LEFT_W, h)
        track = self.pooled(("stock-track",), lambda: _track(n, sw, 30, [f"{v}" for v in STOCK_VALUES], per_row))
        for s in START_STEPS:
            track.accent[s] = "#cdb78a"
        track.tip_for = lambda i: (f"${STOCK_VALUES[i]} a share" + (" (a starting value)" if i in START_STEPS else ""))
        track.setPos(M + 12, top + 36)
        started = [cid for cid in view.get("appeal_stack") or [] if view["companies"][cid]["started"]]
        spots: dict[int, list[str]] = {}
        for cid in sorted(started, key=COMPANY_IDS.index):
            spots.setdefault(view["companies"][cid]["step"], []).append(cid)
        self._markers("stock-marker", track, spots,
                      lambda cid: f"{COMPANIES[cid].name}: ${market.value(view['companies'][cid]['step'])} a share")
        return top + h

    def _show_appeal_track(self, view: dict, top: float) -> float:
        n = APPEAL_TOP + 1
        sw = (LEFT_W - 24) / n
        h = 112.0
        self._panel("appeal", "Appeal Track", "highest appeal operates first",
                    M, top, LEFT_W, h)
        track = self.pooled(("appeal-track",), lambda: _track(n, sw, 30, [str(i) for i in range(n)]))
        for s in APPEAL_BONUSES:
            track.accent[s] = "#e7c873"
        track.tip_for = lambda i: (f"Appeal {i}" + (f": the first time a company reaches it, "
                                                    f"{BONUS_TIPS[APPEAL_BONUSES[i]]}" if i in APPEAL_BONUSES else ""))
        track.setPos(M + 12, top + h - 56)
        for s, bonus in APPEAL_BONUSES.items():
            # a label as wide as the gap to its neighbours' allows, centred under its space
            near = min((abs(s - o) for o in APPEAL_BONUSES if o != s), default=2)
            lw = min(2, near) * sw - 4
            lab = self.pooled(("appeal-bonus", s), lambda: Label(sw, 24, pt=9, centre=True))
            lab.resize(lw, 24)
            lab.set_label(BONUS_WORDS[bonus], f"Appeal {s}: {BONUS_TIPS[bonus]}",
                          short=(BONUS_SHORT[bonus],) if bonus in BONUS_SHORT else ())
            lab.setPos(M + 12 + s * sw + (sw - lw) / 2, top + h - 26)
        stack = view.get("appeal_stack") or []
        spots: dict[int, list[str]] = {}
        # the top of a stack operates first: it is drawn last (on top)
        for cid in reversed(stack):
            spots.setdefault(view["companies"][cid]["appeal"], []).append(cid)
        order = {cid: i + 1 for i, cid in enumerate(sorted(stack, key=lambda c: (-view["companies"][c]["appeal"],
                                                                                 stack.index(c))))}
        self._markers("appeal-marker", track, spots,
                      lambda cid: f"{COMPANIES[cid].name}: appeal {view['companies'][cid]['appeal']}, "
                                  f"operates {_ordinal(order[cid])}")
        return top + h

    # -- the general action spaces --------------------------------------------------------------------------
    def _show_spaces(self, view: dict, top: float) -> float:
        per_row = 5
        tw = (LEFT_W - 24 - (per_row - 1) * 8) / per_row
        th = 80.0
        rows = (len(SPACE_ORDER) + per_row - 1) // per_row
        h = 40 + rows * (th + 8)
        acting = self.acting
        note = f"acting for {COMPANIES[acting].short}: click a space" if acting and any(
            a.kind == "place" for a in self._legal) else "Partners act for companies"
        self._panel("spaces", "Action spaces", note, M, top, LEFT_W, h)
        uses = view.get("space_uses") or {}
        decade = int(view["decade"])
        placing = self._placing
        for i, sid in enumerate(SPACE_ORDER):
            g = GENERAL_SPACES[sid]
            tile = self.pooled(("space", sid), lambda: SpaceTile(tw, th))
            tile.resize(tw, th)
            if g.get("company_pays"):
                money_line = f"company pays {money(g['company_pays'])}"
            elif g.get("bank_pays"):
                money_line = f"bank pays {money(g['bank_pays'])}"
            elif g["effect"] == "hire":
                price = market.worker_price(view["job_market"])
                money_line = f"Job Market: {money(price)} now"
            elif g["effect"] == "asset":
                money_line = "the slot's price ($40–$80)"
            else:
                money_line = ""
            used = int(uses.get(sid, 0))
            closed = ""
            if decade < g.get("from_decade", 1):
                closed = f"opens in Decade {g['from_decade']}"
            elif g["uses"] and used >= g["uses"]:
                closed = "taken this Decade"
            who = self._on_space.get(sid, [])
            room = int((tw - 12) // 27)  # Partners drawn on the tile (SpaceTile: 24 wide, 3 apart)
            partners = tuple(self._seat_look(s) for s, _ in who[:room])
            if len(who) > room:
                partners = partners[:room - 1] + (("", f"+{len(who) - room + 1}"),)
            uses_text = "∞" if not g["uses"] else str(g["uses"])
            tip = (f"{g['name']}: {money_line or 'no cost'}. "
                   + ("Any number of Partners a Decade." if not g["uses"] else "One Partner a Decade.")
                   + (" This Decade: " + ", ".join(f"{self._names[ps]} for {short(pc)}" for ps, pc in who) + "."
                      if who else ""))
            tile.set_space(g["name"], money_line, uses_text, partners, closed, tip, short=SPACE_SHORT.get(sid, ""),
                           line_short=_money_short(money_line, closed))
            tile.setPos(M + 12 + (i % per_row) * (tw + 8), top + 36 + (i // per_row) * (th + 8))
            act = None
            if placing and acting:
                act = Action("place", self._me, (sid, acting))
            self._target(tile, act, f"Send a Partner here for {short(acting)}" if act else "")
        return top + h

    # -- supply chain, Haymarket, bag, Job Market ---------------------------------------------------------
    def _show_resources(self, view: dict, top: float) -> float:
        h = 176.0
        self._panel("resources", "Resources and Workers", "supply slides toward $10; X not for sale",
                    M, top, LEFT_W, h, note_short=("X not for sale",))
        sw, sh = 104.0, 78.0
        x = M + 12
        for sid in SUPPLY_SPACES:
            sp = self.pooled(("supply", sid), lambda: ResourceSpace(sw, sh))
            price = SUPPLY_PRICES[sid]
            label = "X (next)" if not price else f"${price} each"
            counts = view["supply"][sid]
            sp.set_space(label, counts, f"Supply chain {label}: {resource_words(counts) or 'empty'}"
                         + ("" if price else " — not for sale; it slides on after each company operates"),
                         dark=not price, cubes=False, short=("X" if not price else f"${price}",))
            sp.setPos(x, top + 36)
            self._cubes(("supply", sid), sp, counts,
                        lambda r, sid=sid: self.take_pending(lambda a: a.kind == "buy_resource" and a.args == (sid, r)),
                        f"{label} in the supply chain")
            x += sw + 6
        x += 10
        hay = self.pooled(("haymarket",), lambda: ResourceSpace(150, sh))
        give = self.trade_give
        hay.set_space("Haymarket" if give is None else "Haymarket: take 1",
                      view["haymarket"], "Haymarket Square: " + (resource_words(view["haymarket"]) or "empty")
                      + ". Trade 2 identical resources of a company for 1 of your choice from here.", cubes=False,
                      short=("Hay",) if give is None else ("Take 1",))
        hay.setPos(x, top + 36)

        def haymarket_take(r: str):
            if give is not None:
                return self.take_pending(lambda a: a.kind == "trade" and a.args == (*give, r))
            return self.take_pending(lambda a: a.kind == "take_resource" and a.args == (r,))

        self._cubes(("haymarket",), hay, view["haymarket"], haymarket_take, "at Haymarket")
        x += 156
        bag = self.pooled(("bag",), lambda: ResourceSpace(LEFT_W - (x - M) - 12, sh))
        bag.resize(LEFT_W - (x - M) - 12, sh)
        total = sum(view["bag"].values())
        bag.set_space(f"Bag ({total})", view["bag"], f"The bag holds {count(total, 'resource')}: "
                      + resource_words(view["bag"]), dark=True, short=(f"Bag {total}",))
        bag.setPos(x, top + 36)
        jm = self.pooled(("jobs",), lambda: MarketItem(LEFT_W - 180, 50))
        n = int(view["job_market"])
        price = market.worker_price(n)
        jm.set_market(n, JOB_SPACES, JOB_BANDS, f"Job Market: {count(n, 'Worker')}; the next one costs "
                      f"{money(price)} (each Worker is priced as it is taken)")
        jm.setPos(M + 170, top + 36 + sh + 10)
        lab = self.pooled(("jobs-label",), lambda: Chip(150, 28))
        lab.set_chip(f"Job Market {n}/12", f"Next Worker {money(price)}", style.PAPER_DARK,
                     short=(f"Jobs {n}/12", f"{n}/12"))
        lab.setPos(M + 12, top + 36 + sh + 12)
        self._target(lab, None)
        return top + h

    def _cubes(self, key: tuple, space: ResourceSpace, counts: dict, action_for, where: str) -> None:
        """The resources of a space as buttons: a click buys, takes or trades for that resource."""
        k = 0
        for r in RESOURCES:
            n = int(counts.get(r, 0))
            if not n:
                continue
            cube = self.pooled(("cube", *key, r), lambda: CubeButton(24, 24, parent=space))
            cube.set_cube(r, n, f"{count(n, RESOURCE_NAMES[r])} {where}")
            cube.setPos(ResourceSpace.cube_pos(k, space.w))
            cube.setZValue(2)
            act = action_for(r)
            self._target(cube, act, self._label(act) if act else "")
            k += 1

    # -- the Demand area ---------------------------------------------------------------------------------
    def _show_demand(self, view: dict, top: float) -> float:
        rh = 44.0
        h = 62 + len(GOODS_ROWS) * (rh + 5) + 4
        piles = view.get("demand_piles") or []
        deck = f"{count(sum(piles), 'tile')} in the deck"
        self._panel("demand", "Demand", f"{deck} · the bank pays half price for Dry Goods, Food, Shoes",
                    M, top, LEFT_W, h, note_short=(f"{deck} · ½ price bank", deck))
        grid = view["demand_grid"]
        goods = view["demand_goods"]
        lw = 150.0
        tw = 118.0
        for c, bonus in enumerate(COLUMN_BONUS):
            hd = self.pooled(("demand-col", c), lambda: Chip(tw, 24))
            hd.set_chip(f"${bonus} column", f"A tile in this column filled exactly pays ${bonus}", style.PAPER_DARK,
                        short=(f"${bonus}",))
            hd.setPos(M + 12 + lw + c * (tw + 8), top + 34)
            hd.setZValue(1)
            self._target(hd, None)
        for r, row in enumerate(GOODS_ROWS):
            y = top + 60 + r * (rh + 5)
            lab = self.pooled(("demand-row", row), lambda: Chip(lw - 8, 30))
            lab.set_chip(GOODS_NAMES[row], f"{GOODS_NAMES[row]} goods are shipped to this row",
                         GOODS_COLOURS[row], short=(GOODS_NAMES[row].split()[0],))
            lab.setPos(M + 12, y + 7)
            self._target(lab, None)
            for c, bonus in enumerate(COLUMN_BONUS):
                tile = self.pooled(("demand", r, c), lambda: DemandTileItem(tw, rh))
                tid = grid[r][c]
                if tid is None:
                    printed = {20: "board: 6 at full price", 0: "board: any, half price"}.get(bonus, "no delivery")
                    tile.set_tile(None, 0, bonus, printed, f"Empty ${bonus} space: {printed}")
                else:
                    d = DEMAND[tid].demand
                    g = goods[r][c]
                    tile.set_tile(d, g, bonus, "", f"{GOODS_NAMES[row]} demand tile: takes {count(d, 'good')}, "
                                  f"{g} delivered; filled exactly it pays ${bonus}")
                tile.setPos(M + 12 + lw + c * (tw + 8), y)
                ship = None
                if view.get("company") and COMPANIES[view["company"]].goods == row:
                    ship = self.take_pending(lambda a, c=c: a.kind == "ship" and a.args == (c,))
                self._target(tile, ship, self._label(ship) if ship else "")
            who = [cid for cid in COMPANY_IDS if COMPANIES[cid].goods == row and view["companies"][cid]["started"]]
            names = self.pooled(("demand-who", row), lambda: Chip(10, 30))
            text = ", ".join(short(c) for c in who) or "no company yet"
            names.resize(LEFT_W - 24 - lw - 3 * (tw + 8), 30)
            half = row in HALF_PRICE_TYPES
            label = ("½ price bank · " if half else "") + text
            shorter = ", ".join(short(c) for c in who) or "none yet"
            forms = (f"½ bank · {shorter}", f"½ · {shorter}", "½ price") if half else (shorter,)
            names.set_chip(label, f"Companies shipping {GOODS_NAMES[row]}: {text}" + (
                ". The bank takes any number of these goods at half price." if half else
                ". No half-price bank space for this row."), style.PAPER_DARK if half else style.PAPER, short=forms)
            names.setPos(M + 12 + lw + 3 * (tw + 8), y + 7)
            ship = None
            if half and view.get("company") and COMPANIES[view["company"]].goods == row:
                ship = self.take_pending(lambda a: a.kind == "ship" and a.args == (-1,))
            self._target(names, ship, self._label(ship) if ship else "")
        return top + h

    # -- Capital Asset row and Public Goals -------------------------------------------------------------------
    def _show_assets(self, view: dict, top: float) -> float:
        """The Capital Asset row, the left column's whole width: five tiles wide enough for a
        name and an effect enlarged to 9 pt on a board fitted into a small window (a sixth of
        the width each, beside the goals, showed the price only)."""
        h = 144.0
        gap = 6.0
        aw = (LEFT_W - 24 - (len(ASSET_PRICES) - 1) * gap) / len(ASSET_PRICES)
        deck = view.get("asset_deck", 0)
        self._panel("assets", "Capital Assets", f"{deck} in deck", M, top, LEFT_W, h)
        for i, price in enumerate(ASSET_PRICES):
            card = self.pooled(("asset", i), lambda: AssetTile(aw, h - 44))
            card.resize(aw, h - 44)
            aid = view["asset_row"][i] if i < len(view["asset_row"]) else None
            if aid is None:
                card.set_asset("", price, "", f"Empty ${price} slot")
            else:
                card.set_asset(ASSETS[aid].name, price, _asset_short(aid),
                               f"{ASSETS[aid].name} (${price}): {asset_text(aid)}",
                               name_short=ASSET_NAME_SHORT.get(aid, ()), effect_short=_asset_tiny(aid))
            card.setPos(M + 12 + i * (aw + gap), top + 36)
            act = self.take_pending(lambda a, i=i: a.kind == "buy_asset" and a.args == (i,))
            self._target(card, act, self._label(act) if act else "")
        return top + h

    HALF_W = 12 + 2 * 208 - 8 + 12
    """The hand and the goals half as wide as the charters' column (two buildings, two goals to a
    row)."""

    @classmethod
    def goals_sizes(cls, view: dict) -> tuple[tuple[float, float], tuple[float, float]]:
        """The goals panel in one row, or half as wide in rows of two."""
        n = len(view.get("goals") or []) or 1
        return (RIGHT_W, 36 + 34 + 8.0), (cls.HALF_W, 36 + -(-n // 2) * 38 + 4.0)

    def _show_goals(self, view: dict, top: float, half: bool = False) -> float:
        """The Public Goals in a row under the hands (the right column is the shorter one for most
        of a game), or (`half`) two to a row: each a number and a word or two, the whole goal in
        its tooltip."""
        goals = view.get("goals") or []
        w, h = self.goals_sizes(view)[1 if half else 0]
        self._panel("goals", "Public Goals", "$200 each to the best" if goals else "", RIGHT_X, top, w, h,
                    short=("Goals",), note_short=("$200 each",))
        if not goals:
            line = self.pooled(("goals-off",), lambda: Label(RIGHT_W - 24, 34, pt=10, bold=False))
            line.resize(w - 24, 34)
            line.set_label("Off in this game", "The Public Goals option is off in this game")
            line.setPos(RIGHT_X + 12, top + 36)
            return top + h
        gap = 4.0  # 6 left '7. Richest company' a hair (0.7 units of ink) wider than its place at 1600×1000
        per_row = 2 if half else len(goals)
        gw = (w - 24 - (per_row - 1) * gap) / per_row
        for i, gid in enumerate(goals):
            g = GOALS[gid]
            forms = goal_forms(gid)
            line = self.pooled(("goal", gid), lambda: Label(gw, 34, pt=10, bold=False, centre=True))
            line.resize(gw, 34)
            line.set_label(forms[0], f"Goal {gid}: {g.text} (${g.reward} to every player "
                           "tied for the best; none if the best is 0)", short=forms[1:])
            line.setPos(RIGHT_X + 12 + (i % per_row) * (gw + gap), top + 36 + (i // per_row) * 38)
        return top + h

    # -- charters -----------------------------------------------------------------------------------------------
    def _show_charter(self, view: dict, cid: str, top: float) -> float:
        """A started company's charter, in its own panel."""
        comps = view["companies"]
        card = self.pooled(("charter", cid), lambda cid=cid: CharterFace(cid))
        c = comps[cid]
        chips = self._charter_chips(view, card, cid)
        # what the phase asks of a charter comes first when it is shown small: its stock, or its works
        focus = "market" if view["phase"] in ("setup", "found", "stock") else "works"
        fc = forecast(view, cid)  # once a charter: its card, tooltip and factories read it
        info = {**self._charter_info(view, cid, fc), "chips": chips, "focus": focus}
        mine = self._me is not None and c["dir"] == self._me
        card.set_charter(info, "\n".join([f"{COMPANIES[cid].name} — directed by {self._names[c['dir']]}"]
                                         + detail_lines(view, cid, fc)),
                         selected=mine and cid == self.acting and any(a.kind == "place" for a in self._legal))
        card.on_click = (lambda cid=cid: self.choose_company(cid)) if mine else None
        self.place(card, QPointF(RIGHT_X, top))
        self._director_token(card, c["dir"], cid)
        self._factories(view, card, cid, fc)
        return CharterCard.H

    def _director_token(self, card: CharterCard, seat: int, cid: str) -> None:
        tok = self.pooled(("director", cid), lambda: TokenItem(24, parent=card))
        colour, mark = self._seat_look(seat)
        tok.set_look(colour, mark, tooltip=f"Director: {self._names[seat]}")
        tok.setPos(18, 15)

    def _charter_info(self, view: dict, cid: str, fc: Forecast | None = None) -> dict:
        c = view["companies"][cid]
        certs = [("30%", self._seat_look(c["dir"]))]
        certs.append(("20%", self._holder(c["pref"])))
        commons = []
        for seat, n in enumerate(c["com"]):
            commons += [self._seat_look(seat)] * n
        commons += [("pool", "")] * c["com_pool"] + [("charter", "")] * c["com_charter"]
        certs += [("10%", h) for h in commons]
        asset = c.get("asset")
        asset_line = ""
        if asset:
            asset_line = ASSETS[asset].name + (" (used)" if c.get("exhausted") else "")
        sales = int(c["sales"])
        fc = forecast(view, cid) if fc is None else fc
        return {
            "goods_name": GOODS_NAMES[COMPANIES[cid].goods],
            "share": f"${market.value(c['step'])}",
            "appeal": c["appeal"],
            "cash": f"${c['cash']}",
            "certs": tuple(certs),
            "sales": sales,
            "resources": dict(c["resources"]),
            "goods_text": str(c["goods"]) + (f" +{c['tokens']}" if c.get("tokens") else ""),
            "asset": asset_line,
            "forecast_forms": part_forms(view, cid, fc),
            "forecast_line": summary_short(view, cid, fc),
            "idle": fc.goods == 0 and bool(fc.idle_reason),
            "goods_short": GOODS_NAMES[COMPANIES[cid].goods].split()[0],
        }

    def _holder(self, where: int) -> tuple[str, str]:
        if where == -1:
            return ("charter", "")
        if where == -2:
            return ("pool", "")
        return self._seat_look(where)

    def _factories(self, view: dict, card: CharterCard, cid: str, fc: Forecast | None = None) -> None:
        c = view["companies"][cid]
        data = COMPANIES[cid]
        n = len(data.factories)
        fc = forecast(view, cid) if fc is None else fc
        for f, fac in enumerate(data.factories):
            item = self.pooled(("factory", cid, f), lambda: FactoryItem(10, 10, parent=card))
            r = card.factory_rect(f, n)
            item.resize(r.width(), r.height())
            item.setPos(r.topLeft())
            auto = int(c["automated"][f])
            workers = int(c["workers"][f])
            spaces = tuple(["auto"] * auto + ["worker"] * workers + [""] * max(0, fac.workers - auto - workers))
            bonus = _manager_words(dict(fac.manager))
            uses = resource_words(fac.uses_dict())
            pairs = tuple(fac.uses)
            extra = " (+1 fully automated)" if auto >= fac.workers else ""
            tip = (f"{factory_words(cid, f)[0].upper()}{factory_words(cid, f)[1:]}: uses {uses}, makes "
                   f"{fac.makes}{extra}. "
                   f"{fac.workers} worker space{'s' if fac.workers > 1 else ''}: {workers} Worker"
                   f"{'s' if workers != 1 else ''}, {auto} automated. "
                   + (f"Manager: {bonus}." if c["managers"][f] else f"A Manager would give {bonus}."))
            item.set_factory(f + 1, pairs, fac.makes, spaces, bool(c["managers"][f]), f < fc.runs, tip)
            act = None
            if view.get("company") == cid:
                act = self.take_pending(lambda a, f=f: a.kind in FACTORY_KINDS and a.args and a.args[0] == f)
                if act is None and self._me is not None and c["dir"] == self._me and view.get("frame") == "hire":
                    act = Action("hire", self._me, (f,))   # a full factory: the click says why not
            self._target(item, act, describe(act, view, self._names) if act else "")

    def _charter_chips(self, view: dict, card: CharterCard, cid: str) -> int:
        """The decisions on a charter: buy (charter or pool, 10 % or 20 %) and sell in the Stock
        Phase; use its asset and offer two of a resource at Haymarket when it may act. Returns how
        many chips it shows."""
        chips: list[tuple[str, Action | None, object, str]] = []   # label, action, screen click, colour
        me = self._me
        c = view["companies"][cid]
        if view.get("frame") == "stock" and me is not None and view["to_move"] == me:
            for kind, source in (("common", "charter"), ("preferred", "charter"), ("common", "pool"),
                                 ("preferred", "pool")):
                a = Action("buy", me, (cid, kind, source))
                held = (c["com_charter"] if source == "charter" else c["com_pool"]) if kind == "common" else \
                    (c["pref"] == (-1 if source == "charter" else -2))
                if a in self._legal or held:
                    chips.append((self._label(a), a, None, style.MONEY_GREEN))
            for kind in ("common", "preferred"):
                a = Action("sell", me, (cid, kind))
                if a in self._legal:
                    chips.append((self._label(a), a, None, "#e9b8a8"))
        use = self.take_pending(lambda a: a.kind == "use_asset" and a.args == (cid,))
        if use is not None:
            chips.append((self._label(use), use, None, style.GOLD))
        gives = sorted({a.args[1] for a in self._legal if a.kind == "trade" and a.args[0] == cid},
                       key=RESOURCES.index)
        picked = self.trade_give if self.trade_give and self.trade_give[0] == cid else None
        for r in gives:
            on = picked is not None and picked[1] == r
            label = f"2 {RESOURCE_NAMES[r].lower()} →" + (" ✕" if on else "")
            chips.append((label, None, (lambda r=r, on=on: self.choose_trade(None if on else (cid, r))),
                          style.GOLD if on else style.PAPER))
        self._pending = [a for a in self._pending if not (a.kind == "trade" and a.args[0] == cid and
                                                          (picked is None or a.args[1] != picked[1]))]
        # the chips share the card's width (a row running past the card made the board wider than
        # drawn and the fit zoom out): each as wide as its label; when they do not fit, the card's
        # width is shared in the measure of their shortest forms, which a narrowed chip draws (a
        # share by the full labels left "Sell 10%" too narrow for even its short form)
        metrics = QFontMetricsF(self.shown_font(style.sans(10, bold=True)))  # as the labels read
        widths = [20 + metrics.horizontalAdvance(label) for label, *_ in chips]
        gap = 5.0
        room = CharterCard.W - 16 - gap * max(0, len(chips) - 1)
        if sum(widths) > room:
            least = [20 + min(metrics.horizontalAdvance(t) for t in (label, *_chip_short(label)))
                     for label, *_ in chips]
            widths = [w * room / sum(least) for w in least]
        x = 8.0
        for i in range(8):
            chip = self.pooled(("cchip", cid, i), lambda: _ChoiceChip(10, 26))
            if i >= len(chips):
                chip.setVisible(False)
                chip.set_target(None, False)
                chip.on_click = None
                continue
            label, a, click, colour = chips[i]
            w = widths[i]
            chip.resize(w, 26)
            tip = ("Offer two of these at Haymarket, then click the resource to take there" if click and "✕" not in
                   label else "Cancel the trade" if click else self._label(a))
            chip.set_chip(label, tip, colour, _chip_short(label))
            chip.setVisible(True)
            chip.setParentItem(card)
            chip.setPos(x, CharterCard.CHIP_Y)
            chip.setZValue(2)
            chip.on_click = click
            self._target(chip, a, tip)
            x += w + gap
        return len(chips)

    def _label(self, a: Action) -> str:
        return describe(a, self.view or {}, self._names)

    def _show_unstarted(self, view: dict, cids: list[str], top: float) -> float:
        if not cids:
            return 0.0
        # four to a row gives the names room (five cut 'Cracker Jack' and 'Anglo-American' on a
        # board fitted into a small window), unless it takes one row more than five do
        per_row = 4 if -(-len(cids) // 4) == -(-len(cids) // 5) else 5
        tw = (RIGHT_W - 24 - (per_row - 1) * 6) / per_row
        found = any(a.kind == "start" for a in self._legal) or (
            view.get("frame") in ("found", "stock") and self._me is not None and view["to_move"] == self._me
            and (view["phase"] == "found" or int(view["decade"]) >= 2))
        # two rows of value chips, or the appeal and prices on two lines: one height, so that the
        # panel does not grow in every Stock Phase (it pushed the players and the board down, and
        # a board taller than its column moved under the cursor: tests/ui/test_steady_board.py)
        th = StubCard.BAND + 56.0
        rows = (len(cids) + per_row - 1) // per_row
        h = 38 + rows * (th + 6)
        note = "click a share value to start one (3 × value goes to its treasury)" if found else "not yet in play"
        self._panel("unstarted", "Charters not yet in play", note, RIGHT_X, top, RIGHT_W, h,
                    note_short=("click a value to start one",) if found else ())
        for k, cid in enumerate(cids):
            data = COMPANIES[cid]
            tile = self.pooled(("unstarted", cid), lambda: StubCard(tw, th))
            tile.resize(tw, th)
            prices = "/".join(f"${p}" for p in data.prices)
            # with its four starting values to click, a stub keeps its name and the values only
            tile.set_stub(cid, "" if found else f"appeal {data.appeal}\n${data.prices[0]}–{data.prices[-1]} a good",
                          tooltip=f"{data.name}: {GOODS_NAMES[data.goods]}, starts at appeal {data.appeal}, "
                                  f"{count(len(data.factories), 'factory', 'factories')}, price per good {prices}"
                                  + (", a Capital Asset slot" if data.asset_slot else ""))
            x = RIGHT_X + 12 + (k % per_row) * (tw + 6)
            y = top + 36 + (k // per_row) * (th + 6)
            self.place(tile, QPointF(x, y))
            for j, step in enumerate(START_STEPS):
                chip = self.pooled(("start", cid, step), lambda: Chip(10, 24))
                cw = (tw - 8 - 3) / 2   # two by two: four in a row left no room for "$40" on a small board
                chip.resize(cw, 24)
                if not found:
                    chip.setVisible(False)
                    chip.set_target(None, False)
                    continue
                chip.setVisible(True)
                a = Action("start", self._me, (cid, step))
                legal = a in self._legal
                chip.set_chip(f"${STOCK_VALUES[step]}", f"Start {data.name} at ${STOCK_VALUES[step]} a share "
                              f"(${3 * STOCK_VALUES[step]} for the Director's certificate)",
                              style.GOLD if legal else style.PAPER_DARK)
                chip.setParentItem(tile)
                chip.setPos(4 + (j % 2) * (cw + 3), StubCard.BAND + 2 + (j // 2) * 27)
                chip.setZValue(2)
                self._target(chip, a, f"Start {data.short} at ${STOCK_VALUES[step]} a share")
        return top + h

    # -- players: cash, Partners, buildings ----------------------------------------------------------------------
    PLAYER_HEAD_H = 32.0
    """A player's name and cash, Partners and buildings held: a line each."""
    BUILT_W = (RIGHT_W - 24 - 4 * 6) / 5
    BUILT_H = 100.0
    """A building played, one of five across the panel: wide and tall enough that its number,
    cost and effect read on a board fitted to a laptop's screen (the send-a-Partner decision
    is about them)."""
    HEAD_W = 250.0
    """The name, Partners and hand of a player beside the buildings (the wide players panel)."""
    PLAYERS_WIDE_W = 12 + HEAD_W + 10 + 5 * BUILT_W + 4 * 6 + 12
    HELD_W = 150.0
    """A player's buildings in hand, face down ("1 held")."""

    @classmethod
    def players_sizes(cls, n: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The players panel of `n` players: each in two lines (the name over the buildings, as
        wide as the charters' column), or in one (the name beside them: wider and lower)."""
        stacked = 38 + n * (cls.PLAYER_HEAD_H + 4 + cls.BUILT_H + 10)
        wide = 38 + n * (cls.BUILT_H + 8)
        return (RIGHT_W, stacked), (cls.PLAYERS_WIDE_W, wide)

    def _show_players(self, view: dict, top: float, wide: bool = False) -> float:
        """Each player's name · cash, Partners (available or placed) and buildings held face down,
        over (or, `wide`, beside) the five Decades' buildings played, whole."""
        n = int(view["players"])
        head_h, bw, bh = self.PLAYER_HEAD_H, self.BUILT_W, self.BUILT_H
        w, h = self.players_sizes(n)[1 if wide else 0]
        row = (h - 38) / n
        self._panel("players", "Players", "one building played each Decade · hands stay secret",
                    RIGHT_X, top, w, h, note_short=("hands stay secret",))
        x0 = RIGHT_X + 12
        for seat in range(n):
            y = top + 36 + seat * row
            colour, mark = self._seat_look(seat)
            head = self.pooled(("seat-head", seat), lambda: Chip(self.HEAD_W, head_h))
            name = self._names[seat]
            if seat == self._me and name.lower() != "you":
                name += " (you)"
            cash = money(view["cash"][seat])
            head.set_chip(f"{name} · {cash}", f"{self._names[seat]}: {cash} in cash", colour,
                          short=(f"{self._names[seat]} · {cash}", f"{self._marks[seat]} · {cash}"))
            head.setPos(x0, y)
            self._target(head, None)
            placed = int(view["placed"][seat])
            total = int(view["partners"][seat])
            # the Partners: after the name, or under it
            tx, ty = (x0, y + head_h + 2) if wide else (x0 + self.HEAD_W + 12, y)
            for k in range(total):
                tok = self.pooled(("partner", seat, k), lambda: TokenItem(28))
                used = k < placed
                tok.set_look(colour, mark, tooltip=f"{whose(self._names[seat], start=True)} Partner"
                             + (" (placed this Decade)" if used else " (available)"))
                tok.setOpacity(0.35 if used else 1.0)
                tok.setPos(tx + 14 + k * 32, ty + head_h / 2)
            note = self.pooled(("seat-partners", seat), lambda: Label(120, head_h))
            note.set_label(f"{total - placed} of {total} free", f"{self._names[seat]}: "
                           f"{count(total - placed, 'Partner')} available, {placed} placed this Decade",
                           short=(f"{total - placed} of {total}",))
            note.setPos(tx + total * 32 + 2, ty)
            hand = view["hands"][seat]
            k = len(hand) if isinstance(hand, list) else int(hand)
            picked = view["picks"][seat]
            back_w = self.HELD_W
            back = self.pooled(("hand-back", seat), lambda: BuildingTile(self.HELD_W, head_h))
            text = f"{k} held" + (" · picked" if picked else "")
            back.set_building(None, "", "", "", f"{self._names[seat]} holds {count(k, 'building')} in hand"
                              + (" and has picked" if picked else "") + " (secret)", era=1, empty=text, back=True,
                              empty_short=(f"{k}" + (" ✓" if picked else ""),))
            back.setPos(*((x0, y + bh - head_h) if wide else (RIGHT_X + w - 12 - back_w, y)))
            played = {int(d): int(b) for d, b in view["played"][seat]}
            bx, by = (x0 + self.HEAD_W + 10, y) if wide else (x0, y + head_h + 4)
            for d in range(1, 6):
                tile = self.pooled(("built", seat, d), lambda: BuildingTile(bw, bh))
                bid = played.get(d)
                if bid is None:
                    tile.set_building(None, "", "", "", f"Decade {d}: no building played"
                                      + (" yet" if d >= int(view["decade"]) else ""), era=0, empty=f"Decade {d}",
                                      empty_short=(f"Dec. {d}", f"D{d}"))
                else:
                    users = self._on_building.get(bid, [])
                    used = "used" if bid in (view.get("used_buildings") or []) else ""
                    tip = (f"{whose(self._names[seat], start=True)} " + building_text(bid) + f" Played in Decade {d}."
                           + (" Used this Decade." if used else " Once a Decade, by anyone."))
                    tile.set_building(bid, colour, mark, "", tip, marked=used)
                    for j, (pseat, pcid) in enumerate(users):
                        tok = self.pooled(("bpartner", bid, j), lambda tile=tile: TokenItem(24, parent=tile))
                        pc, pm = self._seat_look(pseat)
                        tok.set_look(pc, pm,
                                     tooltip=f"{whose(self._names[pseat], start=True)} Partner, for {short(pcid)}")
                        tok.setPos(16 + j * 26, bh - 15)
                        tok.setZValue(3)
                tile.setPos(bx + (d - 1) * (bw + 6), by)
                if bid is not None and self._placing:
                    act = Action("use_building", self._me, (bid, self.acting))
                    self._target(tile, act, f"Send a Partner here for {short(self.acting)}")
                else:
                    tile.set_target(None, False)
        return top + h

    HAND_TILE = (200.0, 96.0)

    def hand_sizes(self, view: dict) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The hand of the player at the screen in one row, or half as wide in two rows (room for
        the three a player holds while choosing); None if no hand is shown."""
        me = self._me
        if me is None or not isinstance(view["hands"][me], list) or view.get("viewer") != me:
            return None
        bh = self.HAND_TILE[1]
        return (RIGHT_W, 40 + bh + 8), (self.HALF_W, 40 + 2 * (bh + 8))

    def _hand_title(self, me: int, half: bool) -> str:
        """The hand panel's title (shorter in the half-wide panel, where the note needs room)."""
        return f"Hand: {self._names[me]}" if half else f"Buildings in hand: {self._names[me]}"

    def _show_hand(self, view: dict, top: float, half: bool = False) -> float:
        sizes = self.hand_sizes(view)
        if sizes is None:
            return 0.0
        me = self._me
        hand = list(view["hands"][me])
        pick = view["picks"][me]
        bw, bh = self.HAND_TILE
        w, h = sizes[1 if half else 0]
        per_row = 2 if half else 4
        if not hand and not pick:  # the panel stays (empty), so the board keeps its arrangement
            self._panel("hand", self._hand_title(me, half), "none in hand now", RIGHT_X, top, w,
                        h, short=("Your hand",), note_short=("none now",))
            return top + h
        choosing = any(a.kind == "build" for a in self._legal)
        note_short: tuple[str, ...] = ()
        if choosing:
            note, note_short = (("now click the building to discard", ("click one to discard",))
                                if self.to_play is not None else
                                ("click the building to play this Decade", ("click one to play",)))
        elif isinstance(pick, list):
            note = f"you play #{pick[0]} and discard #{pick[1]} (hidden until everyone has picked)"
            note_short = (f"play #{pick[0]}, discard #{pick[1]}",)
        else:
            note = "only you see these"
        self._panel("hand", self._hand_title(me, half), note, RIGHT_X, top, w, h,
                    short=("Your hand",), note_short=note_short or ("only you",))
        colour, mark = self._seat_look(me)
        for i, bid in enumerate(hand):
            tile = self.pooled(("hand", me, bid), lambda: _HandTile(bw, bh))
            marked = ""
            if isinstance(pick, list):
                marked = "play" if bid == pick[0] else "discard" if bid == pick[1] else ""
            elif self.to_play == bid:
                marked = "play"
            # no "era" note: the effect takes the whole tile, so it still reads on a board shown small
            tile.set_building(bid, colour, mark, "", building_text(bid), marked=marked)
            tile.setPos(RIGHT_X + 12 + (i % per_row) * (bw + 8), top + 36 + (i // per_row) * (bh + 8))
            tile.on_click = None
            act = None
            status = ""
            if choosing:
                if self.to_play is None or self.to_play == bid:
                    tile.on_click = (lambda bid=bid: self.choose_building(None if self.to_play == bid else bid))
                    status = "Play this building" if self.to_play is None else "Choose again"
                    tile.set_target(None, False, status)
                    tile.setCursor(Qt.CursorShape.PointingHandCursor)
                    continue
                act = Action("build", me, (self.to_play, bid))
                status = f"Discard #{bid} and play #{self.to_play}"
            tile.set_target(act, act in self._legal, status)
            if act is not None and act in self._legal:
                self._by_action[act] = tile
        # every other pick of the hand is taken here too, so none falls to the Choices strip
        if choosing:
            self._pending = [a for a in self._pending if a.kind != "build"]
        return top + h

    # -- chips for the remaining decisions -------------------------------------------------------------------------
    def _choice_layout(self, pending: list[Action]) -> list[list[tuple[Action, str, float]]]:
        """The chips of `pending` in rows that fit the header: (action, label, width) each."""
        rows: list[list[tuple[Action, str, float]]] = [[]]
        x = 0.0
        for a in pending:
            label = self._label(a)
            w = max(90.0, 26 + QFontMetricsF(style.sans(10, bold=True)).horizontalAdvance(label))
            if x + w > LEFT_W - 24 and rows[-1]:
                rows.append([])
                x = 0.0
            rows[-1].append((a, label, w))
            x += w + 8
        return rows

    def _show_choices(self, view: dict, top: float) -> None:
        """The chips of the decisions left without a piece, in the header from `top`."""
        x0 = M + 12
        idx = 0
        pending = list(self._pending)
        for r, row in enumerate(self._choice_layout(pending)):
            x = x0
            # the chips share the row's room left over, up to 2.3 times their width: a board shown
            # small draws their words about twice as wide ('Pass for the rest of …' was cut)
            spare = (LEFT_W - 24 - sum(w for _, _, w in row) - 8 * (len(row) - 1)) / max(1, len(row))
            for a, label, w in row:
                w += min(1.3 * w, max(0.0, spare))
                chip = self.pooled(("choice", idx), lambda: Chip(10, 30))
                chip.resize(w, 30)
                colour = {"pass": style.PAPER_DARK, "pass_action": style.PAPER_DARK, "end_turn": style.PAPER_DARK,
                          "bonus_forfeit": style.PAPER_DARK}.get(a.kind, style.PAPER)
                chip.set_chip(label, label, colour)
                chip.setPos(x, top + r * 36)
                chip.setZValue(4)
                self._target(chip, a, label)
                x += w + 8
                idx += 1
        if not pending:
            who = view["to_move"]
            if view["phase"] == "over":
                # the header's title already says "Game over": the line says what that means
                text = "No decisions left: the fifth Decade has been scored"
            elif self.confirming is not None:
                text = self.confirm_words(self._names)
            elif isinstance(who, int) and 0 <= who < len(self._names):
                text = f"{phase_name(view['phase'])}: {self._names[who]} to move"
            else:
                text = phase_name(view["phase"])
            idle = self.pooled(("choice-idle",), lambda: Label(LEFT_W - 24, 30))
            idle.set_label(text, "The decisions with no place on the board appear here as buttons")
            idle.setPos(x0, top)
        self._pending = []


class _EitherClick:
    """Mixin: a piece whose click is a decision (its action) or, when `on_click` is set, a choice of
    the screen (mark a tile to play, offer a resource at Haymarket)."""

    on_click = None

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.on_click is None:
            super().mousePressEvent(event)
        else:
            event.accept()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.on_click is None:
            super().mouseReleaseEvent(event)
        elif self.contains(event.pos()):
            self.on_click()


class _ChoiceChip(_EitherClick, Chip):
    """A chip on a charter: a decision or a choice of the screen."""


class _HandTile(_EitherClick, BuildingTile):
    """A building of the viewer's hand: in the Building Phase the first click marks the tile to play
    (a choice of the screen); the second, on another tile, is the decision (play and discard)."""


def _track(n: int, sw: float, sh: float, labels: list[str], per_row: int = 0) -> TrackItem:
    """A track of `n` spaces `sw` × `sh`, in rows of `per_row` (0: one row), left to right."""
    per_row = per_row or n
    spaces = [QRectF((i % per_row) * sw, (i // per_row) * (sh + 4), sw, sh) for i in range(n)]
    inward = [QPointF(0, -1)] * n
    track = TrackItem(spaces, labels, inward, font_pt=9)
    track.STACK_STEP = 9.0
    return track


def _chip_short(label: str) -> tuple[str, ...]:
    """Shorter forms of a charter chip's label ("Buy 10% from charter · $50" → "10% charter · $50"
    → "10% · $50" → "10% $50"; "Sell 10%" → "−10%"), for a chip narrowed to share the card."""
    if label.startswith("Sell "):
        return (f"−{label[5:]}",)
    if label.startswith("Use "):  # the company's asset: "Use Cincinnati Steel" → "Use Cincinnati"
        return (" ".join(label.split()[:2]), "Use") if len(label.split()) > 2 else ("Use",)
    if not label.startswith("Buy "):
        return ()
    what, _, price = label[4:].partition(" · ")
    share, _, where = what.partition(" from ")
    return f"{share} {where} · {price}", f"{share} {where} {price}", f"{share} · {price}", f"{share} {price}"


def _money_short(line: str, closed: str) -> tuple[str, ...]:
    """Shorter forms of a general space's money line ("company pays $60" → "pays $60" → "$60"),
    for a board shown small: in the Action Phase what a space costs matters most."""
    if closed:
        return ("taken",) if closed.startswith("taken") else (closed.replace("opens in ", "from "),
                                                               closed.replace("opens in ", ""))
    amounts = [w.strip("()") for w in line.split() if w.strip("()").startswith("$")]
    if not amounts:
        return ()
    if line.startswith("company pays"):
        return f"pays {amounts[0]}", amounts[0]
    if line.startswith("bank pays"):
        return f"gets {amounts[0]}", f"+{amounts[0]}"
    if line.startswith("Job Market"):
        return f"{amounts[0]} now", amounts[0]
    return (amounts[0],)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _manager_words(bonus: dict) -> str:
    return ", ".join(effect_words(bonus, MANAGER_WORDS)) or "nothing"


def _asset_short(aid: str) -> str:
    use = dict(ASSETS[aid].use)
    if "appeal" in use:
        return f"+{use['appeal']} appeal"
    if "resources" in use:
        res = " + ".join(f"{n} {RESOURCE_NAMES[r].lower()}" for r, n in dict(use["resources"]).items())
        return (f"${use['pay']}: " if use.get("pay") else "") + res
    if "revenue" in use:
        return f"+${use['revenue']} revenue"
    if "stock" in use:
        return "+1 stock step"
    return "price holds once"  # Price Protection: sales by others and withholding do not drop it


PHASE_SHORT = {"building": ("Build",), "action": ("Act.",), "operating": ("Operate", "Oper."), "cleanup": ("Clean",)}
"""Shorter words for the phase chips of a board shown small (the last resort is the phase's number)."""

ASSET_NAME_SHORT = {
    "brilliant_marketing": ("Marketing",), "union_stockyards": ("Stockyards", "Union"), "michigan_lumber": ("Lumber",),
    "pennsylvania_coal": ("Coal",), "cincinnati_steel": ("Steel",), "mail_order_catalogue": ("Mail Order", "Mail"),
    "color_catalog": ("Color Catalog", "Color Cat."), "catalogue_empire": ("Empire",),
    "popular_partners": ("Popular Partners", "Partners"), "backroom_deals": ("Backroom",),
    "brand_recognition": ("Brand",), "price_protection": ("Protection", "Protect."),
    "refrigeration": ("Refrigeration", "Refrig."),
}
"""A word for each asset's name, drawn when its whole name does not fit its tile shown small."""


def _asset_tiny(aid: str) -> tuple[str, ...]:
    """Shorter forms of `_asset_short` for a tile shown small ('+$40', '2 livestock')."""
    use = dict(ASSETS[aid].use)
    if "resources" in use:
        res = dict(use["resources"])
        words = [f"{n} {RESOURCE_NAMES[r].lower()}" for r, n in res.items()]
        if len(res) > 1:
            # last, the letters of the resource cubes on the board
            return (" + ".join(words), "+".join(RESOURCE_NAMES[r].lower() for r in res),
                    "+".join(f"{n}{r[0].upper()}" for r, n in res.items()))
        return (*words, *(w.replace("livestock", "livest.") for w in words if "livestock" in w))
    if "revenue" in use:
        return (f"+${use['revenue']}",)
    if "stock" in use:
        return ("+1 step",)
    if "appeal" in use:
        return (f"+{use['appeal']} app.",)
    return ("no drop",)


GOAL_WORDS = {
    "managers": ("Most Managers", "Managers"), "salespeople": ("Most Salespeople", "Salespeople", "Sales"),
    "assets_acquired": ("Assets acquired", "Assets"), "workers": ("Most Workers", "Workers"),
    "automation": ("Most automation", "Automation", "Automat."), "top_appeal": ("Top appeal", "Appeal"),
    "richest_company": ("Richest company", "Richest"), "partners": ("Most Partners", "Partners"),
    "common": ("Most 10% certs", "10% certs", "10%"), "preferred": ("Most 20% certs", "20% certs", "20%"),
}
"""Each goal in a few words, then shorter (the goal's whole text is in its tooltip)."""


def goal_forms(gid: int) -> tuple[str, ...]:
    """A goal's label, longest first: '7. Richest company', '7. Richest', 'Richest'."""
    measure = GOALS[gid].measure
    words = GOAL_WORDS.get(measure, (measure.replace("_", " ").capitalize(),))
    return (*(f"{gid}. {w}" for w in words), *words[1:])


def make_scene(game_id: str = "big-shoulders") -> BigShouldersScene:
    """A fresh City of the Big Shoulders scene."""
    return BigShouldersScene()


