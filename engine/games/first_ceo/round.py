"""The order of a round of 1st CEO: after the set-up (the corporations dealt, the starting player
drawn, the market filled), rounds of turns in seat order from the starting player, each turn one
action (acquire a company, buy a share, pay dividends), until the countdown's final round ends."""

from engine.core.round import Phase, Round

ROUND = Round(setup=(Phase("setup", "Set-up"),), phases=(Phase("turns", "A round of turns", begins="turn"),))
