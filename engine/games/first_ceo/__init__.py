"""1st CEO: grow a corporation, sell shares, pay dividends; 3–6 players."""

from engine.core.assets import game_spec
from engine.games.first_ceo.round import ROUND
from engine.games.first_ceo.state import FirstCeoState

SPEC = game_spec("first-ceo", FirstCeoState, ROUND)
"""Title, pitch, 3–6 players and the rules version: assets/games/first-ceo/game.toml."""
FirstCeoState.spec = SPEC
