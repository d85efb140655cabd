"""engine/core/plain.py: plain_copy and Shapes copy plain data as deep as it needs, no deeper
(their examples run in tests/test_doctests.py), and the games that copy by Shapes copy every
field of their state."""

import pytest

from engine.core import CHANCE, TERMINAL, Rng, get_spec


@pytest.mark.parametrize("game_id", ["captains-of-industry", "big-shoulders"])
def test_a_copy_by_shapes_is_equal_and_shares_nothing_mutable(game_id):
    st, rng = get_spec(game_id).new_state(3), Rng(11)
    for _ in range(150):  # into the game, so that hands, decks and frames hold something
        if st.to_move() == TERMINAL:
            break
        if st.to_move() == CHANCE:
            outs = st.chance_outcomes()
            st.apply(outs[rng.weighted_index([w for _, w in outs])][0])
        else:
            acts = st.legal_actions()
            st.apply(acts[rng.weighted_index([1] * len(acts))])
    c = st.copy()
    assert c.to_data() == st.to_data()
    shapes = type(st)._SHAPES
    for f in shapes.lists + shapes.lists_of_lists + shapes.dicts + shapes.dicts_of_lists:
        assert getattr(c, f) is not getattr(st, f), f
    for f in shapes.lists_of_lists:
        assert all(a is not b for a, b in zip(getattr(c, f), getattr(st, f), strict=True)), f
    for f in shapes.dicts_of_lists:
        assert all(getattr(c, f)[k] is not v for k, v in getattr(st, f).items()), f
