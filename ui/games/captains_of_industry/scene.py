"""The Captains of Industry board scene, built from a seat's view (never the state).

Layout (scene units = logical pixels at the default zoom), three columns:
- left: the market board, one row per market (its name, sector, goods, locks and demand, then the
  $1–$12 pricing track with each owner's tokens stacked at their price), and below it the facility
  table (each type's stack, build and expansion costs, every player's facility with its size, and
  for the seat to act the Build/Expand, Run and Overtime buttons);
- middle: the turn board (age, round, turn order and next turn order, progress wheel and chips,
  City and Country cards), the choices that have no place on the board, the four Real Estate
  zones, and the Market Research board with its prerequisite lines and owners;
- right: one mat per player (money, holdings; the Captain hand and Player Bank only for the seat
  the view belongs to, R18), and the last age end, market by market, with a stepper.

Clicks: a pricing-track space emits `price` (its market, its price); an owner's stack at the
lowest price of a buying market emits `take`; a zone's next free space `real_estate`; an Advance
`research`; the facility buttons `build`/`expand`/`run`; buttons the rest. While the seat at this
screen is to act, every track space and every turn action is a candidate: a click on one that is
not legal is refused with the reason.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt

from engine.core.contract import Action
from engine.games.captains_of_industry.data import (
    ADVANCE_LAYOUT,
    ADVANCES,
    AUTO_DEMAND,
    BUY_MARKET,
    CAPTAINS,
    FACILITIES,
    FACILITY_IDS,
    GOODS,
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
from ui.board.items import BoardItem, ScreenClick
from ui.board.pieces import ButtonItem, Panel, TextItem
from ui.board.pool import ItemPool
from ui.board.scene import GameScene
from ui.games.captains_of_industry import bill_text, describe, facilities_text, goods, icon_words, market_share_text
from ui.games.captains_of_industry.items import (
    AdvanceTile,
    FacilityRow,
    LinesItem,
    MarketLabel,
    OwnerCell,
    PlayerMat,
    PriceSpace,
    ReSpace,
    StackChip,
    TurnBoard,
)

M = 20.0
LABEL_W, SPACE_W, ROW_H = 200.0, 56.0, 62.0
A_W = LABEL_W + SPACE_W * len(PRICES)
B_X, B_W = M + A_W + 20, 620.0
C_X, C_W = B_X + B_W + 20, 340.0
BOTTOM = 1080.0
MARKETS_TOP = M + 58
FAC_TOP = MARKETS_TOP + ROW_H * len(MARKET_IDS) + 20
FAC_ROW = 48.0
CHOICES_TOP, CHOICES_H = M + 162, 222.0
ZONES_TOP = CHOICES_TOP + CHOICES_H + 12
ZONE_W, ZONE_H = 300.0, 158.0
RESEARCH_TOP = ZONES_TOP + 30 + 2 * ZONE_H + 14
TILE_W, TILE_H, TILE_STEP = 97.0, 66.0, 101.0
REPORT_H = 300.0
BUTTON_W, BUTTON_H = 116.0, 40.0
PER_ROW = 5
CHOICE_KINDS = ("manipulate", "done", "split", "insider", "return_captain", "re_card")


def market_goods_text(m: str) -> str:
    market = MARKETS[m]
    return " + ".join(GOODS[g].name for g in market.accepts)


def lock_text(m: str) -> str:
    market = MARKETS[m]
    return f"{GOODS[market.locked].name} needs {ADVANCES[market.unlock].name}" if market.locked else ""


class StepButton(ScreenClick, ButtonItem):
    """◀ / ▶ of the age-end report: a choice of the screen (which market to explain), not a decision."""


class CaptainsScene(GameScene):
    """See the module doc."""

    game_id = "captains-of-industry"

    def __init__(self, parent=None):
        super().__init__(parent)
        self.dress_table()
        self.pool = ItemPool(self)
        self.view: dict | None = None
        self.viewer: int | None = None
        self._last: tuple | None = None
        self._prev_markets: dict | None = None
        self._prev_turn: tuple | None = None
        self._taken: list[tuple[str, int, int, int, int]] = []  # (market, seller, price, count, buyer)
        self._report_step = 0   # 0: the whole age end; k: the k-th market's line, lit on the board
        self.setSceneRect(QRectF(0, 0, C_X + C_W + M, BOTTOM + M))

    # -- the contract ------------------------------------------------------------------------------
    def item_for(self, action: Action):
        return self.pool.by_action.get(action)

    def items_with_actions(self) -> list[BoardItem]:
        return list(self.pool.by_action.values())

    def show(self, view: dict, legal: list[Action], names: list[str], viewer: int | None) -> None:
        self._last = (view, legal, names, viewer)
        self.view, self.viewer = view, viewer
        self.pool.begin()
        legal_set = set(legal)
        me = legal[0].seat if legal else None
        marks = style.seat_marks(names)
        seats = tuple((style.seat_colour(s), marks[s]) for s in range(view["players"]))
        self._note_purchases(view)
        self._show_markets(view, names, seats, me, legal_set)
        self._show_facilities(view, names, seats, me, legal_set)
        self._show_turn(view, names, seats)
        self._show_choices(view, names, legal, legal_set)
        self._show_zones(view, names, seats, me, legal_set)
        self._show_research(view, names, seats, me, legal_set)
        self._show_mats(view, names, seats)
        self._show_report(view, names, seats)
        self.pool.prune()

    def _panel(self, key: str, rect: QRectF, title: str, note: str = "") -> Panel:
        panel = self.pool.item(("panel", key), lambda: Panel(10, 10))
        panel.set_panel(title, note, w=rect.width(), h=rect.height())
        panel.setPos(rect.topLeft())
        return panel

    def _text(self, key: tuple, rect: QRectF, text: str, pt: float = 10, bold: bool = False,
              align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, colour: str = style.INK) -> TextItem:
        item = self.pool.item(("text", *key), lambda: TextItem(rect.width(), rect.height(), pt, bold, align=align,
                                                               colour=colour))
        item.resize(rect.width(), rect.height())
        item.set_text(text, colour)
        item.setPos(rect.topLeft())
        return item

    # -- purchases: which tokens the last turn took, and who was paid -------------------------------
    def _note_purchases(self, view: dict) -> None:
        """Compare the buying markets with the last view: tokens that left a market during a turn
        were bought (age ends empty the consumer markets, never the buying ones mid-turn). They
        stay drawn as dashed ghosts until the next turn's action is chosen."""
        turn = (view["age"], view["round"], view["turn_pos"])
        prev = self._prev_markets
        if prev is not None and view.get("current") is not None and self._prev_turn is not None:
            buyer = view["current"]
            fresh = []
            for good, m in BUY_MARKET.items():
                if good != MARKETS[m].accepts[0]:
                    continue
                for s in range(view["players"]):
                    before = sum(prev[m]["tokens"][s]) if s < len(prev[m]["tokens"]) else 0
                    now = sum(view["markets"][m]["tokens"][s])
                    if now < before and prev[m]["price"][s]:
                        fresh.append((m, s, prev[m]["price"][s], before - now, buyer))
            if fresh and turn == self._prev_turn:
                merged: dict[tuple, list] = {(m, s, p, b): [m, s, p, 0, b] for m, s, p, _, b in self._taken}
                for m, s, p, k, b in fresh:
                    merged.setdefault((m, s, p, b), [m, s, p, 0, b])[3] += k
                self._taken = [tuple(v) for v in merged.values()]
            elif fresh:
                self._taken = fresh
            elif turn != self._prev_turn:
                self._taken = []
        self._prev_markets = {m: {"tokens": [list(t) for t in v["tokens"]], "price": list(v["price"])}
                              for m, v in view["markets"].items()}
        self._prev_turn = turn

    # -- the market board -------------------------------------------------------------------------------
    def _show_markets(self, view: dict, names: list[str], seats: tuple, me: int | None, legal: set) -> None:
        self._panel("markets", QRectF(M, M, A_W, MARKETS_TOP + ROW_H * len(MARKET_IDS) + 8 - M), "Markets",
                    "tokens stacked by owner at their price · cheapest sell first")
        for k, p in enumerate(PRICES):
            self._text(("price-head", p), QRectF(M + LABEL_W + k * SPACE_W, M + 34, SPACE_W, 22), f"${p}", 10,
                       True, Qt.AlignmentFlag.AlignCenter)
        prompt = view.get("prompt") or {}
        kind = prompt.get("kind")
        asked = prompt.get("market") if kind == "price" else (prompt.get("markets") or [None])[0] \
            if kind == "reprice" else None
        step_market = None
        report = view.get("report") or []
        if self._report_step and self._report_step <= len(report):
            step_market = report[self._report_step - 1]["market"]
        pricing = me is not None and kind in ("action", "price", "reprice")
        for r, m in enumerate(MARKET_IDS):
            market = MARKETS[m]
            y = MARKETS_TOP + r * ROW_H
            data = view["markets"][m]
            demand = data["demand"] if market.zones else None
            label = self.pool.item(("mlabel", m), lambda: MarketLabel(LABEL_W - 4, ROW_H - 4))
            tip = f"{market.name} market ({market.sector.title()}): takes {market_goods_text(m)}."
            if market.locked:
                tip += f" {lock_text(m)} (R27)."
            if market.buyable:
                tip += " Players buy here, cheapest first (R1)."
            if market.zones:
                tip += (f" Consumer demand {demand}, from the {' and '.join(ZONES[z] for z in market.zones)} "
                        f"zone{'s' if len(market.zones) > 1 else ''}.")
            else:
                tip += " No consumer demand (R8)."
            label.set_label(market.name, market.sector, market_goods_text(m), lock_text(m) and
                            f"{GOODS[market.locked].name} locked", demand, m in (asked, step_market), tip)
            label.setPos(M + 2, y + 2)
            lowest = min((data["price"][s] for s in range(view["players"]) if sum(data["tokens"][s])), default=0)
            for k, p in enumerate(PRICES):
                space = self.pool.item(("space", m, p), lambda p=p: PriceSpace(SPACE_W, ROW_H, p))
                space.setPos(M + LABEL_W + k * SPACE_W, y)
                space.set_space(r % 2 == 1, f"{market.name}: ${p}")
                act = Action("price", me, (m, p)) if pricing else None
                self.pool.target(space, act, legal, f"Price {market.name} at ${p}")
            by_price: dict[int, list[int]] = {}
            for s in range(view["players"]):
                n = sum(data["tokens"][s])
                if n:
                    by_price.setdefault(data["price"][s], []).append(s)
            ghosts = [(s, p, n, b) for mm, s, p, n, b in self._taken if mm == m]
            for p, owners in by_price.items():
                for j, s in enumerate(owners):
                    self._stack(view, names, seats, me, legal, m, s, p, j, len(owners), lowest, False, 0, None)
            for s, p, n, b in ghosts:
                j = len(by_price.get(p, []))
                self._stack(view, names, seats, me, legal, m, s, p, j, j + 1, lowest, True, n, b)

    def _stack(self, view, names, seats, me, legal, m, s, p, j, of, lowest, ghost, n, buyer) -> None:
        data = view["markets"][m]
        colour, mark = seats[s]
        chip = self.pool.item(("stack", m, s, p, ghost), StackChip)
        market = MARKETS[m]
        if ghost:
            who = "took back" if buyer == s else f"bought from {names[s]} and paid ${n * p}"
            tip = f"{names[buyer]} {who}: {goods(n, market.accepts[0])} at ${p} (last purchase)."
            chip.set_chip(colour, mark, n, True, tip)
        else:
            toks = data["tokens"][s]
            n = sum(toks)
            parts = ", ".join(goods(c, g) for g, c in zip(market.accepts, toks, strict=True) if c)
            chip.set_chip(colour, mark, n, False, f"{names[s]}: {parts} in {market.name} at ${p}.")
        col, row = (j % 2, j // 2) if of > 1 else (0, 0)
        x = M + LABEL_W + (p - PRICES[0]) * SPACE_W + (3 + col * 27 if of > 1 else (SPACE_W - StackChip.W) / 2)
        y = MARKETS_TOP + MARKETS_TOP * 0 + MARKET_IDS.index(m) * ROW_H + 3 + row * 20
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
        self._panel("facilities", QRectF(M, top, A_W, BOTTOM - top),
                    "Facilities", "★ the double-production card")
        owners_x = M + 380
        for s in range(n):
            self._text(("fac-head", s), QRectF(owners_x + s * 44, top + 32, 44, 20), seats[s][1], 10, True,
                       Qt.AlignmentFlag.AlignCenter)
        self._text(("fac-head", "stack"), QRectF(M + 300, top + 32, 70, 20), "stack", 9,
                   align=Qt.AlignmentFlag.AlignCenter, colour=style.INK_SOFT)
        acting = me is not None and (view.get("prompt") or {}).get("kind") == "action"
        bx = owners_x + n * 44 + 8
        for r, t in enumerate(FACILITY_IDS):
            f = FACILITIES[t]
            y = top + 54 + r * FAC_ROW
            row = self.pool.item(("facrow", t), lambda: FacilityRow(A_W - 8, FAC_ROW - 2))
            double, standard = view["stock"][t]
            stack = ("★ + " if double else "") + str(standard)
            costs = (f"{GOODS[f.good].name} · build {bill_text(f.build) if f.build else 'free'} · expand "
                     f"+{bill_text(f.expand)} (★ +{bill_text(f.expand_double)})")
            row.set_row(f.name, f.good, stack, costs, r % 2 == 1,
                        f"{f.name} makes {GOODS[f.good].name}. Build: {bill_text(f.build)} (first builder takes the "
                        f"double card, size 2). Expand: the build cost + {bill_text(f.expand)} (+ "
                        f"{bill_text(f.expand_double)} while the double card is on top, R13). Overtime: "
                        f"${f.overtime} a size for twice the size in goods (R14). Left: "
                        f"{'the double card and ' if double else ''}{standard} standard cards.")
            row.setPos(M + 4, y)
            for s in range(n):
                cell = self.pool.item(("faccell", t, s), lambda: OwnerCell(44, FAC_ROW - 2))
                own = view["seats"][s]["facilities"].get(t)
                size, dbl = (own[0], bool(own[1])) if own else (0, False)
                cell.set_cell(seats[s][0], seats[s][1], size, dbl,
                              f"{names[s]}'s {f.name}: size {size}" + (" (double card on top)" if dbl else "")
                              if size else f"{names[s]} has no {f.name}.")
                cell.setPos(owners_x + s * 44, y)
            if not acting:
                continue
            mine = t in view["seats"][me]["facilities"]
            size = view["seats"][me]["facilities"].get(t, [0])[0]
            buttons = [("build" if not mine else "expand", Action("expand" if mine else "build", me, (t,)),
                        "Expand" if mine else "Build", 78.0),
                       ("run", Action("run", me, (t, "normal")), "Run", 62.0),
                       ("ot", Action("run", me, (t, "overtime")), f"Overtime ${f.overtime * max(1, size)}", 112.0)]
            x = bx
            for key, act, text, w in buttons:
                btn = self.pool.item(("facbtn", t, key), lambda w=w: ButtonItem(w, FAC_ROW - 10))
                btn.set_text(text, tip=describe(act, view, names))
                btn.setPos(x, y + 4)
                self.pool.target(btn, act, legal, describe(act, view, names))
                x += w + 4

    # -- the turn board and the choices ------------------------------------------------------------------
    def _show_turn(self, view: dict, names: list[str], seats: tuple) -> None:
        board = self.pool.item(("turnboard",), lambda: TurnBoard(B_W, 150))
        pr = view["progress"]
        order = tuple(view["order"])
        nxt = tuple(view["next_order"])
        tip = (f"Age {view['age']} of 3, round {view['round']}. Turn order: "
               + ", ".join(names[s] for s in order)
               + (f". Built Real Estate this round (they go last next round): {', '.join(names[s] for s in nxt)}"
                  if nxt else "")
               + f". City cards this age: {pr['cities']} of 6 (the sixth ends the Age). Progress chips: "
               f"{pr['chips']} of 3; each adds a draw at the round end."
               + (" This round's chip waits in the centre of the wheel." if pr["wheel"] else ""))
        board.set_board(view["age"], view["round"], order, view["turn_pos"], nxt, pr["cities"], pr["country_out"],
                        pr["chips"], pr["wheel"], view["captain_deck"], seats, tip)
        board.setPos(B_X, M)

    def _show_choices(self, view: dict, names: list[str], legal: list[Action], legal_set: set) -> None:
        self._panel("choices", QRectF(B_X, CHOICES_TOP, B_W, CHOICES_H), "Choices", self._choice_note(view))
        me = legal[0].seat if legal else None
        kind = (view.get("prompt") or {}).get("kind")
        shown = [a for a in legal if a.kind in CHOICE_KINDS]
        if me is not None and kind == "action" and not shown:
            shown = [Action("manipulate", me, ())]
        per_row = PER_ROW
        for k, act in enumerate(shown[:20]):
            btn = self.pool.item(("choice", k), lambda: ButtonItem(BUTTON_W, BUTTON_H))
            text, sub = self._choice_words(act, view, names)
            tip = describe(act, view, names)
            if act.kind == "re_card":
                tip += f" ({icon_words(RE_CARDS[act.args[0]].sides[act.args[1]])})"
            btn.set_text(text, sub, tip=tip)
            btn.setPos(B_X + 10 + (k % per_row) * (BUTTON_W + 6), CHOICES_TOP + 36 + (k // per_row) * (BUTTON_H + 6))
            self.pool.target(btn, act, legal_set, describe(act, view, names))
        if not shown:
            self._text(("choices-idle",), QRectF(B_X + 14, CHOICES_TOP + 40, B_W - 28, 120),
                       self._idle_words(view, names), 11, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def _choice_note(self, view: dict) -> str:
        kind = (view.get("prompt") or {}).get("kind")
        return {"re_card": "a card and its side", "split": "goods to the first market",
                "insider": "Market Insider", "return": "a Captain card back to the deck",
                "reprice": "or click the track"}.get(kind, "")

    def _choice_words(self, act: Action, view: dict, names: list[str]) -> tuple[str, str]:
        if act.kind == "re_card":
            c, side = act.args
            icons = RE_CARDS[c].sides[side]
            return f"{c} side {'AB'[side]}", " ".join(icons)
        if act.kind == "manipulate":
            return "Market Manipulation", "draw a Captain card, re-price"
        if act.kind == "return_captain":
            return CAPTAINS[act.args[0]].name, "return it"
        return describe(act, view, names), ""

    def _idle_words(self, view: dict, names: list[str]) -> str:
        if view.get("over"):
            out = view["outcome"]
            win = " and ".join(names[w] for w in out["winners"])
            return f"Game over: {win} wins with {out['scores'][out['winners'][0]]:g} Market Share."
        mover = view["to_move"]
        if mover is None or mover < 0:
            return "Drawing…"
        kind = (view.get("prompt") or {}).get("kind")
        what = {"action": "choosing an action", "take": "choosing a seller", "split": "splitting goods",
                "price": "setting a price", "reprice": "re-pricing", "re_card": "choosing a Real Estate card",
                "insider": "selling with Market Insider", "return": "returning a Captain card"}.get(kind, "deciding")
        return f"{names[mover]} is {what}."

    # -- Real Estate --------------------------------------------------------------------------------------
    def _show_zones(self, view: dict, names: list[str], seats: tuple, me: int | None, legal: set) -> None:
        self._panel("zones", QRectF(B_X, ZONES_TOP, B_W, 30 + 2 * ZONE_H + 6), "Real Estate",
                    "built lowest level first · rent $2 a card a round")
        acting = me is not None and (view.get("prompt") or {}).get("kind") == "action"
        built = view["real_estate"]
        for k, z in enumerate(ZONE_IDS):
            x = B_X + 8 + (k % 2) * (ZONE_W + 4)
            y = ZONES_TOP + 32 + (k // 2) * ZONE_H
            feeds = ", ".join(MARKETS[m].name for m in MARKET_IDS if z in MARKETS[m].zones)
            self._text(("zone", z), QRectF(x + 4, y, ZONE_W - 8, 32), f"{ZONES[z]} → {feeds}", 9, True,
                       align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            free = next((sp for sp in ZONE_SPACES[z] if sp not in built), None)
            for j, sp in enumerate(ZONE_SPACES[z]):
                space = SPACES[sp]
                item = self.pool.item(("re", sp), lambda: ReSpace(70, ZONE_H - 38))
                entry = built.get(sp)
                if entry:
                    card, side, owner = entry
                    icons = RE_CARDS[card].sides[side]
                    tip = (f"{ZONES[z]} {space.level.title()}: {names[owner]}'s {card}, side {'AB'[side]} — "
                           f"demand {icons} ({icon_words(icons)}). Its side is fixed (R28).")
                    item.set_space(space.level, bill_text(space.cost), icons, seats[owner][0], seats[owner][1],
                                   card, tip)
                else:
                    auto = AUTO_DEMAND[space.level]
                    tip = (f"{ZONES[z]} {space.level.title()} space, empty: build for {bill_text(space.cost)}."
                           + (f" While empty it shows the automatic demand {auto} (R12)." if auto else ""))
                    item.set_space(space.level, bill_text(space.cost), auto, None, "", "", tip)
                item.setPos(x + j * 74, y + 32)
                act = Action("real_estate", me, (z,)) if acting and sp == free else None
                self.pool.target(item, act, legal, f"Build {space.level.title()} Real Estate in {ZONES[z]}")

    # -- Market Research ------------------------------------------------------------------------------------
    def _show_research(self, view: dict, names: list[str], seats: tuple, me: int | None, legal: set) -> None:
        top = RESEARCH_TOP
        self._panel("research", QRectF(B_X, top, B_W, BOTTOM - top), "Market Research",
                    f"Advances on sale up to Level {view['age']}")
        acting = me is not None and (view.get("prompt") or {}).get("kind") == "action"
        owners: dict[str, list[int]] = {}
        for s, seat in enumerate(view["seats"]):
            for a in seat["advances"]:
                owners.setdefault(a, []).append(s)
        centre: dict[str, tuple[float, float, float]] = {}
        for level, key in enumerate(("level1", "level2", "level3")):
            row = ADVANCE_LAYOUT[key]
            x0 = B_X + (B_W - len(row) * TILE_STEP + (TILE_STEP - TILE_W)) / 2
            y = top + 36 + level * (TILE_H + 26)
            for k, a in enumerate(row):
                adv = ADVANCES[a]
                tile = self.pool.item(("adv", a), lambda: AdvanceTile(TILE_W, TILE_H))
                who = tuple(seats[s] for s in owners.get(a, []))
                pre = " or ".join(ADVANCES[p].name for p in adv.prereqs)
                tip = (f"{adv.name} (Level {adv.level}, {adv.cost} Research): {adv.text}"
                       + (f" Needs {pre}." if pre else "")
                       + (f" Owned by {', '.join(names[s] for s in owners[a])}." if a in owners else ""))
                tile.set_tile(adv.name, adv.level, adv.cost, who, adv.level <= view["age"], tip)
                x = x0 + k * TILE_STEP
                tile.setPos(x, y)
                centre[a] = (x + TILE_W / 2, y, y + TILE_H)
                act = Action("research", me, (a,)) if acting else None
                self.pool.target(tile, act, legal, f"Buy {adv.name}")
        lines = []
        for a, (cx, ytop, _) in centre.items():
            for p in ADVANCES[a].prereqs:
                px, _, pbottom = centre[p]
                lines.append(((px - B_X, pbottom - top), (cx - B_X, ytop - top)))
        item = self.pool.item(("adv-lines",), lambda: LinesItem(B_W, BOTTOM - top))
        item.set_lines(tuple(lines))
        item.setPos(B_X, top)

    # -- the players' mats -------------------------------------------------------------------------------
    def _show_mats(self, view: dict, names: list[str], seats: tuple) -> None:
        n = view["players"]
        room = BOTTOM - REPORT_H - 12 - M
        h = min(190.0, (room - (n - 1) * 8) / n)
        for s, seat in enumerate(view["seats"]):
            mat = self.pool.item(("mat", s), lambda: PlayerMat(C_W, h))
            mat.resize(C_W, h)
            hand = seat["hand"]
            captains = (", ".join(CAPTAINS[c].name for c in hand) or "none") if hand is not None \
                else f"{seat['hand_count']} (hidden)"
            advances = ", ".join(ADVANCES[a].name for a in seat["advances"])
            lines = [
                f"Facilities: {facilities_text(seat['facilities'])}",
                f"Real Estate {len(seat['real_estate'])} · rent ${seat['rent']} · dominations {seat['dominations']}",
                f"Market Share: {market_share_text(seat['market_share'])}",
                f"Captain cards: {captains}",
            ]
            if advances:
                lines.append(f"Advances: {advances}")
            to_move = view["to_move"] == s
            tip = f"{names[s]}: ${seat['money']}. " + " ".join(line + "." for line in lines)
            mat.set_mat(seats[s][0], seats[s][1], names[s], seat["money"], tuple(lines), to_move, tip)
            mat.setPos(C_X, M + s * (h + 8))

    # -- the last age end -----------------------------------------------------------------------------------
    def _show_report(self, view: dict, names: list[str], seats: tuple) -> None:
        top = BOTTOM - REPORT_H
        report = view.get("report") or []
        title = f"Age {view['age'] - 1 if not view['over'] else view['age']} end" if report else "Age end"
        self._panel("report", QRectF(C_X, top, C_W, REPORT_H), title, "demand, bought, discarded")
        if not report:
            self._text(("report", "empty"), QRectF(C_X + 12, top + 36, C_W - 24, 120),
                       "At the end of each Age the consumers buy each market's cheapest tokens up to its "
                       "demand; the rest is discarded. The last Age end is shown here, market by market.", 10,
                       align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            self._report_step = 0
            return
        self._report_step = min(self._report_step, len(report))
        markets = len(report)
        for k, (key, sign) in enumerate((("prev", "◀"), ("next", "▶"))):
            btn = self.pool.item(("report-btn", key), lambda: StepButton(40, 28))
            btn.set_text(sign, tip="The previous market" if key == "prev" else "The next market")
            btn.on_click = (lambda d=(-1 if key == "prev" else 1): self._step(d, markets))
            btn.setPos(C_X + 12 + k * 46, top + 36)
        step = self._report_step
        where = "all markets" if not step else f"market {step} of {len(report)}"
        self._text(("report", "where"), QRectF(C_X + 110, top + 36, C_W - 120, 28), where, 10)
        if step:
            text = self._report_detail(report[step - 1], names)
            self._text(("report", "body"), QRectF(C_X + 12, top + 70, C_W - 24, REPORT_H - 76), text, 11,
                       align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        else:
            lines = [self._report_line(e, seats) for e in report]
            self._text(("report", "body"), QRectF(C_X + 12, top + 70, C_W - 24, REPORT_H - 76), "\n".join(lines),
                       9, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def _step(self, d: int, n: int) -> None:
        self._report_step = (self._report_step + d) % (n + 1)
        if self._last is not None:
            self.show(*self._last)

    @staticmethod
    def _report_line(e: dict, seats: tuple) -> str:
        name = MARKETS[e["market"]].name
        kept = sum(e["kept"].values())
        thrown = sum(e["discarded"].values())
        if not e["kept"]:
            return f"{name}: demand {e['demand']}, no tokens"
        who = " ".join(f"{seats[int(s)][1]}{k}" for s, k in e["kept"].items() if k)
        return f"{name}: demand {e['demand']} · bought {kept} ({who or '—'}) · discarded {thrown}"

    @staticmethod
    def _report_detail(e: dict, names: list[str]) -> str:
        name = MARKETS[e["market"]].name
        lines = [f"{name}: demand {e['demand']}."]
        if not e["kept"]:
            return lines[0] + "\nNo tokens were on this market."
        lines.append("Cheapest first:")
        for s in sorted(e["kept"], key=lambda s: e["price"][s]):
            kept, thrown = e["kept"][s], e["discarded"][s]
            lines.append(f"• {names[int(s)]} at ${e['price'][s]}: {kept} bought"
                         + (f", {thrown} discarded" if thrown else ""))
        return "\n".join(lines)


def make_scene(game_id: str = "captains-of-industry") -> CaptainsScene:
    """A fresh Captains of Industry scene."""
    return CaptainsScene()
