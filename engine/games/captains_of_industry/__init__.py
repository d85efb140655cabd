"""Captains of Industry: build facilities, price your goods, buy Real Estate that makes demand,
and sell to rivals and consumers over three ages for the most Market Share; 3-5 players."""

from engine.core.assets import game_asset
from engine.core.contract import GameSpec
from engine.games.captains_of_industry.state import CaptainsState

SPEC = GameSpec(
    id="captains-of-industry",
    title="Captains of Industry",
    pitch="Build facilities, price your goods, shape demand with Real Estate, and sell for Market Share.",
    min_players=3,
    max_players=5,
    rules_version=1,
    state_class=CaptainsState,
    rules_help=game_asset("captains-of-industry", "rules.md").read_text(encoding="utf-8"),
)
CaptainsState.spec = SPEC
