"""Why a move, in the game's words: the reason a hint gives for a suggested move and an analysis for
the better move, made of what the search saw (ai/core/compare.py: the categories of the game's
points where a move's rollouts differ from the others'), worded by the game's `reason` hook
(ui/games/<pkg>/words.py). Free of Qt.

A category is a reason if the move gains in it over the strongest rival (its own gain less the
rival's); said plainly if that gain is two standard errors or more above nothing, with "perhaps"
if it is not. A second category joins the first if it is sure and at least half as large.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ai.core.compare import SURE_Z, Part

__all__ = ["NO_REASON", "SURE_Z", "Part", "parts_of", "reason_text"]

SECOND = 0.5
"""A second category is named if its gain is at least this fraction of the first's."""
NO_REASON = "no gain in points it can see yet"


def part_words(part: Part, reason: Callable[[str, float, bool], str]) -> str:
    """One category's gain in words: the seat's own gain, or, where most of it is what the rival
    loses, that."""
    if part.mine > 0 and part.mine >= -part.rival:
        return reason(part.key, part.mine, False)
    return reason(part.key, part.rival, True)


def reason_text(parts: Sequence[Part], reason: Callable[[str, float, bool], str]) -> str:
    """Why a move, from its `parts` (a comparison's categories), in the words of the game's
    `reason` hook: "more cash (+$28)", "perhaps more worth in Swift shares (+$45)"."""
    gains = sorted((p for p in parts if p.margin > 0), key=lambda p: -p.margin)
    if not gains:
        return NO_REASON
    first = gains[0]
    words = part_words(first, reason)
    if not first.sure:
        return "perhaps " + words
    second = next((p for p in gains[1:] if p.sure and p.margin >= SECOND * first.margin), None)
    if second is not None:
        words += " and " + part_words(second, reason)
    return words


def parts_of(raw) -> list[Part]:
    """The parts in a worker's answer (`Part.to_list` each); a malformed one is left out."""
    out = []
    for item in raw or ():
        try:
            out.append(Part.from_list(item))
        except (TypeError, ValueError):
            continue
    return out
