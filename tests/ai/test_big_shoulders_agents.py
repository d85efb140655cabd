"""City of the Big Shoulders agents: Normal's light view for Hard's rollouts, and the rollout budget
counted in candidate rollouts."""

from ai.core.agent import Budget, Observation
from ai.core.agents import get_agent
from ai.core.observe import observe
from ai.core.rollouts import RolloutAgent
from ai.games.big_shoulders.agents import NormalAgent
from engine.core import Rng, Session
from engine.core.contract import SeatInfo

GAME = "big-shoulders"


def normal_session(players: int, seed: int) -> Session:
    return Session.new(GAME, [SeatInfo(f"P{i}", "ai", "normal") for i in range(players)], seed=seed)


def test_model_view_holds_what_normal_reads_from_the_view():
    """The light view Hard's rollouts give Normal agrees with the full view on every part it holds,
    and Normal decides the same from either (checked over a whole game)."""
    agent = NormalAgent()
    s = normal_session(3, 5)
    decisions = 0
    while not s.is_over():
        seat = s.to_move()
        full = s.state.view(seat)
        light = agent.model_view(s.state, seat)
        for key, value in light.items():
            assert value == full[key], key
        obs = observe(s.state, seat)
        pick = agent.choose(obs, Rng(1), Budget())
        if len(obs.legal) > 1:
            assert agent.choose(Observation(obs.game_id, seat, light, obs.legal, obs.sample), Rng(1),
                                Budget()) == pick
            decisions += 1
        s.apply(pick, by_ai=True)
    assert decisions > 150


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
