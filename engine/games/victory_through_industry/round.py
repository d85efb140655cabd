"""The order of Victory Through Industry: the set-up reveals the contracts, the players draft the
nine starting factories and place their starting complexes; then the players take turns (an
optional contract fulfilment and two moves each) until the game ends. The game keeps the phase as
a field, which the core's phase step (`FrameStackState.begin_next_phase`) moves on; the board's
turn line says the set-up's parts by these names."""

from engine.core.round import Phase, Round

ROUND = Round(
    setup=(Phase("setup", "Setting up"), Phase("draft", "Drafting the starting factories"),
           Phase("place", "Placing the starting factories")),
    phases=(Phase("play", "Turns"),),
)
