""""Suggest a move" (Ctrl+H, the prompt bar's button): the Hard search's best three candidates
for the human at the screen, with their estimated win chances, on the board and in words.

The hint runs where AI decisions run (ui/services/ai_runner.py: a worker process, never the UI thread) and
sees only the seat's own view: the worker receives a determinization of it, as every AI does. It
answers within ARCHITECTURE §9's two seconds (ai.core.estimate.HINT_MS of thinking). An answer for a
position that has changed meanwhile (a decision, an undo, a load) is dropped. A hint shown is
recorded in the session (`Session.note_hint`), so the save keeps it and the end of the game says
who used how many. Hints can be turned off (the `hints_allowed` setting).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from engine.core.contract import Action
from engine.core.rng import Rng
from ui.board.marks import Mark, clear_marks, show_marks


def _hint_task():
    from ai.analysis import hint_task

    return hint_task


def percent(win: float) -> str:
    return f"{100 * win:.0f} %"


class Hinter(QObject):
    """Hints for one open game (its controller)."""

    shown = Signal(str)
    """The hint in words ("" when it is taken off the board)."""
    busy = Signal(bool)
    """True while a hint is being looked for."""

    def __init__(self, controller, runner, settings, parent: QObject | None = None):
        super().__init__(parent)
        from ai.core.estimate import HINT_MS

        self.controller = controller
        self.runner = runner
        self.settings = settings
        self.think_ms = HINT_MS
        self.pending: int | None = None  # the generation a hint is being looked for at
        self.showing: int | None = None  # the generation whose hint is on the board
        self.text = ""
        self.candidates: list[tuple[Action, float]] = []
        self.unmarked: list[Action] = []
        """Candidates with no piece on the board (said only in words)."""
        controller.changed.connect(self._position_changed)

    # -- when a hint may be asked ---------------------------------------------------------------
    def refusal(self) -> str | None:
        """Why no hint can be asked now, or None."""
        c = self.controller
        if not self.settings.get("hints_allowed"):
            return "Hints are turned off (Edit → Preferences → Allow hints, or Game → Allow hints)."
        if c.closed or c.session.is_over():
            return "The game is over."
        if c.curtain_up:
            return ""
        if c.confirm_pending():
            return "Your turn is done: confirm it (Enter) or undo a decision (Ctrl+Z)."
        if not c.human_to_move():
            mover = c.session.to_move()
            return f"A hint is for your own turn; it is {c.session.names[mover]}'s turn." if mover >= 0 else ""
        if len(c.legal) < 2:
            return "There is only one choice here."
        if self.pending is not None:
            return "Still looking for a good move…"
        return None

    def ask(self) -> bool:
        """Look for a hint for the human to move; False (with the reason in the status bar) if
        none can be asked now."""
        c = self.controller
        reason = self.refusal()
        if reason is not None:
            if reason:
                c.status.emit(reason)
            return False
        if self.showing == c.generation:
            self.shown.emit(self.text)  # already on the board: say it again
            return True
        session = c.session
        seat = session.to_move()
        n = len(session.log)
        dealt = session.state.determinize(seat, Rng.derive(session.seed, "hint-deal", n))
        seed = Rng.derive(session.seed, "hint", n).next64() >> 12
        gen = self.pending = c.generation
        self.busy.emit(True)
        self.runner.call(_hint_task(), (session.spec.id, dealt.to_data(), seat, seed, self.think_ms),
                         lambda result: self._done(gen, seat, result))
        return True

    # -- the answer ------------------------------------------------------------------------------
    def _done(self, gen: int, seat: int, result) -> None:
        from shiboken6 import isValid

        if not isValid(self):  # the game was closed while the worker thought
            return
        self.pending = None
        self.busy.emit(False)
        c = self.controller
        if c.closed or gen != c.generation or c.curtain_up or not c.human_to_move():
            return  # the position changed meanwhile: this hint is for a position no longer there
        if isinstance(result, Exception):
            c.status.emit(f"No hint this time ({result}).")
            return
        try:
            cands = [(Action.from_dict(d["action"]), float(d["win"])) for d in result["candidates"]]
            calibrated = bool(result.get("calibrated"))
        except (KeyError, TypeError, ValueError) as exc:
            c.status.emit(f"No hint this time ({exc}).")
            return
        cands = [(a, w) for a, w in cands if a in c.legal]
        if not cands:
            return
        self.candidates = cands
        c.session.note_hint(seat)
        self.showing = gen
        self.text = self.words(cands, calibrated)
        marks = [Mark(a, f"{i}" + (f" · {percent(w)}" if calibrated else ""), "hint", words)
                 for i, ((a, w), words) in enumerate(zip(cands, self.lines(cands, calibrated), strict=True), start=1)]
        self.unmarked = [m.action for m in show_marks(c.scene, marks)]
        self.shown.emit(self.text)
        c.status.emit(self.text)

    def lines(self, cands: list[tuple[Action, float]], calibrated: bool) -> list[str]:
        """Each candidate in words: "1. Acquire Amazin for $19 (54 % to win)"."""
        session = self.controller.session
        parts = []
        for i, (a, w) in enumerate(cands, start=1):
            try:
                label = session.label(a)
            except Exception:  # noqa: BLE001 - a label is cosmetic
                label = str(a)
            parts.append(f"{i}. {label}" + (f" ({percent(w)} to win)" if calibrated else ""))
        return parts

    def words(self, cands: list[tuple[Action, float]], calibrated: bool) -> str:
        head = "Suggested" if calibrated else "Suggested (win chances not measured for this game)"
        return f"{head}: " + "; ".join(self.lines(cands, calibrated))

    def _position_changed(self) -> None:
        c = self.controller
        if self.showing is not None and self.showing != c.generation:
            self.clear()

    def clear(self) -> None:
        """Take the hint off the board (the position changed)."""
        self.showing = None
        self.text = ""
        self.candidates = []
        clear_marks(self.controller.scene)
        self.shown.emit("")
