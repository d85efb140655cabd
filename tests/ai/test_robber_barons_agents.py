"""Robber Barons agents: always legal, sensible single decisions, and Normal clearly beats Easy."""

import math

import pytest

from ai.core.agent import Budget
from ai.core.agents import get_agent, levels
from ai.core.observe import observe
from ai.games.robber_barons.agents import industry_revenue, revenue
from ai.simulate import simulate
from engine.core import CHANCE, Action, Rng, Session, get_spec
from engine.games.robber_barons.data import INDUSTRIES
from tests.ai.light_view import light_view_decides_alike

SPEC = get_spec("robber-barons")
RR = INDUSTRIES["Railroads"]
SHIPPING = INDUSTRIES["Shipping"]
LUMBER = INDUSTRIES["Lumber"][0]


def started(players=3):
    st = SPEC.new_state(players)
    for seat in range(players):
        st.apply(Action("first_roll", CHANCE, (seat, 6 if seat == 0 else 1)))
    return st


def choose(st, level="normal", seed=1):
    seat = st.to_move()
    return get_agent("robber-barons", level).choose(observe(st, seat), Rng(seed), Budget())


def test_levels_offered():
    assert levels("robber-barons")[:2] == ["easy", "normal"]  # the generic "hard" may follow


def test_agent_revenue_matches_engine():
    st = started(2)
    for sp in (*RR, *SHIPPING, LUMBER, LUMBER):
        st._place(0, sp)
    st._place(1, LUMBER)
    assert revenue(st.markers, 0) == st.revenue(0) == 3 + 3 + 5 + 2 + 2 + 3 + 2
    assert revenue(st.markers, 1) == st.revenue(1) == 1
    assert industry_revenue(st.markers, 0, RR[1]) == 3 + 3 + 5


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_agents_play_legal_whole_games(level):
    s = Session.new("robber-barons", ["A", "B", "C"], seed=3)
    agent = get_agent("robber-barons", level)
    n = 0
    while not s.is_over():
        seat = s.to_move()
        obs = observe(s.state, seat)
        action = agent.choose(obs, s.ai_rng(), Budget())
        assert action in obs.legal
        s.apply(action, by_ai=True)
        n += 1
    assert s.state.outcome().winners and n < 5000


def test_model_view_holds_what_normal_reads_from_the_view():
    """The light view the search's opponent model builds agrees with the full view on every part
    Normal reads, so Normal decides the same from either (checked over whole games)."""
    from ai.games.robber_barons.agents import NormalAgent

    def same(key, value, full):
        if key == "seats":  # the light seats hold a part of each seat's entries
            return value == [{k: v[k] for k in value[0]} for v in full["seats"]]
        return value == full[key]

    agent = NormalAgent()
    decisions = sum(light_view_decides_alike(Session.new("robber-barons", ["A", "B", "C", "D"], seed=seed), agent,
                                             same) for seed in (4, 5))
    assert decisions > 100


def test_normal_completes_a_trust_with_option_2_rather_than_option_1():
    st = started(2)
    st._place(0, SHIPPING[0])            # a Trust on one Shipping space
    st._place(1, SHIPPING[1])            # the opponent blocks the Monopoly
    st.current, st.stack = 0, [["end"], ["invest", SHIPPING[1], 0]]
    assert choose(st) == Action("takeover", 0, (1,))


def test_normal_buys_legacy_when_rich_and_keeps_a_reserve_when_poor():
    st = started(2)
    st.current, st.stack, st.offer = 0, [["end"], ["offer"]], "museum"  # value 4
    st.legacy_deck.remove("museum")
    st.money[0], st.bank = 20, st.bank - 10
    assert choose(st) == Action("buy", 0, ())
    st.money[0], st.bank = 5, st.bank + 15
    assert choose(st) == Action("bottom", 0, ())


def test_normal_dice_reach_fleeces():
    st = started(6)
    st.money[0], st.bank = 0, st.bank + 10  # broke: only fleecing pays
    st.pos = [10, 11, 12, 13, 14, 15]    # one die almost surely lands on an opponent
    st.current, st.stack = 0, [["end"], ["dice"]]
    assert choose(st) == Action("dice", 0, (1,))
    st.pos = [10, 20, 19, 18, 17, 21]    # two or three dice are needed to reach them
    assert choose(st) in (Action("dice", 0, (2,)), Action("dice", 0, (3,)))


def test_normal_targets_the_leader():
    st = started(3)
    st.philanthropy[2] = ["foundation"]
    st.legacy_deck.remove("foundation")
    st.current, st.stack = 0, [["end"], ["target", "target_lose_d6", "overproduction"]]
    assert choose(st) == Action("target", 0, (2,))


def test_normal_beats_easy_in_16_rotated_games():
    result = simulate("robber-barons", 4, 16, 5, ["normal", "easy", "easy", "easy"], rotate=True)
    assert result.finished == 16
    assert result.wins_by_level["normal"] / 16 >= 0.6  # fair share 1/4


def test_easy_beats_random():
    result = simulate("robber-barons", 4, 16, 8, ["easy", "random", "random", "random"], rotate=True)
    assert result.finished == 16
    assert result.wins_by_level["easy"] / 16 >= 0.35


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_normal_beats_easy_significantly(players):
    games = 200
    result = simulate("robber-barons", players, games, 77, ["normal"] + ["easy"] * (players - 1), rotate=True)
    share = result.wins_by_level["normal"] / games
    low = share - 1.96 * math.sqrt(share * (1 - share) / games)
    assert low > 1.5 / players, (share, low)


def test_hard_search_knowledge_evaluates_the_legacy_race():
    from ai.games.robber_barons import knowledge

    st = started(3)
    shares = knowledge.evaluate(st)
    assert abs(sum(shares) - 1) < 1e-9 and max(shares) - min(shares) < 1e-9  # all equal at the start
    st.philanthropy[1] = ["foundation"]
    st.legacy_deck.remove("foundation")
    shares = knowledge.evaluate(st)
    assert shares[1] > shares[0] == shares[2]  # Legacy points decide
    late = st.copy()
    del late.legacy_deck[: len(late.legacy_deck) - 3]
    assert knowledge.evaluate(late)[1] > shares[1]  # and a lead counts for more as the deck runs out
