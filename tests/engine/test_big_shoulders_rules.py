"""City of the Big Shoulders: set-up by player count, the choice of starting companies, the Stock
Phase and the Building Phase, against the rules excerpt (shared/rules/city-of-the-big-shoulders.txt)
and the components file's numbers (city-of-the-big-shoulders-components.md, "§" below), with our
rulings (assets/games/big-shoulders/rules.md). Illegal actions are refused with a reason and leave
the state untouched."""

import pytest

from engine.core import CHANCE, Action, IllegalAction
from engine.core.rng import Rng
from engine.games.big_shoulders import SPEC, market
from engine.games.big_shoulders.data import ASSET_PRICES, BUILDINGS, COMPANIES, DEMAND, RESOURCES, buildings_for
from engine.games.big_shoulders.state import CHARTER, POOL

FIRST = {2: ["brunswick", "spalding"], 3: ["brunswick", "spalding", "elgin"],
         4: ["brunswick", "spalding", "elgin", "swift"]}


def draw_first(st, until):
    """Take the first chance outcome until the frame `until` is reached."""
    while st.to_move() == CHANCE and st.stack[-1][0] != until:
        st.apply(st.chance_outcomes()[0][0])


def set_up(players=3, options=None, chooser=0, step=4):
    """A game after set-up (first chance outcomes), `chooser` choosing first and each seat starting
    FIRST[players] in choosing order at `step`: now the Decade-1 Stock Phase."""
    st = SPEC.new_state(players, options)
    draw_first(st, "chooser")
    st.apply(Action("first_chooser", CHANCE, (chooser,)))
    for cid in FIRST[players]:
        st.apply(Action("start", st.to_move(), (cid, step)))
    assert st.phase == "stock"
    return st


def act(st, kind, *args):
    return st.apply(Action(kind, st.to_move(), tuple(args)))


def refused(st, kind, *args, seat=None, says=""):
    """An action that must be refused with a reason, leaving the state exactly as it was."""
    before = st.state_hash()
    action = Action(kind, st.to_move() if seat is None else seat, tuple(args))
    with pytest.raises(IllegalAction) as info:
        st.apply(action)
    assert st.state_hash() == before
    assert says.lower() in info.value.reason.lower(), info.value.reason
    return info.value.reason


def turn_of(st, seat):
    """Make it `seat`'s Stock turn, with no run of passes."""
    st.stack[-1] = ["stock", seat, 0, -1, {}]


def give(st, seat, cid, commons=0, preferred=False, source="charter"):
    c = st.companies[cid]
    c["com_charter" if source == "charter" else "com_pool"] -= commons
    c["com"][seat] += commons
    if preferred:
        c["pref"] = seat


# -- set-up ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,left", [(2, 3), (3, 7), (4, 12)])
def test_setup_demand_area_by_player_count(players, left):
    st = SPEC.new_state(players)
    draw_first(st, "chooser")
    tiles = [t for row in st.demand_grid for t in row]
    assert None not in tiles and len(tiles) == 12
    assert sum(len(p) for p in st.demand_piles) == left       # 15 / 19 / 24 tiles in use (§10.1)
    assert all(DEMAND[t].min_players <= players for t in tiles)
    # pile 1 is on top (3 / 5 / 6 tiles with 2 / 3 / 4 players), filling the $50 column first
    pile1 = {2: 3, 3: 5, 4: 6}[players]
    drawn = [st.demand_grid[row][col] for col in range(3) for row in range(4)]
    assert [DEMAND[t].pips for t in drawn[:pile1]] == [1] * pile1
    assert DEMAND[drawn[pile1]].pips == 2


def test_demand_draws_come_from_the_top_pile_only():
    st = SPEC.new_state(2)
    draw_first(st, "demand")
    pips = {DEMAND[a.args[0]].pips for a, _ in st.chance_outcomes()}
    assert pips == {1}
    for _ in range(3):        # the 2-player pile 1 holds 3 tiles: demand 0, 1 and 2 (§10.1)
        st.apply(st.chance_outcomes()[0][0])
    assert {DEMAND[a.args[0]].pips for a, _ in st.chance_outcomes()} == {2}


def test_setup_capital_assets_goals_supply_workers_money_buildings():
    st = SPEC.new_state(4)
    draw_first(st, "chooser")
    assert st.asset_row[-1] == "brilliant_marketing" and ASSET_PRICES[-1] == 80
    assert None not in st.asset_row and len(set(st.asset_row)) == 5
    assert len(st.asset_deck) == 11
    assert len(st.goals) == 5 and len(set(st.goals)) == 5
    assert all(sum(sp.values()) == 3 for sp in st.supply.values())
    assert sum(st.bag.values()) == 50 and st.haymarket == dict.fromkeys(RESOURCES, 2)
    assert st.job_market == 4
    assert st.cash == [175] * 4 and st.partners == [2] * 4
    assert [len(h) for h in st.hands] == [3] * 4 and st.decks["1"] == []
    assert not st.check_invariants()


def test_no_goals_without_the_option():
    st = SPEC.new_state(2, {"public_goals": False})
    draw_first(st, "chooser")
    assert st.goals == []


def test_two_player_buildings_come_from_the_two_player_tiles():
    st = SPEC.new_state(2)
    draw_first(st, "chooser")
    dealt = st.hands[0] + st.hands[1]
    assert sorted(dealt) == buildings_for(2, 1) == [1, 2, 6, 9, 10, 11]


def test_bag_draws_are_weighted_by_what_the_bag_holds():
    st = SPEC.new_state(2)
    draw_first(st, "supply")
    weights = {a.args[0]: w for a, w in st.chance_outcomes()}
    assert weights == {"livestock": 18, "steel": 16, "coal": 14, "wood": 14}


def test_dealt_buildings_are_secret():
    st = SPEC.new_state(3)
    draw_first(st, "deal")
    events = st.apply(st.chance_outcomes()[0][0])
    assert events[0].visible_to == 0 and "Merchants' Bank" in events[0].text
    assert events[0].render(["A", "B", "C"], 1) == "A is dealt a building."
    draw_first(st, "chooser")
    v = st.view(1)
    assert v["hands"][1] == st.hands[1] and v["hands"][0] == 3 and v["hands"][2] == 3
    assert v["decks"] == {"1": 0, "2": 12, "3": 12}


# -- starting companies --------------------------------------------------------------------------
def test_starting_companies_counter_clockwise_and_priority_to_the_last():
    st = SPEC.new_state(4)
    draw_first(st, "chooser")
    st.apply(Action("first_chooser", CHANCE, (1,)))
    order = []
    for cid in FIRST[4]:
        order.append(st.to_move())
        act(st, "start", cid, 5)
    assert order == [1, 0, 3, 2]                # counter-clockwise from the first chooser
    assert st.priority == 2                     # the last to choose
    assert st.order == [2, 3, 0, 1]             # priority first, then clockwise; first chooser last
    assert st.founder == ["spalding", "brunswick", "swift", "elgin"]
    assert st.stack[-1][:2] == ["stock", 2]     # the Stock Phase starts with the Priority Deal


def test_starting_a_company_pays_three_times_the_value_into_its_treasury():
    st = set_up(3, step=6)
    c = st.companies["brunswick"]
    assert c["cash"] == 150 and st.cash[0] == 25
    assert c["dir"] == 0 and c["pref"] == CHARTER and c["com_charter"] == 5
    assert c["appeal"] == 1 and market.value(c["step"]) == 50
    assert st.units(0, "brunswick") == 3 and st.certificates(0) == 1


def test_a_new_company_goes_to_the_bottom_of_its_appeal_stack():
    st = set_up(3)
    # Brunswick, Spalding and Elgin start at appeal 1, 1, 2: Elgin first, then Brunswick over Spalding
    assert st.operating_order() == ["elgin", "brunswick", "spalding"]


def test_a_sixty_dollar_start_costs_more_than_the_starting_money():
    st = SPEC.new_state(2)
    draw_first(st, "chooser")
    st.apply(Action("first_chooser", CHANCE, (0,)))
    assert Action("start", 0, ("brunswick", 7)) not in st.legal_actions()
    refused(st, "start", "brunswick", 7, says="costs $180")
    refused(st, "start", "brunswick", 3, says="$35, $40, $50 or $60")
    refused(st, "buy", "brunswick", "common", "charter", says="first starts one company")
    act(st, "start", "brunswick", 4)
    refused(st, "start", "brunswick", 4, says="already in play")


# -- Stock Phase ---------------------------------------------------------------------------------
def test_buying_from_the_charter_pays_the_company_and_from_the_pool_the_bank():
    st = set_up(3, step=4)           # $35 a share
    turn_of(st, 1)
    act(st, "buy", "brunswick", "common", "charter")
    assert st.cash[1] == 175 - 105 - 35 and st.companies["brunswick"]["cash"] == 105 + 35
    st.companies["brunswick"]["com_pool"] += 1
    st.companies["brunswick"]["com_charter"] -= 1
    turn_of(st, 2)
    act(st, "buy", "brunswick", "common", "pool")
    assert st.cash[2] == 175 - 105 - 35 and st.companies["brunswick"]["cash"] == 140
    assert st.companies["brunswick"]["step"] == 4      # buying never moves the price


def test_preferred_costs_double_and_never_goes_to_the_director():
    st = set_up(3, step=5)            # $40
    st.cash[1] = 100
    turn_of(st, 1)
    act(st, "buy", "brunswick", "preferred", "charter")
    assert st.cash[1] == 100 - 80 and st.companies["brunswick"]["pref"] == 1
    turn_of(st, 1)
    assert st.companies["elgin"]["dir"] == 1    # chosen counter-clockwise: seats 0, 2, 1
    refused(st, "buy", "elgin", "preferred", "charter", says="may not also hold its Preferred")
    refused(st, "buy", "brunswick", "director", "charter", says="never be bought")


def test_the_sixty_percent_cap():
    st = set_up(3)
    st.cash[1] = st.cash[2] = 1000
    give(st, 1, "brunswick", commons=4, preferred=True)    # 20% + 40% = 60%
    turn_of(st, 1)
    refused(st, "buy", "brunswick", "common", "charter", says="more than 60%")
    assert st.companies["spalding"]["dir"] == 2
    give(st, 2, "spalding", commons=3)                      # the director: 30% + 30% = 60%
    turn_of(st, 2)
    assert st.units(2, "spalding") == 6
    refused(st, "buy", "spalding", "common", "charter", says="more than 60%")
    st.companies["spalding"]["com"][2] = 2
    st.companies["spalding"]["com_charter"] += 1
    act(st, "buy", "spalding", "common", "charter")        # up to exactly 60%: allowed
    assert st.units(2, "spalding") == 6


@pytest.mark.parametrize("players,limit", [(2, 10), (3, 12), (4, 14)])
def test_certificate_limits(players, limit):
    """10 / 12 / 14 certificates of any kind, the Director's counting as one (ruling §16.11)."""
    st = set_up(players)
    for cid in ("fairbank", "anglo", "libby"):       # more companies, directed by seat 1
        st.cash[1] += 200
        st._start_company(1, cid, 4)
    st.cash[0] = 5000
    held = 1                                         # seat 0's own Director's certificate
    for cid in st.started():
        if st.companies[cid]["dir"] == 0:
            continue
        take = min(4, limit - 1 - held)
        give(st, 0, cid, commons=take)
        held += take
    assert st.certificates(0) == held == limit - 1
    turn_of(st, 0)
    cid = next(c for c in st.started() if st.companies[c]["com_charter"] and st.units(0, c) < 6)
    act(st, "buy", cid, "common", "charter")         # the last certificate within the limit
    assert st.certificates(0) == limit
    turn_of(st, 0)
    refused(st, "buy", cid, "common", "charter", says=f"holds {limit} certificates")
    refused(st, "start", "henderson", 4, seat=0, says="may be started")   # Decade 1 refuses first
    st.decade = 2
    refused(st, "start", "henderson", 4, says=f"holds {limit} certificates")


def test_selling_drops_a_step_per_share_and_a_sale_is_priced_before_the_drop():
    st = set_up(3, {"friendly": False}, step=6)     # $50
    st.companies["brunswick"]["step"] = 9            # $100
    give(st, 1, "brunswick", commons=2, preferred=True)
    turn_of(st, 1)
    cash = st.cash[1]
    act(st, "sell", "brunswick", "common")
    act(st, "sell", "brunswick", "common")
    act(st, "sell", "brunswick", "preferred")
    # all four shares at $100, the value before the sale (ruling §16.13); down 1 + 1 + 2 steps
    assert st.cash[1] == cash + 400
    assert st.companies["brunswick"]["step"] == 5
    assert st.companies["brunswick"]["com_pool"] == 2 and st.companies["brunswick"]["pref"] == POOL
    assert st.to_move() == 1                         # selling alone does not end the turn
    refused(st, "pass", says="end the turn instead")
    refused(st, "buy", "brunswick", "common", "pool", says="may not buy it again")
    act(st, "end_turn")
    assert st.to_move() == 2 and st.stack[-1][3] == 1   # a turn with a sale is not a pass


def test_the_price_never_falls_below_ten_dollars():
    st = set_up(3, {"friendly": False}, step=4)
    st.companies["brunswick"]["step"] = 1
    give(st, 1, "brunswick", preferred=True)
    turn_of(st, 1)
    act(st, "sell", "brunswick", "preferred")
    assert st.companies["brunswick"]["step"] == 0 and market.value(0) == 10


def test_friendly_sales_drop_one_step_per_sale_but_the_director_drops_at_the_full_rate():
    st = set_up(3, step=6)                          # Friendly Stock Sales is on by default
    st.companies["brunswick"]["step"] = 10
    give(st, 1, "brunswick", commons=2, preferred=True)
    turn_of(st, 1)
    for kind in ("common", "common", "preferred"):
        act(st, "sell", "brunswick", kind)
    assert st.companies["brunswick"]["step"] == 9   # one step for the whole sale
    give(st, 0, "brunswick", commons=2, source="charter")
    turn_of(st, 0)                                  # the director sells (ruling §15.4)
    act(st, "sell", "brunswick", "common")
    act(st, "sell", "brunswick", "common")
    assert st.companies["brunswick"]["step"] == 7


def test_price_protection_covers_other_sellers_once_per_decade():
    st = set_up(3, {"friendly": False}, step=6)
    c = st.companies["brunswick"]
    c["asset"], c["step"] = "price_protection", 10
    give(st, 1, "brunswick", commons=3)
    turn_of(st, 1)
    act(st, "sell", "brunswick", "common")
    act(st, "sell", "brunswick", "common")
    assert c["step"] == 10 and c["exhausted"]        # the whole sale is protected
    act(st, "end_turn")
    turn_of(st, 1)
    act(st, "sell", "brunswick", "common")           # spent: this sale drops the price
    assert c["step"] == 9
    give(st, 0, "brunswick", commons=1)
    c["exhausted"] = False
    turn_of(st, 0)
    act(st, "sell", "brunswick", "common")           # never for the director's own sales
    assert c["step"] == 8 and not c["exhausted"]


def test_the_director_never_sells_the_directors_certificate_in_the_basic_game():
    st = set_up(3)
    turn_of(st, 0)
    refused(st, "sell", "brunswick", "director", says="may not sell the Director")
    refused(st, "sell", "spalding", "common", says="holds no Common")
    refused(st, "end_turn", says="pass instead")
    refused(st, "start", "swift", 4, says="first Decade")
    refused(st, "pass", seat=1, says="not that player's turn")


def test_everyone_passing_ends_the_phase_and_moves_the_priority_deal():
    st = set_up(3)                     # priority: seat 1, the last chooser
    assert st.priority == 1 and st.to_move() == 1
    st.cash[2] = 200
    act(st, "pass")
    act(st, "buy", "brunswick", "common", "charter")       # seat 2 acts
    act(st, "pass")
    act(st, "pass")
    assert st.phase == "stock"
    act(st, "pass")                                         # seat 2 passes: three in a row
    assert st.phase == "building"
    assert st.priority == 0                                 # left of seat 2, the last to act


def test_when_nobody_acts_the_priority_deal_stays():
    st = set_up(3)
    for _ in range(3):
        act(st, "pass")
    assert st.phase == "building" and st.priority == 1


def test_a_sold_out_company_rises_a_step_but_not_with_a_certificate_in_the_pool():
    st = set_up(3, step=5)
    give(st, 1, "brunswick", commons=3, preferred=True)
    give(st, 2, "brunswick", commons=2)
    give(st, 2, "spalding", commons=1)
    give(st, 0, "spalding", commons=3)
    st.companies["spalding"]["com"][0] -= 1
    st.companies["spalding"]["com_pool"] += 1
    st.companies["spalding"]["pref"] = 1
    assert st.sold_out("brunswick") and not st.sold_out("spalding")
    for _ in range(3):
        act(st, "pass")
    assert st.companies["brunswick"]["step"] == 6 and st.companies["spalding"]["step"] == 5


def test_starting_a_company_in_a_later_decade():
    st = set_up(3)
    st.decade = 2
    st.cash[1] = 170
    turn_of(st, 1)
    assert Action("start", 1, ("swift", 7)) not in st.legal_actions()     # $180
    act(st, "start", "swift", 6)
    assert st.companies["swift"]["dir"] == 1 and st.cash[1] == 20
    # Swift starts on appeal 3 with Fairbank not in play: alone there, above the others
    assert st.operating_order()[0] == "swift"
    assert st.to_move() == 2


# -- Building Phase ------------------------------------------------------------------------------
def to_building(players=3):
    st = set_up(players)
    for _ in range(players):
        act(st, "pass")
    assert st.phase == "building"
    return st


def test_building_picks_are_secret_until_all_have_picked():
    st = to_building(3)
    assert st.to_move() == 1                  # the Priority Deal holder first, then clockwise
    assert len(st.legal_actions()) == 6       # 3 tiles: one to play, another to discard
    h1 = list(st.hands[1])
    assert not st.reveals(Action("build", 1, (h1[0], h1[1])))
    ev = act(st, "build", h1[0], h1[1])
    assert ev[0].visible_to == 1 and ev[0].render(["A", "B", "C"], 0) == "B has chosen a building."
    assert st.view(2)["picks"] == [False, True, False] and st.view(1)["picks"][1] == [h1[0], h1[1]]
    assert st.view(None)["hands"] == [3, 3, 3]
    h2 = list(st.hands[2])
    act(st, "build", h2[2], h2[0])
    h0 = list(st.hands[0])
    last = Action("build", 0, (h0[1], h0[2]))
    assert st.reveals(last)
    before = st.job_market
    st.apply(last)
    assert st.played == [[[1, h0[1]]], [[1, h1[0]]], [[1, h2[2]]]]
    assert st.hands == [[h0[0]], [h1[2]], [h2[1]]]
    added = sum(BUILDINGS[b].workers for b in (h0[1], h1[0], h2[2]))
    assert st.job_market == min(12, before + added)
    assert st.phase == "action" and st.to_move() == st.order[0]
    assert st.view(1)["discards"] == [1, [h1[1]], 1]


def test_building_refusals():
    st = to_building(2)
    seat = st.to_move()
    hand = st.hands[seat]
    other = st.hands[1 - seat][0]
    refused(st, "build", hand[0], hand[0], says="must differ")
    refused(st, "build", other, hand[0], says="is not in")
    refused(st, "pass", says="pick a building")


def test_the_job_market_holds_at_most_twelve():
    st = to_building(4)
    st.job_market = 11
    for _ in range(4):
        seat = st.to_move()
        hand = st.hands[seat]
        play = max(hand, key=lambda b: BUILDINGS[b].workers)
        act(st, "build", play, next(b for b in hand if b != play))
    assert st.job_market == 12


def test_the_third_partner_arrives_in_decade_three():
    st = to_building(2)
    st.decade = 3
    for _ in range(2):
        act(st, "build", st.hands[st.to_move()][0], st.hands[st.to_move()][1])
    assert st.partners == [3, 3] and st.partner_gains == [["decade"], ["decade"]]
    assert st._gain_partner(0, "decade") is False       # once per source


def test_later_decades_deal_two_buildings_of_the_era_first():
    st = set_up(2)
    st.decade = 2
    for _ in range(2):
        act(st, "pass")
    assert st.to_move() == CHANCE and st.stack[-1][:2] == ["deal", 2]
    while st.to_move() == CHANCE:
        st.apply(st.chance_outcomes()[0][0])
    assert [len(h) for h in st.hands] == [5, 5]          # 3 era I (none played here) + 2 era II
    assert len(st.decks["2"]) == 4


def test_determinize_redeals_only_what_the_seat_cannot_see():
    st = to_building(3)
    act(st, "build", st.hands[1][0], st.hands[1][1])
    d = st.determinize(0, Rng(5))
    assert d.hands[0] == st.hands[0]
    assert [len(h) for h in d.hands] == [3, 3, 3]
    assert sorted(sum(d.hands, [])) == sorted(sum(st.hands, []))   # era I is all dealt
    assert d.picks[1] is not None and set(d.picks[1]) <= set(d.hands[1])
    assert d.view(0)["hands"] == st.view(0)["hands"]
    changed = any(st.determinize(0, Rng(seed)).hands[1] != st.hands[1] for seed in range(10))
    assert changed


def test_the_view_hides_every_other_hand():
    st = to_building(4)
    for seat in range(4):
        v = st.view(seat)
        assert v["hands"] == [st.hands[o] if o == seat else 3 for o in range(4)]
    assert st.open_view()["hands"] == st.hands


# -- the market's numbers ----------------------------------------------------------------------
# §13.4.1: the smallest rounded payout for +1, +2 and +3 at each step (None: +3 impossible)
PAYOUT_TABLE = [(10, 10, 20, None), (15, 20, 30, None), (20, 20, 40, None), (25, 30, 50, None),
                (35, 40, 70, None), (40, 40, 80, None), (50, 50, 100, None), (60, 60, 120, 180),
                (80, 80, 160, 240), (100, 100, 200, 300), (120, 120, 240, 360), (140, 140, 280, 420),
                (160, 160, 320, 480), (190, 190, 380, 570), (220, 220, 440, 660), (250, 250, 500, 750),
                (280, 280, 560, 840), (320, 320, 640, 960), (360, 360, 720, 1080), (400, 400, 800, 1200),
                (450, 450, 900, 1350)]


@pytest.mark.parametrize("step", range(21))
def test_payout_steps_match_the_stock_bump_table(step):
    v, one, two, three = PAYOUT_TABLE[step]
    assert market.value(step) == v
    assert market.payout_steps(one, step) == 1 and market.payout_steps(one - 10, step) == 0
    assert market.payout_steps(two, step) == 2 and market.payout_steps(two - 10, step) == 1
    if three is None:
        assert market.payout_steps(100 * v, step) == 2      # at most +2 at $50 or less
    else:
        assert market.payout_steps(three, step) == 3 and market.payout_steps(three - 10, step) == 2


def test_moves_stop_at_the_ends_of_the_track():
    assert market.moved(19, 3) == 20 and market.moved(1, -4) == 0 and market.moved(7, 2) == 9


def test_dividends_round_down_and_pay_per_share():
    assert market.rounded_payout(179) == 170 and market.per_share(170) == 17
    # Extra Dividends and buildings 29-32: $100 / $150 / $200 / $250 / $300 pay $10 ... $30 a share
    assert [market.per_share(d) for d in (100, 150, 200, 250, 300)] == [10, 15, 20, 25, 30]


def test_job_market_prices_and_the_worked_example():
    assert [market.worker_price(n) for n in (12, 9, 8, 5, 4, 1, 0)] == [20, 20, 30, 30, 40, 40, 50]
    assert market.hire_cost(6, 3) == 100                # §5: $30 + $30 + $40
    assert market.hire_cost(4, 1) == 40                 # at set-up each Worker costs $40
    assert market.hire_cost(1, 3) == 40 + 50 + 50       # then from the general supply at $50
    with pytest.raises(ValueError):
        market.worker_price(13)


def test_random_play_to_the_operating_phase_keeps_the_invariants():
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        rng = Rng(seed)
        st = SPEC.new_state(players)
        steps = 0
        while st.phase != "operating":
            if st.to_move() == CHANCE:
                outs = st.chance_outcomes()
                a = outs[rng.weighted_index([w for _, w in outs])][0]
            else:
                legal = st.legal_actions()
                a = legal[rng.randbelow(len(legal))]
            st.apply(a)
            assert not st.check_invariants(), st.check_invariants()
            copy = SPEC.state_from_data(st.to_data())
            assert copy.state_hash() == st.state_hash()
            steps += 1
            assert steps < 2000


# -- dividends, withholding and the Appeal Track (procedures the next phases use) ----------------
def test_a_dividend_pays_players_the_charter_and_not_the_pool():
    st = set_up(3, step=5)                    # Brunswick: seat 0 directs, $40
    c = st.companies["brunswick"]
    give(st, 1, "brunswick", commons=2)
    c["com_charter"] -= 1
    c["com_pool"] += 1                        # charter: Preferred + 2 Commons; pool: 1 Common
    c["cash"] = 300
    cash = list(st.cash)
    st.pay_dividend("brunswick", 100, from_treasury=True)     # Extra Dividends: $10 a share
    assert st.cash[0] == cash[0] + 30 and st.cash[1] == cash[1] + 20 and st.cash[2] == cash[2]
    assert c["cash"] == 300 - 100 + 40        # 4 units still on the charter come back
    assert c["step"] == 7                     # $100 >= 2 × $40: +2


def test_operating_revenue_rounds_down_and_the_remainder_stays():
    st = set_up(3, step=6)
    c = st.companies["brunswick"]
    c["step"] = 7                             # $60
    cash0, treasury = st.cash[0], c["cash"]
    st.pay_revenue("brunswick", 187)          # pays $180, $18 a share: three times $60
    assert st.cash[0] == cash0 + 54
    assert c["cash"] == treasury + 7 + 18 * 7  # the $7 remainder and the 7 charter units
    assert c["step"] == 10                     # +3 from $60


def test_withholding_drops_a_step_unless_price_protection_is_spent():
    st = set_up(3, step=6)
    c = st.companies["brunswick"]
    treasury = c["cash"]
    st.withhold("brunswick", 90)
    assert c["cash"] == treasury + 90 and c["step"] == 5
    c["asset"] = "price_protection"
    st.withhold("brunswick", 10)
    assert c["step"] == 5 and c["exhausted"]
    st.withhold("brunswick", 10)
    assert c["step"] == 4


def test_appeal_moves_up_onto_the_top_of_a_stack_and_lists_the_bonuses_passed():
    st = set_up(3)
    assert st.operating_order() == ["elgin", "brunswick", "spalding"]
    assert st.raise_appeal("spalding", 1) == []      # onto Elgin's space 2, on top of it
    assert st.operating_order() == ["spalding", "elgin", "brunswick"]
    assert st.raise_appeal("brunswick", 8) == [3, 5, 7, 9]
    assert st.raise_appeal("brunswick", 20) == [11, 13, 15, 16]
    assert st.companies["brunswick"]["appeal"] == 16  # it stops at the top
    assert st.raise_appeal("brunswick", 1) == []
    assert market.appeal_bonuses(3, 5) == [5]          # the start space never counts


def test_the_supply_chain_slides_toward_ten_dollars():
    wood = {"livestock": 0, "steel": 0, "coal": 0, "wood": 1}
    coal = {"livestock": 0, "steel": 0, "coal": 2, "wood": 0}
    none = {"livestock": 0, "steel": 0, "coal": 0, "wood": 0}
    groups, empty = market.slid_supply([wood, none, coal, none])   # X, $30, $20, $10
    assert groups == [none, none, wood, coal] and empty == [0, 1]
    groups, empty = market.slid_supply([wood, coal, coal, wood])
    assert groups == [wood, coal, coal, wood] and empty == []



# -- Action Phase (the sequences and the general spaces playable so far) --------------------------
def to_action(players=3):
    st = to_building(players)
    for _ in range(players):
        seat = st.to_move()
        act(st, "build", st.hands[seat][0], st.hands[seat][1])
    assert st.phase == "action"
    return st


def test_partners_are_placed_one_per_sequence_in_turn_order():
    st = to_action(3)
    assert st.order == [1, 2, 0]
    seen = []
    while st.phase == "action":
        seen.append(st.to_move())
        act(st, "place", "fund_40", st.directed(st.to_move())[0])     # ∞: always open
    assert seen == [1, 2, 0, 1, 2, 0]                                   # two Partners each
    assert st.phase == "operating" and st.stack[-1][0] == "op_buy"
    assert st.companies["brunswick"]["cash"] == 105 + 80


def test_one_partner_spaces_and_decade_limits():
    st = to_action(3)
    seat = st.to_move()
    cid = st.directed(seat)[0]
    refused(st, "place", "fund_60", cid, says="opens in Decade 3")
    refused(st, "place", "fund_80", cid, says="opens in Decade 5")
    refused(st, "place", "fund_40", "brunswick" if cid != "brunswick" else "spalding", says="its player directs")
    st.companies[cid]["cash"] = 69
    refused(st, "place", "hire_salesperson", cid, says="treasury holds $69")
    st.companies[cid]["cash"] = 200
    act(st, "place", "hire_salesperson", cid)
    assert st.companies[cid]["cash"] == 130 and st.companies[cid]["sales"] == 1
    nxt = st.to_move()
    st.companies[st.directed(nxt)[0]]["cash"] = 200
    refused(st, "place", "hire_salesperson", st.directed(nxt)[0], says="taken this Decade")


def test_no_salesperson_beyond_the_track():
    st = to_action(3)
    seat = st.to_move()
    cid = st.directed(seat)[0]
    st.companies[cid]["sales"] = COMPANIES[cid].max_salespeople
    st.companies[cid]["cash"] = 500
    refused(st, "place", "hire_salesperson", cid, says="no room")


def test_extra_dividends_need_one_hundred_dollars_and_pay_ten_a_share():
    st = to_action(3)
    seat = st.to_move()
    cid = st.directed(seat)[0]
    c = st.companies[cid]
    c["cash"] = 99
    refused(st, "place", "extra_dividends", cid, says="$100")
    c["cash"], c["step"] = 100, 4          # $35: $100 is at least twice the value
    cash = st.cash[seat]
    act(st, "place", "extra_dividends", cid)
    assert st.cash[seat] == cash + 30 and c["cash"] == 70 and c["step"] == 6


def test_a_pass_ends_a_players_placements():
    st = to_action(3)
    first = st.to_move()
    act(st, "pass_action")
    seen = []
    while st.phase == "action":
        seen.append(st.to_move())
        act(st, "place", "fund_40", st.directed(st.to_move())[0])
    assert first not in seen and len(seen) == 4


def test_a_player_without_a_company_takes_25_dollars_a_partner():
    st = to_building(3)
    st.companies["elgin"]["dir"] = 0            # seat 1, first in turn order, directs nothing now
    cash = st.cash[1]
    for _ in range(3):
        seat = st.to_move()
        act(st, "build", st.hands[seat][0], st.hands[seat][1])
    assert st.cash[1] == cash + 50 and st.placed[1] == 2
    assert st.to_move() == 2



def test_hiring_workers_one_at_a_time_at_the_market_price():
    st = to_action(3)
    seat = st.to_move()
    cid = st.directed(seat)[0]
    c = st.companies[cid]
    c["cash"] = 1000
    st.job_market = 6
    act(st, "place", "hire_workers", cid)
    refused(st, "done_hiring", says="at least one")
    act(st, "hire", 1)
    act(st, "hire", 1)
    assert c["cash"] == 1000 - 60 and st.job_market == 4      # $30 + $30 (§5's example goes on)
    act(st, "hire", 0)
    assert c["cash"] == 1000 - 100                             # then $40: $100 for three
    assert c["workers"][:2] == [1, 2]
    assert cid == "elgin" and st._open_worker_factories(cid) == [0]   # 2 + 2 worker spaces
    act(st, "done_hiring")
    assert st.to_move() != seat and st.placed[seat] == 1


def test_hiring_stops_when_every_worker_space_is_full():
    st = to_action(3)
    seat = st.to_move()
    cid = st.directed(seat)[0]
    c = st.companies[cid]
    c["cash"] = 1000
    spaces = [fac.workers for fac in COMPANIES[cid].factories]
    c["workers"] = list(spaces)
    c["workers"][-1] -= 1                      # one empty space left
    act(st, "place", "hire_workers", cid)
    refused(st, "hire", 0, says="no empty worker space")
    act(st, "hire", len(spaces) - 1)
    assert st.stack[-1][0] == "action" and st.to_move() != seat
    c["workers"] = list(spaces)
    while st.to_move() != seat:
        act(st, "place", "fund_40", st.directed(st.to_move())[0])
    refused(st, "place", "hire_workers", cid, says="no empty worker space")


def test_hire_manager_costs_sixty_and_takes_a_factory_without_one():
    st = to_action(3)
    seat = st.to_move()
    cid = st.directed(seat)[0]
    c = st.companies[cid]
    c["cash"] = 100
    c["managers"][0] = 1
    act(st, "place", "hire_manager", cid)
    assert c["cash"] == 40
    assert [a.args for a in st.legal_actions()] == [(f,) for f in range(1, len(c["managers"]))]
    refused(st, "manager", 0, says="without a Manager")
    act(st, "manager", 1)
    assert c["managers"][:2] == [1, 1]
    nxt = st.to_move()
    st.companies[st.directed(nxt)[0]]["cash"] = 100
    refused(st, "place", "hire_manager", st.directed(nxt)[0], says="taken this Decade")


# -- Appeal bonuses (§4) ----------------------------------------------------------------------------
def bonus_state():
    """The Action Phase, with seat 1's Elgin (appeal 2; 2 + 2 worker spaces) about to rise."""
    st = to_action(3)
    assert st.companies["elgin"]["dir"] == 1
    return st, st.companies["elgin"]


def rise(st, cid, steps):
    st.appeal_up(cid, steps)
    st._run()


def test_bonuses_passed_in_one_move_resolve_in_order_and_partner_is_automatic():
    st, c = bonus_state()
    cash = c["cash"]
    c["workers"] = [1, 0]
    rise(st, "elgin", 7)                                  # 2 -> 9: spaces 3, 5, 7, 9
    assert st.to_move() == 1 and st.stack[-1][0] == "bonus"
    assert [a.args for a in st.legal_actions()] == [(0,), (1,), ()]    # a Worker into factory 1 or 2, or $25
    act(st, "bonus_take", 1)                              # space 3: a free Worker
    act(st, "bonus_forfeit")                              # space 5: $25 instead of a Salesperson
    assert c["cash"] == cash + 25 and c["sales"] == 0
    # space 7: automate the Worker of factory 1 or 2, moving it to an empty space of either
    assert sorted(a.args for a in st.legal_actions()[:-1]) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    act(st, "bonus_take", 0, 1)
    assert c["automated"] == [1, 0] and c["workers"] == [0, 2]
    assert st.partners[1] == 3 and st.partner_gains[1] == ["appeal"]   # space 9, taken at once
    assert st.stack[-1][0] == "action"


def test_a_bonus_that_cannot_be_used_is_25_dollars_at_once():
    st, c = bonus_state()
    c["workers"], c["automated"] = [2, 2], [0, 0]         # no empty worker space for space 3
    cash = c["cash"]
    rise(st, "elgin", 1)
    assert c["cash"] == cash + 25 and st.stack[-1][0] == "action"


def test_the_appeal_partner_comes_once_and_is_never_25_dollars():
    st, c = bonus_state()
    st.partner_gains[1] = ["appeal"]
    c["appeal"] = 8
    cash = c["cash"]
    rise(st, "elgin", 1)
    assert st.partners[1] == 2 and c["cash"] == cash    # ruling §16.14


def test_goods_tokens_are_limited_to_ten_and_stock_steps():
    st, c = bonus_state()
    st.companies["brunswick"]["tokens"] = 10
    c["appeal"] = 10
    cash, step = c["cash"], c["step"]
    rise(st, "elgin", 3)                                  # 11 (no token left: $25), 13 (a step)
    assert c["cash"] == cash + 25
    act(st, "bonus_take")
    assert c["step"] == step + 1 and c["tokens"] == 0


def test_automation_with_no_empty_space_sends_the_worker_to_the_job_market():
    st, c = bonus_state()
    c["workers"], c["automated"] = [2, 2], [0, 0]
    c["appeal"] = 6
    st.job_market = 11
    rise(st, "elgin", 1)
    assert all(a.args[1:] in ((-1,), ()) for a in st.legal_actions())
    act(st, "bonus_take", 1, -1)
    assert c["automated"] == [0, 1] and c["workers"] == [2, 1] and st.job_market == 12
    st.automate("elgin", 1, -1)
    assert st.job_market == 12 and c["workers"] == [2, 0]          # a full market: removed


def test_bonus_refusals_leave_the_state_untouched():
    st, c = bonus_state()
    c["workers"] = [1, 0]
    rise(st, "elgin", 1)
    refused(st, "bonus_take", 5, says="as offered")
    refused(st, "place", "fund_40", "elgin", says="as offered")



def test_advertising_raises_appeal_and_reorders_at_the_end_of_the_sequence():
    st = to_action(3)
    assert st.order == [1, 2, 0]
    elgin = st.companies["elgin"]
    cash, appeal = elgin["cash"], elgin["appeal"]
    act(st, "place", "advertising", "elgin")            # seat 1: appeal 2 -> 3, a Worker bonus
    assert elgin["cash"] == cash - 20 and elgin["appeal"] == appeal + 1
    assert st.stack[-1][0] == "bonus"                    # the bonus first
    act(st, "bonus_take", 0)
    assert elgin["workers"][0] == 1
    act(st, "take_first")
    act(st, "place", "fund_40", st.directed(2)[0])       # seat 2 keeps its place
    assert st.to_move() == 0
    act(st, "place", "advertising", "brunswick")         # appeal 1 -> 2: no bonus
    act(st, "take_first")
    # the last to advertise is first, the earlier one next, then the others in their order
    assert st.order == [0, 1, 2]
    seen = []
    while st.phase == "action":
        seen.append(st.to_move())
        act(st, "place", "fund_40", st.directed(st.to_move())[0])
    assert seen == [0, 1, 2]


def test_advertising_without_first_place_keeps_the_order():
    st = to_action(3)
    act(st, "place", "advertising", "elgin")
    act(st, "bonus_forfeit")
    refused(st, "place", "fund_40", "elgin", says="first place")
    act(st, "keep_place")
    for _ in range(2):
        act(st, "place", "fund_40", st.directed(st.to_move())[0])
    assert st.order == [1, 2, 0] and st.to_move() == 1
