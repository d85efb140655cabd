"""The 1st CEO board's printed region: the board itself (paper, frame, market spaces, share-value
table, endgame track, captions), the asset track with every corporation's marker, the companies in
the market, the ranking, the countdown marker and the decks."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from engine.core.contract import Action
from engine.games.first_ceo.data import SHARE_VALUES
from ui.board import icons, style
from ui.board.items import (
    BoardItem,
    HotSpot,
    TokenItem,
    TrackItem,
    draw_shadow,
    draw_text,
    fan_out,
    flip_in,
    paper_brush,
)
from ui.games.first_ceo.items import CompanyCard, LabelItem, PileItem, card_tooltip
from ui.games.first_ceo.regions.geometry import (
    CARD_H,
    CARD_W,
    END_TRIGGER,
    TRACK_SPACES,
    TRACK_T,
    Layout,
    track_geometry,
)
from ui.games.first_ceo.words import ORDINALS


class BoardBase(BoardItem):
    """The printed board: paper, brass frame, market spaces with surcharges and discard X, the
    share-value table, the endgame track and the captions. Static for a player count (cached)."""

    def __init__(self, lay: Layout, market_spaces: list[dict]):
        super().__init__(lay.scene.width(), lay.scene.height())
        # paints only the board (not the whole scene rect): a smaller cached pixmap to blit
        self.lay = lay
        self.spaces = market_spaces
        self.setZValue(-10)
        self.setAcceptHoverEvents(False)
        self.setCacheMode(BoardItem.CacheMode.DeviceCoordinateCache)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def bounds(self) -> QRectF:
        return self.lay.board.adjusted(-2, -2, 8, 8)

    def set_layout(self, lay: Layout) -> None:
        """Draw the board for another layout (a board laid out wider or narrower)."""
        self.prepareGeometryChange()
        self.lay = lay
        self.resize(lay.scene.width(), lay.scene.height())
        self._bounds = None
        self.update()

    def paint_body(self, p: QPainter, lod: float) -> None:
        lay = self.lay
        b = lay.board
        # the board as an object on the table: shadow, paper, a brass and ink double frame
        path = QPainterPath()
        path.addRoundedRect(b, 10, 10)
        draw_shadow(p, path, 3, 5, 90)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(paper_brush(b))
        p.drawPath(path)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 2.0))
        p.drawPath(path)
        inside = b.adjusted(TRACK_T + 6, TRACK_T + 6, -TRACK_T - 6, -TRACK_T - 6)
        p.setPen(QPen(QColor(style.BRASS), 2.0))
        p.drawRoundedRect(inside, 6, 6)
        p.setPen(QPen(QColor(style.INK), 0.8))
        p.drawRoundedRect(inside.adjusted(4, 4, -4, -4), 4, 4)
        # brass lozenges where the frame turns, as on an engraved certificate
        for corner in (inside.topLeft(), inside.topRight(), inside.bottomLeft(), inside.bottomRight()):
            lozenge = QPainterPath()
            lozenge.moveTo(corner + QPointF(0, -6))
            lozenge.lineTo(corner + QPointF(6, 0))
            lozenge.lineTo(corner + QPointF(0, 6))
            lozenge.lineTo(corner + QPointF(-6, 0))
            lozenge.closeSubpath()
            p.setPen(QPen(QColor(style.INK), 0.8))
            p.setBrush(QColor(style.BRASS))
            p.drawPath(lozenge)
        self._paint_market(p, lod)
        self._paint_title(p)
        self._paint_ranks(p)
        self._paint_endgame(p)

    def _caption(self, p: QPainter, rect: QRectF, title: str, note: str = "") -> None:
        draw_text(p, rect, title, style.serif(13, bold=True),
                  align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        if note:
            tw = p.fontMetrics().horizontalAdvance(title) + 14
            draw_text(p, rect.adjusted(tw, 2, 0, 0), note, style.sans(9), style.INK_SOFT,
                      align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elide=False)

    def _paint_market(self, p: QPainter, lod: float) -> None:
        lay = self.lay
        m = lay.market
        self._caption(p, QRectF(m.left(), m.top(), m.width(), 22), "Acquisition Market",
                      "pay the cost plus the space's surcharge")
        for i, r in enumerate(lay.slots):
            space = self.spaces[i]
            head = QRectF(r.left(), r.top() - 32, r.width(), 26)
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(QColor(style.PAPER_DARK))
            p.drawRoundedRect(head, 4, 4)
            # space number in a small ink disc
            disc = QRectF(head.left() + 4, head.top() + 3, 20, 20)
            p.setBrush(QColor(style.INK))
            p.drawEllipse(disc)
            draw_text(p, disc, str(i + 1), style.sans(9, bold=True), style.PAPER, elide=False)
            sur = space["surcharge"]
            txt = f"+${sur}" if sur else "+$0"
            draw_text(p, head.adjusted(28, 0, -30, 0), txt, style.sans(11, bold=True),
                      style.BRICK_RED if sur else style.INK_SOFT,
                      align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            if space["discard"]:
                icons.paint_icon(p, "discard", QRectF(head.right() - 25, head.top() + 3, 20, 20))
            # the engraved card space
            p.setPen(QPen(QColor(style.INK_SOFT), 1.0, Qt.PenStyle.DashLine))
            p.setBrush(QColor(0, 0, 0, 14))
            p.drawRoundedRect(r.adjusted(-3, -3, 3, 3), 9, 9)
        # the refill arrow: newer cards come in on the right, older ones slide left
        y = lay.slots[0].bottom() + 33  # below the price tags (4 to 24 under the cards), clear of their words
        left, right = lay.slots[0].left() + 10, lay.slots[-1].right() - 10
        p.setPen(QPen(QColor(style.INK_SOFT), 1.0))
        p.drawLine(QPointF(left, y), QPointF(right, y))
        arrow = QPainterPath()
        arrow.moveTo(left, y)
        arrow.lineTo(left + 9, y - 4)
        arrow.lineTo(left + 9, y + 4)
        arrow.closeSubpath()
        p.setBrush(QColor(style.INK_SOFT))
        p.drawPath(arrow)
        note = "companies shift left · the deck refills from the right · X discards the leftmost"
        rect = QRectF(left + 140, y - 9, right - left - 280, 18)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(style.PAPER_DARK))
        p.drawRect(rect.adjusted(-6, 0, 6, 0))
        draw_text(p, rect, note, style.sans(9), style.INK_SOFT, elide=False)

    def _paint_title(self, p: QPainter) -> None:
        """The engraved title, right-aligned above the share-value table, between two rules."""
        r0 = self.lay.right
        rect = QRectF(r0.right() - 220, r0.top() - 2, 220, 28)
        draw_text(p, rect, "1st CEO", style.serif(18, bold=True), style.INK,
                  align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        p.setPen(QPen(QColor(style.BRASS), 1.2))
        y = rect.bottom() + 2
        p.drawLine(QPointF(r0.right() - 120, y), QPointF(r0.right(), y))
        p.setPen(QPen(QColor(style.INK), 0.6))
        p.drawLine(QPointF(r0.right() - 120, y + 3), QPointF(r0.right(), y + 3))

    def _paint_ranks(self, p: QPainter) -> None:
        lay = self.lay
        r0 = lay.right
        self._caption(p, QRectF(r0.left(), r0.top() + 30, r0.width(), 22), "Share Value",
                      "by final asset rank · ties average")
        for i, box in enumerate(lay.ranks):
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(QColor(style.PAPER_DARK if i % 2 else style.PAPER))
            p.drawRoundedRect(box, 4, 4)
            draw_text(p, QRectF(box.left(), box.top() + 2, box.width(), 16), ORDINALS[i], style.sans(9),
                      style.INK_SOFT)
            draw_text(p, QRectF(box.left(), box.top() + 16, box.width(), 38), str(SHARE_VALUES[i]),
                      style.serif(18, bold=True), elide=False)

    def _paint_endgame(self, p: QPainter) -> None:
        lay = self.lay
        eg = lay.endgame
        self._caption(p, QRectF(eg[0].left(), eg[0].top() - 28, 300, 22), "Endgame")
        labels = ("Start", "2", "1")
        for i, r in enumerate(eg):
            p.setPen(QPen(QColor(style.INK), 1.2))
            p.setBrush(QColor(style.PAPER_DARK if i == 0 else style.PAPER))
            p.drawRoundedRect(r, 8, 8)
            if i == 0:
                draw_text(p, QRectF(r.left(), r.top() + 2, r.width(), 16), labels[i], style.sans(9, bold=True),
                          elide=False)
            else:
                draw_text(p, QRectF(r.left(), r.top() + 1, r.width(), 28), labels[i], style.serif(18, bold=True),
                          elide=False)
            if i == 2:
                # the handshake: in the final round players may not buy shares
                # (the glyph fills the middle band of its square: centre the square low in the space)
                icons.paint_icon(p, "handshake", QRectF(r.center().x() - 22, r.bottom() - 37, 44, 44),
                                 style.BRICK_RED)
            if i < 2:
                y = r.center().y()
                p.setPen(QPen(QColor(style.INK_SOFT), 1.2))
                p.drawLine(QPointF(r.right() + 1, y), QPointF(r.right() + 7, y))
        draw_text(p, QRectF(eg[0].left(), eg[0].bottom() + 6, 3 * 64, 16),
                  "no shares bought on 1", style.sans(9), style.INK_SOFT)


def _marker_w(corp: dict) -> float:
    """A corporation's marker on the asset track: an NPC's wider (its mark has two letters)."""
    return 24.0 if corp["npc"] else 19.0


def _rank_w(corp: dict) -> float:
    """A corporation's marker under the share-value table."""
    return 24.0 if corp["npc"] else 18.0


class CountdownMarker(TokenItem):
    """The black-and-brass countdown marker of the endgame track."""

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawEllipse(r.translated(1.2, 2))
        p.setPen(QPen(QColor(style.BRASS), 2.5))
        p.setBrush(QColor("#1f1a15"))
        p.drawEllipse(r)
        p.setPen(QPen(QColor(style.BRASS), 1.0))
        p.drawEllipse(r.adjusted(5, 5, -5, -5))
        icons.paint_icon(p, "crown", r.adjusted(9, 9, -9, -9), style.BRASS)


class BoardRegion:
    """The scene's part that draws the board panel (a mixin of `FirstCeoScene`)."""

    def _reset(self, n: int, view: dict, lay: Layout) -> None:
        self.pool.clear()
        self._mat_memo.clear()
        self._shown = False
        self._layout = lay
        with self.in_panel("board"):
            self.pool.add(("base",), BoardBase(lay, view["market"]))
            spaces, inward = track_geometry(lay.board)
            track = TrackItem(spaces, [str(i) for i in range(TRACK_SPACES)], inward)
            track.accent[END_TRIGGER] = "#e7c873"
            track.tip_for = self._track_tip
            track.setZValue(-9)
            self.pool.add(("track",), track)
            self._track = track
            self._add_hotspots(lay, view["market"])

    def _relayout(self, lay: Layout, view: dict) -> None:
        """The board or the mats take another size (a new room): the printed board, its track
        and its tooltips follow; the mats are built again at their new sizes."""
        self._layout = lay
        self._mat_memo.clear()  # (the mats' pieces are laid out again at their new sizes)
        base = self.pool[("base",)]
        base.set_layout(lay)
        self._track.set_spaces(*track_geometry(lay.board))
        for key in [k for k in self.pool if k[0] == "spot"]:
            self.drop(self.pool.items.pop(key))
        with self.in_panel("board"):
            self._add_hotspots(lay, view["market"])

    def _add_hotspots(self, lay: Layout, market: list[dict]) -> None:
        """Tooltips for the printed spaces (they never change for a player count)."""
        spots = []
        for i, (r, space) in enumerate(zip(lay.slots, market, strict=True)):
            text = f"Market space {i + 1}: pay the company's cost"
            text += f" plus ${space['surcharge']}" if space["surcharge"] else " (no surcharge)"
            if space["discard"]:
                text += ".\nDiscard icon: acquiring here also discards the leftmost company in the market"
            spots.append((QRectF(r.left(), r.top() - 32, r.width(), 26), text + "."))
        notes = ("Start: the countdown marker waits here until a corporation reaches 100 assets",
                 "2: the end is triggered; one more round follows this one",
                 "1: the final round — no shares may be bought (the handshake)")
        spots += list(zip(lay.endgame, notes, strict=True))
        for i, box in enumerate(lay.ranks):
            spots.append((box, f"{ORDINALS[i]} place on the asset track at the end: each share of that "
                               f"corporation scores {SHARE_VALUES[i]} points (tied places average)"))
        for n, (rect, text) in enumerate(spots):
            spot = HotSpot(rect, text)
            spot.setZValue(-8)
            self.pool.add(("spot", n), spot)

    def _show_track(self, view: dict, names: list[str], marks: list[str]) -> None:
        owner = self._seat_of_corp(view)
        by_space: dict[int, list[dict]] = {}
        for corp in view["corporations"]:
            by_space.setdefault(corp["assets"] % TRACK_SPACES, []).append(corp)
        for corps in by_space.values():
            # a stable order within a space: players by seat, then NPCs
            corps.sort(key=lambda c: (c["npc"], owner.get(c["id"], 99), c["id"]))
        places = self._track.place_markers({space: [_marker_w(c) for c in corps] for space, corps in by_space.items()})
        for space, corps in by_space.items():
            for k, corp in enumerate(corps):
                tok = self._item(("marker", corp["id"]), lambda corp=corp: TokenItem(_marker_w(corp)))
                seat = owner.get(corp["id"])
                laps = corp["assets"] // TRACK_SPACES
                lap = f" (lapped: {corp['assets']} = {TRACK_SPACES} + {corp['assets'] % TRACK_SPACES})" if laps else ""
                if seat is None:
                    tip = f"{corp['name']} (NPC corporation): assets {corp['assets']}{lap}"
                    tok.set_look(style.NPC_GREY, style.npc_mark(corp["name"]), npc=True, tooltip=tip)
                else:
                    tip = f"{corp['name']} ({names[seat]}): assets {corp['assets']}{lap}"
                    tok.set_look(style.seat_colour(seat), marks[seat], tooltip=tip)
                tok.setZValue(20 + k)
                self._place(tok, places[space][k])

    def _track_tip(self, space: int) -> str:
        """Tooltip of a track space: its value and the corporations on it."""
        text = f"Asset track: {space}"
        if space == END_TRIGGER:
            text += " — a corporation reaching 100 triggers the end of the game"
        view = self.view or {}
        here = [c for c in view.get("corporations", []) if c["assets"] % TRACK_SPACES == space]
        if here:
            text += "\n" + "\n".join(f"{c['name']}{' (NPC)' if c['npc'] else ''}: {c['assets']}" for c in here)
        return text

    def _show_market(self, view: dict, legal: set, me: int | None) -> None:
        lay = self._layout
        for entry in view["market"]:
            slot, cid = entry["slot"], entry["card"]
            if cid is None:
                continue
            fresh = ("company", cid) not in self.pool
            card = self._item(("company", cid), lambda: CompanyCard(CARD_W, CARD_H))
            if fresh and self._shown:
                # a card drawn during play comes off the deck and slides into its space
                card.setPos(lay.piles[0].topLeft() - QPointF((CARD_W - lay.piles[0].width()) / 2, 0))
                card._placed = True
                flip_in(card, self.animation_speed)
            tip = card_tooltip(cid, entry["price"], entry["surcharge"])
            money = view["seats"][me]["money"] if me is not None else 0
            card.set_card(cid, tooltip=tip, dimmed=me is not None and entry["price"] > money)
            card.setZValue(5)
            self._place(card, lay.slots[slot].topLeft())
            action = Action("acquire", me, (slot,)) if me is not None else None
            self._target(card, action, legal, f"Acquire {card.title} for ${entry['price']}")
            tag = self._item(("price", slot), lambda: LabelItem(CARD_W, 20, "", style.sans(10, bold=True),
                                                               align=Qt.AlignmentFlag.AlignCenter))
            extra = f"  ({entry['price'] - entry['surcharge']} + {entry['surcharge']})" if entry["surcharge"] else ""
            tag.set_text(f"pay ${entry['price']}{extra}", style.BRICK_RED if card.dimmed else style.INK,
                         short=(f"pay ${entry['price']}", f"${entry['price']}"))
            tag.setPos(lay.slots[slot].left(), lay.slots[slot].bottom() + 4)

    def _show_ranks(self, view: dict, names: list[str], marks: list[str]) -> None:
        lay = self._layout
        owner = self._seat_of_corp(view)
        corps = sorted(view["corporations"], key=lambda c: -c["assets"])
        title = self._item(("rank-title",), lambda: LabelItem(lay.right.width(), 20, "", style.sans(9),
                                                              style.INK_SOFT, elide=False))
        if view.get("outcome"):
            title.set_text("markers: the asset track alone (asset cards moved the final ranks)")
        else:
            title.set_text("markers: the ranking now, before asset cards are revealed")
        title.setPos(lay.right.left(), lay.ranks[0].bottom() + 30)
        per_box: dict[int, list[tuple[int, dict]]] = {}
        for c in corps:
            rank = sum(1 for o in corps if o["assets"] > c["assets"])
            per_box.setdefault(min(rank, 5), []).append((rank, c))
        boxes = sorted(per_box)
        # tied corporations in a row under their place, as markers share a track's space
        rows = fan_out([(lay.ranks[b].center().x(), [_rank_w(c) for _r, c in per_box[b]]) for b in boxes],
                       lay.ranks[0].left(), lay.ranks[-1].right())
        for b, xs in zip(boxes, rows, strict=True):
            for k, ((rank, c), x) in enumerate(zip(per_box[b], xs, strict=True)):
                tok = self._item(("rank", c["id"]), lambda c=c: TokenItem(_rank_w(c)))
                seat = owner.get(c["id"])
                tied = sum(1 for _r, o in per_box[b] if o["assets"] == c["assets"]) - 1
                tie = f", tied with {tied} other(s)" if tied else ""
                tip = f"{c['name']}: {ORDINALS[min(rank, 5)]} on assets ({c['assets']}){tie}"
                if seat is None:
                    tok.set_look(style.NPC_GREY, style.npc_mark(c["name"]), npc=True, tooltip=tip + " · NPC")
                else:
                    tok.set_look(style.seat_colour(seat), marks[seat], tooltip=tip + f" · {names[seat]}")
                tok.setZValue(10 + k)
                self._place(tok, QPointF(x, lay.ranks[b].bottom() + 14))

    def _show_endgame(self, view: dict) -> None:
        lay = self._layout
        cd = view.get("countdown")
        index = {None: 0, 2: 1, 1: 2}.get(cd, 0)
        marker = self._item(("countdown",), lambda: CountdownMarker(30))
        tip = {0: "Countdown marker: on the start space", 1: "Countdown marker on 2: one more round after this",
               2: "Countdown marker on 1: the final round — no share buying"}[index]
        if view.get("triggered") and index == 0:
            tip += " (the end is triggered: it moves to 2 when this round ends)"
        marker.set_tip(tip)
        marker.setZValue(15)
        r = lay.endgame[index]
        # below the space's name: on the middle of the space it hid the 2 it stood on
        self._place(marker, QPointF(r.center().x(), r.center().y() + 8 if index == 0 else r.bottom() - 16))
        status = self._item(("round",), lambda: LabelItem(lay.right.width() - 130, 24, "",
                                                          style.serif(12, bold=True)))
        note = f"Round {view['round']}"
        if view.get("outcome"):
            note = "Game over — final scoring"
        elif view.get("final_round"):
            note += " · final round"
        elif view.get("triggered"):
            note += " · the end is triggered"
        status.set_text(note, style.BRICK_RED if view.get("triggered") else style.INK)
        status.setPos(lay.right.left(), lay.right.top())

    def _show_piles(self, view: dict) -> None:
        lay = self._layout
        left = view.get("asset_cards_left", {})
        specs = [
            ("deck", view["deck_count"], "Companies", style.CARD_BACK, "",
             f"Company deck: {view['deck_count']} cards"),
            ("discard", view.get("discard_count", 0), "Discard", "#6b5a45", "discard",
             f"Discarded companies: {view.get('discard_count', 0)}"),
            ("up", left.get("increase", 0), "", "#2e5e31", "asset_up",
             f"Asset increase cards left: {left.get('increase', 0)} (each +10 to +20)"),
            ("down", left.get("decrease", 0), "", "#7d2b22", "asset_down",
             f"Asset decrease cards left: {left.get('decrease', 0)} (each −10 to −20)"),
        ]
        for (key, count, label, colour, icon, tip), r in zip(specs, lay.piles, strict=True):
            pile = self._item(("pile", key), lambda r=r: PileItem(r.width(), r.height()))
            pile.set_pile(count, label, colour, tip, icon)
            pile.setPos(r.topLeft())
        lab = self._item(("piles-label",), lambda: LabelItem(300, 20, "", style.sans(9), style.INK_SOFT,
                                                                  elide=False))
        lab.set_text("deck · discard · asset cards ▲ ▼")
        lab.setPos(lay.piles[0].left(), lay.piles[0].top() - 22)
