"""An analysis spends its extra effort on the decisions that look costliest, until each is resolved
(ARCHITECTURE §6): Qt-free, for `tycoons analyse` (ai/analysis.py) and the review's Analyse
(ui/review/analyse.py) alike.

The budget is an average per decision (CPU milliseconds, or candidate rollouts for reproducible
runs). A first pass measures every decision at `FIRST` of it (`measure_task`: every candidate,
successive halving, as a hint does). What is left is pooled for the whole game and spent in waves
of `WAVE` duels: a duel measures, in fresh worlds, only the move played against the best move
found (and against the move that gains the most points, for a seat that finished last and far
behind), and its sums are added to the first pass's (ai/core/compare.py: paired differences pool
by adding). Each wave goes to the unresolved decisions that look costliest:

- a decision is resolved when its loss is sure (`SURE_Z` standard errors above nothing), or surely
  below a mistake (its loss plus `SURE_Z` standard errors is under `MISTAKE` points), or the move
  played was the best found;
- for a seat that finished last and far behind (`far_behind`), the `COSTLIEST` decisions that
  cost it the most points are resolved when that loss of points is sure.

A decision gets at most `MAX_DUELS` duels, so that one the worlds never agree on cannot take the
whole pool. Waves are planned from complete results only, so an analysis with a rollouts budget
is the same in one process or in several.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ai.core.compare import SURE_Z, Part, Tally
from ai.core.estimate import EstimateBudget, calibrate, calibrated_se, estimate
from engine.core.contract import Action
from engine.core.rng import Rng

FIRST = 0.6
"""The share of the average budget the first pass gives each decision."""
DUEL = 0.4
"""The share of the average budget one duel costs."""
WAVE = 4
"""Duels planned at a time (a fixed number: the plan must not depend on the processes)."""
MAX_DUELS = 8
"""The most duels one decision gets."""
COSTLIEST = 3
"""The decisions that cost the most points a seat that finished last and far behind is shown."""
FAR_BEHIND = 0.25
"""A seat last at the end and behind the winner by this fraction of the winner's score or more is
far behind: its analysis shows the decisions that cost it the most points, mistakes or not."""
MISTAKE = 10.0
"""Points of win chance lost that make a decision a mistake (ai/analysis.py marks by it)."""
WHY_PARTS = 3
"""The categories of the game's points kept with a decision (largest difference first)."""


def share_of(budget: EstimateBudget, share: float) -> EstimateBudget:
    """`share` of an average budget, at least one candidate rollout or a millisecond."""
    if budget.rollouts is not None:
        return EstimateBudget(None, budget.clock, max(1, round(budget.rollouts * share)))
    return EstimateBudget(max(1, round((budget.ms or 1) * share)), budget.clock)


# -- the workers' side (top-level and picklable) ------------------------------------------------------
def _sums(est, action: Action) -> list:
    n = next(c.worlds for c in est.candidates if c.action == action)
    return [n, list(est.share_sums[action])]


def measure_task(game_id: str, state_data: dict, seat: int, chosen: dict, seed: int, budget_ms: int | None,
                 rollouts: int | None) -> dict:
    """A first measurement of `seat`'s decision `chosen` (a move's dict) in a determinized state:
    every candidate, within the budget. Returns plain data: the best move found (`best`), the move
    with the largest expected lead in points (`by_points`), the best few with their win chances
    (`top`), each measured move's sums (`sums`: worlds and the sum of every seat's raw share), the
    comparisons of the best and of `by_points` against the move played (`vs_best`, `vs_points`:
    `Tally.to_dict`), the calibration exponent, and what it cost (`cpu_ms`, `rollouts`)."""
    from ai.core.observe import observe
    from engine.core.registry import get_spec

    c0 = time.process_time()
    state = get_spec(game_id).state_from_data(state_data)
    played = Action.from_dict(chosen)
    est = estimate(observe(state, seat, game_id), seed, EstimateBudget(budget_ms, "cpu", rollouts), include=[played])
    longest = max(c.worlds for c in est.candidates)
    by_points = max((c for c in est.candidates if c.worlds == longest), key=lambda c: c.points).action
    best = est.best.action
    return {"best": best.to_dict(), "by_points": by_points.to_dict(),
            "top": [[c.action.to_dict(), c.win] for c in est.candidates[:3]],
            "sums": [[a.to_dict(), *_sums(est, a)] for a in dict.fromkeys((played, best, by_points))],
            "vs_best": est.compare(best, played).to_dict(), "vs_points": est.compare(by_points, played).to_dict(),
            "power": est.power, "cpu_ms": 1000 * (time.process_time() - c0), "rollouts": est.rollouts}


def duel_task(game_id: str, state_data: dict, seat: int, chosen: dict, best: dict, by_points: dict, seed: int,
              budget_ms: int | None, rollouts: int | None) -> dict:
    """More worlds for a decision: only the move played, the best found and `by_points`, in fresh
    worlds (`seed`). Returns their `sums`, `vs_best`, `vs_points` and the cost, as `measure_task`."""
    from ai.core.observe import observe
    from engine.core.registry import get_spec

    c0 = time.process_time()
    state = get_spec(game_id).state_from_data(state_data)
    played, b, p = Action.from_dict(chosen), Action.from_dict(best), Action.from_dict(by_points)
    moves = list(dict.fromkeys((played, b, p)))
    est = estimate(observe(state, seat, game_id), seed, EstimateBudget(budget_ms, "cpu", rollouts), only=moves)
    return {"sums": [[a.to_dict(), *_sums(est, a)] for a in moves],
            "vs_best": est.compare(b, played).to_dict(), "vs_points": est.compare(p, played).to_dict(),
            "cpu_ms": 1000 * (time.process_time() - c0), "rollouts": est.rollouts}


# -- the planner's side --------------------------------------------------------------------------------
@dataclass
class Measured:
    """Everything measured of one decision so far, pooled."""

    task: object
    """The decision (ai.analysis.Task: where it is, who took it, the determinized state)."""
    best: Action
    by_points: Action
    top: tuple[tuple[Action, float], ...]
    sums: dict[Action, tuple[int, tuple[float, ...]]]
    vs_best: Tally
    vs_points: Tally
    power: float
    duels: int = 0

    def add(self, result: dict) -> None:
        """Pool a duel's result (`duel_task`) with what was measured before."""
        for raw, n, sums in result["sums"]:
            a = Action.from_dict(raw)
            m, s = self.sums.get(a, (0, (0.0,) * len(sums)))
            self.sums[a] = (m + n, tuple(x + y for x, y in zip(s, sums, strict=True)))
        self.vs_best = self.vs_best.merged(Tally.from_dict(result["vs_best"]))
        self.vs_points = self.vs_points.merged(Tally.from_dict(result["vs_points"]))
        self.duels += 1

    def shares(self, action: Action) -> tuple[float, ...]:
        n, s = self.sums[action]
        return calibrate([x / n for x in s], self.power)

    @property
    def seat(self) -> int:
        return self.task.seat

    @property
    def win_before(self) -> float:
        return self.shares(self.best)[self.seat]

    @property
    def win_after(self) -> float:
        return self.shares(self.task.chosen)[self.seat]

    @property
    def loss(self) -> float:
        """Points of win chance lost against the best move found (never negative)."""
        return max(0.0, 100.0 * (self.win_before - self.win_after))

    @property
    def se(self) -> float:
        """The standard error of the loss, in win chance (a fraction; 0 for the best move played)."""
        if self.best == self.task.chosen:
            return 0.0
        w = self.vs_best.win
        return calibrated_se(w.mean, w.se, self.win_before - self.win_after)

    @property
    def gap_z(self) -> float:
        return 0.0 if self.best == self.task.chosen else self.vs_best.win.z

    @property
    def points_loss(self) -> float:
        """The lead in the game's points given away against `by_points` (never negative)."""
        return 0.0 if self.by_points == self.task.chosen else max(0.0, self.vs_points.margin.mean)

    @property
    def points_se(self) -> float:
        return 0.0 if self.by_points == self.task.chosen else self.vs_points.margin.se

    def resolved(self) -> bool:
        """The loss of win chance is sure, or surely below a mistake, or there is none."""
        if self.best == self.task.chosen or self.gap_z >= SURE_Z:
            return True
        se = self.se
        return math.isfinite(se) and self.loss + 100 * SURE_Z * se < MISTAKE

    def points_sure(self) -> bool:
        return self.by_points == self.task.chosen or self.vs_points.margin.z >= SURE_Z

    def why(self) -> tuple[Part, ...]:
        return self.vs_best.parts()[:WHY_PARTS]

    def why_points(self) -> tuple[Part, ...]:
        return self.vs_points.parts()[:WHY_PARTS]


def measured_from(task, result: dict) -> Measured:
    """The `Measured` of a first pass (`measure_task`'s result) of `task`."""
    sums = {}
    for raw, n, s in result["sums"]:
        sums[Action.from_dict(raw)] = (n, tuple(s))
    return Measured(task, Action.from_dict(result["best"]), Action.from_dict(result["by_points"]),
                    tuple((Action.from_dict(a), float(w)) for a, w in result["top"]), sums,
                    Tally.from_dict(result["vs_best"]), Tally.from_dict(result["vs_points"]), float(result["power"]))


def far_behind_seats(outcome, seats: Sequence[int]) -> set[int]:
    """The `seats` that finished last, and behind the winner by `FAR_BEHIND` of the winner's score
    or more (`outcome` is the game's final Outcome, or None for a game not finished)."""
    if outcome is None or len(outcome.scores) < 2:
        return set()
    top = max(outcome.scores)
    last = max(outcome.ranking)
    scale = max(abs(top), 1e-9)
    return {s for s in seats if outcome.ranking[s] == last and s not in outcome.winners
            and top - outcome.scores[s] >= FAR_BEHIND * scale}


@dataclass
class Refiner:
    """Plans the duels of one analysis: `first(task, result)` for each first pass, then
    `wave()` gives the duels to run next (none when done), `add(index, result)` pools each."""

    budget: EstimateBudget
    """The average budget per decision."""
    far_behind: set[int] = field(default_factory=set)
    measured: dict[int, Measured] = field(default_factory=dict)
    spent: float = 0.0
    decisions: int = 0
    duels_run: int = 0

    def cost_of(self, result: dict) -> float:
        return float(result["rollouts"]) if self.budget.rollouts is not None else float(result["cpu_ms"])

    @property
    def total(self) -> float:
        """What the whole analysis may spend: the average budget for each decision."""
        per = self.budget.rollouts if self.budget.rollouts is not None else self.budget.ms
        return float(per or 0) * self.decisions

    def first(self, task, result: dict) -> None:
        self.measured[task.index] = measured_from(task, result)
        self.spent += self.cost_of(result)
        self.decisions += 1

    def add(self, index: int, result: dict) -> None:
        self.measured[index].add(result)
        self.spent += self.cost_of(result)
        self.duels_run += 1

    def costliest(self, seat: int) -> list[Measured]:
        """The `COSTLIEST` decisions of `seat` that gave away the most points."""
        mine = [m for m in self.measured.values() if m.seat == seat and m.points_loss > 0]
        return sorted(mine, key=lambda m: (-m.points_loss, m.task.index))[:COSTLIEST]

    def unresolved(self) -> list[Measured]:
        """The decisions still worth a duel, the costliest-looking first: losses of win chance not
        yet resolved (largest loss first), then the costliest decisions of a seat far behind whose
        loss of points is not yet sure."""
        open_ = [m for m in self.measured.values() if m.duels < MAX_DUELS]
        win = sorted((m for m in open_ if not m.resolved()), key=lambda m: (-m.loss, m.task.index))
        points = [m for s in sorted(self.far_behind) for m in self.costliest(s)
                  if m.duels < MAX_DUELS and not m.points_sure() and m not in win]
        return win + points

    def duel_budget(self) -> EstimateBudget:
        return share_of(self.budget, DUEL)

    def wave(self) -> list[tuple[Measured, EstimateBudget, int]]:
        """The next duels: (decision, budget, seed) each; empty when every decision is resolved or
        the budget is spent."""
        duel = self.duel_budget()
        size = duel.rollouts if duel.rollouts is not None else duel.ms
        left = self.total - self.spent
        out = []
        for m in self.unresolved():
            if left < size or len(out) >= WAVE:
                break
            left -= size
            seed = Rng.derive(m.task.seed, "duel", m.duels).next64() >> 12
            out.append((m, duel, seed))
        return out

    def analysed(self, index_to_analysed: Callable[[Measured], object]) -> list:
        return [index_to_analysed(self.measured[i]) for i in sorted(self.measured)]
