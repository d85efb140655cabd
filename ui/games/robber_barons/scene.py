"""The Robber Barons board scene, built from a seat's view (never the state).

Layout (scene units = logical pixels at the default zoom): the square track of 40 spaces, 11 a
side counting the corners, Start in the bottom-right corner and play running clockwise (along the
bottom to the left, up, along the top to the right, down). Industry spaces carry a band in their
class colour (Great oxblood, Major slate, Minor olive) on the side facing the centre; a Trust is
framed in its owner's colour and the band of a Monopoly or Great Monopoly turns the owner's colour
and names it. Control markers stand in per-seat stacks (colour + seat mark + count), pawns on the
outer edge. In the centre: the title, the dice, the Legacy and Business decks with their counts,
the card just drawn (large, with its effect) and the choices that are not on the board (dice,
Start bonus, buy or bottom, invest). Beside the board, one mat per player with money, Legacy
points, revenue, markers and the Legacy pile.

Clicks: buttons emit dice / bonus / buy / bottom / invest / stop; an opponent's marker stack on
the space being invested in emits `takeover`, on any space during Monopolize `monopolize`; a space
emits `place` (Demand, Production, Anti-Trust) or `goto` (Business Plan and go-to cards); a mat
emits `target`. Only legal actions are attached, and they glow.
"""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QPointF, QPropertyAnimation, QRectF, QSequentialAnimationGroup, Qt

from engine.core.contract import Action
from engine.core.text import whose
from engine.games.robber_barons.data import BOARD_SIZE, INDUSTRIES, LEGACY, SPACES
from ui.board import style
from ui.board.items import BoardItem, slide, start_animation, stop_animation
from ui.board.pieces import ButtonItem, TextItem
from ui.board.scene import GameScene
from ui.games import game_over_text
from ui.games.robber_barons.items import (
    BandLabel,
    BigCard,
    BoardBase,
    DeckItem,
    DiceItem,
    LegendItem,
    MarkerChip,
    MatItem,
    MiniCard,
    PawnItem,
    SpaceItem,
)
from ui.games.robber_barons.words import space_tooltip

MARGIN = 24.0
CORNER = 116.0
SPACE_W = 80.0
SIDE = 2 * CORNER + 9 * SPACE_W
MAT_W = 300.0
MAT_W_MAX = 640.0
"""How far a mat widens when the room allows (its Legacy pile spreads into longer rows)."""
MAT_GAP = 12.0
GAP = 24.0


def mat_height(players: int) -> float:
    """A mat's height (its least): a column of them is as tall as the board, for 4 to 6 players."""
    return min(250.0, (SIDE - (players - 1) * MAT_GAP) / players)


def board_tree(players: int):
    """The Robber Barons board's panels for the layout (ui/board/layout.py): the square board,
    and one mat per player in seat order: in a column beside it (their mats taller, as tall as
    the board together), round it as players sit round a table (the first half on its left, the
    rest on its right: a wide room), or in rows under it (a tall one). Mats widen with the room
    (their lines and Legacy piles in longer rows)."""
    from ui.board.layout import Column, Either, Grid, Leaf, Row

    def mats(seats, per_column: int):
        tall = min(400.0, (SIDE - (per_column - 1) * MAT_GAP) / per_column)
        return [Leaf(f"mat{s}", MAT_W, mat_height(players), w_max=MAT_W_MAX, h_max=max(tall, mat_height(players)))
                for s in seats]

    board = Leaf("board", SIDE, SIDE)
    seats = list(range(players))
    half = (players + 1) // 2
    return Either(Row(board, Column(*mats(seats, players), gap=MAT_GAP), gap=GAP),
                  Row(Column(*mats(seats[:half], half), gap=MAT_GAP), board,
                      Column(*mats(seats[half:], half), gap=MAT_GAP), gap=GAP),
                  Column(board, Grid(mats(seats, 1), gap=MAT_GAP), gap=GAP))


def space_geometry(i: int) -> tuple[QRectF, str]:
    """Rect (board coordinates) and inner side of space i (0 = Start, bottom-right)."""
    S, C, W = SIDE, CORNER, SPACE_W
    if i == 0:
        return QRectF(S - C, S - C, C, C), "up"
    if i < 10:
        return QRectF(S - C - i * W, S - C, W, C), "up"
    if i == 10:
        return QRectF(0, S - C, C, C), "up"
    if i < 20:
        return QRectF(0, S - C - (i - 10) * W, C, W), "right"
    if i == 20:
        return QRectF(0, 0, C, C), "down"
    if i < 30:
        return QRectF(C + (i - 21) * W, 0, W, C), "down"
    if i == 30:
        return QRectF(S - C, 0, C, C), "down"
    return QRectF(S - C, C + (i - 31) * W, C, W), "left"


class RobberBaronsScene(GameScene):
    """The Robber Barons board: see the module doc for layout and click rules."""

    game_id = "robber-barons"
    pool_keep = ("fixed",)
    unmarked = ("status", "info", "btn", "band", "deckcap", "more", "empty")

    def __init__(self, parent=None):
        super().__init__(parent)
        self._players = 0
        self._spaces: list[SpaceItem] = []
        self._last_dice: list[int] | None = None
        self._last_card = None
        self.board_origin = QPointF(MARGIN, MARGIN)
        self.inner = QRectF(MARGIN + CORNER, MARGIN + CORNER, SIDE - 2 * CORNER, SIDE - 2 * CORNER)

    def draw(self, view: dict, legal: list[Action], names: list[str], viewer: int | None) -> None:
        """Rebuild from `view`; `legal` are the actions the person at this screen may take now."""
        n = int(view["players"])
        arr = self.lay_out(board_tree(n))
        if n != self._players:
            self._reset(n)
        self.pool.begin()
        self._by_action = {}
        legal_set = set(legal)
        marks = style.seat_marks(names)
        with self.in_panel("board"):
            self._show_spaces(view, names, marks, legal_set)
            self._show_pawns(view, names, marks)
            self._show_centre(view, names, legal_set)
        self._show_mats(view, names, marks, legal_set, arr)
        self.pool.prune()
        self.place_panels({"board": self.board_origin, **{f"mat{s}": QPointF(0, 0) for s in range(n)}})

    # -- set-up -----------------------------------------------------------------------------------------
    def _reset(self, n: int) -> None:
        self.pool.clear()
        for item in self._spaces:
            self.drop(item)
        self._players = n
        board = self.frame("board")
        with self.in_panel("board"):
            self.pool.add(("fixed", "base"), BoardBase(QRectF(MARGIN, MARGIN, SIDE, SIDE), self.inner))
            self._spaces = []
            for i in range(BOARD_SIZE):
                rect, inner = space_geometry(i)
                item = SpaceItem(i, rect.width(), rect.height(), inner)
                item.setParentItem(board)
                item.setPos(self.board_origin + rect.topLeft())
                self._spaces.append(item)
            legend = LegendItem(self.inner.width() - 80)
            legend.setPos(self.inner.left() + 40, self.inner.bottom() - 92)
            self.pool.add(("fixed", "legend"), legend)
        self._last_dice = None
        self._last_card = None

    def _target(self, item: BoardItem, action: Action | None, legal: set, status: str = "") -> None:
        ok = action is not None and action in legal
        # a candidate that is not legal stays clickable: the click is refused with the reason
        item.set_target(action, ok, status)
        if ok:
            self._by_action[action] = item

    def _place(self, item, pos: QPointF) -> None:
        stop_animation(item, "_walk_anim")
        if item._placed:
            slide(item, pos, self.animation_speed)
        else:
            item.setPos(pos)
            item._placed = True

    # -- the track ----------------------------------------------------------------------------------------
    def _show_spaces(self, view: dict, names: list[str], marks: list[str], legal: set) -> None:
        seats = view["seats"]
        markers = view["markers"]
        mover = view["to_move"]
        prompt = view.get("prompt") or {}
        owner_of_industry: dict[str, tuple[int, str]] = {}
        for s, seat in enumerate(seats):
            for name in seat["monopolies"]:
                owner_of_industry[name] = (s, "MONOPOLY")
            for name in seat["great_monopolies"]:
                owner_of_industry[name] = (s, "GREAT MONOPOLY")
        for i, item in enumerate(self._spaces):
            space = SPACES[i]
            monopoly = trust = None
            tip = space_tooltip(i)
            if space.kind == "industry":
                row = markers[i]
                total = sum(row)
                if space.industry in owner_of_industry:
                    s, word = owner_of_industry[space.industry]
                    monopoly = (style.seat_colour(s), "")
                    tip += f"\n{word.title()} of {names[s]}."
                for s in range(len(row)):
                    if row[s] and row[s] == total:
                        trust = style.seat_colour(s)
                        tip += f"\nTrust of {names[s]}."
                held = [f"{names[s]} {row[s]}" for s in range(len(row)) if row[s]]
                tip += "\nMarkers: " + (", ".join(held) if held else "none")
            item.set_state(monopoly, trust, tip)
            action = None
            if mover is not None and mover >= 0:
                kind = prompt.get("kind")
                if kind == "place":
                    action = Action("place", mover, (i,))
                elif kind == "goto":
                    action = Action("goto", mover, (i,))
            self._target(item, action, legal, f"{space_tooltip(i).splitlines()[0]}")
            if space.kind != "industry":
                continue
            slots = item.marker_slots()
            row = markers[i]
            for s in range(len(row)):
                if not row[s]:
                    continue
                chip = self._item(("chip", i, s), MarkerChip)
                word = "marker" if row[s] == 1 else "markers"
                chip.set_chip(style.seat_colour(s), marks[s], row[s],
                              f"{names[s]}: {row[s]} control {word} on {space.industry} (space {i + 1})")
                chip.setPos(item.pos() + slots[s % 6])
                act = None
                if mover is not None and mover >= 0 and s != mover:
                    if prompt.get("kind") == "invest" and prompt.get("space") == i:
                        act = Action("takeover", mover, (s,))
                    elif prompt.get("kind") == "monopolize":
                        act = Action("monopolize", mover, (i, s))
                self._target(chip, act, legal, f"Replace a marker of {names[s]} on {space.industry}")

        for name, (s, word) in owner_of_industry.items():
            spaces = [self._spaces[i] for i in INDUSTRIES[name]]
            rect = QRectF()
            for it in spaces:
                rect = rect.united(it.band_rect().translated(it.pos()))
            label = self._item(("band", name), BandLabel)
            label.set_label(rect, f"{word} · {marks[s]}", style.seat_colour(s), spaces[0].sideways())

    def _show_pawns(self, view: dict, names: list[str], marks: list[str]) -> None:
        by_space: dict[int, list[int]] = {}
        for s, seat in enumerate(view["seats"]):
            if seat["pos"] is not None:
                by_space.setdefault(seat["pos"], []).append(s)
        for space, seats in by_space.items():
            item = self._spaces[space]
            left, width = item.pawn_line()
            step = min(24.0, width / max(1, len(seats)))
            for k, s in enumerate(seats):
                pawn = self._item(("pawn", s), PawnItem)
                pawn.set_pawn(style.seat_colour(s), marks[s], f"{names[s]}'s pawn on {SPACES[space].name} "
                                                                f"(space {space + 1})")
                pawn.setZValue(30 + k)
                pawn.setScale(1.0)  # (not smaller on the side columns: its mark must stay legible)
                x = left.x() + step * (k + 0.5) if len(seats) > 1 else left.x() + width / 2
                target = item.pos() + QPointF(x, left.y())
                came_from, pawn.space = pawn.space, space
                if came_from is not None and came_from != space and pawn._placed:
                    self._walk(pawn, came_from, space, target)
                else:
                    self._place(pawn, target)

    def _walk(self, pawn: PawnItem, start: int, end: int, target: QPointF) -> None:
        """Move a pawn clockwise round the track: straight along each side, turning at every
        corner it passes (≈ 120 ms a side at speed 1); a new move replaces an unfinished one and
        the pawn always ends on `target`."""
        for name in ("_walk_anim", "_slide_anim"):
            stop_animation(pawn, name)
        steps = (end - start) % BOARD_SIZE
        corners = [(start + k) % BOARD_SIZE for k in range(1, steps) if (start + k) % 10 == 0]
        if self.animation_speed <= 0 or not self.views() or not corners:
            self._place(pawn, target)
            return
        group = QSequentialAnimationGroup(pawn)
        here = pawn.pos()
        points = [self._spaces[c].pos() + QPointF(self._spaces[c].w / 2, self._spaces[c].h * 0.75) for c in corners]
        for point in [*points, target]:
            anim = QPropertyAnimation(pawn, b"pos", group)
            anim.setDuration(max(1, int(140 / self.animation_speed)))
            anim.setStartValue(here)
            anim.setEndValue(point)
            anim.setEasingCurve(QEasingCurve.Type.InOutQuad)
            group.addAnimation(anim)
            here = point
        start_animation(pawn, "_walk_anim", group, lambda it: it.setPos(target))

    # -- the centre -----------------------------------------------------------------------------------------
    def _show_centre(self, view: dict, names: list[str], legal: set) -> None:
        inner = self.inner
        cx = inner.center().x()
        mover = view["to_move"]
        info = self._item(("info",), lambda: TextItem(inner.width() - 60, 22, 11, serif=True,
                                                      colour=style.INK_SOFT))
        # the turn limit is a safety bound no real game reaches (game.toml: shown = false): not said
        round_text = f"Round {view['round']} · turn {view['turns'] + 1}"
        turn = names[view["current"]] if not view["over"] else ""
        if self.confirming is not None:
            turn = names[self.confirming]
        bits = [round_text]
        if turn:
            bits.append(f"{whose(turn, start=True)} turn")
        if view["extra_phases"]:
            bits.append(f"{view['extra_phases']} extra speculation phase(s) left")
        if any(s["frozen"] for s in view["seats"]):
            bits.append("revenue frozen")
        info.set_text(" · ".join(bits))
        info.setPos(inner.left() + 30, inner.top() + 100)

        dice = self._item(("dice",), DiceItem)
        faces = list(view["last_dice"])
        animate = self._last_dice is not None and faces != self._last_dice
        dice.set_faces(faces, animate, self.animation_speed)
        self._last_dice = faces
        dice.setPos(cx - dice.w / 2, inner.top() + 132)
        dice.set_tip("The last roll: " + (" + ".join(map(str, faces)) if faces else "none yet"))

        # the decks, left (Legacy) and right (Business)
        top = inner.top() + 214
        legacy = self._item(("deck", "legacy"), lambda: DeckItem("LEGACY", "#5b4a1c"))
        bottom = view["legacy_bottom"]
        legacy.set_count(view["legacy_left"], f"Legacy deck: {view['legacy_left']} cards left "
                                              f"({view['legacy_deck']} shuffled, {len(bottom)} put on the bottom)."
                                              " The game ends when it is empty.")
        legacy.setPos(inner.left() + 56, top)
        cap = self._item(("deckcap", "legacy"), lambda: TextItem(180, 64, 9, colour=style.INK_SOFT))
        under = ", ".join(LEGACY[c].name for c in bottom[:3]) + (" …" if len(bottom) > 3 else "")
        cap.set_text(f"Legacy deck: {view['legacy_left']} left" + (f"\nbottom: {under}" if bottom else ""),
                     short=(f"Legacy deck: {view['legacy_left']} left", f"{view['legacy_left']} left"))
        cap.setPos(inner.left() + 14, top + 146)
        business = self._item(("deck", "business"), lambda: DeckItem("BUSINESS", style.CARD_BACK))
        business.set_count(view["business_deck"], f"Business deck: {view['business_deck']} cards; "
                                                  f"{len(view['business_discard'])} in the discard pile.")
        business.setPos(inner.right() - 56 - business.w, top)
        cap2 = self._item(("deckcap", "business"), lambda: TextItem(180, 40, 9, colour=style.INK_SOFT))
        cap2.set_text(f"Business deck: {view['business_deck']}\ndiscards: {len(view['business_discard'])}",
                      short=(f"{view['business_deck']} cards\n{len(view['business_discard'])} discarded",
                             f"{view['business_deck']} cards"))
        cap2.setPos(inner.right() - 194, top + 146)

        # the card just drawn, large
        card_id = view["offer"] and ["legacy", view["offer"]] or view["last_card"]
        if card_id:
            card = self._item(("bigcard",), BigCard)
            note = ""
            if view["offer"]:
                note = "On offer: buy it or bottom it"
            elif view["in_play"]:
                note = "Choose the target opponent"
            card.set_card(card_id[0], card_id[1], note)
            card.setPos(cx - card.w / 2, top - 8)
            if tuple(card_id) != self._last_card and self._last_card is not None and self.animation_speed > 0:
                self._flip_in(card)
            self._last_card = tuple(card_id)

        # the choices that are not on the board
        buttons: list[tuple[Action, str, str]] = []
        prompt = view.get("prompt") or {}
        kind = prompt.get("kind")
        if mover is not None and mover >= 0 and self.confirming is None:  # not before the turn is confirmed
            me = mover
            if kind == "dice":
                for n, sub in ((1, "1–6 spaces"), (2, "2–12 spaces"), (3, "3–18 spaces")):
                    buttons.append((Action("dice", me, (n,)), f"Roll {n} {'die' if n == 1 else 'dice'}", sub))
            elif kind == "bonus":
                buttons.append((Action("bonus", me, ("cash",)), "Take $1M", "Start bonus"))
                buttons.append((Action("bonus", me, ("legacy",)), "Draw Legacy", "Start bonus"))
            elif kind == "offer" and view["offer"]:
                value = LEGACY[view["offer"]].value
                buttons.append((Action("buy", me, ()), f"Buy for ${value}M", f"+{value} Legacy"))
                buttons.append((Action("bottom", me, ()), "Put on bottom", "of the Legacy deck"))
            elif kind == "invest":
                space = SPACES[prompt["space"]].industry
                if not prompt.get("took"):
                    buttons.append((Action("invest", me, ()), "Option 1: $1M", f"a marker on {space}"))
                buttons.append((Action("stop", me, ()), "Done" if prompt.get("took") else "Option 3",
                                "do nothing more" if prompt.get("took") else "do nothing"))
        shown = [b for b in buttons if b[0] in legal] or ([] if legal else buttons)
        y = top + 296
        bw = 160.0
        x0 = cx - (len(shown) * bw + (len(shown) - 1) * 12) / 2
        for k, (action, text, sub) in enumerate(shown):
            btn = self._item(("btn", k), lambda: ButtonItem(bw, 52))
            btn.set_text(text, sub)
            btn.setPos(x0 + k * (bw + 12), y)
            self._target(btn, action, legal, text)
        status = self._item(("status",), lambda: TextItem(inner.width() - 80, 44, 11, bold=True, serif=True))
        status.set_text(self.confirm_words(names) if self.confirming is not None else self._status_text(view, names))
        status.setPos(inner.left() + 40, y + 62)

    def _status_text(self, view: dict, names: list[str]) -> str:
        if view["over"]:
            why = "the Legacy deck is empty" if view["ended_by"] == "legacy" else "the turn limit is reached"
            return game_over_text(view["outcome"], names, "Legacy points", why)
        mover = view["to_move"]
        if mover is None or mover < 0:
            return "Rolling…"
        name = names[mover]
        kind = (view.get("prompt") or {}).get("kind")
        prompt = view.get("prompt") or {}
        return name + ": " + {
            "dice": "choose how many dice to roll",
            "bonus": "you reached Start — take $1M or draw a Legacy card",
            "offer": "buy the Legacy card or put it on the bottom",
            "invest": "invest here, or click an opponent's markers to replace one ($2M)",
            "target": "click the mat of the opponent to target",
            "place": "click the space for your new control marker",
            "monopolize": "click an opponent's markers to replace one with yours",
            "goto": "click the space to move to",
        }.get(kind, "decide") + (f" ({SPACES[prompt['space']].industry})" if kind == "invest" else "") + "."

    def _flip_in(self, card: BoardItem) -> None:
        """A revealed card enlarges briefly and settles (≈ 300 ms at speed 1); never blocks input."""
        stop_animation(card, "_flip_anim")
        card.setTransformOriginPoint(card.w / 2, card.h / 2)
        anim = QPropertyAnimation(card, b"scale", card)
        anim.setDuration(max(1, int(320 / self.animation_speed)))
        anim.setStartValue(1.18)
        anim.setEndValue(1.0)
        anim.setEasingCurve(QEasingCurve.Type.OutBack)
        if card.scene() is not None and card.scene().views():
            start_animation(card, "_flip_anim", anim, lambda it: it.setScale(1.0))
        else:
            anim.deleteLater()
            card.setScale(1.0)

    # -- the players' mats -------------------------------------------------------------------------------------
    def _show_mats(self, view: dict, names: list[str], marks: list[str], legal: set, arr) -> None:
        mover = view["to_move"]
        prompt = view.get("prompt") or {}
        for s, seat in enumerate(view["seats"]):
            with self.in_panel(f"mat{s}"):
                self._show_mat(view, s, seat, names, marks, legal, mover, prompt, *arr.rects[f"mat{s}"][2:])

    def _show_mat(self, view: dict, s: int, seat: dict, names: list[str], marks: list[str], legal: set,
                  mover, prompt: dict, w: float, h: float) -> None:
        """Player `s`'s mat, `w` × `h`, in its own panel (its top-left at the panel's origin)."""
        mat = self._item(("mat", s), lambda: MatItem(w, h))
        if (mat.w, mat.h) != (w, h):
            mat.resize(w, h)
        x = y = 0.0
        mat.setPos(x, y)
        status = []
        if seat["frozen"]:
            status.append(f"no revenue {seat['frozen']} turn{'s' if seat['frozen'] > 1 else ''}")
        if s == view["first"]:
            status.append("first player")
        mono = [*(f"{m} (Great)" for m in seat["great_monopolies"]), *seat["monopolies"]]
        trusts = f"{len(seat['trusts'])} trust{'s' if len(seat['trusts']) != 1 else ''}"
        line = f"{seat['markers']} markers on the board · {seat['supply']} in hand · {trusts}"
        # shorter forms for a mat shown small: the board and the players panel say the rest
        line_short = (f"{seat['markers']} on the board · {seat['supply']} in hand · {trusts}",
                      f"{seat['markers']} on board · {trusts}")
        if mono:
            line += " · Monopoly: " + ", ".join(mono)
            line_short = tuple(f"{form} · Monopoly: {', '.join(mono)}" for form in line_short) + line_short
        mat.set_mat(colour=style.seat_colour(s), mark=marks[s], name=names[s], money=seat["money"],
                    points=seat["points"], revenue=seat["revenue"], line=line, line_short=line_short,
                    status=" · ".join(status),
                    out=seat["out"], to_move=(s == self.acting(view)))
        legacy = seat["legacy"]
        mat.set_tip(f"{names[s]}: ${seat['money']}M, {seat['points']} Legacy points "
                    f"(philanthropy {legacy['philanthropy']}, business legacy {legacy['business_legacy']}, "
                    f"bad legacy {legacy['bad_legacy']}, scandals {legacy['scandals']}); revenue "
                    f"${seat['revenue']}M a turn.")
        act = Action("target", mover, (s,)) if mover is not None and mover >= 0 \
            and prompt.get("kind") == "target" else None
        self._target(mat, act, legal, f"Target {names[s]}")
        # the Legacy pile: philanthropy first, then the Business cards kept
        cards = [("legacy", c) for c in seat["philanthropy"]] + [("business", c) for c in seat["business_pile"]]
        # a mat laid out large shows its Legacy pile in larger cards
        mw, mh = (MiniCard.W, MiniCard.H) if w < 420 or h < 280 else (40.0, 54.0)
        per_row = int((w - 20) // (mw + 3))
        top = y + MatItem.PILE_TOP
        rows_fit = max(1, int((h - MatItem.PILE_TOP - 4) // (mh + 4)))
        room = per_row * rows_fit
        shown = cards if len(cards) <= room else cards[: room - 2]  # keep two slots for "+N"
        for k, (deck, cid) in enumerate(shown):
            mini = self._item(("mini", s, k, mw), lambda: MiniCard(mw, mh))
            mini.set_card(deck, cid)
            mini.setZValue(2)
            mini.setPos(x + 10 + (k % per_row) * (mw + 3), top + (k // per_row) * (mh + 4))
        if len(shown) < len(cards):
            k = len(shown)
            more = self._item(("more", s), lambda: TextItem(2 * MiniCard.W + 3, MiniCard.H, 9, bold=True))
            more.resize(2 * mw + 3, mh)
            more.set_text(f"+{len(cards) - k}")
            more.set_tip("More Legacy-pile cards: see the players panel or the tooltip of the mat.")
            more.setPos(x + 10 + (k % per_row) * (mw + 3), top + (k // per_row) * (mh + 4))
        if not cards and h > 110:
            empty = self._item(("empty", s), lambda: TextItem(MAT_W - 20, 20, 9, colour=style.INK_SOFT,
                                                             align=Qt.AlignmentFlag.AlignLeft))
            empty.resize(w - 20, 20)
            empty.set_text("Legacy pile: empty")
            empty.setPos(x + 10, top + 6)


def make_scene(game_id: str = "robber-barons") -> RobberBaronsScene:
    """A fresh Robber Barons scene."""
    return RobberBaronsScene()


__all__ = ["RobberBaronsScene", "make_scene", "space_geometry", "INDUSTRIES"]
