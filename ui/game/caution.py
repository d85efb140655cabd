"""The coach of a player's first games of a title: before a move the search judges to cost a lot
is taken, it asks once, saying what the move risks in the game's words, with "Take it anyway"
and "Choose again".

As soon as the player at the screen is to choose between moves, their position is judged where
hints are (ai.analysis.caution_task on the AI worker, while the player thinks): from a
determinization of the player's own view, never the true state, so no word of a warning can tell
another player's secret. A move judged to lose CAUTION_LOSS points of win chance or more against
the best move found, and surely so (its paired difference is SURE_Z standard errors or more), is
costly. When the player makes a move (`intercepts`, asked by the controller), a costly one is held
and the question asked; any other is taken at once. It never blocks: a move made before the
judgement is done waits for it at most CAUTION_WAIT_MS, then is taken. It asks at most once per
position: a move made again after "Choose again" is taken.

The coach is on for the first FIRST_GAMES games of each title a player starts here (the
`coach_first_games` Preference, on by default; the `games_started` count), never in a lesson
(whose own coach speaks) nor in a game hosted elsewhere.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QMessageBox

from engine.core.contract import Action
from engine.core.rng import Rng

FIRST_GAMES = 3
"""The coach is on for a player's first this-many games of each title."""
CAUTION_MS = 1200
"""The judgement's thinking time, in milliseconds of wall-clock time (while the player thinks)."""
CAUTION_WAIT_MS = 2500
"""A move made before its position is judged waits at most this long, then is taken."""
KEPT = 8
"""Judgements kept, by position (an undo comes back to a position judged already)."""


def _task():
    from ai.analysis import caution_task

    return caution_task


def coached(settings, game_id: str) -> bool:
    """Whether the first games' coach is on for a new or continued game of `game_id`."""
    started = settings.get("games_started") or {}
    return bool(settings.get("coach_first_games")) and started.get(game_id, 0) <= FIRST_GAMES


def note_game_started(settings, game_id: str) -> None:
    """Count a game of `game_id` begun by the player (the coach's first games)."""
    started = dict(settings.get("games_started") or {})
    started[game_id] = min(started.get(game_id, 0) + 1, 1_000_000)
    settings.set("games_started", started)


class MoveCaution(QObject):
    """The first games' coach of one open game (its controller); see the module docstring."""

    asked = Signal(str)
    """The question was put: what the move risks, in words."""

    def __init__(self, controller, runner, parent_widget=None):
        super().__init__(controller)
        self.controller = controller
        self.runner = runner
        self.parent_widget = parent_widget
        self.think_ms: int | None = CAUTION_MS
        self.rollouts: int | None = None
        """A fixed number of rollouts instead of a time (reproducible: tests)."""
        self.wait_ms = CAUTION_WAIT_MS
        self.judged: dict[tuple, dict] = {}  # position -> {move: what the judgement says of it}
        self.judging: tuple | None = None  # the position being judged
        self.held: tuple | None = None  # (position, move) waiting for its judgement
        self.asked_at: set = set()  # positions where the question was put
        self.box: QMessageBox | None = None
        self.text = ""
        controller.changed.connect(self.look)

    # -- judging the positions ---------------------------------------------------------------------
    def _key(self) -> tuple:
        session = self.controller.session
        return len(session.log), session.state.state_hash()

    def _active(self) -> bool:
        c = self.controller
        return c.lesson is None and not c.closed and c.human_to_move() and len(c.legal) >= 2

    def look(self) -> None:
        """The position changed: judge it if the player is to choose (once per position)."""
        if self._active():
            key = self._key()
            if key not in self.judged and key != self.judging:
                self._judge(key)

    def _judge(self, key) -> None:
        session = self.controller.session
        seat = session.to_move()
        n = len(session.log)
        dealt = session.state.determinize(seat, Rng.derive(session.seed, "caution-deal", n))
        seed = Rng.derive(session.seed, "caution", n).next64() >> 12
        self.judging = key
        self.runner.call(_task(), (session.spec.id, dealt.to_data(), seat, seed, self.think_ms, self.rollouts),
                         lambda result, k=key: self._done(k, result))

    def _done(self, key, result) -> None:
        from shiboken6 import isValid

        if not isValid(self):
            return
        if self.judging == key:
            self.judging = None
        moves: dict = {}
        if isinstance(result, dict):
            for m in result.get("moves", []):
                try:
                    moves[Action.from_dict(m["action"])] = dict(m, best=result["best"])
                except (KeyError, TypeError, ValueError):
                    continue
        self.judged[key] = moves
        while len(self.judged) > KEPT:
            self.judged.pop(next(iter(self.judged)))
        held, self.held = self.held, None
        if held is not None and held[0] == key:
            self._decide(*held)

    # -- the controller's question ----------------------------------------------------------------
    def intercepts(self, action: Action) -> bool:
        """True if `action` (legal, the human's) is held: asked about, or waiting for its position's
        judgement (the coach then takes it with `controller.take_judged`); False to take it now."""
        if not self._active():
            return False
        if self.box is not None or self.held is not None:
            return True  # a question is open, or a move waits: a second one is not taken meanwhile
        key = self._key()
        if key in self.asked_at:
            return False  # asked once here already
        if key in self.judged:
            return self._costly(key, action)
        if self.judging != key:
            self._judge(key)
            if key in self.judged:  # answered at once (a worker in this thread)
                return self._costly(key, action)
        self.held = (key, action)
        self.controller.status.emit("Checking the move…")
        QTimer.singleShot(self.wait_ms, lambda k=key, a=action: self._late(k, a))
        return True

    def _costly(self, key, action) -> bool:
        said = self.judged[key].get(action)
        if said is None or not said.get("costly"):
            return False
        self.asked_at.add(key)
        self._ask(key, action, said)
        return True

    def _decide(self, key, action) -> None:
        """A held move, its position now judged: ask, or take it."""
        if key not in self.asked_at and self._costly(key, action):
            return
        self._go_on(key, action)

    def _late(self, key, action) -> None:
        """No judgement in time: the move is taken, as if nothing were wrong with it."""
        if self.held == (key, action):
            self.held = None
            self._go_on(key, action)

    # -- the question -------------------------------------------------------------------------------
    def words(self, action: Action, said: dict) -> str:
        """The question in words: the move, what it risks, and the move the search prefers."""
        session = self.controller.session
        try:
            best = session.label(Action.from_dict(said["best"]))
        except Exception:  # noqa: BLE001 - a label is cosmetic
            best = ""
        risk = said.get("words") or ""
        loss = float(said.get("loss", 0))
        out = [f"“{session.label(action)}” looks costly."]
        out.append(risk if risk else f"The search expects it to lower your chance to win by about {loss:.0f} points.")
        if best:
            out.append(f"It prefers: {best}.")
        return " ".join(out)

    def _ask(self, key, action, said) -> None:
        c = self.controller
        self.text = self.words(action, said)
        box = QMessageBox(self.parent_widget)
        box.setWindowTitle("Before you take it")
        box.setIcon(QMessageBox.Icon.Question)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(self.text)
        box.setInformativeText("In your first games of a title the coach asks once before a costly move "
                               "(Edit → Preferences → Coach my first games).")
        self.take_button = box.addButton("Take it anyway", QMessageBox.ButtonRole.AcceptRole)
        self.again_button = box.addButton("Choose again", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(self.again_button)
        box.setEscapeButton(self.again_button)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        self.box = box

        def answered(button) -> None:
            self.box = None
            box.deleteLater()
            if button is self.take_button:
                self._go_on(key, action)
            else:
                c.status.emit("Choose again: the move was not taken.")

        box.buttonClicked.connect(answered)
        c.status.emit(self.text)
        self.asked.emit(self.text)
        box.open()

    def _go_on(self, key, action) -> None:
        """Take the move, if the game is still where it was made. The status bar's "Checking the
        move…" (or the question) is over then: it says the move taken, or why it was not."""
        c = self.controller
        if c.closed:
            return
        if self._key() != key:
            c.status.emit("The move was not taken: the game moved on while it was checked.")
            return
        said = f"{c.session.names[action.seat]}: {c.undo_text(action)}"  # in the words of its position
        if c.take_judged(action):
            c.status.emit(said)
