"""What the Hard level's search knows of 1st CEO (ai/core/knowledge.py).

The evaluation starts from Normal's forecast of every seat's final score (asset-rank race with
the spread of what is still unknown, card synergies, dividends to come, money up to the cap), but
does not add its parts up with a fixed softmax temperature: each part gets its own weight, per
number of rounds left, fitted on Normal-vs-Normal games (ai/core/fitted.py). The old form, a
softmax over the forecast at 25 points, predicted the winner worse than a uniform guess (held-out
log loss 1.87 against 1.39; the fitted form 1.17). Strength barely moved: against three Normals
Hard won 22.9 % of 400 games with the old form and 24.0 % of 400 with this one (see ai/HARD.md).

Hard plays the rollout form (ai/core/rollouts.py): after each candidate every seat follows
Normal's one-ply judgement for 16 decisions (about four rounds), on the same market refills and
asset draws for every candidate, and the fitted evaluation scores the end. Against three Normals
it won 27.4 % of 400 games at 16 worlds a decision, level with the tree (24.0 %) and with the
tree given every hidden card and twice the search (27.5 %): luck caps this game (see ai/HARD.md).
"""

from __future__ import annotations

from ai.core.fitted import FittedModel
from ai.core.knowledge import Knowledge
from ai.core.own_levels import normal_policy
from ai.games.first_ceo.agents import NormalAgent, Pos, Weights, forecast_parts
from engine.games.first_ceo.scoring import company_score, final_assets, money_score, share_values

FIT_EDGES = (0.5, 1.5, 2.5, 3.5, 5.5)
"""Buckets of the mover's remaining turns: a lead means more the nearer the end."""


def features(state) -> tuple[float, list[list[float]]]:
    """The mover's remaining turns, and for each seat (as the mover sees it): the forecast worth
    of its shares, its company points, scoring money, the option value of money, the worth of one
    share of its own corporation, and its number of cards."""
    seat = state.to_move()
    me = seat if seat >= 0 else 0
    p = Pos.from_view(state.view(me), me)
    turns, parts = forecast_parts(p)
    return turns[me], [[*part, len(p.cards[s])] for s, part in enumerate(parts)]


def evaluate(state) -> list[float]:
    """Each seat's share of the win from a (determinized) state."""
    return FITTED.shares(*features(state))


# fitted by `python -m ai.core.fit_evaluation first-ceo --games 900 --seed 100000` (held-out log loss
# 1.173; the softmax over the forecast at 25 points it replaced: 1.87; uniform 1.386)
FITTED = FittedModel(
    edges=FIT_EDGES,
    beta=(
        (0.0117104, 0.017127, 0.0230122, -0.137992, 0.0272351, -0.464157),
        (0.00973113, 0.0144449, 0.0311892, -0.0280408, 0.0197345, -0.39042),
        (0.00714677, 0.0116879, 0.000734541, 0.00737028, 0.00756938, -0.20092),
        (0.00558266, 0.0107427, 0.0213185, -0.0313862, 0.022254, -0.395952),
        (0.0071075, 0.00894803, 0.0091282, -0.0262664, 0.0120785, -0.100845),
        (0.00142676, 0.00457028, 0.0162477, -0.0346588, 0.0416716, -0.0951993),
    ),
)


def standing(state) -> list[dict[str, float]]:
    """Each seat's points if the game ended now, by what makes them: the shares of each
    corporation it holds at their value by asset rank, its company cards, its money (capped)."""
    values = share_values(final_assets(state))
    out = []
    for s in range(state.players):
        row: dict[str, float] = {}
        for t in range(state.players):
            held = state.shares_held(s, t) if state.corp[t] else 0
            if held:
                row[f"shares:{state.corp[t]}"] = float(values[state.corp[t]] * held)
        corp = state.corp[s]
        row["companies"] = float(company_score([corp] + state.companies[s])) if corp else 0.0
        row["money"] = float(money_score(state.money[s]))
        out.append(row)
    return out


def _one_ply_policy():
    class OnePly(Weights):
        reply = False

    agent = NormalAgent()
    agent.weights = OnePly
    return normal_policy("first-ceo", agent)


KNOWLEDGE = Knowledge(
    form="rollouts",
    evaluate=evaluate,
    rollout_horizon=16,
    # Normal's judgement without its look at the next player's reply: a tenth of the cost, so the
    # rollout form can afford its worlds
    rollout_policy=_one_ply_policy(),
    standing=standing,
)
