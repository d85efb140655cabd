"""The panels around the board: prompt bar, players panel, log dock."""

from __future__ import annotations

try:  # the shared palette (ui/board/style.py); a fallback keeps the shell usable without it
    from ui.board.style import BRICK_RED, MONEY_GREEN, SEAT_COLOURS, seat_marks, text_on
except ImportError:  # pragma: no cover - only while the board package is incomplete
    SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7")
    MONEY_GREEN = "#2e7d32"
    BRICK_RED = "#b23a2e"

    def seat_marks(names):
        return [n[:1].upper() or "?" for n in names]

    def text_on(colour):
        return "#3b3127"


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


__all__ = ["SEAT_COLOURS", "MONEY_GREEN", "BRICK_RED", "seat_marks", "seat_colour", "text_on"]
