"""Final scoring (rules, "Game End"): each player's Legacy pile by category — philanthropy (the
Legacy cards bought), business and innovation legacies, bad legacies and scandals against.
decision: equal Legacy points are settled by money; equal on both share the victory.
decision: a player who is out at the end (bankrupt and not yet back) ranks below every player
still in, whatever the scores: an empty pile is not a score of 0 that could win."""

from __future__ import annotations

from engine.core.contract import Outcome


def final_outcome(state) -> Outcome:
    breakdown = [state.legacy_points(s) for s in range(state.players)]
    scores = [sum(b.values()) for b in breakdown]
    in_game = [0 if out else 1 for out in state.out]
    return Outcome.from_scores(scores, breakdown, tiebreak=list(state.money), tie_rule="most money",
                               standing=in_game)
