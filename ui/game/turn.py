"""The state of the turn, worked out in one place.

The prompt bar's words, the answer to a click the game cannot take now (the status bar and the
callout by the piece, the hover text of a piece) and the answer to a click on nothing all read one
`TurnStatus`, which `turn_status` works out from a few facts about the game on the screen. A game
played here (`ui/game/controller.py`) and one hosted elsewhere (`ui/online/gui/game.py`) each
gather their facts (`TurnFacts`) and ask the same function, so the two never tell a player two
different things about the same moment.

Qt-free: the facts are plain values, so the function is tested without a window."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from engine.core.text import whose


class TurnKind(Enum):
    """Who or what the game waits for now."""

    OVER = "over"
    """The game has ended."""
    CURTAIN = "curtain"
    """The hot-seat curtain hides the board until the next player at this screen lifts it."""
    STEP = "step"
    """At the Step pace, an AI has decided: its decision waits for Next (Space)."""
    CONFIRM = "confirm"
    """The player's finished turn waits for Confirm turn (Enter), or an undo."""
    AI = "ai"
    """An AI at this computer is choosing."""
    ONLINE = "online"
    """The game waits on another computer: a player online, or, for a game hosted elsewhere, its
    host (an answer to the decision sent, the host's own wait, another seat's turn)."""
    CHANCE = "chance"
    """Nobody decides: the game deals or draws."""
    YOURS = "yours"
    """The player at the screen decides."""


@dataclass(frozen=True)
class TurnStatus:
    """The turn as the person at the screen meets it."""

    kind: TurnKind
    seat: int | None
    """The seat it is about: the seat to move, the player the curtain waits for, the player whose
    turn waits for confirmation; None once the game is over or while chance draws."""
    prompt: str
    """The prompt bar's words."""
    refusal: str | None
    """What any click on the board is answered with now; None on the player's own turn, when the
    rules judge each click on its own."""
    idle: str
    """What a click on nothing is answered with ("" for nothing: the curtain takes the click)."""

    @property
    def yours(self) -> bool:
        return self.kind is TurnKind.YOURS


MOVER_HERE, MOVER_AI, MOVER_ONLINE, MOVER_HOST = "here", "ai", "online", "host"
"""Where the seat to move decides: at this screen, an AI, a player online, a player at the
host's computer (a game hosted elsewhere)."""


@dataclass(frozen=True)
class TurnFacts:
    """What `turn_status` needs to know of a game on the screen."""

    names: Sequence[str]
    mover: int
    """The seat to move (negative: chance, or the end)."""
    mover_is: str
    """Where the seat to move decides (MOVER_HERE, MOVER_AI, MOVER_ONLINE or MOVER_HOST)."""
    asked: Callable[[], str]
    """The game's own prompt for the position shown (ui/games/<id>: `prompt`); it may raise."""
    over: bool = False
    outcome: object | None = None
    """The result once the game is over; None while a game hosted elsewhere waits for it."""
    viewer: int | None = None
    """The seat at the screen."""
    curtain_up: bool = False
    held: int | None = None
    """At the Step pace: the AI seat whose decision waits for Next."""
    confirming: bool = False
    """The viewer's finished turn waits for its confirmation."""
    host_wait: tuple[str, str] | None = None
    """A game hosted elsewhere waiting on its host: the prompt bar's words and the answer to a
    click (a decision on its way, the host's own wait)."""
    hosted_elsewhere: bool = False
    """The game is hosted elsewhere: every other seat's turn is a wait on the host."""


HOST_HOW = {MOVER_AI: "AI", MOVER_ONLINE: "online", MOVER_HOST: "at the host's computer"}


def turn_status(f: TurnFacts) -> TurnStatus:
    """The turn now, from `f` (see the module doc)."""
    names, mover = f.names, f.mover
    if f.over:
        if f.outcome is None:
            prompt = "Game over: the final scores are on their way from the host…"
        else:
            from ui.dialogs.end_game import winners_line

            prompt = "Game over. " + winners_line(names, f.outcome)
        return _waiting(TurnKind.OVER, None, prompt, "The game is over.")
    if f.curtain_up and f.viewer is not None:
        # the board behind the curtain is nobody's: a click there reaches nothing
        words = f"Pass the computer to {names[f.viewer]}."
        return TurnStatus(TurnKind.CURTAIN, f.viewer, words, words, "")
    wait = f"Please wait: it is {whose(names[mover] if mover >= 0 else 'the game')} turn"
    if f.held is not None:
        return _waiting(TurnKind.STEP, f.held, f"{names[f.held]} (AI) has decided. Next (Space) shows it.",
                        wait + ".")
    if f.confirming and f.viewer is not None:
        return _waiting(TurnKind.CONFIRM, f.viewer,
                        f"{names[f.viewer]}: your turn is done. Confirm it (Enter), or undo a decision "
                        "(Ctrl+Z) to take it back.",
                        "Your turn is done: confirm it (Enter) or undo a decision (Ctrl+Z).")
    if f.host_wait is not None:
        prompt, refusal = f.host_wait
        return _waiting(TurnKind.ONLINE, mover if mover >= 0 else None, prompt, refusal)
    if mover < 0:
        return _waiting(TurnKind.CHANCE, None, _asked(f)[0], wait + ".")
    if f.mover_is != MOVER_HERE:
        name = names[mover]
        if f.hosted_elsewhere:
            return _waiting(TurnKind.ONLINE, mover, f"Waiting for {name} ({HOST_HOW[f.mover_is]})…", wait + ".")
        if f.mover_is == MOVER_AI:
            return _waiting(TurnKind.AI, mover, f"{name} (AI) is choosing…", wait + ".")
        return _waiting(TurnKind.ONLINE, mover, f"Waiting for {name} (online)…", wait + " (playing online).")
    prompt, asked = _asked(f)
    return TurnStatus(TurnKind.YOURS, mover, prompt, None, f"Nothing to choose there. {asked}")


def _waiting(kind: TurnKind, seat: int | None, prompt: str, refusal: str) -> TurnStatus:
    """A moment the player at the screen cannot decide: every click, on a piece or on nothing,
    is answered with why."""
    return TurnStatus(kind, seat, prompt, refusal, refusal)


def _asked(f: TurnFacts) -> tuple[str, str]:
    """The game's prompt for the prompt bar and for the answer to a click on nothing; a prompt
    that fails loses neither the window nor the answer."""
    try:
        text = f.asked()
        return text, text
    except Exception as exc:  # noqa: BLE001 - words are cosmetic; the window must stay up
        name = f.names[f.mover] if f.mover >= 0 else "The game"
        return f"{name}: choose ({exc})", f"{name}: choose one of the highlighted pieces or a button above."
