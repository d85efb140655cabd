"""The order of a turn of Robber Barons of the Gilded Age (rules, "Playing the game"): after the
roll for first player, each player's turn is a Revenue phase, collected at once, then a
Speculation phase (dice chosen and rolled, the pawn moved, the space resolved)."""

from engine.core.round import Phase, Round

ROUND = Round(
    setup=(Phase("setup", "Roll for first player"),),
    # revenue is collected without a decision, so a game is never seen waiting in it
    phases=(Phase("revenue", "Revenue phase", begins="turn", optional=True),
            Phase("speculation", "Speculation phase", begins="dice")),
)
