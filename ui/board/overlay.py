"""What is drawn over the board's pieces rather than being one of them: a glow, a hint's ring and
badge, the ring of what changed and its player's disc.

An overlay takes no room of the board (the view's fit ignores it, so a ring at the board's edge
does not shrink the board), holds no words a badge must avoid, and is no piece a card may not
cover (ui/board/badge_room.py, ui/board/free_room.py)."""

from __future__ import annotations


class Overlay:
    """Mixed into the classes of what is drawn over the pieces (after the Qt base class)."""


def is_overlay(item) -> bool:
    """True for what is drawn over the board's pieces, not a piece."""
    return isinstance(item, Overlay)
