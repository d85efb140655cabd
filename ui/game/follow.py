"""Following the other players' moves for the person at the screen.

The `Follower` watches one game's controller. After every redraw it compares the board's pieces
with how they looked before (ui/board/changes.py), so it knows which pieces each decision
changed. With that it

- rings the piece an AI just moved, in the AI's colour with its mark (the "moved" ring; at the
  Step pace it stays until the next decision, else it fades);
- when a human's turn begins, marks every piece the other players changed since that human's own
  last turn (the "since" ring, with the mark of whose doing it was) until the human acts, and
  keeps a "Since your turn" report: the other players' decisions grouped by player, in plain
  words, each line with the pieces it changed, so that pointing at a line rings them.

**Only what the player may see.** A human's "since your turn" compares two pictures of the board
*as that human sees it*: at the end of their last turn and at the start of this one. They are
drawn on a shadow board of the follower's own (the same game's scene, never shown, with no
choice highlighted), from `view(seat)` of that seat only, so in hot-seat play nothing another
human saw in between, nor what the curtain showed, enters them. The words are the log's events
rendered for that seat (`Event.render(names, seat)`, as the log does with `visible_to`), and a
line rings only pieces that changed in that seat's own picture.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QTimer, Signal

from engine.core.contract import CHANCE
from ui.board import style
from ui.board.changes import Looks, changed_keys, looks
from ui.board.spotlight import Look, spotlight

MOVED_FADE_MS = {"slow": 3000, "normal": 1600, "fast": 800, "step": 0, "instant": 0}
"""How long the ring of an AI's move stays, by AI pace (0: until the next decision)."""


@dataclass
class Line:
    """One decision of another player, in words, with the pieces it changed."""

    seat: int
    """Whose decision (or, for a draw or a roll, whose decision it followed; -1: the game's)."""
    text: str
    keys: frozenset = frozenset()


@dataclass
class Report:
    """What happened since `seat`'s last turn, as `seat` may see it."""

    seat: int
    lines: list[Line] = field(default_factory=list)
    changed: dict = field(default_factory=dict)
    """Piece key -> the seat whose decision changed it last."""

    def groups(self) -> list[tuple[int, list[Line]]]:
        """The lines by player, in the order the players moved."""
        order: dict[int, list[Line]] = {}
        for line in self.lines:
            order.setdefault(line.seat, []).append(line)
        return list(order.items())


class Follower(QObject):
    """Follows one controller's game for the person at the screen (see the module doc)."""

    report_ready = Signal(object)
    """A human's turn began: the `Report` of what happened since their last turn."""
    acted = Signal()
    """The human acted: the "since your turn" marks are gone."""

    def __init__(self, controller, settings, parent: QObject | None = None):
        super().__init__(parent)
        self.controller = controller
        self.settings = settings
        self.scene = controller.scene
        self.spot = spotlight(self.scene)
        self.unmarked = self.scene.unmarked
        self.report: Report | None = None
        """The last report (kept after the human acted, for the list)."""
        self.marking = False
        """True while the "since your turn" marks are on the board."""
        session = controller.session
        self._seen = len(session.log)
        self._keys: dict[int, frozenset] = {}  # log index -> keys its step changed
        self._bases: dict[int, list[tuple[int, object]]] = {}
        """seat -> [(log length, state)] after each of its decisions: the last one standing is
        where its "since your turn" starts (an undo takes the ones it undid away)."""
        self._steps: list[tuple] = []  # (from, to, state after, seat, keys or None: to draw) to follow
        self._board: Looks = looks(self.scene)  # the real board's pieces after the last change
        self._last: tuple[object, int | None, Looks | None] = (session.state.copy(), self._seat(), None)
        self._turn_of: int | None = None  # the human whose turn is on (their report made)
        self._scheduled = False
        self._shadow = None
        self._closed = False
        self.humans = controller.human_seats()
        for seat in self.humans:
            self._take_base(seat)
        controller.changed.connect(self._on_changed)

    def close(self) -> None:
        self._closed = True
        self.spot.clear()
        if self._shadow is not None:
            self._shadow.deleteLater()
            self._shadow = None

    def _seat(self) -> int | None:
        """Whose view the screen shows (None: a spectator's, behind a hot-seat curtain)."""
        c = self.controller
        return c.shown_seat()

    # -- the shadow board ----------------------------------------------------------------------
    def _picture(self, state, seat: int | None) -> Looks:
        """The board as `seat` sees `state`, drawn on the shadow board with nothing highlighted.
        Whose turn it is counts as nobody's change: every picture is drawn with the same seat to
        move (a mat's "to move" flag, a line naming the player whose turn it is)."""
        if self._shadow is None:
            from ui.game.controller import game_ui

            self._shadow = game_ui(self.controller.session.spec.id).make_scene()
            self._shadow.set_animation_speed(0)
        view = state.view(seat)
        mover = view.get("to_move")
        steady = dict(view, to_move=seat if seat is not None else 0)
        if "current" in view and view["current"] == mover:
            steady["current"] = steady["to_move"]
        names = self.controller.session.names
        try:
            self._shadow.show(steady, [], names, seat)
        except Exception:  # noqa: BLE001 - a board that cannot draw that: the view as it is
            self._shadow.show(view, [], names, seat)
        return looks(self._shadow)

    def _take_base(self, seat: int) -> None:
        """Remember the game as it is after a decision of `seat` (or when the game opened): a
        copy of the state, drawn only when the seat's next turn begins."""
        session = self.controller.session
        bases = self._bases.setdefault(seat, [])
        bases.append((len(session.log), session.state.copy()))
        floor = session.undo_floor()
        while len(bases) > 1 and bases[1][0] <= floor:  # older ones can never come back
            bases.pop(0)

    def _wanted(self) -> bool:
        """Whether steps are drawn at all: a game watched at the Instant pace with nobody to tell
        what changed (all AI) skips them."""
        return bool(self.humans) or self.settings.get("ai_speed") != "instant"

    # -- after every redraw ----------------------------------------------------------------------
    def _on_changed(self) -> None:
        if self._closed or self.controller.closed:
            return
        c = self.controller
        session = c.session
        n = len(session.log)
        board = looks(self.scene)
        if n > self._seen:
            self._note_decisions(self._seen, n)
            if self._wanted():
                # an AI's decision at a pace that shows it: drawn on the shadow board, with the
                # turn marker held steady, so its ring is on what it changed and nothing else;
                # any other (a human's own, or the Instant pace's): what changed on the real board
                paced = self.settings.get("ai_speed") != "instant" and any(e.by_ai for e in session.log[self._seen:n])
                keys = None if paced else frozenset(changed_keys(self._board, board, self.unmarked))
                self._steps.append((self._seen, n, session.state.copy(), self._seat(), keys))
        elif n < self._seen:  # undone
            for i in range(n, self._seen):
                self._keys.pop(i, None)
            for bases in self._bases.values():
                while len(bases) > 1 and bases[-1][0] > n:
                    bases.pop()
            self._steps = [step for step in self._steps if step[1] <= n]
            self._last = (session.state.copy(), self._seat(), None)
            self.spot.clear("moved")
        self._seen, self._board = n, board
        self.spot.follow()
        # the pictures are drawn on the next pass of the event loop: the board of the decision
        # paints first, and nothing of the decision waits for them
        if not self._scheduled:
            self._scheduled = True
            QTimer.singleShot(0, self._catch_up)

    def _note_decisions(self, start: int, end: int) -> None:
        for entry in self.controller.session.log[start:end]:
            seat = entry.action.seat
            if seat < 0:
                continue
            if seat != self._turn_of:
                self._turn_of = None  # another player's decision: the turn shown is over
            if seat in self.humans and not entry.by_ai:
                self._human_acted(seat)

    def _catch_up(self) -> None:
        self._scheduled = False
        if self._closed or self.controller.closed:
            return
        steps, self._steps = self._steps, []
        for start, end, state, seat, keys in steps:
            self._draw_step(start, end, state, seat, keys)
        self._check_turn()

    def _draw_step(self, start: int, end: int, state, seat: int | None, keys: frozenset | None) -> None:
        if keys is None:
            before, before_seat, before_looks = self._last
            now = self._picture(state, seat)
            if before_looks is None or before_seat != seat:
                before_looks = self._picture(before, seat)
            keys = frozenset(changed_keys(before_looks, now, self.unmarked))
            self._last = (state, seat, now)
        else:
            self._last = (state, seat, None)  # the next picture starts from this state, drawn then
        for i in range(start, end):
            self._keys[i] = keys
        log = self.controller.session.log
        movers = [e for e in log[start:end] if e.action.seat >= 0]
        last = movers[-1] if movers else None
        pace = self.settings.get("ai_speed")
        if last is not None and last.by_ai and keys and pace != "instant" and self.settings.get("animations") \
                and end == len(log):
            who = last.action.seat
            mark = style.seat_marks(self.controller.session.names)[who]
            self.spot.show("moved", {k: Look("moved", style.seat_colour(who), mark) for k in keys},
                           fade_ms=MOVED_FADE_MS.get(pace, 1600))
        elif last is not None:
            self.spot.clear("moved")

    def _human_acted(self, seat: int) -> None:
        """A human decided: their "since your turn" marks go, and the game after this decision
        is where their next one starts."""
        if self.marking and self.report is not None and self.report.seat == seat:
            self.marking = False
            self.spot.clear("since")
            self.spot.clear("pointed")
            self.acted.emit()
        self._take_base(seat)

    def _check_turn(self) -> None:
        c = self.controller
        if not c.human_to_move() or self._turn_of == c.viewer:
            return
        seat = c.viewer
        self._turn_of = seat
        self.report = self._make_report(seat)
        self._mark(self.report)
        self.report_ready.emit(self.report)

    # -- the report ------------------------------------------------------------------------------
    def _make_report(self, seat: int) -> Report:
        session = self.controller.session
        bases = self._bases.get(seat)
        start, state = bases[-1] if bases else (len(session.log), None)
        report = Report(seat)
        changed = set()
        if state is not None:
            last_state, last_seat, last_looks = self._last
            now = last_looks if last_seat == seat and last_looks is not None and len(session.log) == self._seen \
                else self._picture(session.state, seat)
            changed = changed_keys(self._picture(state, seat), now, self.unmarked)
        names = session.names
        owner = -1
        for i in range(start, len(session.log)):
            entry = session.log[i]
            who = entry.action.seat
            if who >= 0:
                owner = who
            elif who == CHANCE:
                who = owner  # a draw or a roll belongs to the decision it followed
            if who == seat:
                continue
            words = [t for t in (ev.render(names, seat) for ev in entry.events) if t]
            if not words:
                continue
            keys = frozenset(self._keys.get(i, frozenset()) & changed)
            report.lines.append(Line(who, " ".join(words), keys))
            for k in keys:
                report.changed[k] = who
        for k in changed:  # a change no single step showed (made behind a hot-seat curtain)
            report.changed.setdefault(k, -1)
        return report

    def _mark(self, report: Report) -> None:
        marks = style.seat_marks(self.controller.session.names)
        looks_ = {key: Look("changed", style.seat_colour(who), marks[who]) if who >= 0
                  else Look("changed", style.NPC_GREY, "") for key, who in report.changed.items()}
        self.spot.show("since", looks_)
        self.marking = bool(looks_)

    def curtain(self) -> None:
        """A hot-seat curtain fell: the previous player's rings and report are theirs alone."""
        self.spot.clear("since")
        self.spot.clear("pointed")
        self.spot.clear("moved")
        self.marking = False
        self.report = None

    def point(self, line: Line | None) -> None:
        """Ring the pieces of `line` (a "since your turn" line under the mouse), or none."""
        if line is None or not line.keys:
            self.spot.clear("pointed")
            return
        self.spot.show("pointed", {k: Look("pointed") for k in line.keys})
