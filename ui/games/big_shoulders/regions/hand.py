"""The hand of the player at the screen: the buildings to choose from in the Building Phase."""

from __future__ import annotations

from PySide6.QtCore import Qt

from engine.core.contract import Action
from engine.games.big_shoulders.data import BUILDINGS
from ui.games.big_shoulders.items import HandTile
from ui.games.big_shoulders.regions.geometry import HALF_W, RIGHT_W, RIGHT_X
from ui.games.big_shoulders.words import building_text


class HandRegion:
    """The hand (a part of `BigShouldersScene`, which gives it the view, the names, the seat at the
    screen and the pool of pieces)."""

    HAND_TILE = (200.0, 96.0)

    def hand_sizes(self, view: dict) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The hand of the player at the screen in one row, or half as wide in two rows (room for
        the three a player holds while choosing); None if no hand is shown."""
        me = self._me
        if me is None or not isinstance(view["hands"][me], list) or view.get("viewer") != me:
            return None
        bh = self.HAND_TILE[1]
        return (RIGHT_W, 40 + bh + 8), (HALF_W, 40 + 2 * (bh + 8))

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
            play, drop = BUILDINGS[pick[0]].name, BUILDINGS[pick[1]].name
            note = f"you play the {play} and discard the {drop} (hidden until everyone has picked)"
            note_short = (f"play the {play}, discard the {drop}", f"play #{pick[0]}, discard #{pick[1]}")
        else:
            note = "only you see these"
        self._panel("hand", self._hand_title(me, half), note, RIGHT_X, top, w, h,
                    short=("Your hand",), note_short=note_short or ("only you",))
        colour, mark = self._seat_look(me)
        for i, bid in enumerate(hand):
            tile = self.pooled(("hand", me, bid), lambda: HandTile(bw, bh))
            marked = ""
            if isinstance(pick, list):
                marked = "play" if bid == pick[0] else "discard" if bid == pick[1] else ""
            elif self.to_play == bid:
                marked = "play"
            # no "era" note: the effect takes the whole tile, so it still reads on a board shown small
            tile.set_building(bid, colour, mark, "", building_text(bid), marked=marked)
            # (10 under the heading: a ring round a tile, drawn outside it, stays clear of the note)
            tile.setPos(RIGHT_X + 12 + (i % per_row) * (bw + 8), top + 40 + (i // per_row) * (bh + 8))
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
                status = f"Discard the {BUILDINGS[bid].name} and play the {BUILDINGS[self.to_play].name}"
            tile.set_target(act, act in self._legal, status)
            if act is not None and act in self._legal:
                self._by_action[act] = tile
        # every other pick of the hand is taken here too, so none falls to the Choices strip
        if choosing:
            self._pending = [a for a in self._pending if a.kind != "build"]
        return top + h
