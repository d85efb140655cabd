"""The Expert level: Hard's search guided by a value model learned from self-play (ai/expert/)."""

import dataclasses

import numpy as np
import pytest

from ai.core.agent import Budget
from ai.core.agents import get_agent, levels, playable_levels
from ai.core.knowledge import knowledge_for
from ai.core.measured import expert_earned
from ai.core.observe import observe
from ai.expert import agent as expert_module
from ai.expert.agent import ExpertAgent, expert_agent, load_model, model_status, read_model
from ai.expert.features import expert_features, has_expert
from ai.expert.fit import Samples, fit, log_loss
from ai.expert.model import ModelError, ValueModel, new_model
from engine.core import Rng, game_ids
from engine.core.registry import get_spec
from tests.ai.test_search import mid_game

EXPERT_GAMES = [g for g in game_ids() if has_expert(g)]


def small_budget(agent) -> Budget:
    """Short rollouts and a few worlds (or iterations) for `agent`, an Expert."""
    agent.base_k = dataclasses.replace(agent.base_k, rollout_horizon=10)
    return Budget(iterations=6 if agent.base_k.form == "rollouts" else 60)


@pytest.mark.parametrize("game_id", EXPERT_GAMES)
def test_the_shipped_model_loads_and_the_level_is_offered(game_id):
    model = read_model(game_id)
    assert model.rules_version == get_spec(game_id).rules_version
    assert model.width == len(expert_features(game_id).FEATURE_NAMES)
    assert model_status(game_id) is None
    assert "expert" in playable_levels(game_id)
    agent = get_agent(game_id, "expert")
    assert isinstance(agent, ExpertAgent) and agent.level == "expert"


def test_games_without_features_offer_no_expert():
    for game_id in game_ids():
        assert ("expert" in playable_levels(game_id)) == (game_id in EXPERT_GAMES)
        if "expert" in levels(game_id):  # offered to players only once it is measured above Hard
            assert expert_earned(game_id)


@pytest.mark.parametrize("game_id", EXPERT_GAMES)
def test_experts_choices_are_legal_and_reproducible(game_id):
    for seed in (1, 2):
        state = mid_game(game_id, moves=12 + 9 * seed, seed=seed)
        obs = observe(state, state.to_move())
        picks = []
        for _ in range(2):
            agent = expert_agent(game_id)
            picks.append(agent.choose(obs, Rng(seed), small_budget(agent)))
        assert picks[0] in obs.legal
        assert picks[0] == picks[1]


@pytest.mark.parametrize("game_id", EXPERT_GAMES)
def test_the_model_judges_from_the_seats_view(game_id):
    """The evaluation Expert hands its search reads the searching seat's view of a position: two
    deals that this seat cannot tell apart get the same judgement."""
    state = mid_game(game_id, moves=30, seed=4)
    seat = state.to_move()
    other = state.determinize(seat, Rng(99))
    agent = ExpertAgent(game_id, load_model(game_id), expert_features(game_id))
    evaluate = agent.evaluate_for(seat)
    shares = evaluate(state)
    assert shares == evaluate(other)
    assert abs(sum(shares) - 1) < 1e-9 and len(shares) == state.players


def _with_model_file(monkeypatch, tmp_path, data: bytes | None):
    path = tmp_path / "expert-value.npz"
    if data is not None:
        path.write_bytes(data)
    monkeypatch.setattr(expert_module, "model_path", lambda game_id: path)
    return path


@pytest.mark.parametrize("game_id", EXPERT_GAMES)
def test_another_rules_version_makes_the_model_refuse_to_load(game_id, monkeypatch, tmp_path):
    model = load_model(game_id)
    _with_model_file(monkeypatch, tmp_path, dataclasses.replace(model, rules_version=model.rules_version - 1)
                     .to_bytes())
    with pytest.raises(ModelError, match="rules version"):
        read_model(game_id, tmp_path / "expert-value.npz")
    agent = expert_agent(game_id)
    assert not isinstance(agent, ExpertAgent)  # Hard's search, with the shipped evaluation
    assert agent.level == "expert" and "plays as Hard" in agent.notice and "rules version" in agent.notice
    assert "rules version" in model_status(game_id)
    state = mid_game(game_id, moves=20, seed=5)
    obs = observe(state, state.to_move())
    assert agent.choose(obs, Rng(1), Budget(iterations=2)) in obs.legal


@pytest.mark.parametrize("damage", ["missing", "garbage", "truncated", "not finite", "other features", "a folder"])
def test_a_damaged_or_missing_model_falls_back_to_hard_with_a_notice(damage, monkeypatch, tmp_path):
    game_id = EXPERT_GAMES[0]
    good = load_model(game_id)
    data = {
        "missing": None,
        "garbage": b"PK\x03\x04 not a model at all",
        "truncated": good.to_bytes()[:200],
        "not finite": dataclasses.replace(good, w2=good.w2 * np.nan).to_bytes(),
        "other features": dataclasses.replace(good, features_version=good.features_version + 1).to_bytes(),
        "a folder": None,
    }[damage]
    path = _with_model_file(monkeypatch, tmp_path, data)
    if damage == "a folder":
        path.mkdir()
    agent = expert_agent(game_id)
    assert not isinstance(agent, ExpertAgent)
    assert agent.notice.startswith("Expert plays as Hard: ")
    assert model_status(game_id) == agent.notice
    assert type(agent) is type(get_agent(game_id, "hard"))
    assert agent.k.evaluate is knowledge_for(game_id).evaluate


def test_a_model_round_trips_and_names_its_game():
    rng = np.random.default_rng(3)
    model = new_model("first-ceo", 7, 2, np.zeros(5), np.ones(5), 4, rng, {"note": "x"})
    back = ValueModel.from_bytes(model.to_bytes())
    rows = rng.normal(size=(4, 5))
    assert back.shares(rows) == model.shares(rows)
    assert (back.game_id, back.rules_version, back.features_version, back.info) == ("first-ceo", 7, 2, {"note": "x"})
    with pytest.raises(ModelError, match="another game"):
        back.check_for("robber-barons", 7, 2, 5)
    with pytest.raises(ModelError, match="features"):
        back.check_for("first-ceo", 7, 2, 6)


def test_fitting_learns_who_wins_and_is_reproducible():
    """A synthetic game where the seat with the larger first feature usually wins: the fit must
    beat a uniform guess on held-out games, and the same seed must give the same weights."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(2000, 3, 2))
    logits = 2.0 * X[..., 0]
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    winners = np.array([rng.choice(3, p=row) for row in p])
    Y = np.eye(3)[winners]
    samples = Samples(X, Y, np.arange(2000))
    fitted = []
    for _ in range(2):
        model = new_model("first-ceo", 1, 1, np.zeros(2), np.ones(2), 8, np.random.default_rng(1))
        model, held, uniform = fit(model, samples, np.random.default_rng(2), epochs=5)
        fitted.append(model)
    assert held < uniform - 0.2
    assert log_loss(fitted[0], X, Y) == log_loss(fitted[1], X, Y)
    assert np.array_equal(fitted[0].w1, fitted[1].w1)


def test_training_from_nothing_is_seeded_and_resumes(tmp_path):
    """Two runs with one seed give the same model; a run stopped after playing its games goes on
    from the games kept in its folder instead of playing them again."""
    from ai.train import main as train

    args = ["first-ceo", "--games", "6", "--generations", "0", "--eval-games", "0", "--epochs", "2", "--hidden", "4"]
    train([*args, "--dir", str(tmp_path / "a")])
    train([*args, "--dir", str(tmp_path / "b")])
    a = read_model("first-ceo", tmp_path / "a" / "gen-0.model.npz")
    b = read_model("first-ceo", tmp_path / "b" / "gen-0.model.npz")
    assert np.array_equal(a.w1, b.w1) and np.array_equal(a.w2, b.w2)
    (tmp_path / "a" / "gen-0.model.npz").unlink()  # as if stopped before the fit
    log = tmp_path / "a" / "train.log"
    before = log.read_text().count("playing")
    train([*args, "--dir", str(tmp_path / "a")])
    assert log.read_text().count("playing") == before
    assert np.array_equal(read_model("first-ceo", tmp_path / "a" / "gen-0.model.npz").w1, a.w1)
    with pytest.raises(SystemExit, match="another run"):
        train([*args[:2], "7", *args[3:], "--dir", str(tmp_path / "a")])


def test_listing_levels_and_playing_hard_import_no_numpy():
    """Only Expert needs numpy: a worker that plays the other levels starts without it."""
    import subprocess
    import sys

    code = ("import sys\nfrom ai.core.agents import get_agent, playable_levels\n"
            "assert 'expert' in playable_levels('first-ceo')\nget_agent('first-ceo', 'hard')\n"
            "print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "False"
