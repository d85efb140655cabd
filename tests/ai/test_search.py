"""The Hard level: generic SO-ISMCTS over the engine contract (ai/core/search.py)."""

from dataclasses import replace

import pytest

from ai.core.agent import Budget, Observation
from ai.core.agents import get_agent, levels
from ai.core.hard import hard_agent
from ai.core.knowledge import knowledge_for
from ai.core.observe import observe, observe_everything
from ai.core.search import IsmctsAgent, SearchRng
from ai.core.shares import softmax_shares
from ai.expert.agent import ExpertAgent, load_model
from ai.expert.features import expert_features, has_expert
from engine.core import Rng, Session, game_ids
from engine.core.contract import SeatInfo


def mid_game(game_id, moves=30, seed=1, players=4):
    s = Session.new(game_id, [SeatInfo(f"P{i}", "ai", "easy") for i in range(players)], seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()), by_ai=True)
    assert not s.is_over()
    return s.state


@pytest.mark.parametrize("game_id", game_ids())
def test_hard_is_offered_and_chooses_legal_actions(game_id):
    assert "hard" in levels(game_id)
    agent = get_agent(game_id, "hard")
    state = mid_game(game_id)
    obs = observe(state, state.to_move())
    action = agent.choose(obs, Rng(1), Budget(iterations=12))
    assert action in obs.legal
    delegated = agent.k.delegate is not None and agent.k.delegate(obs)
    assert agent.last_iterations == (0 if len(obs.legal) == 1 or delegated else 12)


FORMS = ("tree", "rollouts")
"""The two forms of the Hard level (ai/core/search.py, ai/core/rollouts.py): both are checked on
every game, whichever one the game plays."""


def hard_of_form(game_id: str, form: str):
    """A Hard agent of `form` for `game_id` and a small budget for it (short rollouts keep the
    slower Normal levels cheap here)."""
    k = replace(knowledge_for(game_id), form=form, rollout_horizon=10)
    return hard_agent(game_id, k), Budget(iterations=60 if form == "tree" else 6)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("game_id", game_ids())
def test_same_seed_same_decision(game_id, form):
    state = mid_game(game_id, moves=25, seed=3)
    seat = state.to_move()
    picks = set()
    for _ in range(2):
        agent, budget = hard_of_form(game_id, form)
        picks.add(agent.choose(observe(state, seat), Rng(9), budget))
    assert len(picks) == 1


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("game_id", game_ids())
def test_fairness_hidden_information_does_not_change_the_decision(game_id, form):
    """Two states that differ only in what the searching seat cannot see (another deal of the
    hidden cards) lead to the same decision for the same seed."""
    check_fair(game_id, lambda: hard_of_form(game_id, form))


@pytest.mark.parametrize("game_id", [g for g in game_ids() if has_expert(g)])
def test_fairness_covers_the_expert_level(game_id):
    """Expert searches as Hard does, its learned judgement reading the seat's view only: another
    deal of what the seat cannot see changes neither its decision nor the worlds it searched."""

    def make():
        k = replace(knowledge_for(game_id), rollout_horizon=10)
        agent = ExpertAgent(game_id, load_model(game_id), expert_features(game_id), k)
        return agent, Budget(iterations=6 if k.form == "rollouts" else 60)

    check_fair(game_id, make)


def check_fair(game_id, make):
    """`make()` gives a fresh (agent, budget); the agent must decide alike on two deals of one view."""
    for seed in range(3):
        state = searched_position(game_id, moves=20 + 7 * seed, seed=seed)
        seat = state.to_move()
        other = state.determinize(seat, Rng(1234 + seed))
        assert other.view(seat) == state.view(seat)
        decisions, deals = [], []
        for st in (state, other):
            agent, budget = make()
            obs, dealt = _recording(observe(st, seat))
            decisions.append(agent.choose(obs, Rng(5), budget))
            deals.append(dealt)
        assert decisions[0] == decisions[1]
        # stronger: the search saw exactly the same deals (a decision may agree by chance)
        assert deals[0] == deals[1] and deals[0]
        if state.state_hash() != other.state_hash():
            # the check has teeth: a searcher handed the true states would have seen other deals
            cheats = []
            for st in (state, other):
                agent, budget = make()
                obs, dealt = _recording(observe_everything(st, seat))
                agent.choose(obs, Rng(5), budget)
                cheats.append(dealt)
            assert cheats[0] != cheats[1]


def searched_position(game_id: str, moves: int, seed: int):
    """A mid-game state whose player to move has a choice the Hard level searches (not one it
    leaves to Normal)."""
    state = mid_game(game_id, moves=moves, seed=seed)
    k = knowledge_for(game_id)
    rng = Rng(seed)
    while True:
        seat = state.to_move()
        if seat >= 0:
            obs = observe(state, seat)
            if len(obs.legal) > 1 and not (k.delegate is not None and k.delegate(obs)):
                return state
            state.apply(rng.choice(obs.legal))
        else:
            state.apply(state.chance_outcomes()[0][0])
        assert not state.is_terminal()


def _recording(obs: Observation) -> tuple[Observation, list[int]]:
    """`obs` with a sampler that also records the hash of every deal it hands out."""
    dealt: list[int] = []

    def sample(rng):
        state = obs.sample(rng)
        dealt.append(state.state_hash())
        return state

    return Observation(obs.game_id, obs.seat, obs.view, obs.legal, sample), dealt


def test_only_choice_is_instant():
    state = mid_game("first-ceo")
    obs = observe(state, state.to_move())
    obs = type(obs)(obs.game_id, obs.seat, obs.view, obs.legal[:1], obs.sample)
    agent = IsmctsAgent("first-ceo")
    assert agent.choose(obs, Rng(1), Budget(think_ms=2000)) == obs.legal[0]
    assert agent.last_iterations == 0


def test_search_never_touches_the_true_state():
    state = mid_game("first-ceo")
    before = state.state_hash()
    IsmctsAgent("first-ceo").choose(observe(state, state.to_move()), Rng(2), Budget(iterations=100))
    assert state.state_hash() == before


def test_time_budget_stops_the_search():
    state = mid_game("first-ceo")
    agent = IsmctsAgent("first-ceo")
    agent.choose(observe(state, state.to_move()), Rng(2), Budget(think_ms=30))
    assert 0 < agent.last_iterations < 50_000


def _wins_after(state, action):
    st = state.copy()
    st.apply(action)
    while st.to_move() == -1:
        st.apply(st.chance_outcomes()[0][0])
    return action.seat in st.outcome().winners


def test_search_finds_the_winning_move_at_the_end():
    """On the very last decision of the game, the search picks an action that wins whenever some
    actions win and others lose (the tree sees the true outcome at once)."""
    found = 0
    for seed in range(40):
        s = Session.new("first-ceo", ["A", "B", "C"], seed=seed)
        rng = Rng(seed)
        while not s.state.final_round:
            s.apply(rng.choice(s.legal_actions()))
        while (s.to_move() + 1) % 3 != s.state.start:
            s.apply(rng.choice(s.legal_actions()))
        st = s.state
        for cards in st.asset_cards:
            cards.clear()  # nothing hidden: the final decision's outcome is exact
        st.asset_left = {"increase": [10] * 12, "decrease": [-10] * 12}
        seat = st.to_move()
        legal = st.legal_actions(seat)
        winning = [a for a in legal if _wins_after(st, a)]
        if not winning or len(winning) == len(legal):
            continue
        pick = IsmctsAgent("first-ceo").choose(observe(st, seat), Rng(3), Budget(iterations=300))
        assert pick in winning, f"seed {seed}: chose {pick}, winning were {winning}"
        found += 1
    assert found >= 2


def test_softmax_shares_and_search_rng():
    shares = softmax_shares([100, 100, 50], 10)
    assert abs(sum(shares) - 1) < 1e-9 and shares[0] == shares[1] > shares[2]
    r = SearchRng(1)
    items = list(range(20))
    r.shuffle(items)
    assert sorted(items) == list(range(20))
    assert all(0 <= r.randbelow(7) < 7 for _ in range(100))
    assert r.weighted_index([0, 0, 5]) == 2



def _normal_choice(game_id, obs, seed):
    return get_agent(game_id, "normal").choose(obs, Rng(seed), Budget())


def test_a_strong_prior_keeps_normals_choice():
    """With a progressive bias far above any share of the win, the search's most visited root move
    is the Normal level's choice; with none, it is free to differ."""
    for seed in range(3):
        state = mid_game("first-ceo", moves=10 + 5 * seed, seed=seed)
        obs = observe(state, state.to_move())
        if len(obs.legal) < 2:
            continue
        k = replace(knowledge_for("first-ceo"), prior_weight=1000.0)
        agent = IsmctsAgent("first-ceo", knowledge=k)
        seed64 = Rng(7).next64()
        assert agent.choose(obs, Rng(7), Budget(iterations=200)) == _normal_choice("first-ceo", obs, seed64)
        assert agent.prior == _normal_choice("first-ceo", obs, seed64)


def test_delegated_decisions_are_normals_without_search():
    """Victory Through Industry searches only the choice a move starts with; the steps of a
    non-production move are the Normal level's, taken at once."""
    game_id = "victory-through-industry"
    s = Session.new(game_id, [SeatInfo(f"P{i}", "ai", "normal") for i in range(4)], seed=4)
    seen_inner = seen_start = 0
    from ai.core.worker import decide

    while not s.is_over() and (seen_inner < 3 or seen_start < 2):
        seat = s.to_move()
        obs = observe(s.state, seat)
        if len(obs.legal) > 1:
            agent = IsmctsAgent(game_id)
            pick = agent.choose(obs, Rng(3), Budget(iterations=20))
            assert pick in obs.legal
            if any(a.kind == "nonproduction" for a in obs.legal):
                assert agent.last_iterations == 20
                seen_start += 1
            else:
                assert agent.last_iterations == 0
                assert pick == _normal_choice(game_id, obs, Rng(3).next64())
                seen_inner += 1
        s.apply(decide(s), by_ai=True)
    assert seen_inner >= 3 and seen_start >= 2


def test_opponent_policy_plays_the_other_seats_inside_the_tree():
    """With an opponent model the tree branches only on the searching seat's own decisions: every
    other seat's move inside the tree comes from the model, and no node records one."""
    from ai.core.own_levels import normal_policy
    from ai.core.search import Node

    game_id = "robber-barons"
    state = mid_game(game_id, moves=30, seed=2)
    seat = state.to_move()
    model = normal_policy(game_id)
    asked = []

    def policy(st, rng):
        asked.append(st.to_move())
        action = model(st, rng)
        assert action in st.legal_actions(st.to_move())
        return action

    k = replace(knowledge_for(game_id), opponent_policy=policy)
    agent = IsmctsAgent(game_id, knowledge=k)
    roots = []
    original = agent._iterate
    agent._iterate = lambda root, st, rng, s: (roots.append(root), original(root, st, rng, s))
    assert agent.choose(observe(state, seat), Rng(4), Budget(iterations=80)) in state.legal_actions(seat)
    assert asked and seat not in asked

    def players(node: Node):
        for child in node.children.values():
            yield child.player
            yield from players(child)

    tree = set(players(roots[0]))
    assert tree == {seat}


def test_normal_policy_is_the_normal_level_on_a_deal():
    """The opponent model decides as the Normal level does from that seat's view."""
    from ai.core.own_levels import normal_policy

    compared = 0
    for game_id in ("first-ceo", "robber-barons"):  # VTI's Normal samples a deal; the model hands it this one
        for moves in range(20, 40, 4):
            state = mid_game(game_id, moves=moves, seed=5)
            seat = state.to_move()
            obs = observe(state, seat)
            if len(obs.legal) > 1:
                assert normal_policy(game_id)(state, SearchRng(1)) == _normal_choice(game_id, obs, 1)
                compared += 1
    assert compared >= 6
