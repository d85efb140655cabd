"""What drives a game window: one protocol for a game played on this computer
(`ui.game.controller.GameController`) and for one hosted elsewhere
(`ui.online.gui.game.RemoteController`).

The window (ui/game/window.py) and what it holds (keyboard, hints, panels) ask a `GameDriver`
and nothing else of it. Both kinds of game show a seat's view, take that seat's decisions, say
why a click is refused and what the turn is (`turn_status`, ui/game/turn.py), and mirror what may
be taken back (`undo_stack`). What only a game whose session lives here can do (undo its
decisions, wait for Confirm turn, hold an AI's decision at the Step pace, bring down the hot-seat
curtain, autosave, hint, follow the others, teach a lesson) is `local`, a `LocalPlay`; a game
hosted elsewhere has its host do all that, and its `local` is None. The window checks `local`
by name where it needs one of those, never by probing the controller."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoStack

from engine.core.contract import Action
from ui.board.scene import GameScene
from ui.game.turn import TurnStatus


class SessionView(Protocol):
    """What the window reads of a game's session: the engine's `Session`, or, for a game hosted
    elsewhere, `RemoteSession` (the host's words for this seat)."""

    spec: object
    seats: list
    names: list[str]
    log: list
    state: object

    def to_move(self) -> int: ...

    def is_over(self) -> bool: ...

    def label(self, action: Action) -> str: ...


class LocalPlay(Protocol):
    """What only a game played on this computer has: its session is here."""

    refused: Signal
    """A click or prompt choice was refused: the action, and the reason (said by the piece)."""
    stepping: Signal
    """At the Step pace: the AI seat whose decision waits for `step()`, or None once shown."""
    curtain: Signal
    """Control passed to another person at this screen: hide the board until they lift it."""
    thinking: Signal
    """The AI seat now thinking, or None when it has finished."""
    ai_seat: int | None
    generation: int
    """Bumped on every change of the session (a hint for an older one is stale)."""
    held: tuple | None
    """At the Step pace, the AI decision that waits for `step()`."""
    lesson: object | None
    """A lesson's tutor while one runs (ui/tutorial)."""
    online_record: object | None
    """The record of an online game hosted here (ui/online/gui/shell.py), else None."""
    saved_length: int | None
    """The log's length at the last save or load (None: never saved)."""
    autosave_enabled: bool

    def human_seats(self) -> list[int]: ...

    def confirm_turn(self) -> bool: ...

    def step(self) -> bool: ...

    def pace_changed(self) -> None: ...

    def resume(self) -> None: ...

    def lift_curtain(self) -> None: ...

    def autosave_now(self) -> None: ...

    def is_modified(self) -> bool: ...


class GameDriver(Protocol):
    """What drives a game window (see the module doc)."""

    changed: Signal
    """After every change the window shows (the scene has been updated already)."""
    status: Signal
    """A short message for the status bar."""
    game_over: Signal
    """The game reached its end (once per arrival)."""

    session: SessionView
    scene: GameScene
    view: dict
    """The view the scene shows."""
    legal: list[Action]
    """The decisions the screen's player may take now (empty when it is not their turn)."""
    viewer: int | None
    """The seat of the person at the screen."""
    curtain_up: bool
    closed: bool
    undo_stack: QUndoStack
    """The decisions the player may take back now (ui/game/undo.py); always empty for a game
    hosted elsewhere, whose decisions are final once sent."""
    local: LocalPlay | None
    """The capabilities of a game played here; None for a game hosted elsewhere."""

    def turn_status(self) -> TurnStatus: ...

    def shown_seat(self) -> int | None: ...

    def human_to_move(self) -> bool: ...

    def take(self, action: Action) -> bool: ...

    def refusal(self, action: Action) -> str | None: ...

    def idle_hint(self) -> str: ...

    def start(self) -> None: ...

    def close(self) -> None: ...
