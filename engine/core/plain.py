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


class Shapes:
    """A state's fields grouped by the shape of their plain data, for a copy faster than
    `plain_copy` (AI search copies states all the time): each group is copied as deep as its
    shape needs and no deeper. A game lists every field whose shape it knows here and copies the
    rest itself.

    >>> class S:
    ...     pass
    >>> a, b = S(), S()
    >>> a.n, a.xs, a.rows, a.d, a.dl = 1, [1], [[2]], {"k": 3}, {"k": [4]}
    >>> Shapes(values=("n",), lists=("xs",), lists_of_lists=("rows",), dicts=("d",),
    ...        dicts_of_lists=("dl",)).copy_into(a, b)
    >>> (b.n, b.xs, b.rows, b.d, b.dl) == (1, [1], [[2]], {"k": 3}, {"k": [4]})
    True
    >>> b.rows[0] is a.rows[0] or b.dl["k"] is a.dl["k"]
    False
    """

    __slots__ = ("values", "lists", "lists_of_lists", "dicts", "dicts_of_lists")

    def __init__(self, values=(), lists=(), lists_of_lists=(), dicts=(), dicts_of_lists=()):
        self.values = tuple(values)                   # immutable (ints, strings, None): shared
        self.lists = tuple(lists)                     # lists of immutable values
        self.lists_of_lists = tuple(lists_of_lists)   # lists of such lists
        self.dicts = tuple(dicts)                     # dicts of immutable values
        self.dicts_of_lists = tuple(dicts_of_lists)   # dicts of such lists

    def copy_into(self, src, dst) -> None:
        """Set each listed field of `dst` to a copy of `src`'s."""
        for f in self.values:
            setattr(dst, f, getattr(src, f))
        for f in self.lists:
            setattr(dst, f, getattr(src, f)[:])
        for f in self.lists_of_lists:
            setattr(dst, f, [x[:] for x in getattr(src, f)])
        for f in self.dicts:
            setattr(dst, f, getattr(src, f).copy())
        for f in self.dicts_of_lists:
            setattr(dst, f, {k: v[:] for k, v in getattr(src, f).items()})
