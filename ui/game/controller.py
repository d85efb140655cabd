"""The game controller: owns the Session, turns scene intents into decisions, runs AI turns.

Flow (ARCHITECTURE §3, §5): a scene item emits `intent(action)`; if the action is legal for the human
to move, the controller applies it to the session, and the undo mirror (ui/game/undo.py) puts a
`DecisionCommand` for it on the `QUndoStack`; otherwise the reason (the turn's, ui/game/turn.py,
or the state's `illegal_reason`) goes to the status bar and nothing changes. Commands change the
session, never the scene: the scene follows the session through
`session.subscribe` -> `scene.show(view(viewer), legal, names, viewer)`.

The viewer is the human seat at the screen: the seat to move if it is human, else the last human
seat that moved (the first human seat at the start). When the viewer passes from one human to
another, the controller raises the hot-seat curtain and treats it as an undo barrier. The curtain
falls before anything is drawn for the new viewer, and while it is up the screen shows only what
a spectator sees (`shown_seat` is None): nothing behind it, in a dock floated out of the window
or in a frame painted before it, belongs to either player. Lifting it draws the viewer's view.

Confirm turn (ARCHITECTURE §3, the `confirm_turn` setting): when the human's decisions have passed the
move to an AI or to another human and those decisions can still be taken back, nothing goes on
until the player confirms: the AI does not start, the curtain does not fall, the screen keeps the
player's own view. A turn that ended in a draw or a roll (a barrier) asks nothing.

AI turns are paced as whole turns: the first decision of an AI's run shows after the speed
setting's pause, the rest follow quickly, so a turn of many small decisions stays short. At the
Step pace each AI decision, once made, waits (`held`) until the player asks for it (`step()`:
Space or the prompt's Next).

No click without a choice (the `only_choice` setting): when the human to move has a single legal
action that decides nothing (`only_choice`: it reveals nothing; Finish shipping with no goods),
the table takes it for them on the next turn of the event loop and says so in the status bar;
the undo mirror makes it part of the command of the player's decision before it, so that Undo
steps back over it to their last real decision, and a lone one (the turn began with it) is no
command at all (taking it back would only bring the same single choice again). One that brings a
draw or a roll ends what can be taken back, so after a decision of the player's that can still be
undone it waits, with Confirm turn on, for the turn's confirmation (nothing is left to decide).

A card drawn in secret for the player at the screen (`drawn_unseen`) is shown to them, and only
them, before the hot-seat curtain falls for the next player: the screen waits for them as for a
confirmation, whatever the Confirm turn setting.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from ai.core.request import ai_request
from engine.core.contract import CHANCE, Action, State
from engine.core.errors import IllegalAction, reason_of
from engine.core.session import Session
from ui.game.turn import MOVER_AI, MOVER_HERE, MOVER_ONLINE, TurnFacts, TurnStatus, idle_on, turn_status
from ui.game.undo import UndoMirror, Window
from ui.services.plain_text import tip_text
from ui.services.settings import LATE_MOTION

_executor = None


def _autosave_executor():
    """One background thread for autosaves: writes stay in order, the UI never waits on disk."""
    global _executor
    if _executor is None:
        from concurrent.futures import ThreadPoolExecutor

        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
    return _executor


def _write_in_background(data: bytes, path) -> None:
    """The file half of an autosave, on the autosave thread. It holds no Qt object, so nothing
    of Qt is ever released here (garbage is collected on the GUI thread: ui/app/gc_guard.py)."""
    from saves.store import write_encoded

    write_encoded(data, path)


def _write_autosave(session: Session) -> None:
    from saves.autosaving import autosave

    autosave(session)


def ai_pause_ms(first_of_turn: bool, turn_elapsed_ms: int, delay_ms: int, turn_ms: int) -> int:
    """How long after an AI starts thinking its decision may be shown (AI speed, ARCHITECTURE §9).

    The first decision of a turn waits the full `delay_ms`, so the player sees who moves; each
    later one a quarter of it, so the eye can follow the steps, but only while the turn stays
    within `turn_ms` (its paced time, ui/settings.paced_ms); after that, decisions show as soon as
    they are made (and move quicker: ui/settings.LATE_MOTION)."""
    if first_of_turn:
        return delay_ms
    return max(0, min(delay_ms // 4, turn_ms - turn_elapsed_ms))


HURRY_FRAME_MS = 50
"""Once an AI's turn has spent its paced time, its remaining decisions come as fast as it makes
them; the board is drawn at most this often meanwhile (and at once when the turn ends), since
drawing every one would carry a long turn (a Victory Through Industry turn has up to 30
decisions) past its time (ARCHITECTURE §9)."""


@dataclass(frozen=True, slots=True)
class OnlyChoice:
    """A seat's single legal action, which decides nothing (`only_choice`)."""

    action: Action
    draws: bool
    """A chance outcome (a draw, a roll) follows it: taking it ends what can be undone."""


def only_choice(state: State, seat: int) -> OnlyChoice | None:
    """`seat`'s step now if it decides nothing, else None: exactly one legal action, and taking
    it reveals no hidden information (a reveal is a barrier a player takes knowingly). Whether a
    draw follows it is said, not refused: a draw the rules bring after a forced step is no choice
    either, only the end of the undo window."""
    if seat < 0 or state.to_move() != seat:
        return None
    legal = state.legal_actions(seat)
    if len(legal) != 1 or state.reveals(legal[0]):
        return None
    after = state.copy()
    after.apply_unchecked(legal[0])
    return OnlyChoice(legal[0], after.to_move() == CHANCE)


def game_ui(game_id: str):
    """The ui package of a game (a seam the tests can replace)."""
    from ui.games import game_ui as _game_ui

    return _game_ui(game_id)


class GameController(QObject):
    """One open game: session, scene, undo stack and AI turns."""

    changed = Signal()
    """After every session change (the scene has been updated already)."""
    status = Signal(str)
    """A short message for the status bar (refusal reasons, AI errors, autosave trouble)."""
    curtain = Signal(int)
    """Control passed to another human seat: hide the board until that player confirms."""
    thinking = Signal(object)
    """The AI seat now thinking, or None when it has finished."""
    game_over = Signal()
    """The game reached its end (emitted once per arrival at the end)."""
    stepping = Signal(object)
    """At the Step pace: the AI seat whose decision waits for `step()`, or None once it is shown."""
    refused = Signal(object, str)
    """A click or prompt choice was refused: the action, and the reason the status bar shows."""

    def __init__(self, session: Session, scene, runner, settings, autosave: bool = True,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.session = session
        self.scene = scene
        self.runner = runner
        self.settings = settings
        self.autosave_enabled = autosave
        self.undo_stack = QUndoStack(self)
        self.undo_mirror = UndoMirror(self.undo_stack, session, self._takeback, self.undo_text)
        """Keeps the undo stack equal to what the player may take back (ui/game/undo.py)."""
        self.generation = 0
        """Bumped on every session change; an AI answer for an older generation is dropped."""
        self.closed = False
        self.curtain_up = False
        self.ai_seat: int | None = None  # the AI seat whose answer is awaited
        self.view: dict = {}
        self.legal: list[Action] = []
        self.saved_length: int | None = None  # log length at the last explicit save/load
        self._ai_timer_pending = False
        self._ai_started = 0.0
        self._ai_turn_started = 0.0
        self._ai_first_of_turn = True
        self._confirmed_at = -1  # the log length at which the human last confirmed a turn
        self._autosave_pending = False
        self._autosave_future = None  # the autosave being written on the autosave thread
        self._autosave_reported = None  # the last written autosave whose outcome was said
        self._over_announced = False
        self._ai_late = False  # the AI decision being shown comes after its turn's paced time
        self._hurrying: int | None = None  # that AI's seat while such a decision is applied
        self._refresh_pending = False  # a redraw is due within HURRY_FRAME_MS
        self.held: tuple | None = None  # Step pace: (gen, seat, result) of a decision not yet shown
        self._only: tuple[tuple, OnlyChoice | None] = ((), None)  # (position key, its only choice)
        self._only_pending = False  # a look for an only choice to take is scheduled
        self._drawn: tuple[tuple, list[str]] = ((), [])  # (position key, drawn_unseen)
        self.caution = None
        """The first games' coach (ui/game/caution.py) while it is on: it may hold a costly move
        to ask before it is taken."""
        self.lesson = None
        """A lesson's `engine.core.tutorial.Tutor` while one runs (ui/tutorial): it vets the
        learner's moves, no turn waits for confirmation (the lesson says what comes next), and
        the AIs wait while the learner reads what a choice did (`holds`)."""
        self.online_record = None
        """The record of an online game hosted here (ui/online/gui/shell.py): its host saves it."""
        humans = self.human_seats()
        mover = session.to_move()
        if mover >= 0 and mover in humans:
            self.viewer: int | None = mover
        else:
            self.viewer = humans[0] if humans else None
        session.subscribe(self._on_session_changed)
        scene.intent.connect(self._on_intent_signal)
        scene.explain = self.refusal  # hover text of a piece that is not a legal choice
        scene.idle_click.connect(self.on_idle_click)
        scene.set_animation_speed(settings.animation_factor)

    @property
    def local(self) -> GameController:
        """This game is played here: every capability of `ui.game.driver.LocalPlay` is this
        controller's own (a game hosted elsewhere has None)."""
        return self

    # -- queries ------------------------------------------------------------------------------
    def human_seats(self) -> list[int]:
        """The seats of the people at this screen (not AIs, not players online elsewhere)."""
        return [i for i, s in enumerate(self.session.seats) if not s.is_ai and not s.is_online]

    def elsewhere(self, seat: int) -> bool:
        """`seat` decides away from this screen: an AI, or a player online (ARCHITECTURE §12)."""
        info = self.session.seats[seat]
        return info.is_ai or info.is_online

    def shown_seat(self) -> int | None:
        """The seat whose view the screen shows: the viewer's, or a spectator's (None) while the
        curtain is up."""
        return None if self.curtain_up else self.viewer

    def hotseat(self) -> bool:
        """Several humans share the screen."""
        return len(self.human_seats()) > 1

    def human_to_move(self) -> bool:
        """True when the seat to move is the human at the screen, the board is not curtained and
        there is a decision to make (not a step that decides nothing, which the table takes at
        once: `_only_choice_to_take`)."""
        return self._viewer_to_move() and self._only_choice_to_take() is None

    def _viewer_to_move(self) -> bool:
        mover = self.session.to_move()
        return (mover >= 0 and not self.elsewhere(mover) and mover == self.viewer
                and not self.curtain_up)

    def confirm_pending(self) -> bool:
        """The human has finished a turn that can still be taken back: the game waits for
        `confirm_turn()` (or an undo) before an AI moves or the screen passes on. Never while the
        curtain is up: only the player themselves, at the screen, confirms their turn."""
        return not self.curtain_up and self._turn_unconfirmed()

    def _turn_unconfirmed(self) -> bool:
        """The viewer's finished turn waits for its confirmation (curtain or not): a turn that can
        still be taken back (with Confirm turn on), or, whatever the setting, a card drawn for
        them in secret that they have not seen before the screen passes to another player here."""
        if self.closed or self.viewer is None or self.lesson is not None:
            return False
        session = self.session
        mover = session.to_move()
        if mover < 0 or len(session.log) == self._confirmed_at:
            return False
        if mover != self.viewer and not self.elsewhere(mover) and self.drawn_unseen():
            return True
        if not self.settings.get("confirm_turn"):
            return False
        if mover == self.viewer:  # only a step that brings a draw is left: the turn is done
            only = self.only_choice_now()
            return only is not None and only.draws and self._decided_since_barrier()
        last = session.log[-1] if session.log else None
        return (session.can_undo() and last is not None and last.action.seat == self.viewer
                and not last.by_ai and self._decided_since_barrier())

    def _decided_since_barrier(self) -> bool:
        """The undo window since the last confirmation holds a decision the viewer made (not
        only steps taken for them)."""
        session = self.session
        start = max(session.undo_floor(), self._confirmed_at)
        return any(not entry.only_choice and entry.action.seat == self.viewer for entry in session.log[start:])

    def drawn_unseen(self) -> list[str]:
        """What was drawn for the viewer alone since their last decision (a card into their
        hand: the log's lines only they may read), which the screen shows them, and only them,
        before the curtain falls for the next player (worked out once per position)."""
        session = self.session
        key = (self.generation, len(session.log), self.viewer)
        if self._drawn[0] != key:
            lines: list[str] = []
            for entry in reversed(session.log):
                if entry.action.seat == self.viewer:
                    break
                lines[:0] = [ev.render(session.names, self.viewer) or "" for ev in entry.events
                             if ev.visible_to is not None and ev.visible_to == self.viewer]
            else:
                lines = []  # the viewer has not decided yet: nothing is theirs to look back on
            self._drawn = (key, [line for line in lines if line])
        return self._drawn[1]

    # -- no click without a choice ---------------------------------------------------------------
    def takes_only_choices(self) -> bool:
        """Steps that decide nothing are taken for the human (the `only_choice` setting; never in
        a lesson, which says each step itself)."""
        return bool(self.settings.get("only_choice")) and self.lesson is None and not self.closed

    def only_choice_now(self) -> OnlyChoice | None:
        """The viewer's only choice in this position, if they are to move and it decides nothing
        and the setting takes such steps (worked out once per position)."""
        session = self.session
        mover = session.to_move()
        if not self.takes_only_choices() or mover < 0 or mover != self.viewer or self.elsewhere(mover):
            return None
        key = (self.generation, len(session.log), id(session.state))
        if self._only[0] != key:
            self._only = (key, only_choice(session.state, mover))
        return self._only[1]

    def _only_choice_to_take(self) -> OnlyChoice | None:
        """The viewer's only choice now if the table takes it: not while the turn waits for its
        confirmation (a step that brings a draw, after a decision that can still be undone) nor
        while the player steps through undo and redo (then it is theirs to click)."""
        only = self.only_choice_now()
        if only is None or self.undo_stack.canRedo() or self.confirm_pending():
            return None
        return only

    def _look_for_only_choice(self) -> None:
        """After a change: take the human's only choice on the next turn of the event loop (never
        inside a session listener, and after the board has settled on the position before it,
        as it would before a click)."""
        if self._only_pending or self.closed or not self.takes_only_choices():
            return
        self._only_pending = True
        QTimer.singleShot(0, self._take_only_choices)

    def _take_only_choices(self) -> None:
        """Take, one after another, the viewer's steps that decide nothing (see the module doc);
        the undo mirror puts each in the command of the decision before it."""
        self._only_pending = False
        session = self.session
        while not self.closed and self._viewer_to_move():
            only = self._only_choice_to_take()
            if only is None:
                return
            label = self.undo_text(only.action)
            try:
                session.apply(only.action, only_choice=True)
            except IllegalAction as exc:  # it was legal a moment ago; never crash over it
                self.status.emit(exc.reason)
                return
            self.status.emit(f"{session.names[only.action.seat]}: {label} (the only choice, taken for you).")

    def _judge_only_choices(self, window: list) -> None:
        """A continued or loaded game's undo window: which of its steps were only choices (a save
        does not keep it), so that Undo takes them back with the decision before them."""
        if not self.takes_only_choices():
            return
        session = self.session
        start = len(session.log) - len(window)
        for i, entry in enumerate(window):
            before = session.position_before(start + i)
            if before is not None:
                only = only_choice(before, entry.action.seat)
                entry.only_choice = only is not None and only.action == entry.action

    def confirm_turn(self) -> bool:
        """The human confirms the finished turn: its decisions are final (the undo stack is
        cleared), the AIs start or the curtain falls for the next human. False if nothing waits."""
        if not self.confirm_pending():
            return False
        self._confirmed_at = len(self.session.log)  # its decisions leave the undo mirror
        self.resume()
        return True

    def resume(self) -> None:
        """Redraw and go on (a setting changed, a turn was confirmed): an AI may start."""
        self.refresh()
        self._after_change()

    def state_hash(self) -> str:
        return self.session.state.state_hash()

    # -- lifetime -----------------------------------------------------------------------------
    def start(self) -> None:
        """Draw the first position and, if an AI is to move, start its turn.

        In a hot-seat game the board opens behind the curtain: whoever started or continued the
        game may not be the player whose cards the screen is about to show."""
        taken_back = self._undo_window()
        self._judge_only_choices(taken_back)
        if taken_back:  # theirs to undo (once they are at the screen, in a hot-seat game)
            self.viewer = taken_back[0].action.seat
        if self.hotseat() and self.viewer is not None and not self.session.is_over():
            self.curtain_up = True
            self.curtain.emit(self.viewer)
        self.refresh()
        self._after_change()

    def _undo_window(self) -> list:
        """The log entries a continued or loaded game can still take back: the human decisions
        since the last barrier, if they are all one human player's."""
        session = self.session
        window = session.log[session.undo_floor():]
        if not window or any(e.by_ai or e.action.seat != window[-1].action.seat for e in window):
            return []
        seat = window[-1].action.seat
        if not 0 <= seat < len(session.seats) or self.elsewhere(seat):
            return []
        return window

    def _takeback(self) -> Window:
        """What the player at the screen may take back now (the undo mirror's window): the
        session's undo window since their last confirmation, while it is all their own; None
        while the game is closed or the curtain is up (a change of human seat is a barrier,
        ARCHITECTURE §3) or the window holds another player's decisions."""
        if self.closed or self.curtain_up or self.viewer is None:
            return None
        session = self.session
        start = max(session.undo_floor(), self._confirmed_at)
        entries = session.log[start:]
        if any(e.by_ai or e.action.seat != self.viewer for e in entries):
            return None
        return list(enumerate(entries, start))

    def close(self) -> None:
        """Stop following the session: pending AI answers and timers become no-ops, and nothing
        can be taken back any more."""
        self.closed = True
        self.generation += 1
        self._after_change()

    # -- session -> scene ---------------------------------------------------------------------
    def _on_session_changed(self, session: Session) -> None:
        if self.closed:
            return
        self.generation += 1
        self._drop_held()
        if self._hurrying is not None and session.to_move() == self._hurrying:
            self._refresh_soon()  # the same AI goes on at once: drawn with its next decisions
        else:
            self.refresh()
        self._schedule_autosave()
        self._after_change()

    def _refresh_soon(self) -> None:
        """Draw the board within HURRY_FRAME_MS (once for every decision made meanwhile)."""
        if not self._refresh_pending:
            self._refresh_pending = True
            QTimer.singleShot(HURRY_FRAME_MS, self._refresh_late)

    def _refresh_late(self) -> None:
        if not self._refresh_pending or self.closed:
            return  # drawn already (the turn ended, an undo, a load)
        quick = self.settings.animation_factor > 0
        if quick:  # these decisions came after the turn's paced time: they move quicker
            self.scene.set_animation_speed(self.settings.animation_factor * LATE_MOTION)
        try:
            self.refresh()
        finally:
            if quick:
                self.scene.set_animation_speed(self.settings.animation_factor)

    def _update_viewer(self) -> bool:
        """Follow the human at the screen; True if the screen passes to another human."""
        mover = self.session.to_move()
        if mover < 0 or self.elsewhere(mover) or mover == self.viewer:
            return False
        if self._turn_unconfirmed():  # the screen stays with the player until they confirm
            return False
        previous, self.viewer = self.viewer, mover
        return previous is not None and self.hotseat()

    def refresh(self) -> None:
        """Redraw the scene and panels from the session for the current viewer."""
        self._refresh_pending = False
        if self.closed:
            return
        if self._update_viewer():
            # the curtain first: no frame may show the next player's view before it is up
            self.curtain_up = True
            self.curtain.emit(self.viewer)
        state = self.session.state
        shown = self.shown_seat()
        self.view = state.view(shown)
        mover = self.session.to_move()
        self.legal = list(state.legal_actions(mover)) if (mover >= 0 and mover == shown and not self.elsewhere(mover)
                                                          and not self._turn_unconfirmed()) else []
        confirming = self.viewer if self.confirm_pending() else None
        self.scene.show(self.view, self.legal, self.session.names, shown, confirming=confirming)
        self.changed.emit()

    def lift_curtain(self) -> None:
        """The new player is at the screen: show the board. A change of human seat is a
        barrier (ARCHITECTURE §3), so the previous player's decisions leave the undo stack."""
        if not self.curtain_up:
            return
        self.curtain_up = False  # the undo mirror shows the viewer's own take-back, if any
        self.refresh()  # the viewer's own view, now that they are at the screen
        self._after_change()

    def _after_change(self) -> None:
        """The one path after every change (of the session, the curtain, a confirmation, the
        controller's closing): the undo mirror follows it, then the game goes on."""
        self.undo_mirror.follow()
        if self.closed:
            return
        if self.session.is_over():
            if not self._over_announced:
                self._over_announced = True
                QTimer.singleShot(0, self._announce_over)
            return
        self._over_announced = False
        self._maybe_schedule_ai()
        self._look_for_only_choice()

    def _announce_over(self) -> None:
        if not self.closed and self.session.is_over():
            self.game_over.emit()

    # -- human decisions ----------------------------------------------------------------------
    def _on_intent_signal(self, action) -> None:
        # Handled on the next turn of the event loop: the scene may rebuild the very item whose
        # mouse handler emitted the intent, which must not happen inside that handler.
        QTimer.singleShot(0, lambda: self.on_intent(action))

    def on_intent(self, action: Action) -> bool:
        """A click on the board (or a prompt button): apply it if legal, else explain why.

        Returns True if the decision was applied."""
        if self.closed or not isinstance(action, Action):
            return False
        if self.curtain_up:
            return False
        reason = self.refusal(action)
        if reason is not None:
            self.status.emit(reason)
            self.refused.emit(action, reason)
            return False
        if self.caution is not None and self.caution.intercepts(action):
            return False  # the first games' coach judges it first (it takes it with take_judged)
        return self.take_judged(action)

    def take_judged(self, action: Action) -> bool:
        """Apply the human's move, legal and past the first games' coach (ui/game/caution.py)."""
        if self.closed or self.curtain_up or self.refusal(action) is not None:
            return False
        session = self.session
        # the undo menu names the decision in the words of the position it was taken in
        self.undo_mirror.note_label(len(session.log), action, self.undo_text(action))
        try:
            session.apply(action)
        except IllegalAction as exc:  # judged legal a moment ago; never crash over it
            self.status.emit(exc.reason)
            return False
        return True

    def turn_status(self) -> TurnStatus:
        """The turn now, for the prompt bar, the refusals and the idle hint (ui/game/turn.py)."""
        session = self.session
        mover = session.to_move()
        over = session.is_over()
        if mover < 0 or not self.elsewhere(mover):
            mover_is = MOVER_HERE
        else:
            mover_is = MOVER_AI if session.seats[mover].is_ai else MOVER_ONLINE
        return turn_status(TurnFacts(
            names=session.names, mover=mover, mover_is=mover_is,
            asked=lambda: game_ui(session.spec.id).prompt(self.view, self.legal, session.names),
            over=over, outcome=session.state.outcome() if over else None, viewer=self.viewer,
            curtain_up=self.curtain_up, held=self.held[1] if self.held is not None else None,
            confirming=self.confirm_pending(),
            drawn=self.drawn_unseen() if mover >= 0 and mover != self.viewer else ()))

    def refusal(self, action: Action) -> str | None:
        """Why a click on `action` would be refused now (what the status bar will say), or None if
        it would be taken. The board's hover text asks the same question, so hover and click
        always agree."""
        reason = self.turn_status().refusal
        if reason is None:
            reason = self.session.illegal_reason(action)
        if reason is None and self.lesson is not None:
            reason = self.lesson.vet(action)  # a legal move, but not the one the lesson teaches
        return reason

    def on_idle_click(self) -> None:
        """A click on the board where nothing takes a click: say what to do instead (nothing
        while the curtain is up: the click is the curtain's), by the piece clicked if it landed
        on one (as a refused choice is said: `refused` with no action), naming it."""
        if self.closed:
            return
        ref = self.scene.idle_piece
        piece = ref() if ref is not None else None
        what = tip_text(piece.toolTip()) if piece is not None else ""
        hint = idle_on(self.turn_status(), what)
        if hint:
            self.status.emit(hint)
            if piece is not None:
                self.refused.emit(None, hint)

    def idle_hint(self) -> str:
        """What a click on nothing is answered with: why nothing can be chosen now, or what the
        player is asked to choose (the prompt)."""
        return self.turn_status().idle

    def take(self, action: Action) -> bool:
        """The same as a board click (prompt-bar buttons)."""
        return self.on_intent(action)

    def apply_remote(self, action: Action) -> bool:
        """A decision of a player online, already judged by the host (ui/online/host.py): it is
        final (nobody here can undo it) and, like an AI's, ends the undo window."""
        if self.closed:
            return False
        try:
            self.session.apply(action, final=True)
        except IllegalAction as exc:  # judged legal a moment ago; never crash over it
            self.status.emit(exc.reason)
            return False
        self.status.emit(f"{self.session.names[action.seat]}: {self.undo_text(action)}")
        return True

    def undo_text(self, action: Action) -> str:
        try:
            return self.session.label(action)
        except Exception:  # noqa: BLE001
            return str(action)

    # -- AI turns -----------------------------------------------------------------------------
    def ai_to_move(self) -> bool:
        mover = self.session.to_move()
        return mover >= 0 and self.session.seats[mover].is_ai

    def _lesson_holds(self) -> bool:
        return self.lesson is not None and self.lesson.holds()

    def _maybe_schedule_ai(self) -> None:
        if self.closed or self._ai_timer_pending or self.ai_seat is not None or self.curtain_up:
            return
        if not self.ai_to_move() or self.confirm_pending() or self._lesson_holds():
            return
        self._ai_timer_pending = True
        gen = self.generation
        # On the next turn of the event loop (never inside a session listener); the AI speed
        # pause runs while the AI thinks, so a slow AI does not add its pause on top.
        QTimer.singleShot(0, lambda: self._run_ai(gen))

    def _run_ai(self, gen: int) -> None:
        self._ai_timer_pending = False
        if self.closed:
            return
        if gen != self.generation or not self.ai_to_move() or self.curtain_up or self.confirm_pending() \
                or self._lesson_holds():
            self._maybe_schedule_ai()
            return
        session = self.session
        seat = session.to_move()
        self._ai_first_of_turn = self._starts_a_turn(seat)
        # The worker sees a determinized copy only: hidden cards of the others are re-dealt.
        request = ai_request(session)
        self.ai_seat = seat
        self._ai_started = time.monotonic()
        if self._ai_first_of_turn:
            self._ai_turn_started = self._ai_started
        self.thinking.emit(seat)
        try:
            self.runner.request(session.spec.id, request.state_data, seat, request.level, request.seed,
                                self.settings.get("think_ms"),
                                lambda result: self._ai_done(gen, seat, result))
        except Exception as exc:  # noqa: BLE001 - e.g. the pool died: the fallback move below
            self._ai_done(gen, seat, exc)

    def _ai_done(self, gen: int, seat: int, result) -> None:
        """The AI has answered: show its move once the AI-speed pause has run out (at the Step
        pace: once the player asks for it)."""
        if self.closed:
            return
        if self.settings.get("ai_speed") == "step" and gen == self.generation:
            self.held = (gen, seat, result)
            self.thinking.emit(None)
            self.stepping.emit(seat)
            return
        elapsed = int((self._ai_started - self._ai_turn_started) * 1000)
        paced = self.settings.ai_paced_ms
        pause = ai_pause_ms(self._ai_first_of_turn, elapsed, self.settings.ai_delay_ms, paced)
        self._ai_late = not self._ai_first_of_turn and elapsed >= paced
        remaining = pause - int((time.monotonic() - self._ai_started) * 1000)
        if remaining > 0 and gen == self.generation:
            QTimer.singleShot(remaining, lambda: self._ai_apply(gen, seat, result))
        else:
            self._ai_apply(gen, seat, result)

    def step(self) -> bool:
        """Show the AI decision that waits at the Step pace (Space, Next); False if none waits."""
        held, self.held = self.held, None
        if held is None or self.closed:
            return False
        self.stepping.emit(None)
        self._ai_apply(*held)
        return True

    def _drop_held(self) -> None:
        """The game changed under a decision waiting at the Step pace (undo, load): it is stale,
        and the AI is asked again."""
        if self.held is not None:
            self.held = None
            self.ai_seat = None
            self.stepping.emit(None)

    def pace_changed(self) -> None:
        """The AI pace was changed: a decision waiting for Step goes on at once."""
        if self.held is not None and self.settings.get("ai_speed") != "step":
            self.step()
        self.scene.set_animation_speed(self.settings.animation_factor)

    def _starts_a_turn(self, seat: int) -> bool:
        """True unless `seat`'s AI also took the last decision (chance outcomes between count
        as part of its turn: a die it rolled, a card it drew)."""
        for entry in reversed(self.session.log):
            if entry.action.seat >= 0:
                return not (entry.by_ai and entry.action.seat == seat)
        return True

    def _ai_apply(self, gen: int, seat: int, result) -> None:
        self.ai_seat = None
        if self.closed:
            return
        self.thinking.emit(None)
        session = self.session
        if gen != self.generation or session.to_move() != seat:
            self._maybe_schedule_ai()  # the game changed meanwhile (undo, load): ask again
            return
        action = result if isinstance(result, Action) else None
        if action is None or session.illegal_reason(action) is not None:
            why = result if isinstance(result, Exception) else f"illegal choice {result}"
            self.status.emit(f"{session.names[seat]}'s AI failed ({why}); it plays a random legal move.")
            legal = session.legal_actions()
            action = session.ai_rng().choice(legal)
        label = self.undo_text(action)
        late, self._ai_late = self._ai_late, False
        quick = late and self.settings.animation_factor > 0
        if quick:  # the turn's paced time is spent: this decision's motion is quick too
            self.scene.set_animation_speed(self.settings.animation_factor * LATE_MOTION)
        # past the paced time of a shown pace, a decision after which the same AI goes on is
        # drawn with the next ones (_refresh_soon): drawing each would carry a long turn past its time
        shown_pace = self.settings.ai_turn_ms > 0
        self._hurrying = seat if late and shown_pace else None
        try:
            events = session.apply(action, by_ai=True)
        except IllegalAction as exc:  # cannot happen after the check above; never crash the UI
            self.status.emit(exc.reason)
            return
        finally:
            self._hurrying = None
            if quick:
                self.scene.set_animation_speed(self.settings.animation_factor)
        if any(ev.visible_to is not None and ev.visible_to != self.viewer for ev in events):
            # the choice names a secret of that seat (the Captain card it returns): say only
            # what this screen may read, as the log does
            said = (ev.render(session.names, self.viewer) for ev in events)
            self.status.emit(next((text for text in said if text), f"{session.names[seat]} made a secret choice."))
        else:
            self.status.emit(f"{session.names[seat]}: {label}")  # what the AI just did, in words

    # -- saving -------------------------------------------------------------------------------
    def _schedule_autosave(self) -> None:
        if not self.autosave_enabled or self._autosave_pending:
            return
        self._autosave_pending = True
        QTimer.singleShot(0, self._autosave)

    def _autosave(self) -> None:
        self._autosave_pending = False
        if self.closed or not self.autosave_enabled:
            return
        # Encode here (a few ms), write from a worker thread: the fsync of an atomic write costs
        # tens of ms, which the UI thread must not spend after every decision.
        from saves.autosaving import autosave_path
        from saves.store import encode_for_save

        path = autosave_path()
        try:
            data = encode_for_save(self.session, path)
        except Exception as exc:  # noqa: BLE001 - report, never lose the game over it
            self.status.emit(f"Autosave failed: {reason_of(exc)}")
            return
        self._report_autosave()
        self._autosave_future = _autosave_executor().submit(_write_in_background, data, path)
        # no done-callback: it would run on the worker thread holding a reference to this
        # QObject; the GUI thread checks the result itself, shortly after and at the next save
        QTimer.singleShot(250, self._report_autosave)

    def _report_autosave(self) -> None:
        future = self._autosave_future
        if future is None or not future.done() or self._autosave_reported is future:
            return
        self._autosave_reported = future
        exc = future.exception()
        if exc is not None and not self.closed:
            self.status.emit(f"Autosave failed: {reason_of(exc)}")

    def flush_autosave(self) -> None:
        """Wait for an autosave in progress (tests, closing)."""
        future = self._autosave_future
        if future is not None:
            try:
                future.result(timeout=10)
            except Exception:  # noqa: BLE001 - reported through the status bar already
                pass

    def autosave_now(self) -> None:
        """Write the autosave now, synchronously (also called when the window closes)."""
        if not self.autosave_enabled:
            return
        self.flush_autosave()
        try:
            _write_autosave(self.session)
        except Exception as exc:  # noqa: BLE001 - report, never lose the game over it
            self.status.emit(f"Autosave failed: {reason_of(exc)}")

    def is_modified(self) -> bool:
        return self.saved_length is None or self.saved_length != len(self.session.log)
