"""The regions of the City of the Big Shoulders board, a module each: the header with the phases,
the turn order and the Choices (header.py), the Stock and Appeal tracks (tracks.py), the general
action spaces (spaces.py), the supply chain, Haymarket and the Job Market (resources.py), the
Demand area (demand.py), the Capital Assets (assets.py), the charters, in play and not yet
(charters.py), the players (players.py), the hand (hand.py) and the Public Goals (goals.py); where
the columns go (geometry.py). Each draws its panel from its top, in the panel's own frame; the
scene (scene.py) declares the panels and the layout places them."""
