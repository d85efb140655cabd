"""Typed errors. Every refusal carries a reason a player can read."""


class TycoonsError(Exception):
    """Base of every error the engine, saves and AI raise on purpose."""


class IllegalAction(TycoonsError):
    """An action the rules do not allow now. The state is left untouched."""

    def __init__(self, reason: str, action=None):
        super().__init__(reason)
        self.reason = reason
        self.action = action


class UnknownGame(TycoonsError):
    """A game id that no registered game has."""


class ReplayMismatch(TycoonsError):
    """Replaying an action log did not reach the recorded state."""


class BadSetup(TycoonsError, ValueError):
    """A game that cannot be set up so: a player's name, an option, the seed or the number of
    players outside what the game takes. A ValueError too, for callers that catch those."""


def reason_of(exc: BaseException) -> str:
    """The words a player reads for `exc`: the reason our own errors carry (an illegal action, a
    save that cannot be read or written, the network's refusal), else the exception's message.
    Any exception may arrive where a file is read or written, so the reason is optional."""
    return str(getattr(exc, "reason", exc))
