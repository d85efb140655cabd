"""Plain data (what states and views are made of): ints, strings, bools, None, and lists and dicts
of them. Copying it is the boilerplate every game state needs, so it lives here once."""

from __future__ import annotations


def plain_copy(value):
    """A deep copy of plain data: every list and dict fresh, everything else (immutable) shared.

    >>> a = {"x": [1, [2, 3]], "y": "z"}
    >>> b = plain_copy(a)
    >>> b == a and b["x"] is not a["x"] and b["x"][1] is not a["x"][1]
    True
    """
    kind = type(value)
    if kind is list:
        return [v if type(v) not in _CONTAINERS else plain_copy(v) for v in value]
    if kind is dict:
        return {k: v if type(v) not in _CONTAINERS else plain_copy(v) for k, v in value.items()}
    return value


_CONTAINERS = (list, dict)
