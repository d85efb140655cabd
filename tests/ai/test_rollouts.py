"""The Hard level's rollout form (ai/core/rollouts.py): Normal plays every seat after each
candidate, all candidates of a world share its dice, and the best average wins."""

from dataclasses import replace

from ai.core.agent import Budget
from ai.core.agents import get_agent
from ai.core.knowledge import knowledge_for
from ai.core.observe import observe
from ai.core.rollouts import RolloutAgent
from ai.core.search import IsmctsAgent
from engine.core import Rng, Session
from engine.core.contract import SeatInfo


def position(game_id="robber-barons", moves=40, seed=2):
    s = Session.new(game_id, [SeatInfo(f"P{i}", "ai", "normal") for i in range(4)], seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        s.apply(rng.choice(s.legal_actions()), by_ai=True)
    while len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0], by_ai=True)
    return s.state


def test_each_game_plays_the_form_its_knowledge_names():
    assert isinstance(get_agent("robber-barons", "hard"), RolloutAgent)
    assert isinstance(get_agent("first-ceo", "hard"), RolloutAgent)
    assert isinstance(get_agent("victory-through-industry", "hard"), IsmctsAgent)


def test_first_ceo_rolls_out_normals_judgement_without_the_reply():
    """1st CEO's rollouts follow Normal's one-ply judgement (its two-ply look costs ten times as
    much): the same choice as a Normal whose weights skip the reply, from that seat's view."""
    from ai.games.first_ceo.agents import NormalAgent, Weights

    class OnePly(Weights):
        reply = False

    policy = knowledge_for("first-ceo").rollout_policy
    one_ply = NormalAgent()
    one_ply.weights = OnePly
    differs_from_two_ply = 0
    for seed in range(20):
        state = position("first-ceo", moves=4 + seed, seed=seed)
        obs = observe(state, state.to_move())
        pick = policy(state, None)
        assert pick == one_ply.choose(obs, Rng(1), Budget())
        differs_from_two_ply += pick != NormalAgent().choose(obs, Rng(1), Budget())
    assert differs_from_two_ply >= 1  # the check tells the two apart
    assert policy is RolloutAgent("first-ceo").policy


def test_candidates_of_one_world_share_its_dice():
    """Common random numbers: the same action played twice in a world ends in the same place, while
    another seed (other dice) ends elsewhere: the comparison between candidates sees the actions,
    not the luck."""
    state = position()
    seat = state.to_move()
    agent = RolloutAgent("robber-barons")
    action = state.legal_actions(seat)[0]
    spread = set()
    for seed in range(6):
        first, again = agent.rollout_values(state.copy(), [action, action], seat, seed)
        assert first == again
        spread.add(round(first, 9))
    assert len(spread) > 1  # the dice do matter: without shared seeds the two would differ


def test_equal_values_leave_normals_choice():
    """When every candidate scores the same, Hard plays what Normal would."""
    k = replace(knowledge_for("robber-barons"), evaluate=lambda state: [0.25] * state.players)
    for seed in range(4):
        state = position(moves=30 + 9 * seed, seed=seed)
        obs = observe(state, state.to_move())
        pick = RolloutAgent("robber-barons", k).choose(obs, Rng(seed), Budget(iterations=3))
        normal = get_agent("robber-barons", "normal").choose(obs, Rng(Rng(seed).next64()), Budget())
        assert pick == normal


def test_rollouts_follow_the_evaluation():
    """With an evaluation that pays only for money, Hard takes the choice that keeps the most of it
    right away where Normal would spend (a rollout of zero steps scores the candidate itself)."""
    k = replace(knowledge_for("robber-barons"), rollout_horizon=0,
                evaluate=lambda state: [state.money[s] for s in range(state.players)])
    found = 0
    for seed in range(30):
        state = position(moves=20 + seed, seed=seed)
        seat = state.to_move()
        obs = observe(state, seat)
        kinds = {a.kind for a in obs.legal}
        if not kinds & {"buy", "invest", "takeover"}:
            continue
        pick = RolloutAgent("robber-barons", k).choose(obs, Rng(1), Budget(iterations=1))
        after = state.copy()
        after.apply(pick)
        best = max(_money_after(state, a, seat) for a in obs.legal)
        assert after.money[seat] == best
        found += 1
    assert found >= 3


def _money_after(state, action, seat):
    st = state.copy()
    st.apply(action)
    return st.money[seat]


def test_rollouts_never_touch_the_true_state_and_stop_on_time():
    state = position()
    before = state.state_hash()
    agent = RolloutAgent("robber-barons")
    assert agent.choose(observe(state, state.to_move()), Rng(2), Budget(think_ms=60)) in state.legal_actions()
    assert state.state_hash() == before
    assert 0 < agent.last_iterations < agent.max_worlds


def test_only_choice_is_instant():
    state = position()
    obs = observe(state, state.to_move())
    obs = type(obs)(obs.game_id, obs.seat, obs.view, obs.legal[:1], obs.sample)
    agent = RolloutAgent("robber-barons")
    assert agent.choose(obs, Rng(1), Budget(think_ms=2000)) == obs.legal[0]
    assert agent.last_iterations == 0


def test_delegated_decisions_are_normals():
    k = replace(knowledge_for("robber-barons"), delegate=lambda obs: True)
    state = position()
    obs = observe(state, state.to_move())
    agent = RolloutAgent("robber-barons", k)
    pick = agent.choose(obs, Rng(4), Budget(iterations=5))
    assert agent.last_iterations == 0
    assert pick == get_agent("robber-barons", "normal").choose(obs, Rng(Rng(4).next64()), Budget())
