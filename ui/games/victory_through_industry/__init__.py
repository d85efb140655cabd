"""Victory Through Industry's UI hooks (`GameUi`, ui/games/__init__.py): its words come from
words.py, read from the view alone (cheap, no Qt); its board from scene.py, imported on first
use."""

from ui.games import no_auto_pass, no_pass_phase, nothing_revealed
from ui.games.victory_through_industry.words import player_summary, points_text, prompt, reason

__all__ = ["BOARD_HAS_MATS", "auto_pass", "make_scene", "pass_phase", "player_summary", "points_text", "prompt",
           "reason", "revealed_rows"]

BOARD_HAS_MATS = True
"""The board shows every player's panel. The players dock stays closed unless asked for."""

# the hooks this game has no use for give the plain answer
revealed_rows = nothing_revealed
auto_pass = no_auto_pass
pass_phase = no_pass_phase


def make_scene(game_id: str = "victory-through-industry"):
    """The Victory Through Industry board scene (a GameScene)."""
    from ui.games.victory_through_industry.scene import make_scene as _make

    return _make(game_id)
