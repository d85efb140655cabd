"""CaptainsState.copy (by the fields' known shapes) equals the generic plain-data copy at every
point of random games, and changing the copy never changes the original."""

from __future__ import annotations

from engine.core.contract import State
from engine.core.rng import Rng
from engine.games.captains_of_industry import SPEC


def test_copy_is_equal_to_the_generic_copy_and_independent():
    checked = 0
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        st = SPEC.new_state(players)
        rng = Rng(seed)
        while not st.is_terminal():
            fast, slow = st.copy(), State.copy(st)
            assert fast.to_data() == slow.to_data() == st.to_data()
            before = st.state_hash()
            seat = fast.to_move()
            if seat < 0:
                outcomes = fast.chance_outcomes()
                action = outcomes[rng.randbelow(len(outcomes))][0]
            else:
                legal = fast.legal_actions()
                action = legal[rng.randbelow(len(legal))]
            fast.apply(action)
            assert st.state_hash() == before, f"applying {action} to the copy changed the original"
            st.apply(action)
            checked += 1
    assert checked > 300
