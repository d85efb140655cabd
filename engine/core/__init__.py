"""The engine contract every game implements, the session that drives it, and shared helpers."""

from engine.core.contract import CHANCE, TERMINAL, Action, Event, GameSpec, Option, Outcome, State
from engine.core.errors import IllegalAction, ReplayMismatch, TycoonsError, UnknownGame
from engine.core.registry import all_specs, game_ids, get_spec
from engine.core.rng import Rng
from engine.core.session import LogEntry, Session

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Event", "GameSpec", "Option", "Outcome", "State",
    "IllegalAction", "ReplayMismatch", "TycoonsError", "UnknownGame",
    "all_specs", "game_ids", "get_spec", "Rng", "LogEntry", "Session",
]
