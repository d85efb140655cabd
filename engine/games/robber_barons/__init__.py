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
        # could play forever. The bound counts turns of all players together, because self-play
        # games last about the same number of turns whatever the player count (Legacy cards are
        # met per turn): ~300 turns for Easy players (the most reluctant buyers; longest seen 456),
        # ~130-160 for Normal ones. 1000 turns is twice the longest game seen, so it only stops
        # games in which nobody buys; see ai/games/robber_barons/RESULTS.md.
        Option("turn_limit", "Turn limit", 1000, (),
               "The game also ends at the end of the round in which this many turns (all players' together) "
               "have been played; 0: only when the Legacy deck is empty."),
    ),
    rules_help=game_asset("robber-barons", "rules.md").read_text(encoding="utf-8"),
)
RobberBaronsState.spec = SPEC
