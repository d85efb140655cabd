"""Captains of Industry agents: Normal prices to sell and clearly beats Easy."""

from ai.games.captains_of_industry.agents import best_price
from ai.simulate import simulate
from engine.games.captains_of_industry import SPEC

GAME = "captains-of-industry"


def test_normal_prices_to_fit_under_the_demand():
    st = SPEC.new_state(3)
    st.stack = [["action"]]
    # CON-CORN has demand 1 (the empty Residential Bronze space); a rival sits at $6
    st.tokens["CON-CORN"][1][0] = 1
    st.price["CON-CORN"][1] = 6
    st.tokens["CON-CORN"][0][0] = 1
    # tied with the rival at $6 the demand is spread and raised, so both sell: $6, not $5
    assert best_price(st, 0, "CON-CORN") == 6
    st.price["CON-CORN"][1] = 3
    st.tokens["CON-CORN"][0][0] = 2
    assert best_price(st, 0, "CON-CORN") == 3   # at $3 one of ours sells, above it none
    # a market players buy from: just under the cheapest rival, never below $2
    st.tokens["CON-STONE"][2][0] = 2
    st.price["CON-STONE"][2] = 4
    assert best_price(st, 0, "CON-STONE") == 3
    st.price["CON-STONE"][2] = 1
    assert best_price(st, 0, "CON-STONE") == 2


def test_normal_beats_easy_in_40_rotated_games():
    result = simulate(GAME, 4, 40, 5, ["normal", "easy", "easy", "easy"], rotate=True)
    assert result.finished == 40
    assert result.wins_by_level["normal"] / 40 >= 0.6
