"""Victory Through Industry: build a connected complex of factories, run production chains and
supply government contracts; 2–6 players."""

from engine.core.assets import game_spec
from engine.games.victory_through_industry.round import ROUND
from engine.games.victory_through_industry.state import VtiState

SPEC = game_spec("victory-through-industry", VtiState, ROUND)
"""Title, pitch, 2–6 players and the round-limit option: assets/games/victory-through-industry/game.toml."""
VtiState.spec = SPEC
