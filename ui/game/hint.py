""""Suggest a move" (Ctrl+H, the prompt bar's button): the Hard search's best three candidates
for the human at the screen, with their estimated win chances, on the board and in words, each
with its reason in the game's terms (ui/game/reasons.py: what its rollouts gain against the other
candidates'). Candidates the search cannot tell apart (the best's lead over them is less than
`SURE_Z` standard errors) are said to be about as good, with one win chance for them all; a seat
whose best chance is near certain either way is told it is far ahead or far behind instead of a
percentage (and, far behind, the moves are ranked by the points they gain).

The hint runs where AI decisions run (ui/services/ai_runner.py: a worker process, never the UI thread) and
sees only the seat's own view: the worker receives a determinization of it, as every AI does. It
answers within ARCHITECTURE §9's two seconds (ai.core.estimate.HINT_MS of thinking). An answer for a
position that has changed meanwhile (a decision, an undo, a load) is dropped. A hint shown is
recorded in the session (`Session.note_hint`), so the save keeps it and the end of the game says
who used how many. Hints can be turned off (the `hints_allowed` setting).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from engine.core.contract import Action
from engine.core.rng import Rng
from ui.board.marks import Mark, clear_marks, show_marks
from ui.game.reasons import SURE_Z, parts_of, reason_text
from ui.game.turn import TurnKind


def _hint_task():
    from ai.analysis import hint_task

    return hint_task


def percent(win: float) -> str:
    return f"{100 * win:.0f} %"


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One suggested move as the worker measured it (ai.analysis.hint_task)."""

    action: Action
    win: float
    z: float
    """How many standard errors the first suggestion's lead over this one is (0 for the first)."""
    reason: str
    """Why, in the game's words."""


def suggestions(result: dict, reason) -> tuple[list[Suggestion], bool, str]:
    """The suggestions in a worker's answer, whether its win chances are calibrated, and the
    seat's standing ("far ahead", "far behind" or ""); KeyError, TypeError or ValueError for an
    answer that is not one."""
    out = []
    for d in result["candidates"]:
        z = float(d.get("z", 0.0))
        out.append(Suggestion(Action.from_dict(d["action"]), float(d["win"]), z,
                              reason_text(parts_of(d.get("why")), reason)))
    standing = result.get("standing", "")
    if standing not in ("", "far ahead", "far behind"):
        raise ValueError("not a standing")
    return out, bool(result.get("calibrated")), standing


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
        self.suggested: list[Suggestion] = []
        self.standing = ""
        self.unmarked: list[Action] = []
        """Candidates with no piece on the board (said only in words)."""
        controller.changed.connect(self._position_changed)

    # -- when a hint may be asked ---------------------------------------------------------------
    def refusal(self) -> str | None:
        """Why no hint can be asked now, or None."""
        c = self.controller
        if not self.settings.get("hints_allowed"):
            return "Hints are turned off (Edit → Preferences → Allow hints, or Game → Allow hints)."
        if c.closed:
            return "The game is over."
        turn = c.turn_status()
        if turn.kind is TurnKind.CURTAIN:
            return ""
        if turn.kind in (TurnKind.OVER, TurnKind.CONFIRM):
            return turn.refusal  # what a click is answered with now
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
        from ui.games import game_ui

        try:
            moves, calibrated, standing = suggestions(result, game_ui(c.session.spec.id).reason)
        except (KeyError, TypeError, ValueError) as exc:
            c.status.emit(f"No hint this time ({exc}).")
            return
        moves = [m for m in moves if m.action in c.legal]
        if not moves:
            return
        c.session.note_hint(seat)
        self.show(moves, calibrated, standing)

    def show(self, moves: list[Suggestion], calibrated: bool, standing: str = "") -> None:
        """Put `moves` (legal now) on the board, marked, and in words: the hint shown."""
        c = self.controller
        self.suggested = moves
        self.standing = standing
        self.candidates = [(m.action, m.win) for m in moves]
        self.showing = c.generation
        self.text = self.words(moves, calibrated, standing)
        lines = self.lines(moves, calibrated, standing)
        marks = [Mark(m.action, self.badge(i, m, moves, calibrated, standing), "hint", words)
                 for i, (m, words) in enumerate(zip(moves, lines, strict=True), start=1)]
        self.unmarked = [m.action for m in show_marks(c.scene, marks)]
        self.shown.emit(self.text)
        c.status.emit(self.text.replace(":\n", ": ", 1).replace("\n", "; "))

    @staticmethod
    def alike(moves: list[Suggestion]) -> int:
        """How many of the first suggestions are about as good as the first (1: it stands alone)."""
        n = 1
        while n < len(moves) and moves[n].z < SURE_Z:
            n += 1
        return n

    def badge(self, i: int, m: Suggestion, moves: list[Suggestion], calibrated: bool, standing: str) -> str:
        """The mark's words on the board: its number, and its win chance where it says something
        ("≈" for the moves about as good as the first)."""
        if not calibrated or standing:
            return f"{i}"
        if self.alike(moves) > 1 and i <= self.alike(moves):
            return f"{i} · ≈ {percent(moves[0].win)}"
        return f"{i} · {percent(m.win)}"

    def lines(self, moves: list[Suggestion], calibrated: bool, standing: str = "") -> list[str]:
        """Each suggestion in words, with its reason: "1. Acquire Amazin for $19 (54 % to win): more
        points from company cards (+40 points)". The win chance is left out where the moves are
        about as good (the heading says it once) or the seat is far ahead or behind."""
        session = self.controller.session
        alike = self.alike(moves)
        parts = []
        for i, m in enumerate(moves, start=1):
            try:
                label = session.label(m.action)
            except Exception:  # noqa: BLE001 - a label is cosmetic
                label = str(m.action)
            chance = calibrated and not standing and not (alike > 1 and i <= alike)
            parts.append(f"{i}. {label}" + (f" ({percent(m.win)} to win)" if chance else "") + f": {m.reason}")
        return parts

    def words(self, moves: list[Suggestion], calibrated: bool, standing: str = "") -> str:
        """The whole hint in words, for the prompt bar: a heading, then a line for each move."""
        alike = self.alike(moves)
        if standing == "far ahead":
            head = "You are far ahead. Suggested"
        elif standing == "far behind":
            head = "You are far behind: the moves that gain the most points"
        elif not calibrated:
            head = "Suggested (win chances not measured for this game)"
        else:
            head = "Suggested"
        if alike > 1:
            which = " and ".join(str(i) for i in range(1, alike + 1)) if alike == 2 else f"1 to {alike}"
            head += f" ({which} are about as good" + (f", {percent(moves[0].win)} to win)"
                                                      if calibrated and not standing else ")")
        return f"{head}:\n" + "\n".join(self.lines(moves, calibrated, standing))

    def _position_changed(self) -> None:
        c = self.controller
        if self.showing is not None and self.showing != c.generation:
            self.clear()

    def clear(self) -> None:
        """Take the hint off the board (the position changed)."""
        self.showing = None
        self.text = ""
        self.candidates = []
        self.suggested = []
        self.standing = ""
        clear_marks(self.controller.scene)
        self.shown.emit("")
