"""Robber Barons of the Gilded Age: speculate around the board, build trusts and monopolies, and
buy a Legacy of philanthropy before the Legacy deck runs out; 2–6 players."""

from engine.core.assets import game_asset
from engine.core.contract import GameSpec, Option
from engine.games.robber_barons.state import RobberBaronsState

SPEC = GameSpec(
    id="robber-barons",
    title="Robber Barons of the Gilded Age",
    pitch="Speculate, fleece your rivals, build trusts and monopolies, then buy a Legacy of philanthropy.",
    min_players=2,
    max_players=6,
    rules_version=1,
    state_class=RobberBaronsState,
    options=(
        # decision: a game only ends when the Legacy deck is bought out, so players who never buy
        # could play forever. 200 rounds bounds that without cutting real games: in self-play the
        # deck runs out after a median of 33 rounds (4 Normal players), 83 (4 Easy) and 155
        # (2 Easy, the slowest buyers); see ai/games/robber_barons/RESULTS.md.
        Option("round_limit", "Round limit", 200, (),
               "The game also ends after this many rounds (0: only when the Legacy deck is empty)."),
    ),
    rules_help=game_asset("robber-barons", "rules.md").read_text(encoding="utf-8"),
)
RobberBaronsState.spec = SPEC
