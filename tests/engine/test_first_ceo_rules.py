"""1st CEO rules, including every worked example of the rules text (shared/rules/first-ceo.txt)."""

import pytest

from engine.core import CHANCE, TERMINAL, Action, IllegalAction, Session, get_spec
from engine.games.first_ceo import scoring
from engine.games.first_ceo.data import COMPANIES, CORPORATIONS, MARKET_SPACES, NPC_START

SPEC = get_spec("first-ceo")


def dealt_state(corps, start=0, market=None, seed=3):
    """A state after set-up with `corps[i]` dealt to seat i and a chosen market (forced chance)."""
    st = SPEC.new_state(len(corps))
    for seat, corp in enumerate(corps):
        st.apply(Action("deal_corp", CHANCE, (seat, corp)))
    st.apply(Action("start_player", CHANCE, (start,)))
    market = market or ["netflicks", "goldmansocks", "dellicious", "samesung", "wallmart", "goggle"]
    for slot, cid in enumerate(market):
        st.apply(Action("reveal", CHANCE, (slot, cid)))
    assert st.to_move() == start
    return st


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_places_npc_markers_and_deals(players):
    corps = list(CORPORATIONS)[:players]
    st = dealt_state(corps)
    npc_positions = sorted(st.assets[c] for c in st.npc)
    assert npc_positions == sorted(NPC_START[players])
    assert {3: [100, 120, 140], 4: [100, 130], 5: [100], 6: []}[players] == npc_positions
    assert all(st.assets[c] == 0 for c in corps)
    assert st.money == [30] * players
    assert all(st.shares_held(s, s) == 7 for s in range(players))
    assert None not in st.market and len(st.deck) == 48 - 6
    assert st.check_invariants() == []


def test_acquisition_example_25_plus_4_with_discard_icon():
    """'NoVideo acquires the company in space 4 … ($25+$4), resolve the discard icon and draw 1 Asset
    Increase Card … update the Asset Track, shift the remaining companies left, and refill.'"""
    market = ["netflicks", "goldmansocks", "dellicious", "huluhoop", "wallmart", "goggle"]
    st = dealt_state(["novideo", "dissneed", "allybarbar"], market=market)
    assert COMPANIES["huluhoop"].cost == 25 and MARKET_SPACES[3].surcharge == 4 and MARKET_SPACES[3].discard
    st.money[0] = 40
    st.apply(Action("acquire", 0, (3,)))
    assert st.money[0] == 40 - 29
    assert st.companies[0] == ["huluhoop"]
    assert st.discard == ["netflicks"]  # the leftmost company is discarded
    assert st.assets["novideo"] == 25
    # remaining companies shifted left; two spaces to refill; the asset increase card is drawn first
    assert st.market[:4] == ["goldmansocks", "dellicious", "wallmart", "goggle"]
    assert st.market[4:] == [None, None]
    assert st.to_move() == CHANCE
    draw = st.chance_outcomes()
    assert {a.kind for a, _ in draw} == {"draw_asset"} and all(a.args[1] == "increase" for a, _ in draw)
    st.apply(Action("draw_asset", CHANCE, (0, "increase", 15)))
    st.apply(Action("reveal", CHANCE, (4, "tiktalk")))
    st.apply(Action("reveal", CHANCE, (5, "sonny")))
    assert st.market == ["goldmansocks", "dellicious", "wallmart", "goggle", "tiktalk", "sonny"]
    assert st.to_move() == 1
    assert st.check_invariants() == []


def test_acquire_without_discard_icon_and_unaffordable_refused():
    st = dealt_state(["novideo", "dissneed", "allybarbar"],
                     market=["tiktalk", "goldmansocks", "dellicious", "samesung", "wallmart", "goggle"])
    before = st.state_hash()
    with pytest.raises(IllegalAction, match=r"costs \$30 here.*only \$30|costs \$30"):
        st.money[0] = 29
        st.apply(Action("acquire", 0, (0,)))
    st.money[0] = 30
    assert st.state_hash() == before
    st.apply(Action("acquire", 0, (0,)))
    assert st.money[0] == 0 and st.discard == []


def test_dividend_example_20_and_8():
    """AllyBarBar's income is 1 + 1 + 2 = 4; it holds 5 own shares ($20), DissNeed 2 ($8), NoVideo 0."""
    st = dealt_state(["allybarbar", "dissneed", "novideo"])
    st.companies[0] = ["netflicks", "huluhoop"]  # incomes 1 and 2
    assert CORPORATIONS["allybarbar"].income == 1
    assert st.income(0) == 4
    st.sold[0], st.held[1][0] = 2, 2
    money = list(st.money)
    st.apply(Action("dividends", 0, ()))
    assert st.money[0] - money[0] == 20
    assert st.money[1] - money[1] == 8
    assert st.money[2] == money[2]


def test_buy_share_example_and_restrictions():
    """'NoVideo's leftmost share costs $10. DissNeed pays $10 to NoVideo and takes the Share.'"""
    st = dealt_state(["novideo", "dissneed", "allybarbar"], start=1)
    assert st.share_price(0) == 10
    st.apply(Action("buy_share", 1, (0,)))
    assert (st.money[0], st.money[1]) == (40, 20)
    assert st.shares_held(1, 0) == 1 and st.shares_held(0, 0) == 6
    assert st.share_price(0) == CORPORATIONS["novideo"].share_prices[1]
    # own shares cannot be bought (decision recorded in the rules help)
    assert st.illegal_reason(Action("buy_share", 2, (2,))) == "You cannot buy your own corporation's shares."


def test_tie_averaging_example_25_points():
    """DissNeed 1st, Pineapple 2nd, NoVideo and MonsterCard tied 3rd: (30 + 20) / 2 = 25 each."""
    values = scoring.share_values({"dissneed": 145, "pineapple": 130, "novideo": 120, "monstercard": 120,
                                   "michaelsoft": 90, "allybarbar": 50})
    assert values == {"dissneed": 50, "pineapple": 40, "novideo": 25, "monstercard": 25,
                      "michaelsoft": 10, "allybarbar": 0}


def test_three_way_tie_and_npcs_in_ranking():
    values = scoring.share_values({"a": 100, "b": 100, "c": 100, "d": 5})
    assert values == {"a": 40, "b": 40, "c": 40, "d": 20}


def test_novideo_scores_443():
    """The final-scoring example: 175 share points + 260 company points + $8 = 443."""
    corps = ["novideo", "dissneed", "allybarbar", "pineapple", "monstercard", "michaelsoft"]
    st = dealt_state(corps)
    st.assets.update({"novideo": 125, "dissneed": 130, "allybarbar": 50, "pineapple": 130,
                      "monstercard": 120, "michaelsoft": 90})
    # NoVideo reveals three asset cards totalling -5 (125 -> 120); DissNeed one +15 (130 -> 145)
    st.asset_cards[0] = [["increase", 15], ["decrease", -10], ["decrease", -10]]
    st.asset_cards[1] = [["increase", 15]]
    final = st.final_assets()
    assert (final["novideo"], final["dissneed"], final["allybarbar"]) == (120, 145, 50)
    # shares: 3 of its own (4 sold), 2 DissNeed, 1 AllyBarBar
    st.sold[0] = 4
    st.held[1][0], st.held[2][0], st.held[3][0], st.held[4][0] = 1, 1, 1, 1
    st.sold[1], st.held[0][1] = 2, 2
    st.sold[2], st.held[0][2] = 1, 1
    # companies: fixed 30, fixed 60, one Entertainment+Electronics pair card, a Technology+Hardware
    # card scoring 10 per Tech/Hardware icon, fixed 50; the corporation card scores 10 per Tech/Hardware
    st.companies[0] = ["amazin", "aldiy", "univershell", "salesfarce", "robinhoodie"]
    icons = scoring.icon_counts(["novideo"] + st.companies[0])
    points = {c: scoring.card_points(c, icons) for c in ["novideo"] + st.companies[0]}
    assert points == {"novideo": 40, "amazin": 30, "aldiy": 60, "univershell": 40, "salesfarce": 40,
                      "robinhoodie": 50}
    st.money[0] = 8
    breakdown = st.score_breakdown()[0]
    assert breakdown == {"shares": 175, "companies": 260, "money": 8}
    assert sum(breakdown.values()) == 443


def test_money_scores_at_most_50():
    assert scoring.money_score(8) == 8
    assert scoring.money_score(50) == 50
    assert scoring.money_score(93) == 50


def test_scoring_conditions():
    icons = scoring.icon_counts(["pineapple", "lg-whiz", "netflicks", "samesung"])
    # Electronics: pineapple, lg-whiz, samesung = 3; Entertainment: lg-whiz, netflicks = 2 -> 2 pairs
    assert scoring.card_points("lg-whiz", icons) == 80
    assert scoring.card_points("pineapple", icons) == 80
    icons = scoring.icon_counts(["monstercard", "blackrock-candy"])
    # MonsterCard shows two Finance icons (changed for balance), Blackrock Candy two more
    assert scoring.card_points("blackrock-candy", icons) == 20 * 4


def _play_until_round_end(st, action_for):
    start_round = st.round
    while st.round == start_round and not st.is_terminal():
        if st.to_move() == CHANCE:
            st.apply(st.chance_outcomes()[0][0])
        else:
            st.apply(action_for(st))


def test_endgame_countdown_and_final_round():
    st = dealt_state(["novideo", "dissneed", "allybarbar"], start=0)
    st.assets["novideo"] = 95
    st.companies[0] = []  # the test moves the track directly
    st.money[0] = 100
    # seat 0 acquires netflicks (6): 101 assets -> trigger; the round finishes
    st.apply(Action("acquire", 0, (0,)))
    assert st.triggered and st.countdown is None
    dividends = lambda s: Action("dividends", s.to_move(), ())  # noqa: E731
    _play_until_round_end(st, dividends)
    assert st.countdown == 2 and not st.final_round
    assert any(a.kind == "buy_share" for a in st.legal_actions())
    _play_until_round_end(st, dividends)
    assert st.countdown == 1 and st.final_round
    assert not any(a.kind == "buy_share" for a in st.legal_actions())
    assert "final round" in st.illegal_reason(Action("buy_share", st.to_move(), ((st.to_move() + 1) % 3,)))
    _play_until_round_end(st, dividends)
    assert st.to_move() == TERMINAL
    out = st.outcome()
    assert out is not None and len(out.scores) == 3


def test_npc_at_100_does_not_trigger_end():
    st = dealt_state(["novideo", "dissneed", "allybarbar"])
    assert max(st.assets.values()) >= 100
    st.apply(Action("dividends", 0, ()))
    assert not st.triggered


def test_shared_victory_on_equal_scores():
    from engine.core import Outcome

    out = Outcome.from_scores([300, 300, 250], [{}, {}, {}])
    assert out.winners == [0, 1] and out.ranking == [1, 1, 3] and out.tie_break == "shared victory"


def test_asset_card_values_hidden_from_other_seats():
    s = Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=11)
    st = s.state
    st.asset_cards[1] = [["increase", 17]]
    assert st.view(1)["seats"][1]["asset_cards"] == [{"kind": "increase", "value": 17}]
    assert st.view(0)["seats"][1]["asset_cards"] == [{"kind": "increase", "value": None}]
    assert st.view(None)["seats"][1]["asset_cards"] == [{"kind": "increase", "value": None}]


def test_whole_game_through_session_terminates_and_scores():
    from engine.core import Rng

    s = Session.new("first-ceo", ["Ann", "Bob", "Cy", "Di"], seed=5)
    rng = Rng(9)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    out = s.state.outcome()
    assert out.winners and all(r >= 1 for r in out.ranking)
    assert any("Final scoring" in line for line in s.render_log(None))


def test_asset_cards_revealed_to_everyone_at_the_end():
    from engine.core import Rng

    s = Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=12)
    rng = Rng(12)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    st = s.state
    holders = [i for i in range(3) if st.asset_cards[i]]
    assert holders, "this seed draws asset cards"
    for seat in holders:
        assert [c["value"] for c in st.view(None)["seats"][seat]["asset_cards"]] == [v for _, v in st.asset_cards[seat]]
