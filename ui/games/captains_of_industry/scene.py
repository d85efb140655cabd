"""The Captains of Industry board scene, built from a seat's view (never the state).

Layout (scene units = logical pixels at the default zoom), two columns of about 1480 × 840, so
the board fitted into a 1600 × 1000 window shows its text at 9 pt and more:
- left: the market board, one row per market (demand, name, goods and padlocks, then the $1–$12
  pricing track with each owner's tokens stacked at their price), and below it the facility table
  (each type's stack, build and expansion costs, every player's facility with its size under their
  mark and money, and for the seat to act the Build/Expand, Run and Overtime buttons);
- right: the turn board (age, round, turn order and next turn order, progress wheel and chips,
  City and Country cards), the choices that have no place on the board (and, between turns, the
  last age end stepped market by market), the Captain hand and Player Bank of the seat the view
  belongs to (another seat's only counted, R18), the four Real Estate zones, and the Market
  Research board with its prerequisite lines and owners.

What just happened stays on the tracks as dashed ghosts: the tokens the last purchase took (red,
"−2", naming who was paid), and after an age end each market's tokens bought by the consumers
(green ✓) and discarded (red ✗), until new goods arrive there.

Clicks: a pricing-track space emits `price` (its market, its price); an owner's stack at the
lowest price of a buying market emits `take`; a zone's next free space `real_estate`; an Advance
`research`; the facility buttons `build`/`expand`/`run`; buttons the rest. While the seat at this
screen is to act, every track space and every turn action is a candidate: a click on one that is
not legal is refused with the reason.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from engine.core.contract import Action
from engine.core.text import fill_names, is_doing
from engine.games.captains_of_industry.data import (
    ADVANCE_LAYOUT,
    ADVANCES,
    AUTO_DEMAND,
    BUY_MARKET,
    CAPTAINS,
    FACILITIES,
    FACILITY_IDS,
    MARKET_IDS,
    MARKETS,
    PRICES,
    RE_CARDS,
    SPACES,
    ZONE_IDS,
    ZONE_SPACES,
    ZONES,
)
from ui.board import style
from ui.board.items import BoardItem
from ui.board.pieces import ButtonItem, Panel, TextItem
from ui.board.scene import GameScene
from ui.games import game_over_text
from ui.games.captains_of_industry.items import (
    AdvanceTile,
    FacilityRow,
    LinesItem,
    MarketLabel,
    OwnerCell,
    PriceSpace,
    ReSpace,
    StackChip,
    StepButton,
    TurnBoard,
)
from ui.games.captains_of_industry.words import (
    SHORT_MARKET,
    advance_tip,
    bill_text,
    choice_note,
    choice_words,
    describe,
    facility_tip,
    icon_words,
    market_goods_text,
    market_share_text,
    market_tip,
    report_detail,
    short_bill,
    stack_tip,
    turn_tip,
)

M = 14.0
LABEL_W, SPACE_W, ROW_H = 180.0, 45.0, 44.0
A_W = LABEL_W + SPACE_W * len(PRICES)
MARKETS_TOP = M + 50
FAC_TOP = MARKETS_TOP + ROW_H * len(MARKET_IDS) + 14
FAC_ROW = 40.0
OWNERS_X, OWNER_W = M + 300, 40.0
B_X, B_W = M + A_W + 14, 718.0
BOTTOM = FAC_TOP + 62 + FAC_ROW * len(FACILITY_IDS) + 6
TURN_H = 100.0
CHOICES_TOP, CHOICES_H = M + TURN_H + 8, 142.0
HAND_TOP, HAND_H = CHOICES_TOP + CHOICES_H + 8, 92.0
ZONES_TOP = HAND_TOP + HAND_H + 8
ZONE_W, ZONE_H, RE_W = 355.0, 90.0, 84.0
RESEARCH_TOP = ZONES_TOP + 28 + 2 * ZONE_H + 8
TILE_W, TILE_H, TILE_STEP = 112.0, 60.0, 116.0
BUTTON_W, BUTTON_H, PER_ROW = 134.0, 48.0, 5
CHOICE_KINDS = ("manipulate", "done", "split", "insider", "return_captain", "re_card")
PANELS = {
    "markets": QRectF(M, M, A_W, MARKETS_TOP + ROW_H * len(MARKET_IDS) + 6 - M),
    "facilities": QRectF(M, FAC_TOP, A_W, BOTTOM - FAC_TOP),
    "turn": QRectF(B_X, M, B_W, TURN_H),
    "choices": QRectF(B_X, CHOICES_TOP, B_W, CHOICES_H),
    "hand": QRectF(B_X, HAND_TOP, B_W, HAND_H),
    "zones": QRectF(B_X, ZONES_TOP, B_W, 28 + 2 * ZONE_H + 2),
    "research": QRectF(B_X, RESEARCH_TOP, B_W, BOTTOM - RESEARCH_TOP),
}
"""Each panel as drawn, in its own coordinates (the layout places them: ui/board/layout.py)."""


def board_tree():
    """The board's panels for the layout, in reading order: the markets and the facilities,
    then the turn board, the choices, the Captain hand, Real Estate and Market Research; they
    flow into as many columns as suit the room."""
    from ui.board.layout import Flow, Leaf

    return Flow([Leaf(name, rect.width(), rect.height(), w_max=rect.width() * STRETCH)
                 for name, rect in PANELS.items()], gap=14.0, max_lines=4)


STRETCH = 1.45
"""How much wider than drawn a panel may be laid out: its price spaces, Real Estate spaces,
Advance tiles and buttons widen with it."""


class CaptainsScene(GameScene):
    """See the module doc."""

    game_id = "captains-of-industry"
    unmarked = (("text", "price-head"), ("text", "fac-head"), ("text", "choices-idle"), ("text", "report"),
                ("text", "zone"), ("text", "re-card"), ("text", "hand"), "choice", "facbtn", "space", "re-side",
                "report-btn", "turnboard", "panel", "mlabel")

    def __init__(self, parent=None):
        super().__init__(parent)
        self._report_step = 0   # 0: the whole age end; k: the k-th market's line, lit on the board

    # -- the contract ------------------------------------------------------------------------------
    def item_for(self, action: Action):
        return self.pool.by_action.get(action)

    def items_with_actions(self) -> list[BoardItem]:
        return list(self.pool.by_action.values())

    def draw(self, view: dict, legal: list[Action], names: list[str], viewer: int | None) -> None:
        self.pool.begin()
        legal_set = set(legal)
        me = legal[0].seat if legal else None
        marks = style.seat_marks(names)
        seats = tuple((style.seat_colour(s), marks[s]) for s in range(view["players"]))
        arr = self.lay_out(board_tree())
        self._pw = {name: arr.rects[name][2] for name in PANELS}
        """Each panel's width as laid out (a panel widened spreads its spaces, tiles and buttons)."""
        with self.in_panel("markets"):
            self._show_markets(view, names, seats, me, legal_set)
        with self.in_panel("facilities"):
            self._show_facilities(view, names, seats, me, legal_set)
        with self.in_panel("turn"):
            self._show_turn(view, names, seats)
        with self.in_panel("choices"):
            self._show_choices(view, names, seats, legal, legal_set)
        with self.in_panel("hand"):
            self._show_hand(view, names, viewer)
        with self.in_panel("zones"):
            self._show_zones(view, names, seats, me, legal_set)
        with self.in_panel("research"):
            self._show_research(view, names, seats, me, legal_set)
        self.pool.prune()
        self.place_panels({name: rect.topLeft() for name, rect in PANELS.items()})

    def _panel(self, key: str, rect: QRectF, title: str, note: str = "", note_short: tuple[str, ...] = ()) -> Panel:
        panel = self.pool.item(("panel", key), lambda: Panel(10, 10))
        panel.set_panel(title, note, w=rect.width(), h=rect.height(), note_short=note_short)
        panel.setPos(rect.topLeft())
        return panel

    def _text(self, key: tuple, rect: QRectF, text: str, pt: float = 11, bold: bool = False,
              align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, colour: str = style.INK,
              short: tuple[str, ...] = ()) -> TextItem:
        item = self.pool.item(("text", *key), lambda: TextItem(rect.width(), rect.height(), pt, bold, align=align,
                                                               colour=colour))
        item.resize(rect.width(), rect.height())
        item.set_text(text, colour, short)
        item.setPos(rect.topLeft())
        return item

    # -- the market board -------------------------------------------------------------------------------
    def _show_markets(self, view: dict, names: list[str], seats: tuple, me: int | None, legal: set) -> None:
        a_w = self._pw["markets"]
        sw = self._space_w = (a_w - LABEL_W) / len(PRICES)
        self._panel("markets", QRectF(M, M, a_w, MARKETS_TOP + ROW_H * len(MARKET_IDS) + 6 - M), "Markets",
                    "each owner's tokens at their price · the cheapest sell first")
        self._text(("price-head", "demand"), QRectF(M + 4, M + 28, LABEL_W - 8, 22), "demand · market", 10,
                   colour=style.INK_SOFT)
        for k, p in enumerate(PRICES):
            self._text(("price-head", p), QRectF(M + LABEL_W + k * sw, M + 28, sw, 22), f"${p}", 11,
                       True, Qt.AlignmentFlag.AlignCenter)
        prompt = view.get("prompt") or {}
        kind = prompt.get("kind")
        asked = prompt.get("market") if kind == "price" else (prompt.get("markets") or [None])[0] \
            if kind == "reprice" else None
        report = {e["market"]: e for e in view.get("report") or []}
        order = [e["market"] for e in view.get("report") or []]
        step_market = order[self._report_step - 1] if 0 < self._report_step <= len(order) else None
        pricing = me is not None and kind in ("action", "price", "reprice")
        for r, m in enumerate(MARKET_IDS):
            market = MARKETS[m]
            y = MARKETS_TOP + r * ROW_H
            data = view["markets"][m]
            demand = data["demand"] if market.zones else None
            label = self.pool.item(("mlabel", m), lambda: MarketLabel(LABEL_W - 2, ROW_H - 2))
            label.set_label(market.name, market.sector, market_goods_text(m), bool(market.locked), demand,
                            m in (asked, step_market), market_tip(m, demand))
            label.setPos(M + 1, y + 1)
            for k, p in enumerate(PRICES):
                space = self.pool.item(("space", m, p), lambda p=p: PriceSpace(SPACE_W, ROW_H, p))
                space.resize(sw, ROW_H)
                space.setPos(M + LABEL_W + k * sw, y)
                act = Action("price", me, (m, p)) if pricing else None
                space.set_space(r % 2 == 1, act in legal, f"{market.name}: ${p}")
                self.pool.target(space, act, legal, f"Price {market.name} at ${p}")
            # what stands at each price: the owners' stacks, then the ghosts of what just left
            at: dict[int, list[tuple[int, str, int, int | None]]] = {}
            for s in range(view["players"]):
                n = sum(data["tokens"][s])
                if n:
                    at.setdefault(data["price"][s], []).append((s, "", n, None))
            taken: dict[tuple[int, int], list] = {}
            for mm, s, p, n, b in view.get("bought") or ():  # the purchases of the last lap (engine)
                if mm == m:
                    taken.setdefault((s, p), []).append((b, n))
            for (s, p), buys in taken.items():
                at.setdefault(p, []).append((s, "taken", sum(k for _, k in buys), tuple(buys)))
            e = report.get(m)
            if e and not any(sum(t) for t in data["tokens"]):
                for key, kept in e["kept"].items():
                    s, p = int(key), e["price"][key]
                    if kept:
                        at.setdefault(p, []).append((s, "bought", kept, None))
                    if e["discarded"][key]:
                        at.setdefault(p, []).append((s, "discarded", e["discarded"][key], None))
            for p, entries in at.items():
                for j, (s, ghost, n, buyer) in enumerate(entries):
                    self._stack(view, names, seats, me, legal, m, s, p, j, len(entries), ghost, n, buyer)

    def _stack(self, view, names, seats, me, legal, m, s, p, j, of, ghost, n, buyer) -> None:
        colour, mark = seats[s]
        chip = self.pool.item(("stack", m, s, p, ghost), StackChip)
        tip = stack_tip(view, names, m, s, p, ghost, n, buyer)
        chip.set_chip(colour, mark, n, ghost, tip)
        y0 = MARKETS_TOP + MARKET_IDS.index(m) * ROW_H
        if not p:  # goods that have just arrived wait at the end of the label for their price
            chip.setPos(M + LABEL_W - StackChip.W - 3, y0 + 2 + j * 20)
        else:
            sw = self._space_w
            left = M + LABEL_W + (p - PRICES[0]) * sw
            rows = (of + 1) // 2
            step = min(21.0, (ROW_H - 2 - StackChip.H) / max(1, rows - 1))
            x = left + (sw - StackChip.W) / 2 if of == 1 else left + 1 + (j % 2) * (StackChip.W + 1)
            y = y0 + (ROW_H - StackChip.H) / 2 if of <= 2 else y0 + 1 + (j // 2) * step
            chip.setPos(x, y)
        act = None
        prompt = view.get("prompt") or {}
        if not ghost and me is not None and prompt.get("kind") == "take" and BUY_MARKET.get(prompt["good"]) == m:
            act = Action("take", me, (s,))
        self.pool.target(chip, act, legal, f"Buy from {names[s]}" if act and s != me else "Take your own")

    # -- the facility table ------------------------------------------------------------------------------
    def _show_facilities(self, view: dict, names: list[str], seats: tuple, me: int | None, legal: set) -> None:
        n = view["players"]
        top = FAC_TOP
        f_w = self._pw["facilities"]
        self._panel("facilities", QRectF(M, top, f_w, BOTTOM - top), "Facilities",
                    "★ the double-production card")
        for s in range(n):
            x = OWNERS_X + s * OWNER_W
            self._text(("fac-head", s), QRectF(x, top + 28, OWNER_W, 18), seats[s][1], 12, True,
                       Qt.AlignmentFlag.AlignCenter)
            self._text(("fac-money", s), QRectF(x - 4, top + 45, OWNER_W + 8, 16), f"${view['seats'][s]['money']}",
                       11, align=Qt.AlignmentFlag.AlignCenter)
        self._text(("fac-head", "stack"), QRectF(M + 258, top + 36, 50, 20), "stack", 10,
                   align=Qt.AlignmentFlag.AlignCenter, colour=style.INK_SOFT)
        acting = me is not None and (view.get("prompt") or {}).get("kind") == "action"
        bx = OWNERS_X + 5 * OWNER_W + 4 + (f_w - A_W)  # the buttons keep the right end
        for r, t in enumerate(FACILITY_IDS):
            f = FACILITIES[t]
            y = top + 62 + r * FAC_ROW
            row = self.pool.item(("facrow", t), lambda: FacilityRow(A_W - 8, FAC_ROW))
            row.resize(f_w - 8, FAC_ROW)
            double, standard = view["stock"][t]
            stack = ("★+" if double else "") + str(standard)
            costs = f"build {short_bill(f.build)} · expand +{short_bill(f.expand)}"
            row.set_row(f.name, f.good, stack, costs, r % 2 == 1, facility_tip(t, double, standard))
            row.setPos(M + 4, y)
            for s in range(n):
                cell = self.pool.item(("faccell", t, s), lambda: OwnerCell(OWNER_W, FAC_ROW))
                own = view["seats"][s]["facilities"].get(t)
                size, dbl = (own[0], bool(own[1])) if own else (0, False)
                cell.set_cell(seats[s][0], seats[s][1], size, dbl,
                              fill_names(f"{{p{s}}}'s {f.name}: size {size}", names)
                              + (" (double card on top)" if dbl else "")
                              if size else fill_names(f"{{p{s}}} has no {f.name}.", names))
                cell.setPos(OWNERS_X + s * OWNER_W, y)
            if not acting:
                continue
            mine = t in view["seats"][me]["facilities"]
            size = view["seats"][me]["facilities"].get(t, [0])[0]
            buttons = [("build", Action("expand" if mine else "build", me, (t,)), "Expand" if mine else "Build", 70.0),
                       ("run", Action("run", me, (t, "normal")), "Run", 48.0),
                       ("ot", Action("run", me, (t, "overtime")), f"Overtime ${f.overtime * max(1, size)}", 88.0)]
            # as wide as their words read (a board shown small draws them larger), right-aligned,
            # into the owners' columns no player takes
            title = QFontMetricsF(self.shown_font(style.serif(style.MIN_PT, bold=True)))
            widths = [max(w, title.horizontalAdvance(text) + 12) for _, _, text, w in buttons]
            right = bx + sum(w for *_, w in buttons) + 3 * (len(buttons) - 1)
            room = right - (OWNERS_X + n * OWNER_W + 4) - 3 * (len(buttons) - 1)
            if sum(widths) > room:
                widths = [w * room / sum(widths) for w in widths]
            x = right - sum(widths) - 3 * (len(buttons) - 1)
            for (key, act, text, _), w in zip(buttons, widths, strict=True):
                btn = self.pool.item(("facbtn", t, key), lambda w=w: ButtonItem(w, FAC_ROW - 6))
                btn.resize(w, FAC_ROW - 6)
                btn.set_text(text, tip=describe(act, view, names))
                btn.setPos(x, y + 3)
                self.pool.target(btn, act, legal, describe(act, view, names))
                x += w + 3

    # -- the turn board, the choices and the hand ---------------------------------------------------------
    def _show_turn(self, view: dict, names: list[str], seats: tuple) -> None:
        b_w = self._pw["turn"]
        board = self.pool.item(("turnboard",), lambda: TurnBoard(b_w, TURN_H))
        board.resize(b_w, TURN_H)
        pr = view["progress"]
        order = tuple(view["order"])
        nxt = tuple(view["next_order"])
        tip = turn_tip(view, names)
        board.set_board(view["age"], view["round"], order, view["turn_pos"], nxt, pr["cities"], pr["country_out"],
                        pr["chips"], pr["wheel"], view["captain_deck"], seats, tip)
        board.setPos(B_X, M)

    def _show_choices(self, view: dict, names: list[str], seats: tuple, legal: list[Action], legal_set: set) -> None:
        b_w = self._pw["choices"]
        self._panel("choices", QRectF(B_X, CHOICES_TOP, b_w, CHOICES_H), "Choices", choice_note(view))
        me = legal[0].seat if legal else None
        kind = (view.get("prompt") or {}).get("kind")
        shown = [a for a in legal if a.kind in CHOICE_KINDS]
        if me is not None and kind == "action" and not shown:
            shown = [Action("manipulate", me, ())]
        if shown and shown[0].kind == "re_card":
            self._show_re_cards(view, names, shown, legal_set)
        else:
            bw = (b_w - 20 - (PER_ROW - 1) * 6) / PER_ROW
            for k, act in enumerate(shown[:2 * PER_ROW]):  # (two rows: a title and its line each)
                btn = self.pool.item(("choice", k), lambda: ButtonItem(BUTTON_W, BUTTON_H))
                btn.resize(bw, BUTTON_H)
                text, sub = choice_words(act, view, names)
                btn.set_text(text, sub, tip=describe(act, view, names))
                btn.setPos(B_X + 10 + (k % PER_ROW) * (bw + 6),
                           CHOICES_TOP + 30 + (k // PER_ROW) * (BUTTON_H + 2))
                self.pool.target(btn, act, legal_set, describe(act, view, names))
        if not shown:
            self._text(("choices-idle",), QRectF(B_X + 14, CHOICES_TOP + 28, b_w - 28, 24),
                       self._idle_words(view, names), 12)
            self._show_replay(view, names)

    def _show_re_cards(self, view: dict, names: list[str], shown: list[Action], legal: set) -> None:
        """The Real Estate cards left of the level: a column each, its two sides as buttons."""
        b_w = self._pw["choices"]
        cards = list(dict.fromkeys(a.args[0] for a in shown))
        w = min(68.0, (b_w - 20) / max(1, len(cards)))
        for k, card in enumerate(cards):
            x = B_X + 10 + k * w
            self._text(("re-card", k), QRectF(x, CHOICES_TOP + 28, w - 4, 18), card, 11, True,
                       Qt.AlignmentFlag.AlignCenter)
            for side in (0, 1):
                act = Action("re_card", shown[0].seat, (card, side))
                icons = RE_CARDS[card].sides[side]
                btn = self.pool.item(("re-side", k, side), lambda: ButtonItem(10, 10))
                btn.resize(w - 4, 40)
                btn.set_text(icons, "AB"[side], tip=f"{describe(act, view, names)} ({icon_words(icons)})")
                btn.setPos(x, CHOICES_TOP + 48 + side * 46)
                self.pool.target(btn, act, legal, describe(act, view, names))

    def _idle_words(self, view: dict, names: list[str]) -> str:
        if view.get("over"):
            return game_over_text(view["outcome"], names, "Market Share")
        if self.confirming is not None:
            return self.confirm_words(names)
        mover = view["to_move"]
        if mover is None or mover < 0:
            return "Drawing…"
        kind = (view.get("prompt") or {}).get("kind")
        what = {"action": "choosing an action", "take": "choosing a seller", "split": "splitting goods",
                "price": "setting a price", "reprice": "re-pricing", "re_card": "choosing a Real Estate card",
                "insider": "selling with Market Insider", "return": "returning a Captain card"}.get(kind, "deciding")
        return is_doing(names[mover], what) + "."

    def _show_replay(self, view: dict, names: list[str]) -> None:
        """The last age end, market by market: ◀ ▶ light one market's row and explain it."""
        b_w = self._pw["choices"]
        report = view.get("report") or []
        if not report:
            self._report_step = 0
            return
        self._report_step = min(self._report_step, len(report))
        markets = len(report)
        top = CHOICES_TOP + 58
        for k, (key, sign) in enumerate((("prev", "◀"), ("next", "▶"))):
            btn = self.pool.item(("report-btn", key), lambda: StepButton(40, 30))
            btn.set_text(sign, tip="The previous market" if key == "prev" else "The next market")
            btn.on_click = (lambda d=(-1 if key == "prev" else 1): self._step(d, markets))
            btn.setPos(B_X + 14 + k * 46, top)
        step = self._report_step
        # until the age is reset (six City cards still out) the report is this age's
        age = view["age"] if view["over"] or view["progress"]["cities"] >= 6 else view["age"] - 1
        if step:
            text = report_detail(report[step - 1], names)
        else:
            bought = sum(sum(e["kept"].values()) for e in report)
            thrown = sum(sum(e["discarded"].values()) for e in report)
            text = (f"Age {age} end: the consumers bought {bought} tokens and {thrown} were discarded (✓ and ✗ "
                    "on the tracks). ▶ goes through it market by market.")
        # down to the panel's foot: at 1024x700 the end of an age's report took three lines at the
        # least size, its last one ("market.") cut by the text's edge
        self._text(("report", "body"), QRectF(B_X + 112, top - 4, b_w - 124, CHOICES_H - 62), text, 11,
                   align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def _step(self, d: int, n: int) -> None:
        self._report_step = (self._report_step + d) % (n + 1)
        self.redraw()

    def _show_hand(self, view: dict, names: list[str], viewer: int | None) -> None:
        """The viewer's Captain hand and Player Bank; for a spectator only the hand sizes (R18)."""
        b_w = self._pw["hand"]
        rect = QRectF(B_X, HAND_TOP, b_w, HAND_H)
        outcome = view.get("outcome")
        if outcome:  # the banks are revealed and the game-end scoring added
            self._panel("hand", rect, "Player Banks and final Market Share", "revealed at the end")
            banks = ", ".join(f"{names[s]} {sum(seat['market_share'].values())}"
                              for s, seat in enumerate(view["seats"]) if seat["market_share"] is not None)
            final = ", ".join(f"{names[s]} {score:g}" for s, score in enumerate(outcome["scores"]))
            lines = [f"Player Banks: {banks}", f"Final, with the game-end scoring: {final}"]
        elif viewer is None:
            self._panel("hand", rect, "Captain cards and Player Banks", "secret until the end (R18)")
            counts = ", ".join(f"{names[s]} {seat['hand_count']}" for s, seat in enumerate(view["seats"]))
            lines = [f"Captain cards in hand: {counts}.", "Market Share is kept in secret Player Banks."]
        else:
            seat = view["seats"][viewer]
            self._panel("hand", rect, "Your Captain cards and Player Bank", f"{names[viewer]} only")
            hand = seat["hand"] or []
            lines = ["Captain cards: " + (", ".join(CAPTAINS[c].name for c in hand) or "none"),
                     f"Player Bank: {market_share_text(seat['market_share'])} Market Share"]
        for k, line in enumerate(lines):  # the first line may take two rows (a hand of many cards)
            self._text(("hand", k), QRectF(B_X + 12, HAND_TOP + 27 + k * 38, b_w - 24, 38 if k == 0 else 24), line,
                       11, align=Qt.AlignmentFlag.AlignLeft | (Qt.AlignmentFlag.AlignTop if k == 0 else
                                                               Qt.AlignmentFlag.AlignVCenter))

    # -- Real Estate --------------------------------------------------------------------------------------
    def _show_zones(self, view: dict, names: list[str], seats: tuple, me: int | None, legal: set) -> None:
        b_w = self._pw["zones"]
        zone_w = (b_w - 8) / 2
        re_w = (zone_w - 4 * 4 - 3) / 4
        self._panel("zones", QRectF(B_X, ZONES_TOP, b_w, 28 + 2 * ZONE_H + 2), "Real Estate",
                    "C D E: demand for Consumables, Durables, Energy · lowest free level first · rent $2 a card",
                    note_short=("C D E: Consumables, Durables, Energy demand · lowest level first",
                                "C D E: Consumables, Durables, Energy"))
        acting = me is not None and (view.get("prompt") or {}).get("kind") == "action"
        built = view["real_estate"]
        for k, z in enumerate(ZONE_IDS):
            x = B_X + 6 + (k % 2) * zone_w
            y = ZONES_TOP + 28 + (k // 2) * ZONE_H
            fed = [MARKETS[m].name for m in MARKET_IDS if z in MARKETS[m].zones]
            # the markets it buys for by name (as the market board reads), abbreviated only where
            # the board is shown too small for them
            short = ", ".join(SHORT_MARKET.get(name, name) for name in fed)
            self._text(("zone", z), QRectF(x + 2, y, zone_w - 8, 18), f"{ZONES[z]} → {', '.join(fed)}", 10,
                       short=(f"{ZONES[z]} → {short}",))
            free = next((sp for sp in ZONE_SPACES[z] if sp not in built), None)
            for j, sp in enumerate(ZONE_SPACES[z]):
                space = SPACES[sp]
                # (a gap of 6 above and below the row of spaces: a hint's ring round a space, drawn
                # outside it, stays clear of the zone names' letters)
                item = self.pool.item(("re", sp), lambda: ReSpace(RE_W, ZONE_H - 30))
                item.resize(re_w, ZONE_H - 30)
                entry = built.get(sp)
                if entry:
                    card, side, owner = entry
                    icons = RE_CARDS[card].sides[side]
                    tip = (f"{ZONES[z]} {space.level.title()}: {names[owner]}'s {card}, side {'AB'[side]} — "
                           f"demand {icons} ({icon_words(icons)}). Its side is fixed (R28).")
                    tip += f" The {ZONES[z]} zone's demand goes to {', '.join(fed)}."
                    item.set_space(space.level, bill_text(space.cost), icons, seats[owner][0], seats[owner][1],
                                   card, tip)
                else:
                    auto = AUTO_DEMAND[space.level]
                    tip = (f"{ZONES[z]} {space.level.title()} space, empty: build for {bill_text(space.cost)}."
                           + (f" While empty it shows the automatic demand {auto} (R12)." if auto else "")
                           + f" The {ZONES[z]} zone's demand goes to {', '.join(fed)}.")
                    item.set_space(space.level, bill_text(space.cost), auto, None, "", "", tip)
                item.setPos(x + j * (re_w + 4), y + 24)
                act = Action("real_estate", me, (z,)) if acting and sp == free else None
                self.pool.target(item, act, legal, f"Build {space.level.title()} Real Estate in {ZONES[z]}")

    # -- Market Research ------------------------------------------------------------------------------------
    def _show_research(self, view: dict, names: list[str], seats: tuple, me: int | None, legal: set) -> None:
        b_w = self._pw["research"]
        step = min(TILE_STEP * STRETCH, (b_w - 18) / max(len(r) for r in ADVANCE_LAYOUT.values()))
        tile_w = step - (TILE_STEP - TILE_W)
        top = RESEARCH_TOP
        self._panel("research", QRectF(B_X, top, b_w, BOTTOM - top), "Market Research",
                    f"Advances on sale up to Level {view['age']}")
        acting = me is not None and (view.get("prompt") or {}).get("kind") == "action"
        owners: dict[str, list[int]] = {}
        for s, seat in enumerate(view["seats"]):
            for a in seat["advances"]:
                owners.setdefault(a, []).append(s)
        centre: dict[str, tuple[float, float, float]] = {}
        for level, key in enumerate(("level1", "level2", "level3")):
            row = ADVANCE_LAYOUT[key]
            x0 = B_X + (b_w - len(row) * step + (step - tile_w)) / 2
            y = top + 28 + level * (TILE_H + 12)
            for k, a in enumerate(row):
                adv = ADVANCES[a]
                tile = self.pool.item(("adv", a), lambda: AdvanceTile(TILE_W, TILE_H))
                tile.resize(tile_w, TILE_H)
                who = tuple(seats[s] for s in owners.get(a, []))
                tile.set_tile(adv.name, adv.level, adv.cost, who, adv.level <= view["age"],
                              advance_tip(a, owners.get(a, []), names))
                x = x0 + k * step
                tile.setPos(x, y)
                centre[a] = (x + tile_w / 2, y, y + TILE_H)
                act = Action("research", me, (a,)) if acting else None
                self.pool.target(tile, act, legal, f"Buy {adv.name}")
        lines = []
        for a, (cx, ytop, _) in centre.items():
            for p in ADVANCES[a].prereqs:
                px, _, pbottom = centre[p]
                lines.append(((px - B_X, pbottom - top), (cx - B_X, ytop - top)))
        item = self.pool.item(("adv-lines",), lambda: LinesItem(b_w, BOTTOM - top))
        item.resize(b_w, BOTTOM - top)
        item.set_lines(tuple(lines))
        item.setPos(B_X, top)


def make_scene(game_id: str = "captains-of-industry") -> CaptainsScene:
    """A fresh Captains of Industry scene."""
    return CaptainsScene()
