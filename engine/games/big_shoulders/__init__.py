"""City of the Big Shoulders: found companies, trade their stock, run factories and ship
goods in Chicago after the Great Fire; 2–4 players, five Decades of five phases. The rules are in
state.py and the phase modules it names."""

from engine.core.assets import game_spec
from engine.games.big_shoulders.round import ROUND
from engine.games.big_shoulders.state import BigShouldersState

SPEC = game_spec("big-shoulders", BigShouldersState, ROUND)
"""Title, pitch, 2–4 players and the three options of §14: assets/games/big-shoulders/game.toml."""
BigShouldersState.spec = SPEC
