"""Robber Barons of the Gilded Age: speculate around the board, build trusts and monopolies, and
buy a Legacy of philanthropy before the Legacy deck runs out; 2–6 players."""

from engine.core.assets import game_spec
from engine.games.robber_barons.round import ROUND
from engine.games.robber_barons.state import RobberBaronsState

SPEC = game_spec("robber-barons", RobberBaronsState, ROUND)
"""Title, pitch, 2–6 players and the turn-limit option: assets/games/robber-barons/game.toml."""
RobberBaronsState.spec = SPEC
