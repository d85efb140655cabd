"""Captains of Industry agents: Normal prices to sell and clearly beats Easy."""

from ai.games.captains_of_industry.agents import NormalAgent, age_rounds_left, best_price, ms_dollars
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


def test_a_rich_normal_prices_lower_to_sell_more():
    st = SPEC.new_state(3)
    st.stack = [["action"]]
    # DUR-W has demand 2 (two empty Bronze spaces); a rival's token at $4, two of ours
    st.tokens["DUR-W"][1][0] = 1
    st.price["DUR-W"][1] = 4
    st.tokens["DUR-W"][0][0] = 2
    st.money[0] = 20
    # with no money to spare one sale at $12 beats two at $3
    assert ms_dollars(st, 0) == 3.0
    assert best_price(st, 0, "DUR-W") == 12
    # with $80 money counts only through the bonus: both tokens sell, under the rival
    st.money[0] = 80
    assert ms_dollars(st, 0) > 6.0
    assert best_price(st, 0, "DUR-W") == 3
    # in the last age a Market Share is worth at least $6 however little money there is
    st.money[0] = 5
    st.age = 3
    assert ms_dollars(st, 0) == 6.0


def test_normal_values_real_estate_icons_by_the_markets_beside_the_zone():
    st = SPEC.new_state(4)
    st.stack = [["action"]]
    st.facilities[0]["quarry"] = [2, 1]   # sells Stone: CON-STONE (Commercial) only
    st.tokens["CON-STONE"][0][0] = 2
    side = NormalAgent._side_value
    # B1 side A is C C D: its Consumables icons feed Stone in the Commercial zone ...
    assert side(st, 0, "B1", 0, "commercial") > side(st, 0, "B1", 1, "commercial")
    # ... but Corn in the Residential zone, a market a Stone seller has no part in
    assert side(st, 0, "B1", 0, "residential") == side(st, 0, "B1", 1, "residential")
    # a Farm owner gains from them there
    st.facilities[0]["farm"] = [1, 0]
    assert side(st, 0, "B1", 0, "residential") > side(st, 0, "B1", 1, "residential")


def test_normal_reads_the_age_length_from_the_progress_deck():
    st = SPEC.new_state(4)
    fresh = age_rounds_left(st)
    assert 5 <= fresh <= 7   # a new age: about six rounds, as self-play shows
    st.chips = 3
    assert age_rounds_left(st) < fresh   # every chip draws one more card a round
    st.chips, st.cities = 0, 5
    assert age_rounds_left(st) < age_rounds_left(SPEC.new_state(4))
    st.cities, st.wheel = 3, False
    three_up = age_rounds_left(st)
    st.wheel = True   # this round's chip adds a draw from the next round on
    assert age_rounds_left(st) < three_up


def test_normal_beats_easy_in_40_rotated_games():
    result = simulate(GAME, 4, 40, 5, ["normal", "easy", "easy", "easy"], rotate=True)
    assert result.finished == 40
    assert result.wins_by_level["normal"] / 40 >= 0.6


def test_hard_plays_out_only_normals_best_turn_actions():
    from ai.core.agent import Budget
    from ai.core.agents import get_agent
    from ai.core.observe import observe
    from ai.games.captains_of_industry.agents import NormalAgent
    from ai.games.captains_of_industry.knowledge import PRUNE_TO, prune
    from engine.core import Rng
    from engine.core.contract import Action, SeatInfo
    from engine.core.session import Session

    # Normal plays on until a turn offers more actions than Hard plays out
    session = Session.new(GAME, [SeatInfo(f"AI {i}", "ai", "normal") for i in range(4)], None, 3)
    normal = get_agent(GAME, "normal")
    while True:
        st, seat = session.state, session.to_move()
        legal = st.legal_actions()
        if len(legal) > PRUNE_TO and any(a.kind == "manipulate" for a in legal):
            break
        session.apply(normal.choose(observe(st, seat, GAME), Rng(1), Budget()), by_ai=True)
    kept = prune(st, legal)
    assert len(kept) == PRUNE_TO and set(kept) <= set(legal)
    worst_kept = min(NormalAgent._action_value(st, seat, a) for a in kept)
    assert all(NormalAgent._action_value(st, seat, a) <= worst_kept for a in legal if a not in kept)
    # the small decisions inside a turn are not pruned
    prices = [Action("price", seat, ("CON-CORN", p)) for p in range(1, 13)]
    assert prune(st, prices) == prices
