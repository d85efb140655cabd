"""Where the City of the Big Shoulders' panels go: the margin and gaps, the left column's width and
the right column's (two charters side by side)."""

from __future__ import annotations

from ui.games.big_shoulders.items import CharterCard

M = 16.0            # outer margin
GAP = 12.0          # between panels
LEFT_W = 760.0
RIGHT_X = M + LEFT_W + 16
RIGHT_W = 2 * CharterCard.W + 12
LEFT_PANELS = ("header", "stock", "appeal", "spaces", "resources", "demand", "assets")
"""Panels drawn from M (the others, the charters and the players' side, from RIGHT_X): the
layout moves them all."""
HALF_W = 12 + 2 * 208 - 8 + 12
"""The hand and the goals half as wide as the charters' column (two buildings, two goals to a
row)."""
