"""The exact types an action may hold, checked in one place for every game and for save files.

Every game's actions hold whole numbers and names only: `kind` a str, `seat` an int, `args` a
tuple of ints, strs or tuples of them. Python's equality lets other values pass for those
(``3.0 == 3``, ``True == 1``), so a rule that compares an action with its legal ones, or looks an
argument up in a list, would accept a float or a bool and put it into the state. `type_problem`
refuses them before any rule looks at the action; `shape_problem` says which argument has the
wrong kind of value when the legal actions of that kind take another (a name where a number
belongs), so a caller gets a refusal with a reason, never a TypeError from inside a rule.

>>> from engine.core.contract import Action
>>> type_problem(Action("rotate", 0, (3,))) is None
True
>>> type_problem(Action("rotate", 0, (3.0,)))
'argument 1 of rotate is 3.0, a decimal number; actions take whole numbers and names only'
>>> type_problem(Action("rotate", 0, (True,)))
'argument 1 of rotate is True, a true/false value; actions take whole numbers and names only'
"""

from __future__ import annotations

_MAX_DEPTH = 2
"""An argument may be a tuple of ints and strs, no deeper (no game uses even that yet)."""
_MAX_ARGS = 16
_MAX_TEXT = 200
_WHAT = {bool: "a true/false value", float: "a decimal number", type(None): "nothing (None)",
         list: "a list", dict: "a map", bytes: "raw bytes", complex: "a complex number"}


def _describe(value) -> str:
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{text}, {_WHAT.get(type(value), 'a ' + type(value).__name__)}"


def _arg_problem(value, where: str, depth: int) -> str | None:
    kind = type(value)
    if kind is int:
        return None
    if kind is str:
        return None if len(value) <= _MAX_TEXT else f"{where} is a name of {len(value)} characters"
    if kind is tuple:
        if depth >= _MAX_DEPTH:
            return f"{where} is nested too deep"
        if len(value) > _MAX_ARGS:
            return f"{where} holds {len(value)} values"
        for i, v in enumerate(value):
            problem = _arg_problem(v, f"{where}[{i + 1}]", depth + 1)
            if problem:
                return problem
        return None
    return f"{where} is {_describe(value)}; actions take whole numbers and names only"


def type_problem(action) -> str | None:
    """Why `action` does not hold exactly the types an action may hold; None when it does.

    Cheap (it looks at each argument once), so `is_legal` runs it on every call.
    """
    if type(action) is not tuple and not isinstance(action, tuple):
        return f"{_describe(action)} is not an action"
    if len(action) == 3:
        # the common case first: a short name, a seat and flat whole numbers and names
        kind, seat, args = action
        if (type(kind) is str and 0 < len(kind) <= 64 and type(seat) is int and type(args) is tuple
                and len(args) <= _MAX_ARGS):
            for value in args:
                if type(value) is not int and (type(value) is not str or len(value) > _MAX_TEXT):
                    break
            else:
                return None
    return _type_problem(action)


def _type_problem(action) -> str | None:
    if not isinstance(action, tuple) or len(action) != 3:
        return f"{_describe(action)} is not an action"
    kind, seat, args = action
    if type(kind) is not str or not kind or len(kind) > 64:
        return "an action's kind must be a short name"
    if type(seat) is not int:
        return f"the seat of {kind} is {_describe(seat)}; it must be a whole number"
    if type(args) is not tuple:
        return f"the arguments of {kind} are {_describe(args)}; they must be a tuple"
    if len(args) > _MAX_ARGS:
        return f"{kind} has {len(args)} arguments"
    for i, value in enumerate(args):
        problem = _arg_problem(value, f"argument {i + 1} of {kind}", 1)
        if problem:
            return problem
    return None


def exactly_typed(action) -> bool:
    """True when `action` holds only the exact types an action may hold (see `type_problem`)."""
    return type_problem(action) is None


def _shape(value):
    if type(value) is tuple:
        return tuple(_shape(v) for v in value)
    return type(value)


_TYPE_WORD = {int: "a whole number", str: "a name"}


def _shape_text(shape) -> str:
    if type(shape) is tuple:
        return "(" + ", ".join(_shape_text(s) for s in shape) + ")"
    return _TYPE_WORD.get(shape, shape.__name__)


def shape_problem(action, legal) -> str | None:
    """Why `action`'s arguments cannot be any of the `legal` actions of its kind: a different
    number of arguments, or a name where a number belongs; None if some legal action of that kind
    has the same shape (or none of that kind is legal now, so there is nothing to compare)."""
    shapes = {_shape(a.args) for a in legal if a.kind == action.kind}
    if not shapes:
        return None
    mine = _shape(action.args)
    if mine in shapes:
        return None
    wanted = " or ".join(sorted(_shape_text(s) for s in shapes))
    return f"{action.kind} takes {wanted}, not {_shape_text(mine)}"
