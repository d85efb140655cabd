"""The regions of the Victory Through Industry board: the complex shown large with the factory being
placed (complex.py), and where the board's parts go (geometry.py); the scene draws the rest."""
