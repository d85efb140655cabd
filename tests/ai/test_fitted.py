"""Evaluations fitted on self-play outcomes (ai/core/fitted.py) and the games that use one."""

import math
import random

import pytest

from ai.core.fitted import FittedModel, fit, log_loss
from ai.core.game_parts import own_module
from ai.core.knowledge import knowledge_for
from engine.core import game_ids

from .test_search import mid_game


def synthetic(beta_by_bucket, edges, n, seed=7):
    """Samples whose winners are drawn from a known conditional logit."""
    rnd = random.Random(seed)
    truth = FittedModel(tuple(edges), tuple(tuple(b) for b in beta_by_bucket))
    samples = []
    for _ in range(n):
        progress = rnd.uniform(0, 10)
        rows = [[rnd.gauss(0, 3), rnd.gauss(5, 2), float(rnd.randrange(3))] for _ in range(4)]
        shares = truth.shares(progress, rows)
        winner = rnd.choices(range(4), weights=shares)[0]
        samples.append((progress, rows, [1.0 if s == winner else 0.0 for s in range(4)]))
    return truth, samples


def test_fit_recovers_known_coefficients_per_bucket():
    truth, samples = synthetic([(0.8, -0.3, 0.0), (0.1, 0.5, 1.0)], [4.0], 3000)
    model = fit(samples, [4.0])
    for want, got in zip(truth.beta, model.beta, strict=True):
        for w, g in zip(want, got, strict=True):
            assert abs(w - g) < 0.15, (truth.beta, model.beta)
    held_truth, held = synthetic(truth.beta, [4.0], 1000, seed=8)
    assert log_loss(model, held) < log_loss(FittedModel((4.0,), ((0.0,) * 3,) * 2), held) - 0.1
    assert log_loss(model, held) < log_loss(held_truth, held) + 0.02


def test_shares_sum_to_one_and_buckets_split_at_their_edges():
    model = FittedModel((1.0,), ((1.0,), (-1.0,)))
    rows = [[2.0], [0.0]]
    low, high = model.shares(1.0, rows), model.shares(1.5, rows)
    assert math.isclose(sum(low), 1.0) and math.isclose(sum(high), 1.0)
    assert low[0] > 0.5 > high[0]  # progress 1.0 is still the first bucket (bisect_left)


def _fitted_games():
    out = []
    for g in game_ids():
        module = own_module(g, "knowledge")
        if hasattr(module, "FITTED"):
            out.append(g)
    return out


@pytest.mark.parametrize("game_id", _fitted_games())
def test_fitted_games_match_their_features_and_give_every_seat_a_share(game_id):
    module = own_module(game_id, "knowledge")
    assert module.FITTED.edges == tuple(module.FIT_EDGES)
    assert len(module.FITTED.beta) == len(module.FIT_EDGES) + 1
    knowledge = knowledge_for(game_id)
    for seed in range(3):
        state = mid_game(game_id, moves=15 + 10 * seed, seed=seed)
        progress, rows = module.features(state)
        assert len(rows) == state.players and all(len(r) == len(module.FITTED.beta[0]) for r in rows)
        shares = knowledge.evaluate(state)
        assert math.isclose(sum(shares), 1.0) and all(0.0 < s < 1.0 for s in shares)


def test_fit_evaluation_prints_a_table_the_module_can_hold(capsys):
    from ai.core.fit_evaluation import main

    assert main(["first-ceo", "--games", "6", "--seed", "40", "--every", "3"]) == 0
    out = capsys.readouterr()
    assert "held-out log loss" in out.err
    scope = {"FittedModel": FittedModel, "FIT_EDGES": own_module("first-ceo", "knowledge").FIT_EDGES}
    exec(out.out, scope)  # the printed table is valid Python for the knowledge module
    assert len(scope["FITTED"].beta) == len(scope["FIT_EDGES"]) + 1


def test_robber_barons_gives_a_seat_that_is_out_no_share():
    from ai.games.robber_barons.knowledge import evaluate

    state = mid_game("robber-barons", moves=60, seed=2)
    before = evaluate(state)
    assert before[1] > 0.0
    state.out[1] = True
    after = evaluate(state)
    assert after[1] == 0.0 and math.isclose(sum(after), 1.0)
    assert all(after[s] > before[s] for s in (0, 2, 3))  # the others share what it had
