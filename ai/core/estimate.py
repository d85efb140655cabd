"""Win-chance estimates of a decision's candidates, for hints and the analysis of a finished game
(ARCHITECTURE §6: "the same search teaches").

The estimate is the Hard level's rollout form (ai/core/rollouts.py) turned to measuring rather than
choosing: in each *world* (a determinization of the deciding seat's view, never the true state)
every candidate is played and the game goes on for the game's rollout horizon by the Normal level
at every seat, on the same dice and draws for every candidate (common random numbers), and the
game's evaluation scores where it ends. A candidate's win chance is its average over the worlds.
Differences between candidates are measured on the same worlds, so a loss of win chance is a
paired difference whose noise is known (`Candidate.gap_z`).

Many candidates share a budget by successive halving (Karnin, Koren & Somekh 2013): after 2, 4,
8 … worlds the worse half of the candidates stops, so the budget goes to the ones that might be
best; the candidates that must be measured (the move actually played, Normal's choice) never stop.

The raw averages are shares of the win by the game's hand-made evaluation, whose temperature was
set for playing, not for predicting. `assets/games/<id>/estimates.toml` (written by
`python -m ai.measure_estimates`, see ai/ANALYSIS.md) says how well they predict real outcomes and
gives a calibration exponent `power`: calibrated shares are ``s_i ** power / sum_j s_j ** power``.
A game without that file has no measured calibration: its estimates rank candidates but are not
offered as win chances (`calibration(game_id) is None`).

Each rollout's end is also scored by the game's `standing` (every seat's points by category,
`Knowledge.standing`), so that two candidates can be compared in the game's own terms: what one
gains or protects against the other (ai/core/compare.py), the facts a hint's reason is worded from.

This module imports the search and the rollouts, never the other way round: the Hard level's
modules import one another, the estimator only uses them.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ai.core.agent import Observation
from ai.core.compare import Outcome, Tally, against_field, outcome_of, strongest_rival, tally
from ai.core.knowledge import knowledge_for, points_standing
from ai.core.own_levels import normal_choice, normal_policy
from ai.core.rollouts import rollout_end
from ai.core.search import SearchRng
from ai.core.shares import terminal_shares
from engine.core.contract import TERMINAL, Action

ANALYSIS_MS = 450
"""The default budget of an analysed decision on average, in milliseconds of CPU time (ARCHITECTURE
§9: at most 0.5 s of CPU per analysed decision, all costs included): a first pass at 60 % of it for
each, the rest where the analysis looks costliest (ai/refine.py)."""
HINT_MS = 1500
"""The thinking time of a hint, in milliseconds of wall-clock time (ARCHITECTURE §9: a hint within 2 s,
the worker's round trip included)."""
HALVE_AT = (2, 4, 8, 16, 32, 64)
"""After this many worlds the worse half of the candidates stops (successive halving)."""
KEEP = 4
"""Halving never leaves fewer candidates than this still running (a hint shows three)."""


@dataclass(frozen=True, slots=True)
class EstimateBudget:
    """How much an estimate may spend: `ms` of CPU time (`clock="cpu"`: the analysis, whose worth
    must not depend on how busy the machine is) or of wall-clock time (`clock="wall"`: a hint, due
    within a time), or exactly `rollouts` candidate rollouts (reproducible: tests, measurements).
    At least one world is always played whole, so every candidate gets a value."""

    ms: int | None = ANALYSIS_MS
    clock: str = "cpu"
    rollouts: int | None = None


@dataclass(frozen=True, slots=True)
class Candidate:
    """One candidate decision: the deciding seat's estimated win chance after it (`win`), every
    seat's (`shares`, summing to 1), the worlds it was measured in, and `gap_z`: how many standard
    errors of the paired difference the best candidate's value lies above this one's (0 for the
    best itself; large when the loss is surely real, small when it may be noise). `se` is that
    standard error in the units of `win` (what the best's win chance less this one's may be off
    by; 0 for the best), and `points` the seat's expected lead over its strongest rival, in the
    game's points, where the rollouts end (negative when behind)."""

    action: Action
    win: float
    shares: tuple[float, ...]
    worlds: int
    gap_z: float
    se: float = 0.0
    points: float = 0.0


@dataclass(frozen=True, slots=True)
class Estimate:
    """The candidates of one decision, best first, and what measuring them cost."""

    seat: int
    candidates: tuple[Candidate, ...]
    worlds: int
    rollouts: int
    calibrated: bool
    """True if the game's calibration has been measured (the win chances may be shown as such)."""
    outcomes: dict[Action, tuple[Outcome, ...]] = field(default_factory=dict, compare=False, repr=False)
    """Each candidate's rollouts, world by world (ai/core/compare.py): what `compare` reads."""
    power: float = 1.0
    """The calibration exponent the win chances were made with."""

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    def find(self, action: Action) -> Candidate | None:
        return next((c for c in self.candidates if c.action == action), None)

    def compare(self, a: Action, b: Action | None = None) -> Tally:
        """What `a` does against `b` (default: against the field, the average of the other
        candidates played in the same worlds), over their common worlds: the seat's share of the
        win, its lead in points and each category of the game's points (`Tally.parts()`)."""
        if b is not None:
            return tally(self.outcomes[a], self.outcomes[b])
        return against_field(self.outcomes[a], [o for x, o in self.outcomes.items() if x != a])

    share_sums: dict[Action, tuple[float, ...]] = field(default_factory=dict, compare=False, repr=False)
    """Each candidate's sum over its worlds of every seat's raw share of the win (to pool with
    the sums of more worlds: `win_chances`)."""


@dataclass(frozen=True, slots=True)
class Calibration:
    """What `assets/games/<id>/estimates.toml` says of a game's estimator."""

    power: float
    brier: float
    base_brier: float
    samples: int
    marks: bool
    """True if the estimator predicts outcomes better than the base rate: mistakes may be marked."""


def calibration(game_id: str) -> Calibration | None:
    """The measured calibration of `game_id`'s estimates, or None if it has not been measured."""
    from engine.core.assets import load_toml

    try:
        data = load_toml(game_id, "estimates.toml")
    except (OSError, ValueError):
        return None
    try:
        c = data["calibration"]
        return Calibration(float(c["power"]), float(c["brier"]), float(c["base_brier"]), int(c["samples"]),
                           bool(c["marks"]))
    except (KeyError, TypeError, ValueError):
        return None


def calibrate(shares: Sequence[float], power: float) -> tuple[float, ...]:
    """Shares sharpened (power > 1) or softened (power < 1), still summing to 1."""
    if power == 1.0:
        return tuple(shares)
    weights = [max(s, 0.0) ** power for s in shares]
    total = sum(weights)
    if total <= 0:
        return tuple(1.0 / len(shares) for _ in shares)
    return tuple(w / total for w in weights)


def win_chances(share_sums: Sequence[float], worlds: int, power: float) -> tuple[float, ...]:
    """Every seat's calibrated win chance from the sum of its raw shares over `worlds` worlds."""
    return calibrate([x / worlds for x in share_sums], power)


def estimate(obs: Observation, seed: int, budget: EstimateBudget = EstimateBudget(),
             include: Sequence[Action] = (), power: float | None = None,
             only: Sequence[Action] | None = None) -> Estimate:
    """Estimate every candidate of `obs` (the seat's own view: worlds come from `obs.sample`).

    The candidates are the legal actions, less those the game's knowledge prunes, plus Normal's
    choice and `include` (the move actually played, in an analysis), which are measured in every
    world; `only` measures exactly those actions instead, in every world (an analysis adding
    worlds to the moves it compares). The same `seed` and a `rollouts` budget give the same
    estimate. `power` overrides the game's calibration (1.0: the raw averages, which the
    measurement of the calibration takes)."""
    game_id, seat, legal = obs.game_id, obs.seat, obs.legal
    k = knowledge_for(game_id)
    policy = k.rollout_policy or normal_policy(game_id)
    standing = k.standing or points_standing
    cal = calibration(game_id)
    if power is None:
        power = cal.power if cal is not None else 1.0
    clock = time.process_time if budget.clock == "cpu" else time.perf_counter
    started = clock()
    deadline = None if budget.ms is None or budget.rollouts is not None else started + budget.ms / 1000
    rng = SearchRng(seed)
    world = obs.sample(rng)
    if only is not None:
        protected = [a for a in dict.fromkeys(only) if a in legal]
        candidates = list(protected)
    elif len(legal) == 1:
        protected = list(legal)
        candidates = list(legal)
    else:
        protected = [normal_choice(game_id, obs, seed)]
        protected += [a for a in include if a in legal and a not in protected]
        candidates = list(legal)
        if k.prune is not None:
            candidates = k.prune(world, legal) or list(legal)
        candidates += [a for a in protected if a not in candidates]
    values: dict[Action, list[float]] = {a: [] for a in candidates}
    outcomes: dict[Action, list[Outcome]] = {a: [] for a in candidates}
    shares: dict[Action, list[float]] = {}
    # the protected first: should the first world alone overrun the budget, they are measured
    running = protected + [a for a in candidates if a not in protected]
    worlds = rollouts = 0
    while True:
        world_seed = int(rng.random() * 2 ** 52)
        rival = strongest_rival(standing(world), seat)
        for i, action in enumerate(running):
            end = rollout_end(world, action, policy, k.rollout_horizon, world_seed)
            got = terminal_shares(end) if end.to_move() == TERMINAL else k.evaluate(end)
            acc = shares.setdefault(action, [0.0] * len(got))
            for j, v in enumerate(got):
                acc[j] += v
            values[action].append(got[seat])
            outcomes[action].append(outcome_of(got[seat], standing(end), seat, rival))
            rollouts += 1
            if worlds == 0 and deadline is not None and i + 1 >= len(protected) and clock() >= deadline:
                # so many candidates that one world overruns: those not yet measured are left out
                running = running[: i + 1]
                break
        worlds += 1
        if worlds in HALVE_AT and len(running) > KEEP:
            running = _halve(running, values, protected)
        if budget.rollouts is not None:
            if rollouts + len(running) > budget.rollouts:
                break
        elif deadline is None:
            break
        else:
            now = clock()
            if now + (now - started) / worlds >= deadline:  # a world is played whole or not at all
                break
        world = obs.sample(rng)
    measured = [a for a in candidates if values[a]]
    return _result(seat, measured, values, shares, outcomes, worlds, rollouts, power, cal is not None)


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def _halve(running: list[Action], values: dict[Action, list[float]], protected: list[Action]) -> list[Action]:
    """The better half of `running` by mean value (ties kept in order), and every protected one."""
    ranked = sorted(running, key=lambda a: -_mean(values[a]))
    keep = set(ranked[: max(KEEP, (len(ranked) + 1) // 2)]) | set(protected)
    return [a for a in running if a in keep]


def gap_z(best: Sequence[float], other: Sequence[float]) -> float:
    """The paired difference best − other over their common worlds, in standard errors (inf for
    a difference with no spread over two worlds or more; 0 for none at all, and for one world:
    a loss seen in a single world is not sure, however large)."""
    n = min(len(best), len(other))
    if n < 2:
        return 0.0
    diffs = [b - o for b, o in zip(best[:n], other[:n], strict=True)]
    mean = _mean(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var <= 1e-18:
        return 0.0 if mean <= 1e-12 else math.inf
    return mean / math.sqrt(var / n)


def calibrated_se(raw_diff: float, raw_se: float, calibrated_diff: float) -> float:
    """The standard error of a difference of win chances, in calibrated units: the raw one scaled
    by the calibration's slope over that difference (so the difference keeps its number of
    standard errors), or the raw one where the difference is too small to show a slope."""
    if not math.isfinite(raw_se):
        return raw_se
    if raw_diff > 1e-6 and calibrated_diff > 0:
        return raw_se * min(5.0, max(0.2, calibrated_diff / raw_diff))
    return raw_se


def _result(seat, candidates, values, shares, outcomes, worlds, rollouts, power, calibrated) -> Estimate:
    # the best is the best mean among those measured longest: a candidate stopped early was worse
    # than the survivors when it stopped, and its few worlds' mean is not comparable to theirs
    order = sorted(candidates, key=lambda a: (-len(values[a]), -_mean(values[a]), candidates.index(a)))
    best = order[0]
    best_win = calibrate([s / len(values[best]) for s in shares[best]], power)[seat]
    out = []
    for a in order:
        n = len(values[a])
        cal = calibrate([s / n for s in shares[a]], power)
        points = _mean([o.margin for o in outcomes[a]])
        if a == best:
            out.append(Candidate(a, cal[seat], cal, n, 0.0, 0.0, points))
            continue
        t = tally(outcomes[best], outcomes[a])
        se = calibrated_se(t.win.mean, t.win.se, best_win - cal[seat])
        out.append(Candidate(a, cal[seat], cal, n, gap_z(values[best], values[a]), se, points))
    return Estimate(seat, tuple(out), worlds, rollouts, calibrated, {a: tuple(outcomes[a]) for a in order}, power,
                    {a: tuple(shares[a]) for a in order})
