"""The players: each one's cash, Partners and buildings held face down, and the buildings played
each Decade."""

from __future__ import annotations

from engine.core.contract import Action
from engine.core.text import count, fill_names, money, seat_ref, whose
from ui.board.items import TokenItem
from ui.board.pieces import Chip
from ui.games import seen_by_viewer
from ui.games.big_shoulders.items import BuildingTile, Label
from ui.games.big_shoulders.regions.geometry import RIGHT_W, RIGHT_X
from ui.games.big_shoulders.words import building_text, short


class PlayersRegion:
    """The players (a part of `BigShouldersScene`, which gives it the view, the names, the seat at
    the screen and the pool of pieces)."""

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
    BUILT_GROW = 50.0
    """How much taller a building played may be drawn where the board leaves room beside the
    charters or under the hand (the players panel stretches into it: `board_tree`): the effect
    in more lines."""

    @classmethod
    def players_sizes(cls, n: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The players panel of `n` players: each in two lines (the name over the buildings, as
        wide as the charters' column), or in one (the name beside them: wider and lower)."""
        stacked = 38 + n * (cls.PLAYER_HEAD_H + 4 + cls.BUILT_H + 10)
        wide = 38 + n * (cls.BUILT_H + 8)
        return (RIGHT_W, stacked), (cls.PLAYERS_WIDE_W, wide)

    def players_stretch(self, n: int) -> float:
        """How much taller than its least the players panel of `n` players may be drawn."""
        return n * self.BUILT_GROW

    def _show_players(self, view: dict, top: float, wide: bool = False) -> float:
        """Each player's name · cash, Partners (available or placed) and buildings held face down,
        over (or, `wide`, beside) the five Decades' buildings played, whole; as tall as the layout
        stretched the panel (its buildings taller). Returns the bottom of its least height."""
        n = int(view["players"])
        head_h, bw = self.PLAYER_HEAD_H, self.BUILT_W
        w, least = self.players_sizes(n)[1 if wide else 0]
        arr = self.arrangement
        laid = arr.rects.get("players") if arr is not None and bool(arr.variants.get("players")) == wide else None
        h = min(least + self.players_stretch(n), max(least, laid[3] if laid else least))
        self._players_h = h
        row = (h - 38) / n
        bh = self.BUILT_H + (h - least) / n
        self._panel("players", "Players", "one building played each Decade · hands stay secret",
                    RIGHT_X, top, w, h, note_short=("hands stay secret",))
        x0 = RIGHT_X + 12
        for seat in range(n):
            y = top + 36 + seat * row
            colour, mark = self._seat_look(seat)
            head = self.pooled(("seat-head", seat), lambda: Chip(self.HEAD_W, head_h))
            name = seen_by_viewer(self._names[seat], seat == self._me)
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
            held = fill_names(f"{seat_ref(seat)} holds {count(k, 'building')} in hand"  # ("You hold")
                              + (" and has picked" if picked else "") + " (secret)", self._names)
            back.set_building(None, "", "", "", held, era=1, empty=text, back=True,
                              empty_short=(f"{k}" + (" ✓" if picked else ""),))
            back.setPos(*((x0, y + bh - head_h) if wide else (RIGHT_X + w - 12 - back_w, y)))
            played = {int(d): int(b) for d, b in view["played"][seat]}
            bx, by = (x0 + self.HEAD_W + 10, y) if wide else (x0, y + head_h + 4)
            for d in range(1, 6):
                tile = self.pooled(("built", seat, d), lambda: BuildingTile(bw, bh))
                tile.resize(bw, bh)
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
        return top + least
