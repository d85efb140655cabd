"""City of the Big Shoulders' UI hooks (`GameUi`, ui/games/__init__.py): its words come from
words.py, read from the view alone (cheap, no Qt); its board from scene.py, imported on first
use."""

from __future__ import annotations

from engine.core.contract import Action
from ui.games import nothing_revealed
from ui.games.big_shoulders.words import phase_name, player_summary, points_text, prompt, reason

__all__ = ["BOARD_HAS_MATS", "auto_pass", "make_scene", "pass_phase", "player_summary", "points_text", "prompt",
           "reason", "revealed_rows"]

BOARD_HAS_MATS = True
"""The board shows every player's row (cash, Partners, buildings) and every company's charter. The
players dock stays closed unless asked for."""

# the hooks this game has no use for give the plain answer
revealed_rows = nothing_revealed


def make_scene(game_id: str = "big-shoulders"):
    """The City of the Big Shoulders board scene (a GameScene)."""
    from ui.games.big_shoulders.scene import make_scene as _make

    return _make(game_id)


def auto_pass(view: dict, legal: list[Action]) -> tuple[tuple, str, Action] | None:
    """Pass until the next phase, where the rules let a player pass for the rest of a
    phase: the Stock Phase, where "You can pass your turn. This does not prevent you from
    performing a future action in the same phase" and the phase ends "only when all players pass
    their turn in succession" (rules, Stock Phase). Returns the phase (as a key that changes when
    it ends), its name, and the pass to take at each of the player's turns in it; None elsewhere.
    (The Action Phase's pass already passes for the rest of that phase, ruling §15.1.)"""
    key = pass_phase(view)
    passing = next((a for a in legal if a.kind == "pass"), None)
    if key is None or passing is None:
        return None
    return key, phase_name("stock"), passing


def pass_phase(view: dict) -> tuple | None:
    """The phase a player may pass through (`auto_pass`) that the game is in, as a key that changes
    when it ends (the Stock Phase of this Decade), or None."""
    return ("stock", view.get("decade")) if view.get("phase") == "stock" else None
