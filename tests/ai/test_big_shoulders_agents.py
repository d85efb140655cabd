"""City of the Big Shoulders agents: Normal's light view for Hard's rollouts, and the rollout budget
counted in candidate rollouts."""

from ai.core.agent import Budget
from ai.core.agents import get_agent
from ai.core.observe import observe
from ai.core.rollouts import RolloutAgent
from ai.games.big_shoulders.agents import NormalAgent
from engine.core import Action, Rng, Session
from engine.core.contract import SeatInfo
from tests.ai.light_view import light_view_decides_alike

GAME = "big-shoulders"


def normal_session(players: int, seed: int) -> Session:
    return Session.new(GAME, [SeatInfo(f"P{i}", "ai", "normal") for i in range(players)], seed=seed)


def test_model_view_holds_what_normal_reads_from_the_view():
    """The light view Hard's rollouts give Normal agrees with the full view on every part it holds,
    and Normal decides the same from either (checked over a whole game)."""
    decisions = light_view_decides_alike(normal_session(3, 5), NormalAgent())
    assert decisions > 150


def test_normal_scores_each_choice_alike_with_the_decisions_shared_memo():
    """Normal works out what the choices of one decision read alike once (a memo per decision):
    over a whole game, every choice scores the same with the memo shared in legal order, as
    `decide` does, as worked out on its own, so no choice's answer leaks into another's."""
    s = normal_session(4, 7)
    normal = NormalAgent()
    compared = 0
    while not s.is_over():
        obs = observe(s.state, s.to_move())
        if len(obs.legal) > 1:
            memo: dict = {}
            shared = [normal.score(obs, a, memo) for a in obs.legal]
            assert shared == [normal.score(obs, a) for a in obs.legal], obs.legal
            compared += len(obs.legal)
        s.apply(normal.choose(obs, s.ai_rng(), Budget()), by_ai=True)
    assert compared > 2000


def searched_positions(count: int, seed: int = 3):
    """Observations at decisions Hard searches, from a game of Normals."""
    agent = RolloutAgent(GAME)
    s = normal_session(4, seed)
    normal = get_agent(GAME, "normal")
    found = []
    while not s.is_over() and len(found) < count:
        obs = observe(s.state, s.to_move())
        if len(obs.legal) > 1 and not agent.k.delegate(obs):
            found.append(obs)
        s.apply(normal.choose(obs, s.ai_rng(), Budget()), by_ai=True)
    return found


def test_the_iteration_budget_counts_candidate_rollouts():
    """`--iterations N` buys N rollouts a decision, spread as whole worlds over the candidates, as a
    time budget does: a decision with two candidates plays many worlds, one with thirty a few."""
    agent = RolloutAgent(GAME)
    worlds_seen = set()
    for obs in searched_positions(12):
        before = obs.sample(Rng(1)).state_hash()
        agent.choose(obs, Rng(2), Budget(iterations=60))
        n = len(obs.legal)
        assert agent.last_iterations == max(1, 60 // n)
        assert agent.last_rollouts == agent.last_iterations * n
        assert obs.sample(Rng(1)).state_hash() == before
        worlds_seen.add(agent.last_iterations)
    assert len(worlds_seen) > 1


def test_other_games_still_count_worlds():
    from tests.ai.test_rollouts import position

    state = position()
    obs = observe(state, state.to_move())
    agent = RolloutAgent("robber-barons")
    agent.choose(obs, Rng(2), Budget(iterations=3))
    assert agent.last_iterations == 3


# -- what Normal does ---------------------------------------------------------------------------
def normal_choice(st):
    seat = st.to_move()
    return get_agent(GAME, "normal").choose(observe(st, seat), Rng(1), Budget())


def operating_spalding(staffed=(0, 1), cash=1000, supply=None, resources=None):
    """Spalding buying resources: factory 1 uses coal + livestock, factory 2 livestock + steel."""
    from engine.games.big_shoulders.data import RESOURCES
    from tests.engine.test_big_shoulders_phases import operate, staff
    from tests.engine.test_big_shoulders_rules import to_action

    st = to_action(3)
    for f in staffed:
        staff(st, "spalding", f)
    c = st.companies["spalding"]
    c["cash"] = cash
    c["resources"] = dict.fromkeys(RESOURCES, 0) | (resources or {})
    for space in st.supply:
        st.supply[space] = dict.fromkeys(RESOURCES, 0) | (supply or {}).get(space, {})
    st.haymarket = dict.fromkeys(RESOURCES, 2)
    operate(st, "spalding")
    return st


def test_normal_buys_for_the_first_factory_before_a_cheaper_resource_for_the_second():
    """Factories run in order: the $10 Steel serves only the second, so the $20 Livestock comes first."""
    st = operating_spalding(supply={"10": {"steel": 1}, "20": {"livestock": 2}, "30": {"coal": 1}})
    assert normal_choice(st).args == ("20", "livestock")


def test_normal_trades_at_haymarket_when_the_supply_lacks_what_a_factory_needs():
    """No Coal in the supply chain: 2 of 3 Livestock become the Coal that lets the first factory run."""
    st = operating_spalding(staffed=(0,), resources={"livestock": 3}, supply={"10": {"livestock": 2}})
    assert normal_choice(st) == Action("trade", st.to_move(), ("spalding", "livestock", "coal"))


def test_normal_does_not_trade_away_what_it_needs():
    """Its factory can run: no trade of its inputs, and none of a surplus that lets nothing more run
    (the old rule traded 2 for 1 back and forth all Operating Phase)."""
    st = operating_spalding(staffed=(0,), resources={"coal": 2, "livestock": 2},
                            supply={"10": {"livestock": 2, "coal": 2}})
    assert normal_choice(st).kind == "done_buying"


def test_normal_pays_out_when_the_payout_lifts_the_price_even_from_a_thin_treasury():
    st = operating_spalding(cash=0)
    c = st.companies["spalding"]
    c.update(ran=1, shipped=2, revenue=100)
    st.stack[-1] = ["op_dividend", c["dir"], "spalding"]
    from engine.games.big_shoulders import market

    assert market.payout_steps(100, c["step"]) > 0
    assert normal_choice(st).kind == "pay_out"


def test_normal_sells_a_falling_company_and_keeps_a_working_one():
    """A company with no factory staffed and no money to staff one must withhold: its price will
    drop, so a shareholder who does not direct it sells first."""
    from tests.engine.test_big_shoulders_rules import give, set_up, turn_of

    st = set_up(3)
    seat = next(s for s in range(3) if st.companies["elgin"]["dir"] != s)
    give(st, seat, "elgin", commons=1)
    turn_of(st, seat)
    elgin = st.companies["elgin"]
    elgin["cash"] = 20
    assert normal_choice(st) == Action("sell", seat, ("elgin", "common"))
    elgin["cash"] = 300
    assert normal_choice(st).kind != "sell"


def test_normal_hires_for_the_first_factory_before_the_second():
    """Factories run in order: a Worker hired for the second while the first lacks one is idle."""
    from tests.engine.test_big_shoulders_phases import action_turn
    from tests.engine.test_big_shoulders_rules import act, to_action

    st = to_action(3)
    action_turn(st, "elgin")                      # Elgin's factories take 2 Workers each
    act(st, "place", "hire_workers", "elgin")
    picks = []
    while st.stack[-1][0] == "hire" and len(picks) < 4:
        action = normal_choice(st)
        picks.append(action.args)
        st.apply(action)
    assert picks[:3] == [(0,), (0,), (1,)]
