"""Analysis of a recorded game and hints, Qt-free (ARCHITECTURE §6, §8: `tycoons analyse`).

For every decision of the analysed seats that offered a choice, the estimator (ai/core/estimate.py)
measures the move made and the best move it finds, from the deciding seat's own view of the game
at that moment (a determinization, as every AI sees it: what the player could not know does not
count against them). `win_before` is the estimated win chance with the best move found,
`win_after` with the move made; the difference is what the decision cost. A decision that cost
`MISTAKE` points or more is a mistake, `BLUNDER` or more a blunder, but only where the loss is
surely real (the paired difference of the two moves over the same worlds is `SURE_Z` standard
errors or more) and only in a game whose estimates are measured to predict outcomes better than
the base rate (`marks_allowed`, from the game's estimates.toml; ai/ANALYSIS.md).

The budget is an average per decision: a first pass measures every decision, then what is left
goes to the decisions that look costliest until each is resolved (ai/refine.py). A seat that
finished last and far behind is also shown the decisions that cost it the most points of the game
(`costliest`), whether or not any is a mistake: its win chance may have been nil long before the
end, so that every later loss of win chance is nil too, while its score still fell.

The result is kept beside the save, as ``FILE.analysis`` (JSON), so a game is analysed once. It
names the game, the save's final state hash and the length of its log, and is used only for the
save it was made from; anything wrong with it makes it count as absent, never an error.

The worker functions (ai/refine.py's `measure_task` and `duel_task`, `hint_task`) are top-level and
picklable: the app runs them in a spawn-context process pool and sends each a determinized state,
never the true one.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ai.core.compare import SURE_Z, Part  # a loss is marked only if SURE_Z standard errors above zero
from ai.core.estimate import ANALYSIS_MS, HINT_MS, Calibration, EstimateBudget, calibration, estimate
from ai.refine import (
    COSTLIEST,
    FIRST,
    MISTAKE,
    Measured,
    Refiner,
    duel_task,
    far_behind_seats,
    measure_task,
    share_of,
)
from engine.command_line import process_count
from engine.core.contract import Action
from engine.core.rng import Rng
from saves.files import read_bounded, write_atomic

__all__ = ["MISTAKE", "SURE_Z"]  # re-exported: the analysis's words for its marks
BLUNDER = 25.0
"""Points of win chance lost that make a decision a blunder."""
ANALYSIS_BUDGET = EstimateBudget(ANALYSIS_MS, "cpu")
HINT_CANDIDATES = 3
FILE_FORMAT = 1
ANALYSIS_SUFFIX = ".analysis"


# -- one decision ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Analysed:
    """One analysed decision. `index` is its number among the game's player decisions (1 is the
    first, as the review counts them), `entry` its place in the log."""

    index: int
    entry: int
    seat: int
    chosen: Action
    best: Action
    win_before: float
    win_after: float
    shares: tuple[float, ...]
    """Every seat's estimated share of the win after the move made (the win-chance graph)."""
    gap_z: float
    top: tuple[tuple[Action, float], ...] = ()
    """The best few candidates with their win chances."""
    se: float = 0.0
    """The standard error of `win_before - win_after` (0 when the move played was the best found)."""
    points_best: Action | None = None
    """The move with the largest expected lead in the game's points (None: not measured)."""
    points_loss: float = 0.0
    """The lead in the game's points given away against `points_best`, where the search's rollouts
    end (never negative)."""
    points_se: float = 0.0
    why: tuple[Part, ...] = ()
    """What the best move gains against the move played, by category of the game's points."""
    why_points: tuple[Part, ...] = ()
    """What `points_best` gains against the move played."""

    @property
    def loss(self) -> float:
        """Points of win chance the decision lost against the best move found (never negative)."""
        return max(0.0, 100.0 * (self.win_before - self.win_after))

    @property
    def loss_se(self) -> float:
        """The standard error of `loss`, in points of win chance."""
        return 100.0 * self.se

    def severity(self, marks: bool = True) -> str:
        """"blunder", "mistake" or "" (not marked: small, unsure, or marks are off for the game)."""
        if not marks or self.chosen == self.best or self.gap_z < SURE_Z:
            return ""
        if self.loss >= BLUNDER:
            return "blunder"
        if self.loss >= MISTAKE:
            return "mistake"
        return ""

    def to_dict(self) -> dict:
        return {"index": self.index, "entry": self.entry, "seat": self.seat, "chosen": self.chosen.to_dict(),
                "best": self.best.to_dict(), "win_before": round(self.win_before, 5),
                "win_after": round(self.win_after, 5), "shares": [round(x, 5) for x in self.shares],
                "gap_z": _finite(self.gap_z, 3),
                "top": [[a.to_dict(), round(w, 5)] for a, w in self.top],
                "se": _finite(self.se, 5), "points_loss": round(self.points_loss, 3),
                "points_se": _finite(self.points_se, 3),
                **({"points_best": self.points_best.to_dict()} if self.points_best is not None else {}),
                "why": [p.to_list() for p in self.why], "why_points": [p.to_list() for p in self.why_points]}


def analysed_of(m: Measured) -> Analysed:
    """The `Analysed` decision of what was measured of it (ai/refine.py). Should the move played
    have come out at least as good as the best found once more worlds were added, it is the best."""
    t = m.task
    after = m.shares(t.chosen)
    best, before, z, se, why = m.best, m.win_before, m.gap_z, m.se, m.why()
    if before <= after[t.seat]:
        best, before, z, se, why = t.chosen, after[t.seat], 0.0, 0.0, ()
    top = ((best, before),) + tuple((a, w) for a, w in m.top if a != best)
    points_best, points_loss, points_se, why_points = m.by_points, m.points_loss, m.points_se, m.why_points()
    if points_loss <= 0:
        points_best, points_loss, points_se, why_points = t.chosen, 0.0, 0.0, ()
    made = Analysed(t.index, t.entry, t.seat, t.chosen, best, before, after[t.seat], after, z,
                    top[:HINT_CANDIDATES], se, points_best, points_loss, points_se, why, why_points)
    return analysed_from_dict(made.to_dict())  # as it is kept in the file: rounded, no infinities


MAX_ARGS = 64
"""The most arguments (counted through nested lists) a move read from a file may have; the
games' moves have a handful."""


def _plain_args(raw, depth: int = 0, budget: list[int] | None = None) -> bool:
    """Whether `raw` is a move's arguments: ints, strings, booleans or None, in lists at most
    three deep, at most MAX_ARGS of them in all."""
    budget = [MAX_ARGS] if budget is None else budget
    for x in raw:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if isinstance(x, list):
            if depth >= 3 or not _plain_args(x, depth + 1, budget):
                return False
        elif not (x is None or isinstance(x, int | str)) or (isinstance(x, str) and len(x) > 200):
            return False
    return True


def analysed_from_dict(d: dict) -> Analysed:
    """The inverse of `Analysed.to_dict` (ValueError, KeyError or TypeError for bad data)."""
    def action(raw) -> Action:
        if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str) or type(raw.get("seat")) is not int \
                or not isinstance(raw.get("args", []), list) or not _plain_args(raw.get("args", [])):
            raise ValueError("a move is not one")
        return Action.from_dict(raw)

    def chance(x) -> float:
        if isinstance(x, bool) or not isinstance(x, int | float) or not 0.0 <= float(x) <= 1.0:
            raise ValueError("not a win chance")
        return float(x)

    ints = [d["index"], d["entry"], d["seat"]]
    if any(type(x) is not int or x < 0 for x in ints):
        raise ValueError("a decision's place or seat is not one")
    def number(key: str, default: float = 0.0) -> float:
        x = d.get(key, default)
        if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x) or x < 0 and key != "gap_z":
            raise ValueError(f"a decision's {key} is not a number")  # NaN would pass every comparison
        return float(x)

    def parts(key: str) -> tuple[Part, ...]:
        raw = d.get(key, [])
        if not isinstance(raw, list) or len(raw) > 10:
            raise ValueError("not a list")
        return tuple(Part.from_list(p) for p in raw)

    top = d.get("top", [])
    if not isinstance(top, list) or len(top) > 10 or not isinstance(d["shares"], list) or len(d["shares"]) > 16:
        raise ValueError("not a list")
    points_best = action(d["points_best"]) if "points_best" in d else None
    return Analysed(d["index"], d["entry"], d["seat"], action(d["chosen"]), action(d["best"]),
                    chance(d["win_before"]), chance(d["win_after"]), tuple(chance(x) for x in d["shares"]),
                    number("gap_z"), tuple((action(a), chance(w)) for a, w in top), number("se"), points_best,
                    number("points_loss"), number("points_se"), parts("why"), parts("why_points"))


# -- hints ----------------------------------------------------------------------------------------
FAR_AHEAD = 0.95
"""A best win chance at or above this is "far ahead": a hint says so rather than a percentage."""
FAR_BEHIND = 0.05
"""A best win chance at or below this is "far behind": a hint ranks its moves by points instead."""
REASON_PARTS = 3
"""The categories of the game's points a hint's candidate carries (largest difference first)."""


def hint_task(game_id: str, state_data: dict, seat: int, seed: int, think_ms: int | None = None) -> dict:
    """A hint: the best few candidates for `seat` with their estimated win chances, from a
    determinized state (the seat's own view), within `think_ms` of wall-clock time.

    Returns ``{"candidates": [c, …], "calibrated": bool, "worlds": int, "standing": s}``, best
    first, where each `c` is ``{"action", "win", "se", "z", "points", "worlds", "why"}``: its win
    chance, the standard error of the best's less its own (0 for the best) and that difference in
    standard errors (`z`: below `SURE_Z`, the two are about as good), the seat's expected lead in
    the game's points where the rollouts end, and `why`, what it does against the other candidates
    in the game's terms: the categories of the game's points with the largest differences, each
    ``[category, the seat's gain, its strongest rival's, the standard error of the difference]``
    (`ai.core.compare.Part`). `s` is "far ahead" (the best win chance ≥ `FAR_AHEAD`), "far
    behind" (≤ `FAR_BEHIND`: then the candidates are ranked by points, which still tell them apart
    where the win chance cannot) or ""."""
    from ai.core.observe import observe
    from engine.core.registry import get_spec

    state = get_spec(game_id).state_from_data(state_data)
    est = estimate(observe(state, seat, game_id), seed, EstimateBudget(think_ms or HINT_MS, "wall"))
    return hint_from_estimate(est)


def hint_from_estimate(est) -> dict:
    """`hint_task`'s answer for an estimate already made."""
    from ai.core.compare import tally

    standing = "far ahead" if est.best.win >= FAR_AHEAD else "far behind" if est.best.win <= FAR_BEHIND else ""
    shown = list(est.candidates)
    if standing == "far behind":
        # every win chance is about nil: the lead in points still says which move does most
        longest = max(c.worlds for c in shown)
        shown.sort(key=lambda c: (c.worlds < longest, -c.points))
    shown = shown[:HINT_CANDIDATES]
    top = shown[0]
    out = []
    for c in shown:
        if c is top:
            se, z = 0.0, 0.0
        elif top is est.best:
            se, z = c.se, c.gap_z
        else:  # ranked by points: how sure is the first's lead over this one
            t = tally(est.outcomes[top.action], est.outcomes[c.action])
            se, z = t.margin.se, t.margin.z
        why = [p.to_list() for p in est.compare(c.action).parts()[:REASON_PARTS]] if len(est.candidates) > 1 else []
        out.append({"action": c.action.to_dict(), "win": round(c.win, 4), "se": _finite(se, 4),
                    "z": _finite(z, 3), "points": round(c.points, 3), "worlds": c.worlds, "why": why})
    return {"candidates": out, "calibrated": est.calibrated, "worlds": est.worlds, "standing": standing}


UNMEASURED = 1e9
"""What an infinite standard error or certainty is written as (JSON has no infinity): a standard
error of a move seen in a single world, whose spread is unknown."""


def _finite(x: float, digits: int) -> float:
    """`x` rounded, with an infinite value as `UNMEASURED`."""
    return round(x, digits) if math.isfinite(x) else UNMEASURED


def measured(se: float) -> bool:
    """Whether a standard error was measured (not `UNMEASURED` nor infinite)."""
    return se < UNMEASURED / 10


# -- the first games' coach -------------------------------------------------------------------------
CAUTION_LOSS = 25.0
"""Points of win chance a move must be judged to cost for the first games' coach to ask before it
is taken (ui/game/caution.py), like a blunder."""


def caution_task(game_id: str, state_data: dict, seat: int, seed: int, think_ms: int | None = None,
                 rollouts: int | None = None) -> dict:
    """Which of `seat`'s moves are costly, from a determinized state (the seat's own view, as a
    hint sees it): the estimate of every candidate, the best found, and for each candidate the
    points of win chance it loses against the best, how sure that loss is (its paired difference
    in standard errors), whether it is costly (CAUTION_LOSS points or more, surely) and, if so,
    what it risks in the game's words (engine.core.risk). Within `think_ms` of wall-clock time, or
    exactly `rollouts` rollouts.

    Returns ``{"best": action, "moves": [{"action", "loss", "gap_z", "worlds", "costly", "words"}]}``."""
    from ai.core.observe import observe
    from engine.core.registry import get_spec
    from engine.core.risk import risk_words

    state = get_spec(game_id).state_from_data(state_data)
    est = estimate(observe(state, seat, game_id), seed, EstimateBudget(think_ms or HINT_MS, "wall", rollouts))
    best = est.best
    moves = []
    for c in est.candidates:
        loss = max(0.0, 100.0 * (best.win - c.win))
        costly = c.action != best.action and loss >= CAUTION_LOSS and c.gap_z >= SURE_Z
        moves.append({"action": c.action.to_dict(), "loss": round(loss, 2),
                      "gap_z": round(c.gap_z, 3) if math.isfinite(c.gap_z) else 1e9, "worlds": c.worlds,
                      "costly": costly, "words": risk_words(state, seat, c.action, best.action) if costly else ""})
    return {"best": best.action.to_dict(), "moves": moves}


# -- a whole game ---------------------------------------------------------------------------------
@dataclass
class Task:
    """One decision to analyse: where it is, who took it, and what the worker needs."""

    index: int
    entry: int
    seat: int
    chosen: Action
    state_data: dict
    seed: int


def default_seats(seats) -> list[int]:
    """The human seats, or every seat of a game without humans."""
    humans = [i for i, s in enumerate(seats) if not s.is_ai]
    return humans or list(range(len(seats)))


def iter_tasks(review, seats: Iterable[int] | None = None):
    """For each decision of `seats` (default: `default_seats`) in a review (engine/core/review.py),
    in order: a Task with a determinization of the state from the decider's view, or None for a
    decision that offered no choice. Lazy, so a window can plan a few at a time."""
    wanted = set(default_seats(review.seats) if seats is None else seats)
    for index, entry in enumerate(review.decision_entries, start=1):
        action = review.actions[entry]
        if action.seat not in wanted:
            continue
        state = review.state_at(entry)
        if len(state.legal_actions(action.seat)) < 2:
            yield None  # nothing was decided
            continue
        dealt = state.determinize(action.seat, Rng.derive(review.seed, "analysis-deal", entry))
        seed = Rng.derive(review.seed, "analysis", entry).next64() >> 12
        yield Task(index, entry, action.seat, action, dealt.to_data(), seed)


def decisions_of(review, seats: Iterable[int] | None = None) -> int:
    """How many decisions `iter_tasks` goes through (those without a choice included)."""
    wanted = set(default_seats(review.seats) if seats is None else seats)
    return sum(1 for e in review.decision_entries if review.actions[e].seat in wanted)


def plan(review, seats: Iterable[int] | None = None) -> list[Task]:
    """The decisions of `seats` that offered a choice (see `iter_tasks`)."""
    return [t for t in iter_tasks(review, seats) if t is not None]


@dataclass
class Analysis:
    """An analysed game: which save it belongs to, the budget, and the analysed decisions."""

    game: str
    state_hash: str
    log_length: int
    budget_ms: int | None
    seats: list[int]
    decisions: list[Analysed] = field(default_factory=list)
    complete: bool = True

    def marks(self) -> bool:
        return marks_allowed(self.game)

    def marked(self) -> list[Analysed]:
        """The mistakes and blunders, in the order of the game (none if marks are off)."""
        on = self.marks()
        return [d for d in self.decisions if d.severity(on)]

    def by_index(self) -> dict[int, Analysed]:
        return {d.index: d for d in self.decisions}

    def to_json(self) -> str:
        return json.dumps({"kind": "tycoons-analysis", "format": FILE_FORMAT, "game": self.game,
                           "state_hash": self.state_hash, "log_length": self.log_length,
                           "budget_ms": self.budget_ms, "seats": self.seats, "complete": self.complete,
                           "decisions": [d.to_dict() for d in self.decisions]}, indent=0)


def marks_allowed(game_id: str) -> bool:
    """True if `game_id`'s estimates were measured to beat the base rate (ai/ANALYSIS.md)."""
    cal: Calibration | None = calibration(game_id)
    return cal is not None and cal.marks


def run_tasks(game_id: str, tasks: Sequence[Task], budget: EstimateBudget, jobs: int = 1,
              progress: Callable[[int, int], None] | None = None,
              far_behind: Iterable[int] = ()) -> list[Analysed]:
    """Analyse `tasks` within `budget` on average per decision (a first pass, then duels for the
    decisions that look costliest: ai/refine.py), in this process or spread over `jobs` worker
    processes (no more than the tasks, nor than the machine's cores: a process per decision once
    started hundreds). `far_behind`: the seats shown the decisions that cost them most points."""
    jobs = process_count(jobs, len(tasks))
    if jobs <= 1:
        return _run(game_id, tasks, budget, lambda fn, calls: [fn(*args) for args in calls], progress, far_behind)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from ai.core.priority import start_worker

    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=ctx, initializer=start_worker, initargs=(os.getpid(),)) as pool:
        def run(fn, calls):
            futures = [pool.submit(fn, *args) for args in calls]
            return [f.result() for f in futures]

        return _run(game_id, tasks, budget, run, progress, far_behind)


def _run(game_id, tasks, budget, run, progress, far_behind) -> list[Analysed]:
    refiner = Refiner(budget, set(far_behind))
    first = first_budget(budget)
    done = 0
    for i in range(0, len(tasks), 8):  # in slices, so progress is said as it goes
        chunk = tasks[i:i + 8]
        for t, result in zip(chunk, run(measure_task, [measure_args(game_id, t, first) for t in chunk]), strict=True):
            refiner.first(t, result)
        done += len(chunk)
        if progress is not None:
            progress(done, len(tasks))
    while wave := refiner.wave():
        results = run(duel_task, [duel_args(game_id, m, b, seed) for m, b, seed in wave])
        for (m, _b, _seed), result in zip(wave, results, strict=True):
            refiner.add(m.task.index, result)
    return refiner.analysed(analysed_of)


def first_budget(budget: EstimateBudget) -> EstimateBudget:
    """What the first pass gives each decision (`FIRST` of the average budget)."""
    return share_of(budget, FIRST)


def measure_args(game_id: str, t: Task, budget: EstimateBudget) -> tuple:
    """`measure_task`'s arguments for task `t`."""
    return (game_id, t.state_data, t.seat, t.chosen.to_dict(), t.seed, budget.ms, budget.rollouts)


def duel_args(game_id: str, m: Measured, budget: EstimateBudget, seed: int) -> tuple:
    """`duel_task`'s arguments for a duel of the decision `m`."""
    t = m.task
    return (game_id, t.state_data, t.seat, t.chosen.to_dict(), m.best.to_dict(), m.by_points.to_dict(), seed,
            budget.ms, budget.rollouts)


def final_outcome(review):
    """The outcome of the game in `review`, or None if it is not finished."""
    return review.state_at(len(review.actions)).outcome() if review.finished else None


def analyse_review(review, state_hash: str, seats: Iterable[int] | None = None,
                   budget: EstimateBudget = ANALYSIS_BUDGET, jobs: int = 1,
                   progress: Callable[[int, int], None] | None = None) -> Analysis:
    """Analyse the decisions of `seats` in `review` (the whole game, start to end)."""
    chosen = sorted(set(default_seats(review.seats) if seats is None else seats))
    tasks = plan(review, chosen)
    far = far_behind_seats(final_outcome(review), chosen)
    decisions = run_tasks(review.spec.id, tasks, budget, jobs, progress, far)
    return Analysis(review.spec.id, state_hash, len(review.actions), budget.ms, chosen, decisions)


def costliest(analysis: Analysis, review, seat: int) -> list[Analysed]:
    """The decisions that cost `seat` the most points of the game (`COSTLIEST` at most, the largest
    first), if it finished last and far behind (ai/refine.py's `far_behind_seats`); else none."""
    if seat not in far_behind_seats(final_outcome(review), [seat]):
        return []
    mine = [d for d in analysis.decisions if d.seat == seat and d.points_loss > 0 and d.points_best is not None]
    return sorted(mine, key=lambda d: (-d.points_loss, d.index))[:COSTLIEST]


# -- the file beside the save ---------------------------------------------------------------------
def analysis_path(save_path: str | os.PathLike) -> Path:
    """Where the analysis of the save at `save_path` is kept: ``<save_path>.analysis``."""
    return Path(os.fspath(save_path) + ANALYSIS_SUFFIX)


MAX_FILE_BYTES = 8 * 1024 * 1024
"""Far above a real analysis (a few hundred bytes a decision)."""


def parse_analysis(data: bytes, game: str, state_hash: str, log_length: int) -> Analysis:
    """The analysis in the bytes of an `.analysis` file if it is one of this save (game, final
    state hash, log length) and well formed; ValueError (or KeyError, TypeError...) says why not.
    Whether it fits the game move by move is `analysis_problem`'s to say."""
    d = json.loads(data.decode("utf-8"))
    if not isinstance(d, dict) or d.get("kind") != "tycoons-analysis" or d.get("format") != FILE_FORMAT:
        raise ValueError("it is not an analysis Tycoons writes")
    if d.get("game") != game or d.get("state_hash") != state_hash or d.get("log_length") != log_length:
        raise ValueError("it is the analysis of another game")
    seats, budget_ms = d.get("seats"), d.get("budget_ms")
    if not isinstance(seats, list) or not all(type(s) is int and 0 <= s < 16 for s in seats):
        raise ValueError("its seats are not seats")
    if budget_ms is not None and (type(budget_ms) is not int or budget_ms < 1):
        raise ValueError("its time budget is not one")
    raw, complete = d.get("decisions"), d.get("complete", True)
    if not isinstance(raw, list) or type(complete) is not bool:
        raise ValueError("its decisions are not a list")
    if len(raw) > log_length:  # before reading them: at most one per decision of the game
        raise ValueError(f"it holds {len(raw):,} decisions, more than the game's {log_length:,}")
    decisions = [analysed_from_dict(x) for x in raw]
    if any(x.entry >= log_length for x in decisions):
        raise ValueError("a decision lies beyond the game's end")
    return Analysis(game, state_hash, log_length, budget_ms, seats, decisions, complete)


def read_analysis(path: str | os.PathLike, game: str, state_hash: str, log_length: int) -> Analysis | None:
    """The analysis in `path` if it belongs to this save (game, final state hash, log length),
    else None (no file, another game's, damaged: the game is simply analysed again)."""
    try:
        return parse_analysis(read_bounded(path, MAX_FILE_BYTES), game, state_hash, log_length)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


def kept_analysis(path: str | os.PathLike, review, state_hash: str) -> tuple[Analysis | None, str | None]:
    """The analysis kept in `path` for the game of `review` (final state hash `state_hash`),
    checked field by field against the game: (the analysis, None), or (None, why it is not
    used). A file can be edited or shared by anyone: one that does not fit its game is never
    shown (a seat the game has not made the review refuse a good save, a move no rule allows
    broke the board on its step)."""
    try:
        analysis = parse_analysis(read_bounded(path, MAX_FILE_BYTES), review.spec.id, state_hash,
                                  len(review.actions))
    except OSError:
        return None, "it could not be read"
    except ValueError as exc:
        return None, str(exc) if type(exc) is ValueError else "it is not a well-formed analysis"
    except (KeyError, TypeError, AttributeError, RecursionError):
        return None, "it is not a well-formed analysis"
    if not analysis.complete:
        return None, "it was not finished"
    problem = analysis_problem(analysis, review)
    return (None, problem) if problem else (analysis, None)


def write_analysis(path: str | os.PathLike, analysis: Analysis) -> Path:
    """Write `analysis` to `path` through the safe path (`saves.files.write_atomic`: an
    exclusively created temporary name no planted link can redirect); OSError if it cannot be
    written (the old file, if any, is untouched)."""
    return write_atomic(path, analysis.to_json().encode("utf-8"))


def matches(analysis: Analysis, review) -> bool:
    """True if `analysis` fits the game of `review` in every field (`analysis_problem`)."""
    return analysis_problem(analysis, review) is None


SHARE_SLACK = 1e-3
"""How far a decision's shares may sum from 1 (each is written rounded to five places)."""


def analysis_problem(analysis: Analysis, review) -> str | None:
    """Why `analysis` is not an analysis of the game of `review`, or None if it is one: every
    decision is one of the analysed seats' own, at its place in the log, in order and once; the
    move played is the log's; the best move and the candidates are moves the rules allowed
    there; the chances are one per seat and agree with each other."""
    players = len(review.seats)
    seats = analysis.seats
    if len(set(seats)) != len(seats) or not all(0 <= s < players for s in seats):
        return "its seats are not this game's"
    if analysis.game != review.spec.id or analysis.log_length != len(review.actions):
        return "it is the analysis of another game"
    if len(analysis.decisions) > decisions_of(review, seats):
        return "it holds more decisions than the game has"
    last = 0
    for d in analysis.decisions:
        where = f"decision {d.index}"
        if not last < d.index <= len(review.decision_entries):
            return f"{where} is out of place (or given twice)"
        last = d.index
        if review.decision_entries[d.index - 1] != d.entry or review.actions[d.entry] != d.chosen:
            return f"{where} is not the move the game has there"
        if d.seat != d.chosen.seat or d.seat not in seats:
            return f"{where} is charged to a player who did not take it"
        if len(d.shares) != players or abs(sum(d.shares) - 1.0) > SHARE_SLACK \
                or abs(d.shares[d.seat] - d.win_after) > SHARE_SLACK:
            return f"{where}'s chances are not one per player"
        if len(d.top) > HINT_CANDIDATES or (d.top and d.top[0][0] != d.best):
            return f"{where}'s candidates are not its best moves"
        legal = review.state_at(d.entry).legal_actions(d.seat)
        if d.best not in legal or any(a not in legal for a, _ in d.top) \
                or d.points_best is not None and d.points_best not in legal:
            return f"{where}'s better move is not one the rules allowed"
    return None


# -- what `tycoons analyse` prints ----------------------------------------------------------------
ROW_KEYS = ("index", "seat", "chosen", "best", "win_before", "win_after", "loss", "se", "mark", "points_best",
            "points_loss", "points_se")
"""The keys of each decision in `tycoons analyse --json`."""


def decision_rows(analysis: Analysis, review) -> list[dict]:
    """The JSON objects of `tycoons analyse --json` (`ROW_KEYS`): the decision's number and seat,
    the move played and the best found (labels), the win chances with each, the `loss` in points
    of win chance and its standard error `se` (in points too), its `mark` ("mistake", "blunder"
    or null), and the move that gains the most points with the lead in the game's points given
    away against it and that loss's standard error. A standard error that could not be measured
    (a loss seen in a single world) is null, never a number a reader could take for a measure."""
    marks = analysis.marks()
    rows = []
    for d in analysis.decisions:
        state = review.state_at(d.entry)
        rows.append({"index": d.index, "seat": d.seat, "chosen": _label(review, state, d.chosen),
                     "best": _label(review, state, d.best), "win_before": round(d.win_before, 4),
                     "win_after": round(d.win_after, 4), "loss": round(d.loss, 2), "se": _error_or_none(d.loss_se),
                     "mark": d.severity(marks) or None,
                     "points_best": _label(review, state, d.points_best) if d.points_best is not None else None,
                     "points_loss": round(d.points_loss, 2), "points_se": _error_or_none(d.points_se)})
    return rows


def _error_or_none(se: float) -> float | None:
    """A standard error in points for the JSON, rounded; None where it was not measured."""
    return round(se, 2) if measured(se) else None


def summary(analysis: Analysis, review) -> dict:
    """What `tycoons analyse --json` says of the whole game, per analysed seat: the win chance given
    away in all (the sum of the losses, in points, with its standard error, and the part of it
    that is sure; `unmeasured` counts the losses seen in a single world, whose error is unknown and
    left out of `se`), the marks, and the decisions that cost most points for a seat that finished
    last and far behind (`costliest`)."""
    marks = analysis.marks()
    out = {}
    for seat in analysis.seats:
        mine = [d for d in analysis.decisions if d.seat == seat]
        sure = [d for d in mine if d.chosen != d.best and d.gap_z >= SURE_Z]
        variance = sum(d.loss_se ** 2 for d in mine if measured(d.loss_se))
        out[str(seat)] = {
            "decisions": len(mine), "win_chance_given_away": round(sum(d.loss for d in mine), 1),
            "se": round(math.sqrt(variance), 1), "sure": round(sum(d.loss for d in sure), 1),
            "unmeasured": sum(not measured(d.loss_se) for d in mine),
            "mistakes": sum(d.severity(marks) == "mistake" for d in mine),
            "blunders": sum(d.severity(marks) == "blunder" for d in mine),
            "costliest": [d.index for d in costliest(analysis, review, seat)]}
    return out


def _label(review, state, action: Action) -> str:
    from engine.core.text import fill_names

    try:
        return fill_names(state.label(action), review.names)
    except Exception:  # noqa: BLE001 - a label is cosmetic
        return str(action)


def text_report(analysis: Analysis, review, calibrated: bool) -> str:
    """The plain-text form: a header, then one line per analysed decision."""
    marks = analysis.marks()
    names = review.names
    who = ", ".join(names[s] for s in analysis.seats)
    lines = [f"{review.spec.title}: {len(analysis.decisions)} decisions of {who} analysed"
             + (f" at {analysis.budget_ms} ms of CPU each on average" if analysis.budget_ms else "")]
    if not calibrated:
        lines.append("Note: the win chances of this game have not been measured against real outcomes.")
    elif not marks:
        lines.append("Note: this game's estimates predict the winner no better than the base rate "
                     "(ai/ANALYSIS.md), so no decision is marked as a mistake.")
    rows = decision_rows(analysis, review)
    width = max([len("chosen")] + [min(40, len(r["chosen"])) for r in rows])
    lines.append(f"{'index':>5}  {'seat':<12}  {'chosen':<{width}}  {'best':<{width}}  before  after")
    for d, r in zip(analysis.decisions, rows, strict=True):
        mark = d.severity(marks)
        lines.append(f"{r['index']:>5}  {_cut(names[d.seat], 12):<12}  {_cut(r['chosen'], width):<{width}}  "
                     f"{_cut(r['best'], width):<{width}}  {_pct(d.win_before):>6}  {_pct(d.win_after):>5}"
                     + (f"  {mark} (−{d.loss:.0f} ± {d.loss_se:.0f})" if mark else ""))
    lines.append("")
    for seat, said in summary(analysis, review).items():
        name = names[int(seat)]
        lines.append(f"{name}: {said['win_chance_given_away']:.0f} points of win chance given away in all "
                     f"(± {said['se']:.0f}; {said['sure']:.0f} of them sure)")
        for d in costliest(analysis, review, int(seat)):
            state = review.state_at(d.entry)
            error = f"± {d.points_se:.0f}" if measured(d.points_se) else "uncertain"
            lines.append(f"  cost {name} the most: decision {d.index}, {d.points_loss:.0f} points ({error}): "
                         f"played {_label(review, state, d.chosen)}; better "
                         f"{_label(review, state, d.points_best)}")
    return "\n".join(lines)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


MAX_BUDGET_MS = 600_000
"""The most `tycoons analyse --budget-ms` takes: ten minutes of CPU a decision."""


def analyse_command(path: str, as_json: bool = False, budget_ms: int | None = None,
                    seats: list[int] | None = None, jobs: int = 1) -> int:
    """`tycoons analyse FILE [--json] [--budget-ms MS] [--seat N]`: 0 on success, 2 for a bad
    file or seat (with a one-line reason on stderr)."""
    import sys

    from engine.core.review import Review
    from saves.errors import SaveError
    from saves.store import read_save

    if budget_ms is not None and not 1 <= budget_ms <= MAX_BUDGET_MS:
        print(f"tycoons analyse: --budget-ms is the CPU time of one decision on average, from 1 to {MAX_BUDGET_MS:,} "
              f"milliseconds (not {budget_ms})", file=sys.stderr)
        return 2
    if jobs < 1:
        print(f"tycoons analyse: --jobs is a number of processes, 1 or more (not {jobs})", file=sys.stderr)
        return 2
    try:
        loaded = read_save(path)
    except SaveError as exc:
        print(f"tycoons analyse: {exc.reason}", file=sys.stderr)
        return 2
    session = loaded.session
    n = len(session.seats)
    if seats is not None:
        bad = [s for s in seats if not 0 <= s < n]
        if bad:
            print(f"tycoons analyse: there is no seat {bad[0]} (this game has seats 0 to {n - 1}: "
                  f"{', '.join(f'{i} {name}' for i, name in enumerate(session.names))})", file=sys.stderr)
            return 2
    review = Review.of_session(session)
    budget = EstimateBudget(budget_ms if budget_ms is not None else ANALYSIS_MS)
    analysis = analyse_review(review, session.state.state_hash(), seats, budget, jobs)
    calibrated = calibration(session.spec.id) is not None
    if as_json:
        print(json.dumps({"game": session.spec.id, "file": os.fspath(path), "names": session.names,
                          "budget_ms": budget.ms, "calibrated": calibrated, "marks": analysis.marks(),
                          "decisions": decision_rows(analysis, review), "summary": summary(analysis, review)}))
    else:
        print(text_report(analysis, review, calibrated))
    return 0
