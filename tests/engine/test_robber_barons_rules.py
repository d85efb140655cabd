"""Robber Barons rules (shared/rules/robber-barons.txt): revenue, speculation, fleecing, Start,
investment, Legacy and Business cards, bankruptcy and re-entry, the end of the game."""

import pytest

from engine.core import CHANCE, TERMINAL, Action, IllegalAction
from engine.core.rng import Rng
from engine.games.robber_barons import SPEC
from engine.games.robber_barons.data import BUSINESS, GROUPS, INDUSTRIES, LEGACY, SPACES
from engine.games.robber_barons.state import DICE

RR = INDUSTRIES["Railroads"]          # spaces 2-4 (indices 1-3), Great
SHIPPING = INDUSTRIES["Shipping"]     # spaces 7-8 (indices 6-7), Major
LUMBER = INDUSTRIES["Lumber"][0]      # space 5 (index 4), Minor
BUSINESS_SPACE = 5                    # space 6
LEGACY_SPACE = 10                     # space 11


def chance(st, kind, *args):
    return st.apply(Action(kind, CHANCE, tuple(args)))


def started(players=3, first=0, options=None):
    """A game after the first-player roll (seat `first` rolls 6, the others 1)."""
    st = SPEC.new_state(players, options or {})
    for seat in range(players):
        chance(st, "first_roll", seat, 6 if seat == first else 1)
    assert st.to_move() == first
    return st


def turn_to(st, seat):
    """Make `seat` the player deciding how many dice to roll (skipping the others' turns)."""
    st.current = seat
    st.stack = [["end"], ["dice"]]


def roll(st, *faces):
    seat = st.to_move()
    st.apply(Action("dice", seat, (len(faces),)))
    return chance(st, "roll", *sorted(faces))


def draw_business(st, seat, card, at=LUMBER):
    """Seat moves from `at` with one die onto the Business space after it and draws `card`."""
    turn_to(st, seat)
    st.pos[seat] = at
    for other in range(st.players):  # no pawn to fleece on the way
        if other != seat and st.pos[other] == BUSINESS_SPACE:
            st.pos[other] = 20
    roll(st, BUSINESS_SPACE - at)
    assert st.stack[-1] == ["business"]
    return chance(st, "draw_business", card)


def set_money(st, seat, value):
    """Set a seat's money (or every seat's, from a list), keeping the Bank's balance conserved."""
    if seat is None:
        for s, v in enumerate(value):
            set_money(st, s, v)
        return
    st.bank += st.money[seat] - value
    st.money[seat] = value


def conserved(st):
    assert st.check_invariants() == []


# -- set-up ---------------------------------------------------------------------------------------
def test_setup_money_pawns_and_first_player_high_roll_with_reroll():
    st = SPEC.new_state(4)
    assert st.money == [10] * 4 and st.pos == [0] * 4 and st.to_move() == CHANCE
    for seat, v in enumerate([5, 6, 6, 2]):
        chance(st, "first_roll", seat, v)
    assert st.stack[-1][0] == "first" and st.stack[-1][1] == [1, 2]  # tied high rollers roll again
    chance(st, "first_roll", 1, 3)
    chance(st, "first_roll", 2, 4)
    assert st.to_move() == 2 and st.first == 2
    assert st.legal_actions() == [Action("dice", 2, (n,)) for n in (1, 2, 3)]
    conserved(st)


def test_dice_outcomes_weights():
    assert sum(w for _, w in DICE[1]) == 6 and sum(w for _, w in DICE[2]) == 36
    assert sum(w for _, w in DICE[3]) == 216 and len(DICE[3]) == 56
    st = started()
    st.apply(Action("dice", 0, (3,)))
    outs = dict((a.args, w) for a, w in st.chance_outcomes())
    assert outs[(1, 2, 3)] == 6 and outs[(4, 4, 4)] == 1 and outs[(1, 1, 2)] == 3


# -- revenue ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("placement, expected", [
    ({}, {"markers": 0, "trusts": 0, "monopolies": 0, "great_monopolies": 0}),
    ({LUMBER: [1, 0]}, {"markers": 1, "trusts": 1, "monopolies": 0, "great_monopolies": 0}),
    ({LUMBER: [3, 0]}, {"markers": 3, "trusts": 1, "monopolies": 0, "great_monopolies": 0}),
    ({LUMBER: [1, 1]}, {"markers": 1, "trusts": 0, "monopolies": 0, "great_monopolies": 0}),
    ({SHIPPING[0]: [1, 0]}, {"markers": 1, "trusts": 1, "monopolies": 0, "great_monopolies": 0}),
    ({SHIPPING[0]: [1, 0], SHIPPING[1]: [2, 0]}, {"markers": 3, "trusts": 2, "monopolies": 1, "great_monopolies": 0}),
    ({SHIPPING[0]: [1, 0], SHIPPING[1]: [2, 1]}, {"markers": 3, "trusts": 1, "monopolies": 0, "great_monopolies": 0}),
    ({RR[0]: [1, 0], RR[1]: [1, 0]}, {"markers": 2, "trusts": 2, "monopolies": 0, "great_monopolies": 0}),
    ({RR[0]: [1, 0], RR[1]: [1, 0], RR[2]: [1, 0]},
     {"markers": 3, "trusts": 3, "monopolies": 0, "great_monopolies": 1}),
    ({RR[0]: [1, 0], RR[1]: [1, 0], RR[2]: [1, 1]},
     {"markers": 3, "trusts": 2, "monopolies": 0, "great_monopolies": 0}),
    ({RR[0]: [2, 0], RR[1]: [1, 0], RR[2]: [1, 0], SHIPPING[0]: [1, 0], SHIPPING[1]: [1, 0], LUMBER: [1, 1]},
     {"markers": 7, "trusts": 5, "monopolies": 1, "great_monopolies": 1}),
])
def test_revenue_every_combination(placement, expected):
    st = started(2)
    for space, counts in placement.items():
        for seat, n in enumerate(counts):
            for _ in range(n):
                st._place(seat, space)
    values = {"markers": 1, "trusts": 1, "monopolies": 3, "great_monopolies": 5}
    assert st.revenue_parts(0) == {k: values[k] * n for k, n in expected.items()}
    assert st.revenue(0) == sum(values[k] * n for k, n in expected.items())
    # collected at the start of the seat's turn
    st.current, st.stack = 1, [["end"]]
    st._run()
    before = st.money[0]
    st.current, st.stack = 1, [["end"]]
    st.first = 1
    st._run()
    assert st.money[0] - before == st.revenue(0)
    conserved(st)


def test_great_monopoly_worth_11_with_three_markers():
    """3 markers + 3 trusts + 5 = $11M a turn."""
    st = started(2)
    for sp in RR:
        st._place(0, sp)
    assert st.revenue(0) == 11


def test_revenue_frozen_for_two_turns_after_depression():
    st = started(2)
    st._place(0, LUMBER)
    draw_business(st, 0, "depression")
    assert st.frozen == [2, 1]  # seat 1's first frozen turn has begun
    for expected_gain in (0, 0, 2):
        # play seat 1's turn out (1 die onto a Minor, no investment), then seat 0 collects (or not)
        turn_to(st, 1)
        st.pos[1] = 30
        before = st.money[0]
        roll(st, 4)  # lands on Coal (35)
        if st.to_move() == 1:
            st.apply(Action("stop", 1, ()))
        assert st.current == 0
        assert st.money[0] - before == expected_gain
    conserved(st)


# -- speculation, Start, fleecing ---------------------------------------------------------------------
def test_move_and_invest_option_1():
    st = started(2)
    roll(st, 3, 1)
    assert st.pos[0] == 4 and st.prompt() == {"kind": "invest", "space": 4, "took": 0}
    assert st.legal_actions() == [Action("invest", 0, ()), Action("stop", 0, ())]
    st.apply(Action("invest", 0, ()))
    assert st.markers[LUMBER][0] == 1 and st.money[0] == 9 and st.to_move() == 1
    conserved(st)


def test_option_2_repeatable_and_option_1_not_after_it():
    st = started(3)
    for seat in (1, 1, 2):
        st._place(seat, SHIPPING[0])
    turn_to(st, 0)
    st.pos[0] = 4
    roll(st, 2)
    acts = st.legal_actions()
    assert Action("takeover", 0, (1,)) in acts and Action("takeover", 0, (2,)) in acts
    st.apply(Action("takeover", 0, (1,)))
    assert st.markers[SHIPPING[0]] == [1, 1, 1] and st.money[0] == 8
    assert Action("invest", 0, ()) not in st.legal_actions()
    with pytest.raises(IllegalAction, match="Option 2"):
        st.apply(Action("invest", 0, ()))
    st.apply(Action("takeover", 0, (1,)))
    st.apply(Action("takeover", 0, (2,)))
    assert st.markers[SHIPPING[0]] == [3, 0, 0] and st.money[0] == 4 and st.is_trust(SHIPPING[0], 0)
    assert st.to_move() == 1  # no opponent marker left: the landing is over
    conserved(st)


def test_investment_refused_without_money():
    st = started(2)
    set_money(st, 0, 0)
    roll(st, 4)
    assert st.to_move() == 1  # nothing can be bought: no decision
    conserved(st)


def test_passing_start_bonus_cash_then_space_resolved():
    st = started(2)
    turn_to(st, 0)
    st.pos[0] = 37
    roll(st, 4)  # 37 -> 1 (Railroads), passing Start
    assert st.pos[0] == 1 and st.prompt() == {"kind": "bonus"}
    st.apply(Action("bonus", 0, ("cash",)))
    assert st.money[0] == 11 and st.prompt()["kind"] == "invest"
    conserved(st)


def test_landing_on_start_draws_legacy_and_bottom():
    st = started(2)
    turn_to(st, 0)
    st.pos = [36, 20]
    roll(st, 4)
    assert st.pos[0] == 0
    st.apply(Action("bonus", 0, ("legacy",)))
    chance(st, "draw_legacy", "foundation")
    assert st.offer == "foundation" and st.prompt() == {"kind": "offer"}
    assert st.legal_actions() == [Action("buy", 0, ()), Action("bottom", 0, ())]  # $9M of $10M
    conserved(st)
    st.apply(Action("bottom", 0, ()))
    assert st.legacy_bottom == ["foundation"] and st.money[0] == 10
    conserved(st)


def test_legacy_space_buy_or_bottom_and_bottom_drawn_last():
    st = started(2)
    set_money(st, 0, 20)
    turn_to(st, 0)
    st.pos[0] = 8
    roll(st, 2)
    assert st.pos[0] == LEGACY_SPACE and st.stack[-1] == ["legacy"]
    chance(st, "draw_legacy", "foundation")
    assert LEGACY["foundation"].value == 9
    st.apply(Action("buy", 0, ()))
    assert st.money[0] == 11 and st.philanthropy[0] == ["foundation"] and st.points(0) == 9
    # put one on the bottom: it is drawn only after the shuffled part is used up
    turn_to(st, 0)
    st.pos[0] = 8
    roll(st, 2)
    chance(st, "draw_legacy", "schools")
    st.apply(Action("bottom", 0, ()))
    assert st.legacy_bottom == ["schools"] and "schools" not in st.legacy_deck
    conserved(st)
    st.legacy_deck = []
    st.stack.append(["legacy"])
    assert [a.args for a, _ in st.chance_outcomes()] == [("schools",)]


def test_legacy_card_price_is_its_value():
    st = started(2)
    set_money(st, 0, 8)
    turn_to(st, 0)
    st.pos[0] = 8
    roll(st, 2)
    chance(st, "draw_legacy", "foundation")
    assert st.legal_actions() == [Action("bottom", 0, ())]
    with pytest.raises(IllegalAction, match=r"costs \$9M"):
        st.apply(Action("buy", 0, ()))


def test_fleecing_chain():
    """Land on B: steal $1M, move 1D6; land on C: steal $1M, move again; then resolve the space."""
    st = started(3)
    st.pos = [0, 4, 7]
    roll(st, 4)
    assert st.money == [11, 9, 10] and st.stack[-1] == ["fleece"]
    chance(st, "die", 3)  # 4 -> 7: C is there
    assert st.money == [12, 9, 9] and st.stack[-1] == ["fleece"]
    chance(st, "die", 2)  # 7 -> 9: Tobacco, resolved
    assert st.pos[0] == 9 and st.prompt() == {"kind": "invest", "space": 9, "took": 0}
    conserved(st)


def test_fleecing_two_pawns_on_one_space_and_passing_start():
    st = started(3)
    st.pos = [36, 38, 38]
    roll(st, 2)
    assert st.money == [12, 9, 9]
    chance(st, "die", 3)  # 38 -> 1 passing Start
    assert st.prompt() == {"kind": "bonus"}
    conserved(st)


# -- Business cards --------------------------------------------------------------------------------
def test_every_business_card_has_known_effects():
    assert len(BUSINESS) == 118 and len(LEGACY) == 31
    assert sum(c.value for c in LEGACY.values()) == 132
    names = [c.name for c in BUSINESS.values()]
    assert names.count("Mass Production") == 2


@pytest.mark.parametrize("money, tax", [(10, 1), (19, 1), (27, 2), (9, 0), (100, 10)])
def test_income_tax_10_percent_rounded_down_for_all(money, tax):
    st = started(3)
    set_money(st, None, [money, 30, 5])
    draw_business(st, 0, "income-tax")
    assert st.money == [money - tax, 27, 5]
    conserved(st)


def test_estate_tax_only_you():
    st = started(2)
    set_money(st, None, [35, 35])
    draw_business(st, 0, "estate-tax")
    assert st.money == [32, 35]


def test_taxes_one_roll_all_players():
    st = started(3)
    draw_business(st, 0, "taxes")
    chance(st, "die", 4)
    assert st.money == [6, 6, 6]
    conserved(st)


@pytest.mark.parametrize("a, b, delta", [(6, 1, 5), (2, 5, -3), (4, 4, 0)])
def test_risky_venture(a, b, delta):
    st = started(2)
    draw_business(st, 0, "speculation")
    chance(st, "venture", a, b)
    assert st.money[0] == 10 + delta


def test_bad_legacy_pays_and_counts_against():
    st = started(2)
    draw_business(st, 0, "price-fixing")
    assert st.money[0] == 19 and st.business_pile[0] == ["price-fixing"] and st.points(0) == -9
    conserved(st)


def test_business_legacy_innovation_scandal_costly_scandal():
    st = started(2)
    draw_business(st, 0, "tycoon")
    assert st.money[0] == 10 and st.points(0) == 7
    draw_business(st, 0, "global-vision")
    assert st.money[0] == 17 and st.points(0) == 14
    draw_business(st, 0, "controversy")
    assert st.money[0] == 17 and st.points(0) == 8
    draw_business(st, 0, "labor-confrontations")
    assert st.money[0] == 13 and st.points(0) == 4
    assert st.legacy_points(0) == {"philanthropy": 0, "business_legacy": 14, "bad_legacy": 0, "scandals": -10}
    conserved(st)


def test_self_made_man_two_extra_speculation_phases():
    st = started(2)
    draw_business(st, 0, "self-made-man")
    assert st.to_move() == 0 and st.prompt() == {"kind": "dice"} and st.extra == 1
    roll(st, 2)  # Business -> 7 Shipping
    st.apply(Action("stop", 0, ()))
    assert st.to_move() == 0 and st.extra == 0
    roll(st, 1)
    st.apply(Action("stop", 0, ()))
    assert st.current == 1


def test_gain_and_lose_d6():
    st = started(2)
    draw_business(st, 0, "gilded-age")
    chance(st, "die", 5)
    assert st.money[0] == 15
    draw_business(st, 0, "wrong-guess")
    chance(st, "die", 6)
    assert st.money[0] == 9


def test_target_opponent_loses_and_steal_chosen_by_player():
    st = started(3)
    draw_business(st, 0, "overproduction")
    assert st.legal_actions() == [Action("target", 0, (1,)), Action("target", 0, (2,))]
    st.apply(Action("target", 0, (2,)))
    chance(st, "die", 3)
    assert st.money == [10, 10, 7]
    draw_business(st, 0, "force-a-deal")
    st.apply(Action("target", 0, (1,)))
    chance(st, "die", 4)
    assert st.money == [14, 6, 7]
    conserved(st)


def test_single_opponent_is_targeted_automatically():
    st = started(2)
    draw_business(st, 0, "charge-for-services")
    assert st.stack[-1] == ["die", "target_steal", 1]


def test_excessive_wealth_gives_scandal_to_target():
    st = started(3)
    draw_business(st, 0, "excessive-wealth")
    assert st.in_play == "excessive-wealth"
    conserved(st)
    st.apply(Action("target", 0, (2,)))
    assert st.business_pile[2] == ["excessive-wealth"] and st.points(2) == -4 and st.points(0) == 0
    conserved(st)


def test_black_friday_all_pay_you_2():
    st = started(4)
    draw_business(st, 0, "black-friday")
    assert st.money == [16, 8, 8, 8]


def test_populist_revolt_everyone_including_you():
    st = started(2)
    draw_business(st, 0, "populist-revolt")
    chance(st, "die", 2)
    assert st.money == [8, 8]


def test_demand_production_and_unmeetable_conditions():
    st = started(2)
    draw_business(st, 0, "consumerism")  # Demand with no Trust: no effect
    assert st.current == 1 and st.supply[0] == 30
    st._place(0, LUMBER)                 # a Trust
    st._place(0, SHIPPING[0])
    st._place(1, SHIPPING[0])            # a non-Trust investment
    draw_business(st, 0, "boom-times")   # Demand x2
    assert st.legal_actions() == [Action("place", 0, (LUMBER,))]
    st.apply(Action("place", 0, (LUMBER,)))
    st.apply(Action("place", 0, (LUMBER,)))
    assert st.markers[LUMBER][0] == 3
    draw_business(st, 0, "industrial-revolution")  # Production & Demand
    assert st.prompt() == {"kind": "place", "purpose": "production"}
    assert st.legal_actions() == [Action("place", 0, (SHIPPING[0],))]
    st.apply(Action("place", 0, (SHIPPING[0],)))
    assert st.prompt() == {"kind": "place", "purpose": "demand"}
    st.apply(Action("place", 0, (LUMBER,)))
    assert st.markers[SHIPPING[0]] == [2, 1] and st.markers[LUMBER][0] == 4
    conserved(st)


def test_government_contracts_demand_and_bad_legacy_even_if_demand_fails():
    st = started(2)
    draw_business(st, 0, "government-contracts")
    assert st.money[0] == 14 and st.points(0) == -4 and st.current == 1


def test_monopolize_financial_battle_and_collusion():
    st = started(3)
    st._place(1, LUMBER)
    st._place(2, SHIPPING[1])
    draw_business(st, 0, "financial-battle")
    assert set(a.args for a in st.legal_actions()) == {(LUMBER, 1), (SHIPPING[1], 2)}
    st.apply(Action("monopolize", 0, (LUMBER, 1)))
    st.apply(Action("monopolize", 0, (SHIPPING[1], 2)))
    assert st.markers[LUMBER] == [1, 0, 0] and st.markers[SHIPPING[1]] == [1, 0, 0]
    draw_business(st, 0, "collusion")  # no opponent marker left: only the Bad Legacy part
    assert st.money[0] == 13 and st.points(0) == -3 and st.current == 1
    conserved(st)


def test_anti_trust_act_on_opponent_trust():
    st = started(2)
    st._place(1, LUMBER)
    draw_business(st, 0, "anti-trust-act")
    st.apply(Action("place", 0, (LUMBER,)))
    assert not st.is_trust(LUMBER, 1) and st.markers[LUMBER] == [1, 1]


@pytest.mark.parametrize("card, group", [("black-gold", "oil"), ("age-of-steel", "steel"),
                                         ("iron-horse", "railroads"), ("miner-49er", "ore")])
def test_go_to_cards(card, group):
    st = started(2)
    draw_business(st, 0, card)
    assert sorted(a.args[0] for a in st.legal_actions()) == sorted(GROUPS[group])
    target = GROUPS[group][-1]
    st.apply(Action("goto", 0, (target,)))
    assert st.pos[0] == target
    if target < BUSINESS_SPACE:
        assert st.prompt() == {"kind": "bonus"}  # moved forward past Start
        st.apply(Action("bonus", 0, ("cash",)))
    assert st.prompt() == {"kind": "invest", "space": target, "took": 0}
    assert {SPACES[i].industry for i in GROUPS["ore"]} == {"Mining", "Gold", "Silver"}


def test_business_plan_to_a_business_space_draws_again_and_to_a_pawn_fleeces():
    st = started(2)
    draw_business(st, 0, "cunning")
    assert len(st.legal_actions()) == 39
    st.apply(Action("goto", 0, (15,)))
    assert st.stack[-1] == ["business"]
    chance(st, "draw_business", "scheme")
    st.pos[1] = 20
    st.apply(Action("goto", 0, (20,)))
    assert st.money == [11, 9] and st.stack[-1] == ["fleece"]
    conserved(st)


def test_business_deck_reshuffles_discard():
    st = started(2)
    keep = "gilded-age"
    st.business_discard = [c for c in st.business_deck if c != keep]
    st.business_deck = [keep]
    draw_business(st, 0, keep)
    chance(st, "die", 1)
    assert st.business_deck == [] and keep in st.business_discard
    turn_to(st, 0)
    st.pos[0] = LUMBER
    events = roll(st, 1)
    assert any("shuffled" in e.text for e in events)
    assert len(st.business_deck) == len(BUSINESS) and st.business_discard == []
    conserved(st)


# -- bankruptcy --------------------------------------------------------------------------------------
def test_markers_sold_before_bankruptcy_cheapest_first():
    st = started(2)
    set_money(st, 1, 1)
    st._place(1, LUMBER)           # a Trust: worth 2 a turn
    st._place(1, SHIPPING[0])
    st._place(0, SHIPPING[0])      # shared: worth 1 a turn
    draw_business(st, 0, "workers-uprising")
    chance(st, "die", 2)
    assert st.markers[SHIPPING[0]] == [1, 0] and st.markers[LUMBER][1] == 1
    assert not st.out[1] and st.current == 1
    assert st.money[1] == 2  # $0 after paying, then this turn's revenue: 1 marker + 1 Trust
    conserved(st)


def test_bankruptcy_returns_legacy_cards_and_reentry_next_turn():
    st = started(3)
    set_money(st, 2, 2)
    st._place(2, LUMBER)
    st.philanthropy[2] = ["schools"]
    st.legacy_deck.remove("schools")
    st.legacy_deck.remove("museum")
    st.legacy_bottom = ["museum"]
    st.business_deck.remove("tycoon")
    st.business_pile[2] = ["tycoon"]
    draw_business(st, 0, "labor-demands")
    st.apply(Action("target", 0, (2,)))
    events = chance(st, "die", 6)  # owes 6: sells its marker ($1M), pays $3M, is out
    assert st.out[2] and st.pos[2] is None and st.money[2] == 0 and st.markers[LUMBER][2] == 0
    assert "schools" in st.legacy_deck and "museum" in st.legacy_deck and st.legacy_bottom == []
    assert "tycoon" in st.business_discard and st.points(2) == 0
    assert any("bankrupt" in e.text for e in events)
    assert st.current == 1
    conserved(st)
    # bankrupt players cannot be targeted
    draw_business(st, 1, "overproduction")
    assert st.stack[-1] == ["die", "target_lose", 0]
    chance(st, "die", 1)
    # on their next turn they re-enter as if starting a new game
    assert st.current == 2 and st.to_move() == 2
    assert not st.out[2] and st.pos[2] == 0 and st.money[2] == 10 and st.supply[2] == 30
    conserved(st)


def test_bankrupt_current_player_loses_rest_of_turn():
    st = started(2)
    set_money(st, 0, 1)
    draw_business(st, 0, "self-made-man")
    turn_to(st, 0)
    st.extra = 2
    draw_business(st, 0, "factory-fire")  # Costly Scandal 2
    assert st.out[0] and st.current == 1 and st.extra == 0
    assert "factory-fire" in st.business_discard
    conserved(st)


def test_fleecing_a_broke_player_bankrupts_them():
    st = started(2)
    set_money(st, 1, 0)
    st.pos[1] = 4
    roll(st, 4)
    assert st.out[1] and st.money[0] == 10
    conserved(st)


# -- the end -------------------------------------------------------------------------------------------
def test_game_ends_when_legacy_deck_empty_and_scores():
    st = started(2)
    set_money(st, None, [30, 30])
    st.philanthropy[1] = [c for c in st.legacy_deck if c not in ("foundation", "schools")]
    st.legacy_deck = ["foundation"]
    st.legacy_bottom = ["schools"]
    st.business_deck.remove("massive-fraud")
    st.business_pile[1] = ["massive-fraud"]
    turn_to(st, 0)
    st.pos[0] = 8
    roll(st, 2)
    chance(st, "draw_legacy", "foundation")
    st.apply(Action("buy", 0, ()))
    assert not st.over and st.legacy_left() == 1
    turn_to(st, 0)
    st.pos[0] = 18
    roll(st, 2)
    assert [a.args for a, _ in st.chance_outcomes()] == [("schools",)]
    chance(st, "draw_legacy", "schools")
    st.apply(Action("buy", 0, ()))
    assert st.to_move() == TERMINAL and st.ended_by == "legacy"
    out = st.outcome()
    assert out.scores[0] == 11
    assert out.breakdown[1]["bad_legacy"] == -10
    assert out.scores[1] == 132 - 11 - 10
    assert out.winners == [1]
    conserved(st)


def test_tie_broken_by_money_then_shared():
    st = started(2)
    st.over = True
    st.philanthropy = [["schools"], ["benefactor"]]  # 2 and 2
    set_money(st, None, [5, 9])
    out = st.outcome()
    assert out.winners == [1] and "money" in out.tie_break
    set_money(st, None, [9, 9])
    assert st.outcome().winners == [0, 1]


def test_out_player_ranked_last_even_against_negative_scores():
    st = started(3)
    st.over = True
    st.business_pile[0] = ["massive-fraud"]  # a Scandal: seat 0 ends on a negative score
    st.business_deck.remove("massive-fraud")
    st.philanthropy[1] = ["schools"]
    st.out[2] = True  # bankrupt in the last round, not back yet: an empty pile, 0 points
    set_money(st, None, [5, 5, 0])
    out = st.outcome()
    assert out.scores[0] < 0 == out.scores[2]
    assert out.winners == [1]
    assert out.ranking == [2, 1, 3]
    # even when every player still in has a negative score, the out player does not win
    st.philanthropy[1] = []
    st.business_pile[1] = ["factory-fire"]
    st.business_deck.remove("factory-fire")
    out = st.outcome()
    assert max(out.scores[:2]) < 0 and out.ranking[2] == 3 and 2 not in out.winners


def test_rules_help_says_out_player_ranked_last():
    help_text = " ".join(SPEC.rules_help.split())
    assert "is ranked last, below every player still in" in help_text


def chance_pick(st, rng) -> Action:
    """A chance outcome drawn by its weight."""
    outs = st.chance_outcomes()
    return outs[rng.weighted_index([w for _, w in outs])][0]


def random_step(st, rng) -> None:
    """One decision at random: a chance outcome by weight, else a uniform legal action."""
    if st.to_move() == CHANCE:
        st.apply(chance_pick(st, rng))
    else:
        acts = st.legal_actions()
        st.apply(acts[rng.randbelow(len(acts))])


def test_turn_limit_option_ends_game_at_the_end_of_the_round():
    st = started(2, options={"turn_limit": 3})
    rng = Rng(4)
    while not st.is_terminal():
        if st.to_move() == CHANCE:
            st.apply(chance_pick(st, rng))
        else:
            st.apply(Action("stop", st.to_move(), ()) if st.prompt()["kind"] == "invest"
                     else st.legal_actions()[-1])
    assert st.round == 2 and st.turns == 4 and st.ended_by == "turns"
    assert st.outcome() is not None


# -- contract --------------------------------------------------------------------------------------------
def test_view_is_public_and_determinize_copies():
    st = started(3)
    assert st.view(0) | {"viewer": None} == st.view(None)
    d = st.determinize(1, Rng(1))
    assert d.state_hash() == st.state_hash() and d is not st


def test_illegal_action_leaves_state_untouched():
    st = started(2)
    h = st.state_hash()
    with pytest.raises(IllegalAction):
        st.apply(Action("dice", 0, (4,)))
    with pytest.raises(IllegalAction):
        st.apply(Action("dice", 1, (1,)))
    assert st.state_hash() == h


def test_to_data_round_trip():
    st = started(4)
    roll(st, 2, 2)
    d = SPEC.state_from_data(st.to_data())
    assert d.state_hash() == st.state_hash() and d.to_data() == st.to_data()


def _random_game(players, seed, check):
    rng = Rng(seed)
    st = SPEC.new_state(players)
    n = 0
    while st.to_move() != TERMINAL:
        random_step(st, rng)
        n += 1
        if check:
            assert st.check_invariants() == []
        assert n < 20000
    return st


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_terminate_with_invariants(players):
    for seed in range(3):
        st = _random_game(players, seed, check=True)
        assert st.outcome() is not None


def test_many_random_games_terminate():
    for seed in range(200):
        st = _random_game(2 + seed % 5, 100 + seed, check=False)
        assert st.outcome().winners


def test_every_business_card_resolves_with_invariants():
    """Each of the 118 cards, drawn by a player with trusts and shared investments, resolves to the
    next player's turn (any decision it asks for taken at random) with everything conserved."""
    rng = Rng(12)
    for card in BUSINESS:
        st = started(3)
        st._place(0, LUMBER)
        st._place(0, SHIPPING[0])
        st._place(1, SHIPPING[0])
        st._place(2, RR[0])
        draw_business(st, 0, card)
        steps = 0
        while st.current == 0 and not st.is_terminal():
            random_step(st, rng)
            assert st.check_invariants() == [], card
            steps += 1
            assert steps < 200, card
        c = BUSINESS[card]
        if c.legacy and "target_scandal" not in c.effects and not st.out[0]:
            assert card in st.business_pile[0], card
        elif not c.legacy:
            assert card in st.business_discard or card in st.business_deck, card
