"""Every agent of every registered game returns a legal action, over many random positions."""

import pytest

from ai.core.agent import Budget
from ai.core.agents import get_agent, levels
from ai.core.observe import observe
from ai.core.random_agent import RandomAgent
from ai.core.worker import decide
from engine.core.contract import CHANCE, SeatInfo
from engine.core.registry import game_ids, get_spec
from engine.core.rng import Rng
from engine.core.session import Session

SMALL = Budget(think_ms=50, iterations=4)
"""Caps searching levels so the suite stays fast; heuristic levels ignore it."""


def random_positions(game_id: str, games: int, seed: int, per_game: int = 12, cap: int = 4000):
    """Up to `per_game` (state, seat) pairs from each of `games` games played uniformly at random,
    spread over the whole game (long games are sampled as sparsely as short ones)."""
    spec = get_spec(game_id)
    for g in range(games):
        rng = Rng.derive(seed, game_id, g)
        players = spec.min_players + g % (spec.max_players - spec.min_players + 1)
        state = spec.new_state(players)
        picked, n = 0, 0
        while not state.is_terminal() and n < cap and picked < per_game:
            mover = state.to_move()
            if mover == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(outcomes[rng.weighted_index([w for _, w in outcomes])][0])
                continue
            legal = state.legal_actions(mover)
            # look at a position now and then: early, middle and late positions all get picked
            if rng.randbelow(1 + n // 40) == 0:
                yield state, mover
                picked += 1
            state.apply(legal[rng.randbelow(len(legal))])
            n += 1


@pytest.mark.parametrize("game_id", game_ids())
def test_agents_choose_legal_actions_in_random_positions(game_id):
    agents = {lv: get_agent(game_id, lv) for lv in levels(game_id) + ["random"]}
    checked = 0
    for k, (state, seat) in enumerate(random_positions(game_id, games=4, seed=11)):
        obs = observe(state, seat)
        assert obs.legal, "a seat to move always has a choice"
        for level, agent in agents.items():
            action = agent.choose(obs, Rng.derive(k, level), SMALL)
            assert action in obs.legal, f"{level} chose {action} not in {obs.legal}"
            assert state.illegal_reason(action) is None
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("game_id", game_ids())
def test_each_level_plays_whole_games_to_the_end(game_id):
    spec = get_spec(game_id)
    own = not isinstance(get_agent(game_id, "easy"), RandomAgent)
    # a game on the random fallback plays the same agent at every level: one game is enough
    for level in levels(game_id) if own else ["easy"]:
        # a searching level is the same search in every game: one short game with a tiny budget
        search = level not in ("easy", "normal")
        if search and game_id != game_ids()[0]:
            continue
        for g in range(1 if search or not own else 2):
            players = spec.max_players if g else spec.min_players
            seats = [SeatInfo(f"AI {i + 1}", "ai", level) for i in range(players)]
            session = Session.new(game_id, seats, seed=100 + g)
            n = 0
            while not session.is_over():
                session.apply(decide(session, iterations=4 if search else None), by_ai=True)
                n += 1
                assert n < 20_000
            outcome = session.state.outcome()
            assert outcome is not None and outcome.winners


def test_decide_is_reproducible():
    game_id = game_ids()[0]
    seats = [SeatInfo(f"AI {i + 1}", "ai", "easy") for i in range(get_spec(game_id).min_players)]
    a = Session.new(game_id, seats, seed=7)
    b = Session.new(game_id, seats, seed=7)
    for _ in range(25):
        if a.is_over():
            break
        x, y = decide(a), decide(b)
        assert x == y
        a.apply(x, by_ai=True)
        b.apply(y, by_ai=True)
    assert a.state.state_hash() == b.state.state_hash()
