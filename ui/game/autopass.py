"""Pass until the next phase: where the rules let a player pass for the rest of a
phase, the prompt offers "Pass until the next phase"; once chosen, each of that player's turns
in the phase is passed for them (a moment after it begins, so the pass is seen), until the phase
ends, or at once if the player changes their mind ("Stop passing", Esc, or any decision of
their own).

Which phases allow it is each game's rule: its ui package's `auto_pass(view, legal)` names the
phase and the pass, and `pass_phase(view)` the phase the game is in (City of the Big Shoulders'
Stock Phase; the other four games have no pass for the rest of a phase: their rules texts give
every turn a decision to make). A pass is taken through the same path as a click, so it is
validated, logged and undone like any other; in a hot-seat game it is taken once its player is
at the screen (the curtain is theirs to lift)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

AUTO_PASS_MS = 400
"""How long a passed turn shows before the pass is taken (the player sees whose turn it was)."""


class AutoPass(QObject):
    """Auto-pass for the humans of one game: `offer()`, `arm()`, `cancel()`."""

    changed = Signal()
    """Armed, cancelled or ended: the window's prompt and status change."""

    def __init__(self, controller, game, parent: QObject | None = None):
        super().__init__(parent)
        self.controller = controller
        self.game = game
        self.armed: dict[int, tuple] = {}  # seat -> (phase key, phase name)
        self._taking: tuple | None = None  # (seat, log length) of a pass scheduled
        self._ours = 0  # log length after the last pass taken for the player
        controller.changed.connect(self._follow)

    def offer(self) -> tuple[tuple, str, object] | None:
        """(phase key, phase name, pass) if the human to move may pass until the next phase now."""
        c = self.controller
        if not c.human_to_move() or c.viewer in self.armed:
            return None
        try:
            return self.game.auto_pass(c.view, c.legal)
        except Exception:  # noqa: BLE001 - an offer is a convenience: never lose the window over it
            return None

    def arm(self) -> bool:
        """"Pass until the next phase": pass now, and at each of this player's turns in the phase."""
        offer = self.offer()
        if offer is None:
            return False
        key, name, passing = offer
        self.armed[self.controller.viewer] = (key, name)
        self.changed.emit()
        self._pass(passing)
        return True

    def cancel(self, why: str = "") -> bool:
        """The player changed their mind (or the phase ended): no more passes for them."""
        seat = self.controller.viewer
        if seat not in self.armed:
            return False
        name = self.armed.pop(seat)[1]
        self._taking = None
        self.changed.emit()
        self.controller.status.emit(why or f"Auto-pass stopped: you choose again in the {name}.")
        return True

    def is_armed(self, seat: int | None = None) -> bool:
        return (self.controller.viewer if seat is None else seat) in self.armed

    def phase_name(self) -> str:
        return self.armed.get(self.controller.viewer, ((), ""))[1]

    # -- following the game ----------------------------------------------------------------------
    def _follow(self) -> None:
        c = self.controller
        if c.closed or not self.armed:
            return
        session = c.session
        last = session.log[-1] if session.log else None
        # a decision of their own, not ours: they changed their mind
        if last is not None and last.action.seat in self.armed and not last.by_ai \
                and len(session.log) != self._ours and self._taking is None:
            seat = last.action.seat
            if seat == c.viewer:
                self.cancel("Auto-pass stopped: you made a decision of your own.")
            else:
                self.armed.pop(seat, None)
                self.changed.emit()
            return
        now = self.game.pass_phase(c.view)
        for seat, (key, name) in list(self.armed.items()):
            if key != now:  # the phase ended: the next one asks the player again
                del self.armed[seat]
                self.changed.emit()
                if seat == c.viewer:
                    c.status.emit(f"The {name} ended: auto-pass is off.")
        if not c.human_to_move() or c.viewer not in self.armed:
            return
        key, name = self.armed[c.viewer]
        offer = self.game.auto_pass(c.view, c.legal)
        if offer is None or offer[0] != key:  # no pass open now (e.g. over the certificate limit)
            self.armed.pop(c.viewer)
            self.changed.emit()
            c.status.emit(f"Auto-pass stopped: you cannot pass now, so you choose in the {name}.")
            return
        self._schedule(offer[2])

    def _schedule(self, passing) -> None:
        c = self.controller
        token = (c.viewer, len(c.session.log))
        if self._taking == token:
            return
        self._taking = token

        def take() -> None:
            if self._taking != token or c.closed or not c.human_to_move() or c.viewer != token[0] \
                    or len(c.session.log) != token[1] or token[0] not in self.armed:
                return
            self._pass(passing)

        QTimer.singleShot(AUTO_PASS_MS, take)

    def _pass(self, passing) -> None:
        c = self.controller
        self._taking = (c.viewer, len(c.session.log))
        name = c.session.names[c.viewer]
        taken = c.take(passing)
        self._taking = None
        if taken:
            self._ours = len(c.session.log)
            c.status.emit(f"{name} passes (auto-pass until the {self.armed.get(passing.seat, ((), 'phase'))[1]} ends).")
            if c.confirm_pending():
                c.confirm_turn()  # chosen for the whole phase: nothing to take back turn by turn
        else:
            self.armed.pop(passing.seat, None)
            self.changed.emit()
