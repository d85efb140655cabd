"""Victory Through Industry: build a connected complex of factories, run production chains and
supply government contracts; 2–6 players."""

from engine.core.assets import game_asset
from engine.core.contract import GameSpec, Option
from engine.games.victory_through_industry.state import VtiState

SPEC = GameSpec(
    id="victory-through-industry",
    title="Victory Through Industry",
    pitch="Build a connected complex of factories, chain their products and supply government contracts.",
    min_players=2,
    max_players=6,
    rules_version=3,  # 2: the balanced contract deck and data of issue 14; 3: an Iron Ore contract became Coal
    state_class=VtiState,
    options=(
        # decision: a safety bound far above every game measured in all-Normal self-play (see
        # ai/games/victory_through_industry/RESULTS.md), so only a game that stalls meets it
        Option("max_rounds", "Round limit", 100,
               help="The game also ends after this many rounds (0 = no limit). The rulebook has no "
                    "limit; this one only stops games in which no end condition is ever reached."),
    ),
    rules_help=game_asset("victory-through-industry", "rules.md").read_text(encoding="utf-8"),
)
VtiState.spec = SPEC
