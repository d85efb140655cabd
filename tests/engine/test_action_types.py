"""Actions are typed exactly: a float, a bool, None or a name where a rule takes a whole
number, or a number where it takes a name, is refused as illegal with a reason, by every game,
without touching the state; never accepted because ``3.0 == 3`` or ``True == 1``, never a
TypeError from inside a rule."""

import pytest

from engine.core import CHANCE, Action, IllegalAction, Rng, get_spec
from engine.core.action_types import shape_problem, type_problem
from tests.engine.test_contract import GAMES, player_counts, random_step


def mistyped(action):
    """Copies of `action` with one argument replaced by a value of a wrong type that Python's
    equality may still take for the right one."""
    out = []
    for i, value in enumerate(action.args):
        if type(value) is int:
            subs = [float(value), value == 1, str(value), None, [value]]
        else:
            subs = [None, 0, 1.5, True, [value]]
        for sub in subs:
            out.append(Action(action.kind, action.seat, action.args[:i] + (sub,) + action.args[i + 1:]))
    if action.seat >= 0:
        out.append(Action(action.kind, float(action.seat), action.args))
        out.append(Action(action.kind, None, action.args))
    out.append(Action(action.kind, action.seat, list(action.args)))
    out.append(Action(action.kind, action.seat, action.args + (None,)))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_wrong_types_refused_by_every_game(game_id):
    spec = get_spec(game_id)
    checked = 0
    for seed in range(2):
        rng = Rng(seed)
        state = spec.new_state(player_counts(game_id)[-1])
        steps = 0
        while not state.is_terminal() and steps < 250:
            mover = state.to_move()
            legal = [a for a, _ in state.chance_outcomes()] if mover == CHANCE else state.legal_actions(mover)
            before = state.state_hash()
            for good in legal[:6]:
                for bad in mistyped(good):
                    assert not state.is_legal(bad), f"{bad!r} taken for {good!r}"
                    with pytest.raises(IllegalAction) as info:
                        state.apply(bad)
                    assert "not a valid action" in info.value.reason, info.value.reason
                    assert state.state_hash() == before, f"refused {bad!r} changed the state"
                    checked += 1
            state.apply(random_step(state, rng))
            steps += 1
    assert checked > 500


def test_type_problem_names_the_argument_and_its_type():
    assert type_problem(Action("rotate", 0, (3,))) is None
    assert type_problem(Action("pay", 0, ((1, 2), "oil"))) is None
    assert "argument 1 of rotate is 3.0, a decimal number" in type_problem(Action("rotate", 0, (3.0,)))
    assert "true/false" in type_problem(Action("rotate", 0, (True,)))
    assert "None" in type_problem(Action("rotate", 0, (None,)))
    assert "seat of rotate" in type_problem(Action("rotate", True, (1,)))
    assert "must be a tuple" in type_problem(Action("rotate", 0, [1]))
    assert "not an action" in type_problem("rotate")
    deep = (1,)
    for _ in range(10):
        deep = (deep,)
    assert "nested too deep" in type_problem(Action("rotate", 0, deep))


def test_shape_problem_says_what_the_kind_takes():
    legal = [Action("site", 0, (1, 2)), Action("site", 0, (2, 2)), Action("end", 0, ())]
    assert shape_problem(Action("site", 0, (5, 5)), legal) is None  # right shape, just not legal
    assert shape_problem(Action("site", 0, ("a", 2)), legal) == \
        "site takes (a whole number, a whole number), not (a name, a whole number)"
    assert "not (a whole number)" in shape_problem(Action("site", 0, (1,)), legal)
    assert shape_problem(Action("build", 0, ("x",)), legal) is None  # nothing to compare with
