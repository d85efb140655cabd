"""The regions of the 1st CEO board: the printed board with its track, market, ranking, endgame
and decks (board.py), the players' mats (mats.py), and where they all go (geometry.py)."""
