"""`tycoons simulate` (ARCHITECTURE §8): play whole AI games headless and print one JSON summary.

    tycoons simulate first-ceo --players 4 --games 500 --seed 1 --ai normal,easy,easy,easy --rotate

`--ai` gives one level for every seat or one per seat; `--rotate` shifts those levels one seat
further each game so that seat advantage cancels out. Game g is seeded with a value derived from
`--seed` and g, so any single game can be replayed on its own. `simulate()` is the library form
and also returns per-level decision times (used for the results in ai/games/*/RESULTS.md).
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from ai.core.agent import Budget
from ai.core.agents import get_agent
from ai.core.hard import hard_agent
from ai.core.observe import observe, observe_everything
from engine.command_line import process_count
from engine.core.contract import SeatInfo
from engine.core.errors import TycoonsError
from engine.core.rng import Rng
from engine.core.session import Session

DECISION_CAP = 20_000
"""A game still running after this many player decisions counts as unfinished (never hangs)."""


def game_seed(seed: int, g: int) -> int:
    """The session seed of game `g` of a run with `--seed seed` (fits a signed 64-bit int)."""
    return Rng.derive(seed, "simulate", g).next64() >> 1


def seat_levels(levels: list[str], players: int, g: int, rotate: bool) -> list[str]:
    """The level of each seat in game `g`: the list itself, or rotated by g seats."""
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise ValueError(f"--ai names {len(levels)} levels for {players} players; "
                         "give one level for all seats or exactly one per seat")
    if not rotate:
        return list(levels)
    return [levels[(i + g) % players] for i in range(players)]


@dataclass
class SimResult:
    """Everything one simulation run measured."""

    game: str
    games: int
    finished: int = 0
    wins_by_seat: list[float] = field(default_factory=list)
    score_sums: list[float] = field(default_factory=list)
    wins_by_level: dict[str, float] = field(default_factory=dict)
    games_by_level: dict[str, int] = field(default_factory=dict)
    decisions: int = 0
    seconds: float = 0.0
    decision_seconds: dict[str, list[float]] = field(default_factory=dict)

    def summary(self, with_levels: bool) -> dict:
        """The JSON object `tycoons simulate` prints."""
        n = max(self.finished, 1)
        secs = max(self.seconds, 1e-9)
        out = {
            "game": self.game,
            "games": self.games,
            "finished": self.finished,
            "wins_by_seat": [_num(w) for w in self.wins_by_seat],
            "mean_scores": [round(s / n, 2) for s in self.score_sums],
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.games / secs, 3),
            "decisions_per_s": round(self.decisions / secs, 1),
        }
        if with_levels:
            out["wins_by_level"] = {k: _num(v) for k, v in self.wins_by_level.items()}
        return out

    def p95_ms(self, level: str) -> float:
        """The 95th percentile of one level's decision times, in milliseconds."""
        times = sorted(self.decision_seconds.get(level, []))
        if not times:
            return 0.0
        return 1000 * times[min(len(times) - 1, int(0.95 * len(times)))]


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else round(x, 4)


ORACLE_FACTOR = 2
"""The "oracle" level searches this many times longer than "hard" (it is the ceiling measurement)."""


def _agent(game_id: str, level: str):
    if level == "oracle":
        agent = hard_agent(game_id)
        agent.level = "oracle"
        return agent
    return get_agent(game_id, level)


def _budget(level: str, think_ms: int | None, iterations: int | None) -> Budget:
    if level == "oracle":
        return Budget(None if think_ms is None else think_ms * ORACLE_FACTOR,
                      None if iterations is None else iterations * ORACLE_FACTOR)
    return Budget(think_ms, iterations)


def _observe(state, seat: int, game_id: str, level: str):
    if level == "oracle":
        return observe_everything(state, seat, game_id)
    return observe(state, seat, game_id)


def simulate(game_id: str, players: int, games: int, seed: int, levels: list[str],
             rotate: bool = False, think_ms: int | None = None, save_dir: str | None = None,
             decision_cap: int = DECISION_CAP, iterations: int | None = None, jobs: int = 1,
             first: int = 0) -> SimResult:
    """Play `games` whole games between AI seats and collect wins, scores and timings.

    `think_ms`/`iterations` cap searching levels. `jobs` > 1 spreads the games over that many
    processes; game g is the same game whichever process plays it, so the totals do not depend on
    `jobs`. The level "oracle" is the Hard search given the true state (every hidden card) and
    `ORACLE_FACTOR` times the budget: the ceiling of what searching can reach, never offered to players.
    """
    seat_levels(levels, players, 0, rotate)  # refuse a bad --ai before any game starts
    jobs = process_count(jobs, games)
    if jobs > 1:
        return _simulate_parallel(game_id, players, games, seed, levels, rotate, think_ms, save_dir,
                                  decision_cap, iterations, jobs, first)
    agents = {lv: _agent(game_id, lv) for lv in dict.fromkeys(levels)}
    budgets = {lv: _budget(lv, think_ms, iterations) for lv in agents}
    write_session = None
    if save_dir is not None:
        from saves import write_session  # lazy: the saves package is only needed here

        Path(save_dir).mkdir(parents=True, exist_ok=True)
    result = SimResult(game_id, games, wins_by_seat=[0.0] * players, score_sums=[0.0] * players,
                       wins_by_level={lv: 0.0 for lv in agents}, games_by_level={lv: 0 for lv in agents},
                       decision_seconds={lv: [] for lv in agents})
    clock = time.perf_counter
    start = clock()
    for g in range(first, first + games):
        lv_of = seat_levels(levels, players, g, rotate)
        seats = [SeatInfo(f"AI {i + 1} ({lv})", "ai", lv) for i, lv in enumerate(lv_of)]
        session = Session.new(game_id, seats, None, game_seed(seed, g))
        result.decisions += play_out(session, lv_of, agents, budgets, decision_cap, result.decision_seconds)
        if save_dir is not None:
            write_session(session, Path(save_dir) / f"game-{g:04d}.tycoons")
        outcome = session.state.outcome() if session.is_over() else None
        if outcome is None:
            continue
        result.finished += 1
        share = 1.0 / len(outcome.winners)
        for w in outcome.winners:
            result.wins_by_seat[w] += share
            result.wins_by_level[lv_of[w]] += share
        for i, s in enumerate(outcome.scores):
            result.score_sums[i] += s
        for lv in set(lv_of):
            result.games_by_level[lv] += 1
    result.seconds = clock() - start
    return result


def play_out(session, lv_of: list[str], agents: dict, budgets: dict, decision_cap: int = DECISION_CAP,
             times: dict[str, list[float]] | None = None, after=None) -> int:
    """Let the AI seats play `session` to its end (or `decision_cap` decisions); the number made.

    `lv_of` is each seat's level, `agents`/`budgets` map a level to its agent and budget; `times`
    collects each level's decision times; `after(state)` is called after every decision."""
    clock = time.perf_counter
    game_id = session.state.spec.id
    made = 0
    while not session.is_over() and made < decision_cap:
        seat = session.to_move()
        level = lv_of[seat]
        t0 = clock()
        obs = _observe(session.state, seat, game_id, level)
        action = agents[level].choose(obs, session.ai_rng(), budgets[level])
        if times is not None:
            times[level].append(clock() - t0)
        session.apply(action, by_ai=True)
        made += 1
        if after is not None:
            after(session.state)
    return made


def _simulate_parallel(game_id, players, games, seed, levels, rotate, think_ms, save_dir, decision_cap,
                       iterations, jobs, first) -> SimResult:
    import os
    from concurrent.futures import ProcessPoolExecutor

    from ai.core.lifeline import watch_parent

    bounds = [first + games * j // jobs for j in range(jobs + 1)]
    start = time.perf_counter()
    with ProcessPoolExecutor(jobs, initializer=watch_parent, initargs=(os.getpid(),)) as pool:
        parts = list(pool.map(_simulate_part, [
            (game_id, players, hi - lo, seed, levels, rotate, think_ms, save_dir, decision_cap, iterations, 1, lo)
            for lo, hi in zip(bounds, bounds[1:], strict=False)]))
    total = parts[0]
    total.games = games
    for part in parts[1:]:
        total.finished += part.finished
        total.decisions += part.decisions
        for i in range(players):
            total.wins_by_seat[i] += part.wins_by_seat[i]
            total.score_sums[i] += part.score_sums[i]
        for lv in total.wins_by_level:
            total.wins_by_level[lv] += part.wins_by_level[lv]
            total.games_by_level[lv] += part.games_by_level[lv]
            total.decision_seconds[lv] += part.decision_seconds[lv]
    total.seconds = time.perf_counter() - start
    return total


def _simulate_part(args) -> SimResult:
    return simulate(*args)


def run_from_args(args) -> int:
    """Run `tycoons simulate` from parsed arguments; print one JSON object; 0 on success."""
    levels = [lv.strip() for lv in str(args.ai).split(",") if lv.strip()]
    try:
        if not levels:
            raise ValueError("--ai needs at least one level")
        if args.games < 0:
            raise ValueError("--games must not be negative")
        result = simulate(args.game, args.players, args.games, args.seed, levels, rotate=args.rotate,
                          think_ms=args.think_ms, save_dir=args.save_dir,
                          iterations=args.iterations, jobs=args.jobs)
    except (ValueError, TycoonsError) as exc:
        print(f"tycoons simulate: {exc}", file=sys.stderr)
        return 2
    with_levels = args.rotate or len(set(levels)) > 1
    print(json.dumps(result.summary(with_levels)))
    return 0
