"""The order of Victory Through Industry: the set-up reveals the contracts, the players draft the
nine starting factories and place their starting complexes; then the players take turns (an
optional contract fulfilment and two moves each) until the game ends."""

from engine.core.round import Phase, Round

ROUND = Round(
    setup=(Phase("setup", "Contracts revealed"), Phase("draft", "Factory draft"),
           Phase("place", "Starting complexes")),
    phases=(Phase("play", "Turns"),),
)
