"""Captains of Industry: build facilities, price your goods, buy Real Estate that makes demand,
and sell to rivals and consumers over three ages for the most Market Share; 3-5 players."""

from engine.core.assets import game_spec
from engine.games.captains_of_industry.round import ROUND
from engine.games.captains_of_industry.state import CaptainsState

SPEC = game_spec("captains-of-industry", CaptainsState, ROUND)
"""Title, pitch, 3–5 players and the rules version: assets/games/captains-of-industry/game.toml."""
CaptainsState.spec = SPEC
