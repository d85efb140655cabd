"""The order of a round of Captains of Industry: after the set-up (the Captains dealt and the first
turn order drawn), each round is the players' turns in turn order, then the round's end (rent,
the next turn order, the Progress cards drawn); after the Age's last round, the Age ends (Market
Insider, Captains returned, the markets settled). Each part begins with a frame of its own; the
core's phase step (`FrameStackState.begin_next_phase`) pushes it."""

from engine.core.round import Phase, Round

ROUND = Round(
    setup=(Phase("setup", "Set-up"),),
    phases=(Phase("turns", "Turns", begins="turn"),
            # the frame counts the Progress cards left to draw
            Phase("progress", "End of the round", begins="progress"),
            # most rounds are not the last of their Age, and an Age may end without a decision
            Phase("age_end", "End of the Age", begins="age_end", optional=True)),
)
