import pytest

from ai.core.agent import Agent, Budget, Observation
from ai.core.agents import UnknownLevel, get_agent, levels
from ai.core.observe import observe
from ai.core.random_agent import RandomAgent
from engine.core.errors import UnknownGame
from engine.core.registry import game_ids
from engine.core.rng import Rng
from engine.core.session import Session


def test_first_ceo_has_easy_and_normal():
    assert levels("first-ceo")[:2] == ["easy", "normal"]
    for level in levels("first-ceo"):
        agent = get_agent("first-ceo", level)
        assert isinstance(agent, Agent)
        assert agent.level == level
        assert not isinstance(agent, RandomAgent)


def test_every_registered_game_offers_levels():
    for gid in game_ids():
        assert "easy" in levels(gid)
        for level in levels(gid) + ["random"]:
            assert get_agent(gid, level).level == level


def test_unknown_level_is_a_clear_error():
    with pytest.raises(UnknownLevel, match=r"first-ceo has no AI level 'grandmaster' \(known: easy, normal"):
        get_agent("first-ceo", "grandmaster")


def test_unknown_game_is_a_clear_error():
    with pytest.raises(UnknownGame, match="no game called 'chess'"):
        get_agent("chess", "easy")
    with pytest.raises(UnknownGame):
        levels("chess")


def test_game_without_agents_falls_back_to_random(toy_game):
    assert levels(toy_game)[:2] == ["easy", "normal"]
    agent = get_agent(toy_game, "normal")
    assert isinstance(agent, RandomAgent) and agent.level == "normal"
    with pytest.raises(UnknownLevel, match="toy-nim has no AI level 'grandmaster'"):
        get_agent(toy_game, "grandmaster")
    session = Session.new(toy_game, ["A", "B"], seed=3)
    obs = observe(session.state, session.to_move())
    picks = {agent.choose(obs, Rng(s), Budget()) for s in range(40)}
    assert picks == set(obs.legal)  # uniform over every legal action


def test_observation_never_carries_the_real_state(toy_game):
    session = Session.new(toy_game, ["A", "B", "C"], seed=5)
    seat = session.to_move()
    obs = observe(session.state, seat)
    assert isinstance(obs, Observation) and obs.game_id == toy_game and obs.seat == seat
    assert obs.view == session.state.view(seat)
    assert obs.view["bonus"].count(None) == 2  # the others' bonuses are hidden
    sampled = obs.sample(Rng(1))
    assert sampled is not session.state
    assert sampled.view(seat) == obs.view
    # the real state is not reachable through the observation's fields
    assert all(v is not session.state for v in (obs.view, obs.legal, obs.game_id))
