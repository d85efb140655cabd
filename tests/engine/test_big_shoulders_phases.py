"""City of the Big Shoulders: Capital Assets, the buildings, Haymarket, the Operating Phase,
Cleanup, scoring with the Public Goals and the Advanced Rules, against the numbers of the
components file (city-of-the-big-shoulders-components.md, "§" below) and our rulings
(assets/games/big-shoulders/rules.md). Every refusal leaves the state untouched."""

import pytest

from engine.core import CHANCE, TERMINAL, Action
from engine.core.rng import Rng
from engine.games.big_shoulders import SPEC, market
from engine.games.big_shoulders.cleanup import cleared_row
from engine.games.big_shoulders.data import ASSET_PRICES, BUILDINGS, DEMAND, GOALS, RESOURCES, STOCK_VALUES
from engine.games.big_shoulders.operating import HALF
from engine.games.big_shoulders.scoring import final_outcome, goal_winners
from engine.games.big_shoulders.state import CHARTER, POOL
from tests.engine.test_big_shoulders_rules import act, give, refused, set_up, to_action, turn_of

NONE = dict.fromkeys(RESOURCES, 0)


def tile_with(demand: int) -> int:
    return next(t for t, d in DEMAND.items() if d.demand == demand)


def operate(st, cid):
    """Make `cid` the company operating now, at the start of its run (buying resources)."""
    c = st.companies[cid]
    c.update(revenue=0, ran=0, shipped=0)
    st.phase = "operating"
    st.operating = cid
    st.op_done = [cid]
    st.op_next = None
    st.stack = [["stock_start"], ["op_end", cid], ["op_buy", c["dir"], cid]]
    return c["dir"]


def staff(st, cid, f, workers=None):
    from engine.games.big_shoulders.data import COMPANIES

    st.companies[cid]["workers"][f] = COMPANIES[cid].factories[f].workers if workers is None else workers


def action_turn(st, cid, cash=500):
    """Make it the Action Phase turn of `cid`'s director, the company holding `cash`."""
    seat = st.companies[cid]["dir"]
    st.phase = "action"
    st.stack = [["stock_start"], ["action", st.order.index(seat)]]
    st.companies[cid]["cash"] = cash
    return seat


# -- Capital Assets (§8) -----------------------------------------------------------------------
def test_capital_investment_pays_the_slot_price_gives_the_bonus_and_slides_the_row():
    st = to_action(3)
    action_turn(st, "brunswick")                 # Brunswick has a Capital Asset slot
    staff(st, "brunswick", 1, 2)                 # two Workers, so an automation has a target
    st.asset_row = ["union_stockyards", "michigan_lumber", "pennsylvania_coal", "cincinnati_steel",
                    "brilliant_marketing"]
    st.asset_deck = ["color_catalog"]
    act(st, "place", "capital_investment", "brunswick")
    assert [a.args for a in st.legal_actions()] == [(0,), (1,), (2,), (3,), (4,)]
    act(st, "buy_asset", 1)                      # Michigan Lumber in the $50 slot
    assert st.companies["brunswick"]["cash"] == 450
    assert st.stack[-1][0] == "gain" and st.stack[-1][3] == "automate"    # its bonus: automate 1
    act(st, "automate", 1, 1)                    # into the factory's own empty space
    assert st.companies["brunswick"]["automated"][1] == 1
    assert st.companies["brunswick"]["asset"] == "michigan_lumber"
    assert st.companies["brunswick"]["assets_acquired"] == 1
    assert st.to_move() == CHANCE                # the row slid down; a tile is drawn into $80
    st.apply(st.chance_outcomes()[0][0])
    assert st.asset_row == ["union_stockyards", "pennsylvania_coal", "cincinnati_steel",
                            "brilliant_marketing", "color_catalog"]


def test_a_company_without_the_slot_discards_the_asset_after_its_bonus():
    st = to_action(3)
    action_turn(st, "elgin")                     # Elgin has no slot (§2)
    st.asset_deck = []
    act(st, "place", "capital_investment", "elgin")
    act(st, "buy_asset", 0)
    assert st.companies["elgin"]["asset"] is None and st.companies["elgin"]["assets_acquired"] == 1
    assert st.asset_row[-1] is None              # an empty deck leaves the $80 slot empty


def test_a_second_asset_means_keeping_one():
    st = to_action(3)
    action_turn(st, "brunswick")
    st.companies["brunswick"]["asset"] = "union_stockyards"
    act(st, "place", "capital_investment", "brunswick")
    new = st.asset_row[0]
    act(st, "buy_asset", 0)
    while st.stack[-1][0] == "gain":
        act(st, "skip_gain")
    assert st.stack[-1][0] == "asset_keep"
    refused(st, "keep_asset", "price_protection", says="Keep either")
    act(st, "keep_asset", new)
    assert st.companies["brunswick"]["asset"] == new


@pytest.mark.parametrize("building,discount", [(1, 10), (19, 20), (40, 30)])
def test_discount_buildings_pay_the_owner_from_the_bank(building, discount):
    st = to_action(3)
    seat = action_turn(st, "spalding")
    owner = (seat + 1) % 3
    st.played[owner].append([1, building])
    cash_before = st.cash[owner]
    act(st, "use_building", building, "spalding")
    assert st.cash[owner] == cash_before + BUILDINGS[building].cost
    act(st, "buy_asset", 4)                      # the $80 slot
    assert st.companies["spalding"]["cash"] == 500 - (ASSET_PRICES[4] - discount)


# -- buildings (§7) ------------------------------------------------------------------------------
def test_company_pays_owner_even_its_own_director_and_once_a_decade():
    st = to_action(3)
    seat = action_turn(st, "elgin")
    st.played[seat].append([1, 9])              # +2 appeal, $30 from the company to the owner
    before = st.cash[seat]
    act(st, "use_building", 9, "elgin")
    assert st.cash[seat] == before + 30 and st.companies["elgin"]["cash"] == 470
    assert st.companies["elgin"]["appeal"] == 4
    nxt = st.to_move()
    if nxt >= 0 and st.stack[-1][0] == "action":
        refused(st, "use_building", 9, st.directed(nxt)[0], says="already on")


def test_resource_buildings_take_only_what_haymarket_holds():
    st = to_action(3)
    seat = action_turn(st, "elgin")
    st.played[seat].append([1, 3])              # 1 wood + 1 livestock, the bank pays the owner $20
    st.haymarket = dict(NONE, wood=1)
    before = st.cash[seat]
    act(st, "use_building", 3, "elgin")
    assert st.companies["elgin"]["resources"]["wood"] == 1
    assert st.companies["elgin"]["resources"]["livestock"] == 0
    assert st.cash[seat] == before + 20 and st.companies["elgin"]["cash"] == 500


def test_same_and_different_pairs_from_haymarket():
    st = to_action(3)
    seat = action_turn(st, "elgin")
    st.played[seat] += [[1, 12], [1, 8]]          # 2 of a kind; 2 different
    st.haymarket = dict(NONE, coal=2, steel=1)
    act(st, "use_building", 12, "elgin")
    assert {a.args for a in st.legal_actions()} == {("coal", "coal"), ("steel", "steel")}
    act(st, "take_pair", "coal", "coal")
    assert st.companies["elgin"]["resources"]["coal"] == 2
    action_turn(st, "elgin")
    act(st, "use_building", 8, "elgin")           # only steel left: one resource alone
    assert [a.kind for a in st.legal_actions()] == ["take_resource"]


def test_immediate_goods_salespeople_capped_and_two_managers_in_two_factories():
    st = to_action(3)
    seat = action_turn(st, "spalding")           # Spalding's price track takes 1 Salesperson
    st.played[seat] += [[2, 25], [2, 27], [2, 23]]
    act(st, "use_building", 25, "spalding")
    assert st.companies["spalding"]["sales"] == 1
    action_turn(st, "spalding")
    act(st, "use_building", 27, "spalding")
    assert st.companies["spalding"]["goods"] == 2
    action_turn(st, "spalding")
    act(st, "use_building", 23, "spalding")
    act(st, "manager", 0)
    assert [a.args for a in st.legal_actions()] == [(1,)]
    act(st, "manager", 1)
    assert st.companies["spalding"]["managers"] == [1, 1]


def test_dividend_buildings_need_the_money_and_pay_per_share():
    st = to_action(3)
    seat = action_turn(st, "elgin", cash=149)
    st.played[seat].append([4, 29])
    refused(st, "use_building", 29, "elgin", says="needs $150")
    st.companies["elgin"]["cash"] = 150
    step = st.companies["elgin"]["step"]
    before = st.cash[seat]
    act(st, "use_building", 29, "elgin")
    # $15 a share: the director's 30% takes $45, the charter's 70% $105 back; $30 from the bank
    assert st.cash[seat] == before + 45 + 30
    assert st.companies["elgin"]["cash"] == 105
    assert st.companies["elgin"]["step"] == market.moved(step, market.payout_steps(150, step))


# -- free actions ------------------------------------------------------------------------------
def test_haymarket_trade_two_for_one():
    st = to_action(3)
    seat = action_turn(st, "elgin")
    st.companies["elgin"]["resources"]["coal"] = 2
    st.bag["coal"] -= 2
    act(st, "trade", "elgin", "coal", "wood")
    assert st.companies["elgin"]["resources"]["coal"] == 0 and st.companies["elgin"]["resources"]["wood"] == 1
    assert st.haymarket["coal"] == 4 and st.haymarket["wood"] == 1
    assert st.to_move() == seat                   # a free action: still the same turn
    refused(st, "trade", "elgin", "coal", "wood", says="fewer than 2")


def test_assets_are_used_once_a_decade_and_stock_assets_only_after_production():
    st = to_action(3)
    action_turn(st, "brunswick")
    st.companies["brunswick"]["asset"] = "union_stockyards"
    act(st, "use_asset", "brunswick")
    assert st.companies["brunswick"]["cash"] == 490 and st.companies["brunswick"]["resources"]["livestock"] == 2
    refused(st, "use_asset", "brunswick", says="used this Decade")
    st.companies["brunswick"].update(asset="popular_partners", exhausted=False)
    refused(st, "use_asset", "brunswick", says="after")
    st.companies["brunswick"]["asset"] = "price_protection"
    refused(st, "use_asset", "brunswick", says="never used")


def test_a_revenue_asset_used_in_the_action_phase_pays_in_the_operating_phase():
    st = to_action(3)
    action_turn(st, "brunswick")
    st.companies["brunswick"]["asset"] = "catalogue_empire"
    act(st, "use_asset", "brunswick")
    assert st.companies["brunswick"]["extra_revenue"] == 80
    operate(st, "brunswick")
    assert st.revenue_of("brunswick") == 80


# -- the Operating Phase (§13.4) -----------------------------------------------------------------
def test_buying_from_the_supply_chain_at_the_printed_prices_never_from_x():
    st = set_up(3)
    seat = operate(st, "elgin")
    st.companies["elgin"]["cash"] = 100
    st.supply = {"x": dict(NONE, coal=3), "30": dict(NONE, steel=3), "20": dict(NONE, coal=3),
                 "10": dict(NONE, wood=3)}
    refused(st, "buy_resource", "x", "coal", says="not for sale")
    act(st, "buy_resource", "10", "wood")
    act(st, "buy_resource", "20", "coal")
    act(st, "buy_resource", "30", "steel")
    assert st.companies["elgin"]["cash"] == 40 and st.to_move() == seat
    st.companies["elgin"]["cash"] = 25
    assert Action("buy_resource", seat, ("30", "steel")) not in st.legal_actions()
    assert Action("buy_resource", seat, ("20", "coal")) in st.legal_actions()


def test_factories_run_in_order_and_stop_at_the_first_that_cannot():
    st = set_up(3)
    operate(st, "elgin")                          # factory 1: 2 spaces, coal + steel, makes 2
    staff(st, "elgin", 0)
    staff(st, "elgin", 1)
    st.companies["elgin"]["resources"] = dict(NONE, coal=2, steel=1)   # enough for factory 1 only
    st.bag["coal"] -= 2
    st.bag["steel"] -= 1
    act(st, "done_buying")
    assert st.stack[-1][:4] == ["op_produce", st.companies["elgin"]["dir"], "elgin", 0]
    act(st, "produce", 0)
    c = st.companies["elgin"]
    assert c["goods"] == 2 and c["ran"] == 1 and c["resources"]["coal"] == 1
    assert st.haymarket["coal"] == 3 and st.haymarket["steel"] == 3    # used resources go to Haymarket
    assert st.stack[-1][0] == "op_ship"           # factory 2 lacks steel: production ended


def test_full_automation_adds_a_good_and_managers_give_their_bonus():
    st = set_up(3)
    operate(st, "elgin")
    c = st.companies["elgin"]
    c["automated"][0] = 2                         # fully automated: +1 good
    c["managers"][0] = 1                          # Elgin factory 1's Manager: +2 appeal
    c["resources"] = dict(NONE, coal=1, steel=1)
    st.bag["coal"] -= 1
    st.bag["steel"] -= 1
    act(st, "done_buying")
    act(st, "produce", 0)
    assert c["goods"] == 3 and c["appeal"] == 4


def test_goods_tokens_make_a_good_each_when_production_ends():
    st = set_up(3)
    operate(st, "elgin")
    st.companies["elgin"]["tokens"] = 2
    act(st, "done_buying")                        # no factory can run
    assert st.companies["elgin"]["goods"] == 2 and st.stack[-1][0] == "op_ship"


def test_the_founder_gains_a_partner_when_the_last_factory_first_runs():
    st = set_up(3)
    seat = operate(st, "elgin")
    assert st.founder[seat] == "elgin"
    st.stack[-1] = ["op_produce", seat, "elgin", 1]
    staff(st, "elgin", 1)
    st.companies["elgin"]["resources"] = dict(NONE, coal=1, steel=2)
    st.bag["coal"] -= 1
    st.bag["steel"] -= 2
    act(st, "produce", 1)
    assert st.partners[seat] == 3 and "founding" in st.partner_gains[seat]


def shipping(st, cid, goods):
    seat = operate(st, cid)
    st.companies[cid]["goods"] = goods
    st.stack[-1] = ["op_ship", seat, cid]
    return seat


def test_shipping_pays_the_price_and_the_column_bonus_for_the_good_that_fills_a_tile():
    st = set_up(3)
    shipping(st, "elgin", 3)                     # Elgin: $50 a good with no Salesperson
    row = 1                                      # Dry Goods
    st.demand_grid[row] = [tile_with(2), tile_with(3), tile_with(4)]
    st.demand_goods[row] = [1, 0, 0]             # another company's good counts toward the tile
    act(st, "ship", 0)
    assert st.companies["elgin"]["revenue"] == 50 + 50     # fills the $50-column tile
    refused(st, "ship", 0, says="no room")
    act(st, "ship", 1)
    act(st, "ship", HALF)                         # half price at the bank space for Dry Goods
    assert st.companies["elgin"]["revenue"] == 100 + 50 + 25
    act(st, "done_shipping")
    st.companies["elgin"]["ran"] = 1
    cash = st.companies["elgin"]["cash"]
    act(st, "pay_out")                           # $175: $170 paid, $5 stays (ruling §15.5)
    assert st.companies["elgin"]["cash"] == cash + 5 + 7 * 17      # and $17 a share on the charter



def paying(st, cid, asset, revenue, value):
    """`cid` at its dividend step holding `asset` unused, `revenue` earned, its share at `value`."""
    seat = operate(st, cid)
    c = st.companies[cid]
    c.update(asset=asset, exhausted=False, revenue=revenue, ran=1, shipped=1, step=list(STOCK_VALUES).index(value))
    st.stack[-1] = ["op_dividend", seat, cid]
    return seat


def test_popular_partners_is_used_after_the_payout_at_the_last_chance_step():
    """§13.4 step 5 (last chance to exhaust unused assets) and §8 (Popular Partners works during
    the dividend step): at $50 with a $100 payout, Popular Partners used after the payout ends on
    $100 (+2 for the payout, then +1); used before it, on $80 (+1, then the $100 payout is less
    than twice the new $60)."""
    before = set_up(3)
    paying(before, "brunswick", "popular_partners", 100, 50)
    act(before, "use_asset", "brunswick")
    act(before, "pay_out")
    assert before.share_value("brunswick") == 80
    after = set_up(3)
    seat = paying(after, "brunswick", "popular_partners", 100, 50)
    act(after, "pay_out")
    assert after.share_value("brunswick") == 80 and after.to_move() == seat
    assert {a.kind for a in after.legal_actions()} == {"use_asset", "done_operating"}
    act(after, "use_asset", "brunswick")
    assert after.share_value("brunswick") == 100
    assert after.stack[-1][0] != "op_last"       # its run goes on: the supply chain, the next company


def test_the_last_chance_comes_after_withholding_too_and_only_with_an_unused_asset():
    st = set_up(3)
    seat = paying(st, "brunswick", "backroom_deals", 100, 50)
    act(st, "withhold")
    assert st.share_value("brunswick") == 40 and st.stack[-1] == ["op_last", seat, "brunswick"]
    act(st, "done_operating")
    assert st.share_value("brunswick") == 40 and st.companies["brunswick"]["exhausted"] is False
    used = set_up(3)
    paying(used, "brunswick", "backroom_deals", 100, 50)
    used.companies["brunswick"]["exhausted"] = True
    act(used, "pay_out")
    assert used.stack[-1][0] != "op_last"        # nothing left to use: no question asked
    late = set_up(3)
    seat = paying(late, "brunswick", "mail_order_catalogue", 100, 50)
    act(late, "pay_out")
    assert late.stack[-1][0] != "op_last"        # its revenue would come after the payout: not asked
    late.stack.append(["op_last", seat, "brunswick"])
    refused(late, "use_asset", "brunswick", says="already paid out")

def test_meat_packing_may_not_use_the_half_price_bank_space():
    st = set_up(4)
    shipping(st, "swift", 1)
    refused(st, "ship", HALF, says="does not take Meat Packing")


def test_printed_board_spaces_once_the_deck_is_empty():
    st = set_up(3)
    shipping(st, "elgin", 8)
    row = 1
    st.demand_grid[row] = [None, None, None]
    st.demand_goods[row] = [0, 5, 0]
    assert {a.args for a in st.legal_actions() if a.kind == "ship"} == {(1,), (2,), (HALF,)}
    act(st, "ship", 1)                           # the 6th good on the $20 space earns $20
    assert st.companies["elgin"]["revenue"] == 50 + 20
    act(st, "ship", 2)                           # the $0 space: any number at half price
    assert st.companies["elgin"]["revenue"] == 70 + 25


def test_a_company_that_ran_no_factory_or_shipped_nothing_must_withhold():
    st = set_up(3)
    shipping(st, "elgin", 0)
    act(st, "done_shipping")
    assert [a.kind for a in st.legal_actions() if a.kind in ("pay_out", "withhold")] == ["withhold"]
    refused(st, "pay_out", says="must withhold")
    step = st.companies["elgin"]["step"]
    act(st, "withhold")
    assert st.companies["elgin"]["step"] == step - 1


def test_the_next_company_is_fixed_when_one_starts_operating():
    st = to_action(3)
    while st.phase == "action":
        act(st, "pass_action")
    # Elgin (appeal 2) first; Brunswick is then fixed as next even if Spalding jumps past it
    assert st.operating == "elgin" and st.op_next == "brunswick"
    st.companies["spalding"]["appeal"] = 9
    st.raise_appeal("spalding", 0)
    for kind in ("done_buying", "done_shipping", "withhold"):
        act(st, kind)
    while st.to_move() == CHANCE:
        st.apply(st.chance_outcomes()[0][0])
    assert st.operating == "brunswick"


def test_the_supply_chain_refills_after_each_company_with_the_decade_amount():
    st = set_up(3)
    operate(st, "elgin")
    st.decade = 2                                 # 4 a space in Decade 2 (§11.1)
    moved = sum(st.supply["x"].values())
    st.bag = {r: st.bag[r] + st.supply["10"][r] for r in RESOURCES}
    st.supply["10"] = dict(NONE)
    for kind in ("done_buying", "done_shipping", "withhold"):
        act(st, kind)
    while st.to_move() == CHANCE and st.stack[-1][0] == "supply":
        st.apply(st.chance_outcomes()[0][0])
    assert sum(st.supply["x"].values()) == 4 and sum(st.supply["30"].values()) == moved


# -- Cleanup (§13.6) ---------------------------------------------------------------------------
def test_cleared_row_removes_full_tiles_and_slides_the_rest_toward_fifty():
    full, part = tile_with(2), tile_with(5)
    tiles, goods, gone = cleared_row([full, part, tile_with(0)], [2, 3, 0])
    assert tiles == [part, None, None] and goods == [3, 0, 0] and gone == 2   # a demand-0 tile is full
    tiles, goods, _ = cleared_row([part, None, None], [1, 6, 9])
    assert goods == [1, 0, 0]                     # the full $20 space and the half-price space empty
    tiles, goods, _ = cleared_row([part, None, None], [1, 4, 9])
    assert goods == [1, 4, 0]                     # a $20 space with fewer than 6 keeps its goods


def test_cleanup_moves_ten_dollar_space_to_haymarket_discards_forty_and_advances():
    st = set_up(3)
    ten = dict(st.supply["10"])
    hay = dict(st.haymarket)
    first = st.asset_row[0]
    st.companies["elgin"]["exhausted"] = True
    st.sold_decade[0] = ["elgin"]
    st.stack = [["cleanup"]]
    st._run()
    assert st.haymarket == {r: hay[r] + ten[r] for r in RESOURCES}
    assert first not in st.asset_row
    assert st.decade == 2 and st.sold_decade[0] == [] and not st.companies["elgin"]["exhausted"]
    while st.to_move() == CHANCE:
        st.apply(st.chance_outcomes()[0][0])
    assert st.phase == "stock" and not st.check_invariants()


def test_a_whole_game_ends_after_1915_without_a_fifth_cleanup():
    st = SPEC.new_state(3)
    rng = Rng(5)
    decades = set()
    while st.to_move() != TERMINAL:
        if st.to_move() == CHANCE:
            st.apply(st.chance_outcomes()[0][0])
        else:
            legal = st.legal_actions()
            st.apply(next((a for a in legal if a.kind in ("pass", "pass_action", "done_buying", "withhold",
                                                          "done_shipping", "stop_producing")), rng.choice(legal)))
        decades.add(st.decade)
    assert decades == {1, 2, 3, 4, 5} and st.phase == "over"
    out = st.outcome()
    assert out is not None and len(out.scores) == 3


# -- scoring (§13.7, §9) -------------------------------------------------------------------------
def test_each_goal_counts_what_its_card_says():
    st = set_up(3)
    b, s, e = (st.companies[c] for c in ("brunswick", "spalding", "elgin"))
    seats = {cid: st.companies[cid]["dir"] for cid in ("brunswick", "spalding", "elgin")}
    b["managers"] = [1, 1]
    s["sales"] = 1
    e["assets_acquired"] = 2
    b["workers"] = [1, 3]
    s["automated"] = [1, 0]
    e["appeal"] = 9
    s["cash"] = 999
    st.partners[seats["elgin"]] = 3
    give(st, seats["brunswick"], "elgin", commons=2)
    give(st, seats["spalding"], "brunswick", preferred=True)
    expect = {1: "brunswick", 2: "spalding", 3: "elgin", 4: "brunswick", 5: "spalding", 6: "elgin",
              7: "spalding", 8: "elgin", 9: "brunswick", 10: "spalding"}
    for goal, cid in expect.items():
        assert goal_winners(st, goal) == [seats[cid]], GOALS[goal].text


def test_goal_ties_all_win_and_a_best_of_zero_pays_no_one():
    st = set_up(3)
    assert goal_winners(st, 1) == []              # no Managers anywhere (ruling §16.9)
    assert goal_winners(st, 8) == [0, 1, 2]       # two Partners each: all tie


def test_final_score_is_cash_certificates_and_goals_with_goals_won_breaking_ties():
    st = set_up(3)
    st.goals = [8, 1]
    st.companies["elgin"]["managers"] = [1, 0]
    elgin = st.companies["elgin"]["dir"]
    st.cash = [100, 100, 100]
    out = final_outcome(st)
    worth = 3 * market.value(4)                   # every Director's certificate at $35
    assert out.scores[elgin] == 100 + worth + 400
    assert out.breakdown[elgin] == {"Cash": 100.0, "Certificates": float(worth), "Public Goals": 400.0}
    other = (elgin + 1) % 3
    st.cash[other] += 200                         # equal totals: the goals won settle it
    out = final_outcome(st)
    assert out.scores[other] == out.scores[elgin] and out.winners == [elgin]


# -- Advanced Rules (§14) ------------------------------------------------------------------------
def test_a_buyer_with_more_shares_than_the_director_takes_the_directorship():
    st = set_up(3, {"advanced": True})
    old = st.companies["elgin"]["dir"]
    buyer = (old + 1) % 3
    give(st, buyer, "elgin", commons=3)
    st.cash[buyer] = 500
    turn_of(st, buyer)
    act(st, "buy", "elgin", "common", "charter")   # 4 against 3
    c = st.companies["elgin"]
    assert c["dir"] == buyer and c["com"][buyer] == 1 and c["com"][old] == 3


def test_a_director_selling_below_another_player_loses_the_directorship():
    st = set_up(3, {"advanced": True})
    old = st.companies["elgin"]["dir"]
    other = (old + 1) % 3
    give(st, old, "elgin", commons=1)
    give(st, other, "elgin", preferred=True, commons=2)
    turn_of(st, old)
    act(st, "sell", "elgin", "common")             # 3 against 4
    c = st.companies["elgin"]
    assert c["dir"] == other and c["pref"] == old and c["com"][old] == 1 and c["com"][other] == 1


def test_selling_the_directors_certificate_needs_another_thirty_percent():
    st = set_up(3, {"advanced": True})
    old = st.companies["elgin"]["dir"]
    turn_of(st, old)
    refused(st, "sell", "elgin", "director", says="at least 30%")
    nxt = (old + 1) % 3
    give(st, nxt, "elgin", commons=3)
    step = st.companies["elgin"]["step"]
    cash = st.cash[old]
    act(st, "sell", "elgin", "director")
    c = st.companies["elgin"]
    assert st.cash[old] == cash + 3 * market.value(step)
    assert c["step"] == max(0, step - 3) and c["dir"] == nxt
    assert c["com"][nxt] == 0 and c["com_pool"] == 3


def test_basic_game_never_sells_the_directors_certificate():
    st = set_up(3)
    old = st.companies["elgin"]["dir"]
    turn_of(st, old)
    refused(st, "sell", "elgin", "director", says="may not sell")


def test_emergency_fundraising_sells_from_the_charter_and_drops_units_plus_one():
    st = set_up(3, {"advanced": True})
    st.stack = [["stock_start"], ["op_begin"]]
    st._run()
    cid = st.operating
    c = st.companies[cid]
    assert st.stack[-1][0] == "op_emergency"
    step, cash = c["step"], c["cash"]
    act(st, "emergency", 2, 1)                    # 2 Commons and the Preferred: 4 units
    assert c["cash"] == cash + 4 * market.value(step)
    assert c["step"] == max(0, step - 5) and c["pref"] == POOL and c["com_pool"] == 2


def test_no_emergency_fundraising_in_the_basic_game():
    st = set_up(3)
    st.stack = [["stock_start"], ["op_begin"]]
    st._run()
    assert st.stack[-1][0] == "op_buy"
    assert st.companies[st.operating]["pref"] == CHARTER


# -- the fast choice lists agree with the refusal reasons ------------------------------------------
def test_stock_and_action_choices_agree_with_the_refusals():
    """The Stock and Action choice lists are built without words for speed; every candidate is
    legal exactly when its refusal reason is None, and the quick legality check agrees."""
    from engine.games.big_shoulders.actions import SPACES
    from engine.games.big_shoulders.data import COMPANY_IDS, START_STEPS

    for seed in range(6):
        st = SPEC.new_state(2 + seed % 3, {"advanced": seed % 2 == 1})
        rng = Rng(seed)
        while st.to_move() != TERMINAL:
            mover = st.to_move()
            if mover == CHANCE:
                st.apply(st.chance_outcomes()[0][0])
                continue
            frame = st.stack[-1][0]
            legal = set(st.legal_actions())
            if frame == "stock" and not st.over_limits(mover):
                for cid in COMPANY_IDS:
                    for kind in ("common", "preferred"):
                        for source in ("charter", "pool"):
                            a = Action("buy", mover, (cid, kind, source))
                            assert (a in legal) == (st._buy_problem(mover, cid, kind, source) is None), a
                    for kind in ("common", "preferred", "director"):
                        a = Action("sell", mover, (cid, kind))
                        assert (a in legal) == (st._sell_problem(mover, cid, kind) is None), a
                    for step in START_STEPS:
                        a = Action("start", mover, (cid, step))
                        ok = st._start_problem(mover, cid, step) is None and st.decade >= 2
                        assert (a in legal) == ok, a
            if frame == "action":
                for cid in COMPANY_IDS:
                    for space in SPACES:
                        a = Action("place", mover, (space, cid))
                        assert (a in legal) == st.is_legal(a) == (st._place_problem(mover, space, cid) is None)
                    for _, b in (pb for played in st.played for pb in played):
                        a = Action("use_building", mover, (b, cid))
                        assert (a in legal) == st.is_legal(a), a
            st.apply(rng.choice(sorted(legal)))


# -- rulings and the remaining numbers -------------------------------------------------------------
def test_popular_partners_raises_the_price_a_step_after_production_only():
    st = set_up(3)
    shipping(st, "brunswick", 0)                  # at the distribution step: allowed
    c = st.companies["brunswick"]
    c["asset"] = "popular_partners"
    step = c["step"]
    act(st, "use_asset", "brunswick")
    assert c["step"] == step + 1 and c["exhausted"]


def test_unlimited_spaces_take_any_number_of_partners_in_a_decade():
    """Ruling §16.6: Capital Investment, Advertising and Extra Dividends are ∞ spaces."""
    st = to_action(3)
    for space in ("capital_investment", "advertising", "extra_dividends", "fund_40", "hire_workers"):
        st.space_uses[space] = 5
        seat = action_turn(st, "elgin")
        assert st._place_problem(seat, space, "elgin") is None, space
    st.space_uses["hire_manager"] = 1
    assert "taken this Decade" in st._place_problem(seat, "hire_manager", "elgin")


def test_undelivered_goods_stay_on_the_charter():
    """Ruling §16.3."""
    st = set_up(3)
    shipping(st, "elgin", 3)
    act(st, "ship", HALF)
    act(st, "done_shipping")
    act(st, "withhold")
    assert st.companies["elgin"]["goods"] == 2


def test_goal_three_counts_assets_acquired_over_the_whole_game():
    """Ruling §15.7: a discarded or replaced asset still counts."""
    st = set_up(3)
    st.companies["elgin"]["assets_acquired"] = 2      # Elgin keeps none: it has no slot
    st.companies["brunswick"]["asset"] = "union_stockyards"
    st.companies["brunswick"]["assets_acquired"] = 1
    assert goal_winners(st, 3) == [st.companies["elgin"]["dir"]]


def test_decades_are_1875_to_1915():
    """Ruling §16.1."""
    from engine.games.big_shoulders.data import YEARS

    assert YEARS == (1875, 1885, 1895, 1905, 1915)
    st = set_up(3)
    st.decade = 4
    st.stack = [["stock_start"]]
    assert "1905" in st._run()[0].text


def test_cleanup_refills_the_fifty_dollar_column_first():
    st = set_up(4)
    row_full = [tile_with(0)] * 3
    st.demand_grid = [list(row_full) for _ in range(4)]
    st.demand_goods = [[0, 0, 0] for _ in range(4)]
    st.demand_grid[1] = [tile_with(5), tile_with(5), tile_with(5)]   # Dry Goods: partly filled
    st.demand_goods[1] = [1, 1, 1]
    st.stack = [["cleanup"]]
    st._run()
    while st.to_move() == CHANCE and st.stack[-1][0] != "demand":
        st.apply(st.chance_outcomes()[0][0])
    filled = []
    while st.stack[-1][0] == "demand":
        before = [row[:] for row in st.demand_grid]
        st.apply(st.chance_outcomes()[0][0])
        filled += [(r, c) for r in range(4) for c in range(3) if before[r][c] is None and st.demand_grid[r][c]]
    # the three Demand-0 rows are empty; they fill column by column: $50 (rows 0, 2, 3) first
    assert filled[:3] == [(0, 0), (2, 0), (3, 0)]
    assert st.demand_grid[1] == [tile_with(5)] * 3 and st.demand_goods[1] == [1, 1, 1]


def test_determinize_hides_which_era_another_player_kept():
    """Which older tile a player kept and which it discarded is secret: re-dealing shuffles the
    eras between its hand and its discards, and keeps the tiles dealt this Decade in hand."""
    from engine.games.big_shoulders.data import buildings_for

    st = set_up(3)
    st.decade, st.phase = 2, "action"
    era1, era2 = buildings_for(3, 1), buildings_for(3, 2)
    st.hands = [[era1[0]], [era1[1]], [era1[2]]]          # each kept an Era I tile...
    st.discards = [[era1[3], era2[0]], [era1[4], era2[1]], [era1[5], era2[2]]]
    st.decks = {"1": era1[6:], "2": era2[3:], "3": buildings_for(3, 3)}
    kept_eras = {BUILDINGS[st.determinize(0, Rng(k)).hands[1][0]].era for k in range(30)}
    assert kept_eras == {1, 2}
    # in a Building Phase the two tiles just dealt stay in the hand
    st.phase = "building"
    st.hands[1] = [era1[1], era2[4], era2[5]]
    st.decks["2"] = era2[3:4] + era2[6:]
    for k in range(10):
        hand = st.determinize(0, Rng(k)).hands[1]
        assert sum(BUILDINGS[b].era == 2 for b in hand) >= 2 and len(hand) == 3
