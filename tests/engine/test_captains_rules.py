"""Captains of Industry rules (shared/rules/captains-of-industry.txt) and the rulings R1-R28 of
shared/rules/captains-of-industry-components.md: every worked example of the rules text, the two
core principles, the five actions, the end of a round, of an age and of the game."""

import pytest

from engine.core import CHANCE, TERMINAL, Action, IllegalAction
from engine.core.rng import Rng
from engine.games.captains_of_industry import SPEC
from engine.games.captains_of_industry.data import CAPTAIN_DECK, FACILITIES, MARKETS
from engine.games.captains_of_industry.demand import kept_tokens, market_demand
from engine.games.captains_of_industry.scoring import Holdings, captain_points, money_bonus

HANDS = [["K-CORN", "K-RE", "K-INV", "K-DIV"], ["K-OIL", "K-RES", "K-GOLD", "K-VIS"],
         ["K-STONE", "K-LUMB", "K-MONO", "K-IND"], ["K-STEEL", "K-PARTS", "K-DOM", "K-FIN"],
         ["K-CITY", "K-URB", "K-RAW", "K-MFG"]]


def chance(st, kind, *args):
    return st.apply(Action(kind, CHANCE, tuple(args)))


def started(players=4):
    """A game after the deal (HANDS) and a first turn order 0, 1, 2..."""
    st = SPEC.new_state(players)
    for seat in range(players):
        for card in HANDS[seat]:
            chance(st, "deal", seat, card)
    chance(st, "first_order", *range(players))
    assert st.to_move() == 0 and st.stack[-1] == ["action"]
    return st


def at_turn(st, seat):
    """Make it `seat`'s turn, starting now (the $13 eligibility is judged afresh)."""
    st.turn_pos = st.order.index(seat)
    st.stack = [["end_turn"], ["turn"]]
    st._run()
    assert st.to_move() == seat


def put(st, market, seat, n, price, good=0):
    """`seat` has `n` more tokens (of the market's good number `good`) in `market` at `price`."""
    st.tokens[market][seat][good] += n
    st.price[market][seat] = price


def set_money(st, seat, value):
    st.bank += st.money[seat] - value
    st.money[seat] = value


def act(st, kind, *args):
    return st.apply(Action(kind, st.to_move(), tuple(args)))


def refused(st, kind, *args, seat=None):
    """Apply an action that must be refused; the state must stay exactly as it was."""
    before = st.state_hash()
    with pytest.raises(IllegalAction) as info:
        st.apply(Action(kind, st.to_move() if seat is None else seat, tuple(args)))
    assert st.state_hash() == before
    return info.value.reason


def settle(st):
    """Run age-end steps 1-4 (demand, domination, sales, age-end Advances) on their own."""
    st.stack = [["action"], ["settle"]]
    return st._run()


def durables_example_board(st):
    """The rules' demand example board, with the spec's cards: Industrial Bronze B2 side B (DDE),
    Industrial Silver S3 side B (CCCD), Industrial Gold G1 side A (CCCDD); Transportation empty."""
    st.built = {"IND-B": ["B2", 1, 0], "IND-S": ["S3", 1, 1], "IND-G1": ["G1", 0, 2]}
    for card, level in (("B2", "bronze"), ("S3", "silver"), ("G1", "gold")):
        st.re_left[level].remove(card)


# -- worked examples of the rules text --------------------------------------------------------------
def test_demand_example_keeps_seven_tokens():
    # Purple 2@$3, Yellow 1@$7, Blue 4@$7, Green 4@$7, demand 6: P2 Y1 B2 G2 are bought
    purple, yellow, blue, green = 0, 1, 2, 3
    keep = kept_tokens(6, {purple: (3, 2), yellow: (7, 1), blue: (7, 4), green: (7, 4)})
    assert keep == {purple: 2, yellow: 1, blue: 2, green: 2}
    assert sum(keep.values()) == 7


def test_durables_demand_of_six_from_the_spec_cards():
    st = started()
    durables_example_board(st)
    assert market_demand("DUR-E", st.built) == 6
    assert st.view(None)["markets"]["DUR-E"]["demand"] == 6


def test_demand_example_played_at_the_age_end():
    st = started(4)
    durables_example_board(st)
    purple, yellow, blue, green = 0, 1, 2, 3
    for seat, n, price in ((purple, 2, 3), (yellow, 1, 7), (blue, 4, 7), (green, 4, 7)):
        put(st, "DUR-E", seat, n, price)
    money = list(st.money)
    settle(st)
    # "green would sell the two Goods Tokens to the bank for $7 apiece and score them"
    assert st.money[green] - money[green] == 14
    assert st.money[purple] - money[purple] == 6
    assert [st.ms[s]["goods"] for s in range(4)] == [2, 1, 2, 2]
    report = next(r for r in st.report if r["market"] == "DUR-E")
    assert report["demand"] == 6 and report["discarded"] == {"0": 0, "1": 0, "2": 2, "3": 2}
    # all consumer markets are emptied, their markers removed
    assert not any(st.held("DUR-E", s) or st.price["DUR-E"][s] for s in range(4))


def test_double_oil_well_expansion_costs_one_research_and_two_steel():
    st = started()
    st.facilities[0]["oil_well"] = [2, 1]
    st.stock["oil_well"][0] = 0
    assert st.expansion_bill(0, "oil_well") == (("research", 1), ("steel", 2))
    put(st, "RESEARCH", 1, 1, 4)
    put(st, "CON-STEEL", 2, 3, 2)
    at_turn(st, 0)
    act(st, "expand", "oil_well")
    # 4 to seat 1 for the Research, 2 x 2 to seat 2 for the Steel; size 3 produces 3 Oil at once
    assert st.money[:3] == [20 - 8, 24, 24]
    assert st.size(0, "oil_well") == 3
    assert st.stack[-1] == ["split", "oil", 3, "ENR-N", "ENR-S"]
    # R13: the double card stays on top, so the next expansion pays its surcharge again
    assert st.expansion_bill(0, "oil_well") == (("research", 1), ("steel", 2))


def test_size_five_farm_captain_scores_fourteen():
    facilities = [{"farm": [5, 1], "quarry": [2, 0]}, {"mill": [4, 1]}, {}]
    h = Holdings(0, facilities, [], [], 0, [10, 10, 10])
    assert captain_points("K-CORN", h) == 5 + 4 + 5 == 14
    # R16: a tie with another player's facility is not "the largest in the game"
    facilities[1]["mill"] = [5, 1]
    assert captain_points("K-CORN", Holdings(0, facilities, [], [], 0, [10, 10, 10])) == 9
    # R16: a tie with your own facility still is "your largest"
    facilities[0]["quarry"] = [5, 0]
    assert captain_points("K-CORN", Holdings(0, facilities, [], [], 0, [10, 10, 10])) == 9


def test_money_bonus_ties_split_the_levels():
    assert money_bonus([50, 40, 30, 20]) == [20, 10, 5, 0]
    # two tie for the most: they split 20 + 10, the next gets the third level
    assert money_bonus([50, 50, 30, 20]) == [15, 15, 5, 0]
    # three tie for second: 10 + 5 + 0 split three ways (R19: rounded down)
    assert money_bonus([50, 30, 30, 30]) == [20, 5, 5, 5]
    # two tie for third: 5 + 0
    assert money_bonus([50, 40, 30, 30, 1]) == [20, 10, 2, 2, 0]
    assert money_bonus([9, 9, 9]) == [11, 11, 11]


# -- the core principles ------------------------------------------------------------------------
def test_buying_takes_the_lowest_price_and_pays_the_producer():
    st = started()
    put(st, "CON-LUMBER", 1, 1, 5)
    put(st, "CON-LUMBER", 2, 2, 2)
    at_turn(st, 0)
    act(st, "build", "farm")   # costs 2 Lumber: both of seat 2's at $2, not seat 1's at $5
    assert st.money[0] == 16 and st.money[2] == 24 and st.money[1] == 20
    assert st.ms[2]["goods"] == 2 and st.held("CON-LUMBER", 1) == 1 and not st.held("CON-LUMBER", 2)
    assert st.price["CON-LUMBER"][2] == 0   # R26: the marker leaves with the last token


def test_buying_your_own_token_is_free_and_scores_nothing():
    st = started()
    put(st, "CON-LUMBER", 0, 1, 3)
    put(st, "CON-LUMBER", 1, 2, 3)
    at_turn(st, 0)
    act(st, "build", "farm")   # 2 Lumber from three tied tokens
    assert st.stack[-1] == ["take", "lumber"]   # R1: tied sellers, not all needed: a choice
    assert {a.args[0] for a in st.legal_actions()} == {0, 1}
    act(st, "take", 0)
    # the own token is free and scores nothing; the second unit is seat 1's, paid and scored
    assert st.money[0] == 17 and st.ms[0]["goods"] == 0 and st.held("CON-LUMBER", 0) == 0
    assert st.money[1] == 23 and st.ms[1]["goods"] == 1 and st.held("CON-LUMBER", 1) == 1


def test_no_choice_is_asked_when_every_tied_token_is_bought():
    st = started()
    st.built = {"COM-B": ["B1", 0, 3]}
    st.re_left["bronze"].remove("B1")
    put(st, "CON-STONE", 1, 1, 3)
    put(st, "CON-STONE", 2, 1, 3)
    put(st, "CON-LUMBER", 3, 1, 1)
    at_turn(st, 0)
    act(st, "real_estate", "commercial")   # Silver: 2 Stone + 1 Lumber, both tied Stones taken
    assert st.stack[-1][0] == "re_card"
    assert st.money[0] == 20 - 3 - 3 - 1


def test_a_purchase_climbs_the_price_ladder_unit_by_unit():
    st = started()
    st.built = {"RES-B": ["B1", 0, 3]}
    st.re_left["bronze"].remove("B1")
    put(st, "CON-LUMBER", 1, 1, 2)
    put(st, "CON-LUMBER", 2, 2, 6)
    put(st, "CON-STONE", 3, 1, 1)
    at_turn(st, 0)
    assert st.bill_cost(0, [("lumber", 2), ("stone", 1)]) == 2 + 6 + 1
    act(st, "real_estate", "residential")   # Silver: 2 Lumber + 1 Stone
    assert st.money[0] == 11 and st.money[1] == 22 and st.money[2] == 26


def test_tied_seller_that_would_leave_the_bill_unpayable_is_not_offered():
    st = started()
    put(st, "CON-STONE", 0, 1, 5)
    put(st, "CON-STONE", 1, 1, 5)
    put(st, "CON-LUMBER", 2, 1, 5)
    set_money(st, 0, 5)
    at_turn(st, 0)
    act(st, "real_estate", "commercial")   # 1 Stone (own one is free) + 1 Lumber at $5
    assert [a.args for a in st.legal_actions()] == [(0,)]
    assert "lowest price" in refused(st, "take", 1)


# -- the bank's $13 --------------------------------------------------------------------------------
def test_bank_sale_needs_goods_in_a_central_market_at_the_start_of_the_turn():
    st = started()
    at_turn(st, 0)
    reason = refused(st, "build", "farm")
    assert "$13" in reason and "Lumber" in reason
    put(st, "RESEARCH", 0, 1, 4)
    set_money(st, 0, 30)
    at_turn(st, 0)
    act(st, "build", "farm")   # 2 Lumber from the bank at $13 each
    assert st.money[0] == 4 and st.bank == -sum(st.money)
    assert sum(st.ms[s]["goods"] for s in range(4)) == 0   # R25: no one scores


def test_bank_eligibility_is_judged_when_the_turn_starts():
    st = started()
    st.built = {"RES-B": ["B1", 0, 3], "RES-S": ["S1", 0, 3]}
    st.re_left["bronze"].remove("B1")
    st.re_left["silver"].remove("S1")
    put(st, "RESEARCH", 0, 1, 4)
    set_money(st, 0, 40)
    at_turn(st, 0)
    # Residential Gold: 2 Lumber + 1 Stone from the bank, and seat 0's own Research, in one action:
    # buying its last central token does not close the bank to it during this turn
    assert st.bill_cost(0, [("lumber", 2), ("stone", 1), ("research", 1)]) == 39
    act(st, "real_estate", "residential")
    assert st.money[0] == 1 and st.held("RESEARCH", 0) == 0 and st.stack[-1][0] == "re_card"
    # a player whose last central token another player bought has no right at their next turn
    st2 = started()
    put(st2, "RESEARCH", 1, 1, 4)
    at_turn(st2, 0)
    act(st2, "research", "A1")   # buys seat 1's only Research
    assert st2.to_move() == 1 and not st2.eligible
    assert "$13" in refused(st2, "build", "farm")


def test_bank_serves_only_once_the_market_is_empty():
    st = started()
    put(st, "CON-LUMBER", 1, 1, 12)
    put(st, "RESEARCH", 0, 1, 4)
    set_money(st, 0, 30)
    at_turn(st, 0)
    act(st, "build", "farm")   # 2 Lumber: the $12 one first, then the bank's $13 (R2)
    assert st.money[0] == 5 and st.money[1] == 32


# -- building, expanding, running ----------------------------------------------------------------
def test_first_builder_takes_the_double_card_and_produces_at_once():
    st = started()
    at_turn(st, 0)
    act(st, "build", "quarry")
    assert st.facilities[0]["quarry"] == [2, 1] and st.stock["quarry"] == [0, 8]
    assert st.held("CON-STONE", 0) == 2 and st.stack[-1] == ["price", "CON-STONE"]
    assert "$1 to $12" in refused(st, "price", "CON-STONE", 13)   # R11
    refused(st, "price", "CON-STONE", 0)
    act(st, "price", "CON-STONE", 4)
    assert st.to_move() == 1
    act(st, "build", "quarry")
    assert st.facilities[1]["quarry"] == [1, 0]
    act(st, "price", "CON-STONE", 4)   # several players may share a price


def test_one_facility_per_type_and_build_or_expand_refusals():
    st = started()
    st.facilities[0]["quarry"] = [1, 0]
    at_turn(st, 0)
    assert "expand it instead" in refused(st, "build", "quarry")
    assert "build one first" in refused(st, "expand", "mill")
    assert "not enough Lumber" in refused(st, "expand", "quarry")
    st.stock["mill"] = [0, 0]
    assert "stack is empty" in refused(st, "build", "mill")   # R21


def test_overtime_doubles_output_for_rate_times_size():
    st = started()
    st.facilities[0]["foundry"] = [3, 1]
    at_turn(st, 0)
    assert st.overtime_cost(0, "foundry") == 9   # R14: $3 a card, the double card printing $6
    act(st, "run", "foundry", "overtime")
    assert st.money[0] == 11 and st.held("CON-STEEL", 0) == 6
    st.advances[1] = ["A6"]
    st.facilities[1]["farm"] = [3, 0]
    act(st, "price", "CON-STEEL", 3)
    assert st.overtime_cost(1, "farm") == 1   # Efficient Overtime: half of $3, rounded down
    set_money(st, 2, 0)
    st.facilities[2]["lab"] = [1, 0]
    at_turn(st, 2)
    assert "costs $3" in refused(st, "run", "lab", "overtime")


def test_mass_production_adds_one_to_normal_production_also_when_building():
    st = started()
    st.advances[0] = ["A5", "B4"]
    at_turn(st, 0)
    act(st, "build", "mill")   # R22: the free production is a Normal Production
    assert st.held("CON-LUMBER", 0) == 3
    act(st, "price", "CON-LUMBER", 5)
    at_turn(st, 0)
    act(st, "run", "mill", "overtime")   # overtime is not affected
    assert st.held("CON-LUMBER", 0) == 3 + 4


def test_locked_market_needs_its_advance():
    st = started()
    st.facilities[0]["quarry"] = [2, 1]
    at_turn(st, 0)
    act(st, "run", "quarry", "normal")
    assert st.stack[-1] == ["price", "CON-STONE"]   # R27: no split into the locked DUR-W
    act(st, "price", "CON-STONE", 3)
    st.advances[0] = ["A1", "B1"]
    at_turn(st, 0)
    act(st, "run", "quarry", "normal")
    assert st.stack[-1] == ["split", "stone", 2, "CON-STONE", "DUR-W"]
    act(st, "split", 1)
    # R23: only the two markets that received goods are priced
    assert st.stack[-1] == ["price", "CON-STONE"] and st.stack[-2] == ["price", "DUR-W"]
    act(st, "price", "CON-STONE", 3)
    act(st, "price", "DUR-W", 8)
    assert st.tokens["DUR-W"][0] == [0, 1]


def test_two_good_market_has_one_marker_per_player():
    st = started()
    st.advances[0] = ["A1", "B1"]
    st.facilities[0]["parts_factory"] = [1, 0]
    put(st, "DUR-W", 0, 2, 6, good=1)   # two Stone at $6
    at_turn(st, 0)
    act(st, "run", "parts_factory", "normal")
    act(st, "split", 1)   # the Parts to DUR-W
    act(st, "price", "DUR-W", 9)   # R7: moves the one marker for the Stone too
    assert st.tokens["DUR-W"][0] == [1, 2] and st.price["DUR-W"][0] == 9


# -- Market Research and Market Manipulation --------------------------------------------------------
def test_advances_need_their_age_prerequisites_and_research():
    st = started()
    put(st, "RESEARCH", 1, 5, 2)
    at_turn(st, 0)
    assert "from Age 2" in refused(st, "research", "B1")
    st.age = 2
    assert "needs Stone Contracts or Industrial Holdings" in refused(st, "research", "B1")
    st.advances[0] = ["A5"]
    act(st, "research", "B1")
    assert st.money[0] == 16 and "B1" in st.advances[0] and st.money[1] == 24
    at_turn(st, 0)
    assert "already own" in refused(st, "research", "B1")


def test_research_then_reprice_each_market_or_keep_the_rest():
    st = started()
    put(st, "RESEARCH", 1, 1, 2)
    put(st, "CON-STONE", 0, 2, 5)
    put(st, "CON-CORN", 0, 1, 8)
    at_turn(st, 0)
    act(st, "research", "A1")
    assert st.stack[-1] == ["reprice", ["CON-STONE", "CON-CORN"]]
    act(st, "price", "CON-STONE", 2)
    assert st.stack[-1] == ["reprice", ["CON-CORN"]]
    act(st, "done")
    assert st.to_move() == 1 and st.price["CON-CORN"][0] == 8
    assert st.held("CON-STONE", 0) == 2   # re-pricing moves no goods


def test_market_manipulation_draws_a_captain_card_as_a_chance_decision():
    st = started()
    at_turn(st, 0)
    act(st, "manipulate")
    assert st.to_move() == CHANCE
    outcomes = dict((a.args[1], w) for a, w in st.chance_outcomes())
    assert sum(outcomes.values()) == len(CAPTAIN_DECK) - 16
    events = chance(st, "draw_captain", 0, "K-IND")
    assert "K-IND" in st.hands[0]
    assert events[0].render(["A", "B", "C", "D"], 1) == "A draws a Captain card."


def test_manipulation_stays_legal_with_an_empty_captain_deck():
    st = started()
    st.hands[1] += st.captain_deck
    st.captain_deck = []
    at_turn(st, 0)
    assert Action("manipulate", 0, ()) in st.legal_actions()   # R24
    act(st, "manipulate")   # R9: nothing drawn
    assert st.to_move() == 1


# -- Real Estate --------------------------------------------------------------------------------
def test_real_estate_lowest_level_card_side_rent_turn_order_and_one_chip():
    st = started(4)
    for m in ("CON-STONE", "CON-LUMBER", "CON-STEEL"):
        put(st, m, 3, 10, 1)
    at_turn(st, 0)
    act(st, "real_estate", "commercial")
    assert st.stack[-1] == ["re_card", "COM-B"]
    assert Action("re_card", 0, ("S1", 0)) not in st.legal_actions()
    act(st, "re_card", "B1", 1)
    assert st.built["COM-B"] == ["B1", 1, 0] and st.wheel
    assert market_demand("CON-STONE", st.built) == 0   # the card's side DEE replaced C D E
    act(st, "real_estate", "transportation")   # seat 1
    act(st, "re_card", "B2", 0)
    assert st.chips == 0 and st.wheel   # R5: one chip a round
    act(st, "manipulate")   # seat 2
    chance(st, "draw_captain", 2, "K-IND")
    act(st, "real_estate", "commercial")   # seat 3: Silver now
    act(st, "re_card", "S1", 0)
    money = list(st.money)
    assert st.to_move() == CHANCE   # end of round: rent, turn order, chip, then draws
    assert [st.money[s] - money[s] for s in range(4)] == [0, 0, 0, 0]
    # rent was paid at the round end, before the draw
    assert st.order == [2, 3, 1, 0]   # builders reversed behind the one who stayed
    assert st.chips == 1 and not st.wheel
    assert st.stack[-1] == ["progress", 2]


def test_rent_is_two_dollars_a_card_and_three_with_civic_planning():
    st = started(3)
    st.built = {"COM-B": ["B1", 0, 0], "RES-B": ["B2", 0, 0], "IND-B": ["B3", 0, 1]}
    st.advances[1] = ["B6"]
    assert st.rent(0) == 4 and st.rent(1) == 3 and st.rent(2) == 0
    st.turn_pos = 2
    st.stack = [["end_turn"]]
    money = list(st.money)
    st._run()
    assert [st.money[s] - money[s] for s in range(3)] == [4, 3, 0]


def test_empty_silver_and_gold_spaces_give_no_demand():
    st = started()
    assert [market_demand(m, {}) for m in ("CON-STONE", "DUR-W", "ENR-N", "DUR-E", "ENR-S")] == [1, 2, 2, 2, 2]
    assert market_demand("RESEARCH", {}) == 0
    st.built = {"COM-B": ["B4", 0, 0]}   # C D E: the same as the automatic demand
    assert market_demand("CON-STONE", st.built) == 1   # R12: empty Silver, Gold add nothing


# -- progress and the end of an age ---------------------------------------------------------------
def test_progress_draws_stop_at_the_sixth_city_and_country_cards_go_back():
    st = started(3)
    st.cities = 4
    st.chips = 2
    st.stack = [["progress", 3]]
    weights = {a.args[0]: w for a, w in st.chance_outcomes()}
    assert weights == {"city": 2, "country": 4}
    chance(st, "progress", "country")   # R4: no effect
    assert {a.args[0]: w for a, w in st.chance_outcomes()} == {"city": 2, "country": 3}
    chance(st, "progress", "city")
    chance(st, "progress", "city")   # the sixth: the age ends, no third draw (R5)
    assert st.cities == 6 and st.stack[-1] == ["return", [0, 1, 2]]
    for seat in range(3):
        act(st, "return_captain", st.hands[seat][0])
    # the age is reset: all ten cards back, chips cleared, Age 2 begins with a new round
    assert (st.age, st.cities, st.chips, st.country_out) == (2, 0, 0, 0) and st.stack == [["action"]]


def test_a_round_without_sixth_city_starts_the_next_round():
    st = started(3)
    st.stack = [["progress", 1]]
    st.turn_pos = 3
    chance(st, "progress", "country")
    assert st.round == 2 and st.country_out == 0 and st.to_move() == st.order[0]


def test_sector_domination_strict_leader_only_kept_tokens_count():
    st = started(4)
    put(st, "CON-STONE", 0, 1, 2)
    put(st, "CON-CORN", 1, 3, 9)   # demand 1: only one Corn is kept (R20)
    put(st, "DUR-W", 2, 1, 5)
    put(st, "DUR-E", 3, 1, 5)
    put(st, "ENR-S", 2, 2, 5)
    settle(st)
    assert st.ms[0]["domination"] == 0 and st.ms[1]["domination"] == 0   # Consumables 1-1: a tie
    assert st.ms[3]["domination"] == 0                                   # Durables 1-1: a tie
    assert st.ms[2]["domination"] == 5 and st.dominations == [0, 0, 1, 0]   # Energy


def test_tie_spreading_never_reaches_the_next_price():
    assert kept_tokens(3, {0: (2, 5), 1: (2, 5), 2: (3, 5)}) == {0: 2, 1: 2, 2: 0}   # R6
    assert kept_tokens(5, {0: (2, 1), 1: (2, 1), 2: (3, 5)}) == {0: 1, 1: 1, 2: 3}
    assert kept_tokens(0, {0: (2, 1)}) == {0: 0}


def test_research_market_is_not_cleared_at_the_age_end():
    st = started()
    put(st, "RESEARCH", 0, 3, 6)
    settle(st)
    assert st.held("RESEARCH", 0) == 3 and st.price["RESEARCH"][0] == 6   # R8


def test_contracts_and_brands_score_extra_market_share():
    st = started()
    st.advances[0] = ["A1", "B5"]
    st.advances[1] = ["A5"]
    st.facilities[1] = {"quarry": [1, 0], "farm": [1, 0]}
    put(st, "CON-STONE", 0, 1, 3)
    put(st, "CON-CORN", 0, 1, 3)
    settle(st)
    assert st.ms[0] == {"goods": 2, "contracts": 1, "domination": 5, "age_advances": 1}
    assert st.ms[1]["age_advances"] == 2   # Industrial Holdings: one per facility


def test_market_insider_sells_before_demand():
    st = started(3)
    st.advances[0] = ["C1"]
    put(st, "CON-CORN", 0, 4, 10)
    put(st, "ENR-S", 0, 1, 4)
    st.stack = [["action"], ["age_end"]]
    st._run()
    assert st.to_move() == 0 and st.stack[-1] == ["insider", 0, ["CON-CORN", "ENR-S"]]
    assert [a.args[1] for a in st.legal_actions()] == [0, 1, 2]
    act(st, "insider", "CON-CORN", 2)
    act(st, "insider", "ENR-S", 0)
    # 2 sold by Insider at $10, then demand 1 buys 1 more at $10, and ENR-S buys 1 at $4
    assert st.money[0] == 20 + 20 + 10 + 4


def test_captain_return_after_every_age_including_the_last():
    st = started(3)
    st.hands[2] = []
    st.captain_deck += HANDS[2]
    st.age = 3
    st.stack = [["action"], ["age_end"]]
    st._run()
    assert st.stack[-1] == ["return", [0, 1]]   # R10: seat 2 holds no card and returns none
    reason = refused(st, "return_captain", "K-OIL")
    assert "return" in reason
    act(st, "return_captain", "K-CORN")
    act(st, "return_captain", "K-VIS")
    assert st.is_terminal() and len(st.hands[0]) == 3 and "K-VIS" not in st.hands[1]   # R15


# -- hidden information --------------------------------------------------------------------------
def test_views_hide_other_banks_and_hands_and_determinize_redeals_them():
    st = started(4)
    st.ms[1]["goods"] = 7
    v = st.view(0)
    assert v["seats"][0]["hand"] == sorted(HANDS[0]) and v["seats"][1]["hand"] is None
    assert v["seats"][1]["market_share"] is None and v["seats"][1]["hand_count"] == 4
    assert v["seats"][0]["market_share"] is not None
    assert st.view(None)["seats"][0]["hand"] is None
    d = st.determinize(0, Rng(3))
    assert d.hands[0] == st.hands[0] and [len(h) for h in d.hands] == [4, 4, 4, 4]
    assert d.view(0) == v
    assert sorted(d.captain_deck + [c for h in d.hands for c in h]) == sorted(CAPTAIN_DECK)
    assert any(d.hands[s] != st.hands[s] for s in (1, 2, 3))


# -- end of game ----------------------------------------------------------------------------------
def test_final_scoring_and_tie_breaks():
    st = started(3)
    st.over = True
    st.stack = []
    st.hands = [[], [], []]
    st.ms = [{"goods": 10, "contracts": 0, "domination": 0, "age_advances": 0} for _ in range(3)]
    st.money = [30, 30, 10]
    st.order = [1, 0, 2]
    out = st.outcome()
    assert out.scores == [25, 25, 15]
    assert out.winners == [1]   # equal Market Share and money: earlier in turn order
    assert out.breakdown[0]["money_bonus"] == 15
    st.money = [31, 30, 10]
    assert st.outcome().winners == [0]


def test_game_end_advances_and_captains():
    st = started(3)
    st.over = True
    st.stack = []
    st.advances = [["C2", "C3", "C4", "A1"], ["A1", "A5"], ["B6"]]
    st.facilities = [{"quarry": [2, 1], "mill": [1, 0]}, {}, {}]
    st.built = {"COM-B": ["B1", 0, 0], "COM-S": ["S1", 0, 0]}
    st.hands = [["K-RE", "K-URB"], [], []]
    b = st.outcome().breakdown[0]
    # C2 2 x 2 facilities, C3: A1, A5, B6 owned by another player, C4 3 x 2 RE
    assert b["game_advances"] == 4 + 3 + 6
    assert b["captains"] == 4 + 8


# -- whole games ------------------------------------------------------------------------------------
def test_random_games_reach_the_end_with_three_ages():
    for seed in range(6):
        st = SPEC.new_state(3 + seed % 3)
        rng = Rng(seed)
        ages = set()
        while st.to_move() != TERMINAL:
            ages.add(st.age)
            if st.to_move() == CHANCE:
                outs = st.chance_outcomes()
                st.apply(outs[rng.weighted_index([w for _, w in outs])][0])
            else:
                st.apply(rng.choice(st.legal_actions()))
        assert ages == {1, 2, 3} and st.outcome().winners


def test_facility_data_matches_the_spec_counts():
    assert len(FACILITIES) == 7 and sum(f.double_cards + f.standard_cards for f in FACILITIES.values()) == 63
    assert len(CAPTAIN_DECK) == 30
    assert sum(1 for m in MARKETS.values() if m.locked) == 3


def test_goods_tokens_are_unlimited():
    st = started()
    st.facilities[0]["foundry"] = [9, 1]
    st.money[0] += 100
    st.bank -= 100
    for _ in range(3):
        at_turn(st, 0)
        act(st, "run", "foundry", "overtime")   # R17: 18 tokens a time, never short
        act(st, "price", "CON-STEEL", 5)
    assert st.held("CON-STEEL", 0) == 54


def test_real_estate_side_stays_as_built():
    st = started()
    for m in ("CON-STONE", "CON-LUMBER"):
        put(st, m, 3, 2, 1)
    at_turn(st, 0)
    act(st, "real_estate", "commercial")
    assert {a.args[1] for a in st.legal_actions()} == {0, 1}   # the builder picks the side
    act(st, "re_card", "B1", 0)   # C C D
    settle(st)
    settle(st)
    # R28: no action flips it; it still gives its side's demand after two age ends
    assert st.built["COM-B"] == ["B1", 0, 0] and market_demand("CON-STONE", st.built) == 2
    assert not any(a.kind == "re_card" for a in st.legal_actions())


# -- the rules help ------------------------------------------------------------------------------
def test_rules_help_names_our_design_and_every_balance_change():
    from engine.core.assets import load_toml

    help_text = " ".join(SPEC.rules_help.split())
    assert "our own design" in help_text
    ours = help_text[help_text.index("Our data and how it was balanced"):]
    changed = [f["name"] for f in load_toml("captains-of-industry", "facilities.toml")["facility"]
               if "[changed]" in f["provenance"]]
    assert changed   # the balance changes are marked in the data ...
    for name in changed:
        assert f"**{name}**" in ours, name   # ... and each is told to the player
