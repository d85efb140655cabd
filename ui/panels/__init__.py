"""The panels around the board: prompt bar, players panel, log dock."""

from __future__ import annotations

from ui.board.style import BRICK_RED, MONEY_GREEN, SEAT_COLOURS, seat_colour, seat_dashes, seat_marks, text_on

__all__ = ["SEAT_COLOURS", "MONEY_GREEN", "BRICK_RED", "seat_marks", "seat_colour", "seat_dashes", "text_on"]
