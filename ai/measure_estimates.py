"""How honest are the win chances? Self-play measurement of the estimator (ai/core/estimate.py).

    python -m ai.measure_estimates play GAME --games 500 [--players 4] [--positions 3]
           [--budget-ms 400] [--seed 1] [--jobs 1] [--out DIR] [--analysed LEVEL]
    python -m ai.measure_estimates report GAME [--out DIR] [--write] [--analysed LEVEL]

`--analysed LEVEL` measures the estimates on players like ours rather than on Normals alone: in
each game one seat (the game's number modulo the players, so every seat takes its turn) plays at
LEVEL against Normals, and only its decisions are sampled; the samples go to `DIR/GAME-LEVEL.jsonl`,
and `report` scores them with the calibration the app ships (the game's estimates.toml) beside
one fitted on them out of sample. Without it, every seat is Normal and any seat's decision counts.

`play` plays Normal-vs-Normal games and, at `--positions` decisions of each game (one drawn at
random from each equal part of its decisions that offer a choice, so early, middle and late
positions all count), estimates the deciding seat's win chance at the analysis budget, from that
seat's view, exactly as an analysis does; each sample is one JSON line in `DIR/GAME.jsonl`, with
the game's real outcome. A run that stops can be started again: games already in the file are
skipped. Cost: about `positions × budget` of CPU a game beyond the game itself.

`report` turns the samples into the figures of ai/ANALYSIS.md: the Brier score of the estimates
against the real outcomes beside the base rate's (always forecasting the deciding seats' average
win rate), a reliability table by deciles, and the calibration exponent that fits best. The
calibration is judged out of sample (fitted on the even games, scored on the odd ones and the
other way round). `--write` also writes `assets/games/GAME/estimates.toml`, which the app reads:
its `marks` is true only if the calibrated estimates beat the base rate by more than two standard
errors (games are the unit: the positions of one game are not independent). A game whose marks
are false gets no mistake marks in an analysis.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
from pathlib import Path

from saves.files import open_append, write_atomic

DEFAULT_OUT = Path(tempfile.gettempdir()) / "tycoons-estimates"
"""Where the samples go (they are not kept in the repository: `play` rebuilds them)."""
MEASURE_MS = 400
"""The CPU time of one sampled estimate (the analysis's first budget, before its first pass and
duels: ai/refine.py; kept so that the measurements stay comparable)."""
POWERS = (0.3, 3.0)
"""The range searched for the calibration exponent."""


# -- playing ------------------------------------------------------------------------------------
def play_game(game_id: str, players: int, g: int, seed: int, positions: int, budget_ms: int,
              analysed: str | None = None) -> list[dict]:
    """One game and the estimator's samples at `positions` of its decisions: every seat Normal, or
    with `analysed`, seat `g % players` at that level and only its decisions sampled."""
    from ai.core.agent import Budget
    from ai.core.agents import get_agent
    from ai.core.estimate import EstimateBudget, estimate
    from ai.core.observe import observe
    from ai.core.shares import terminal_shares
    from ai.simulate import game_seed
    from engine.core.contract import SeatInfo
    from engine.core.rng import Rng
    from engine.core.session import Session

    seats = [SeatInfo(f"AI {i + 1}", "ai", "normal") for i in range(players)]
    session = Session.new(game_id, seats, None, game_seed(seed, g))
    agent = get_agent(game_id, "normal")
    who = g % players if analysed else None
    theirs = get_agent(game_id, analysed) if analysed else agent
    choices = []  # log indices of player decisions with more than one legal action (of the analysed seat)
    while not session.is_over() and len(session.log) < 200_000:
        seat = session.to_move()
        obs = observe(session.state, seat, game_id)
        if len(obs.legal) > 1 and who in (None, seat):
            choices.append(len(session.log))
        session.apply((theirs if seat == who else agent).choose(obs, session.ai_rng(), Budget()), by_ai=True)
    if not session.is_over() or not choices:
        return []
    outcome = terminal_shares(session.state)
    rng = Rng.derive(seed, "estimate-positions", g)
    picks = []
    for part in range(positions):
        lo, hi = len(choices) * part // positions, len(choices) * (part + 1) // positions
        if hi > lo:
            picks.append(choices[lo + rng.randbelow(hi - lo)])
    actions = [e.action for e in session.log]
    state = session.spec.new_state(players, session.options)
    applied = 0
    samples = []
    for index in picks:
        while applied < index:
            state.apply_unchecked(actions[applied])
            applied += 1
        seat = state.to_move()
        played = actions[index]
        est = estimate(observe(state, seat, game_id), Rng.derive(seed, "estimate", g, index).next64() >> 12,
                       EstimateBudget(budget_ms, "cpu"), include=[played], power=1.0)
        chosen = est.find(played)
        samples.append({
            "game": g, "index": index, "decisions": len(actions), "players": players, "seat": seat,
            "level": analysed or "normal",
            "progress": round(index / len(actions), 4), "candidates": len(est.candidates),
            "worlds": est.worlds, "best": [round(x, 5) for x in est.best.shares],
            "after": [round(x, 5) for x in chosen.shares], "outcome": outcome,
        })
    return samples


def _play_one(args) -> list[dict]:
    return play_game(*args)


def samples_path(game_id: str, out: Path, analysed: str | None = None) -> Path:
    return out / (f"{game_id}-{analysed}.jsonl" if analysed else f"{game_id}.jsonl")


def play(game_id: str, games: int, players: int, positions: int, budget_ms: int, seed: int, jobs: int,
         out: Path, analysed: str | None = None) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = samples_path(game_id, out, analysed)
    done = {json.loads(line)["game"] for line in path.read_text().splitlines() if line.strip()} \
        if path.exists() else set()
    todo = [(game_id, players, g, seed, positions, budget_ms, analysed) for g in range(games) if g not in done]
    with open_append(path) as fh:
        def keep(samples):
            for sample in samples:
                fh.write(json.dumps(sample) + "\n")
            fh.flush()

        if jobs <= 1:
            for i, args in enumerate(todo):
                keep(_play_one(args))
                _progress(i + 1, len(todo))
        else:
            import multiprocessing
            import os
            from concurrent.futures import ProcessPoolExecutor

            from ai.core.lifeline import watch_parent

            ctx = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(jobs, mp_context=ctx, initializer=watch_parent,
                                     initargs=(os.getpid(),)) as pool:
                for i, samples in enumerate(pool.map(_play_one, todo)):
                    keep(samples)
                    _progress(i + 1, len(todo))
    return path


def _progress(i: int, n: int) -> None:
    if i % 25 == 0 or i == n:
        print(f"  {i}/{n} games", file=sys.stderr, flush=True)


# -- reporting ----------------------------------------------------------------------------------
def calibrate(shares, power: float) -> list[float]:
    from ai.core.estimate import calibrate as cal

    return list(cal(shares, power))


def load(game_id: str, out: Path = DEFAULT_OUT, analysed: str | None = None) -> list[dict]:
    path = samples_path(game_id, out, analysed)
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def vector_brier(samples: list[dict], power: float, key: str = "after") -> float:
    """Mean over samples of the squared error of every seat's calibrated share (what a power fits)."""
    total = 0.0
    for s in samples:
        p = calibrate(s[key], power)
        total += sum((pi - yi) ** 2 for pi, yi in zip(p, s["outcome"], strict=True))
    return total / max(1, len(samples))


def fit_power(samples: list[dict], key: str = "after") -> float:
    """The calibration exponent with the least Brier score (golden-section search on its log)."""
    lo, hi = math.log(POWERS[0]), math.log(POWERS[1])
    phi = (math.sqrt(5) - 1) / 2
    a, b = hi - phi * (hi - lo), lo + phi * (hi - lo)
    fa, fb = vector_brier(samples, math.exp(a), key), vector_brier(samples, math.exp(b), key)
    for _ in range(40):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - phi * (hi - lo)
            fa = vector_brier(samples, math.exp(a), key)
        else:
            lo, a, fa = a, b, fb
            b = lo + phi * (hi - lo)
            fb = vector_brier(samples, math.exp(b), key)
    return math.exp((lo + hi) / 2)


def mover_forecasts(samples: list[dict], power: float, key: str = "after") -> list[tuple[float, float, int]]:
    """(the deciding seat's calibrated win chance, its real share of the win, the game) per sample."""
    return [(calibrate(s[key], power)[s["seat"]], s["outcome"][s["seat"]], s["game"]) for s in samples]


def cross_validated(samples: list[dict], key: str = "after") -> tuple[list[tuple[float, float, int]], list[float]]:
    """Each sample's forecast with the exponent fitted on the other half of the games (by parity)."""
    out, powers = [], []
    for part in (0, 1):
        train = [s for s in samples if s["game"] % 2 != part]
        test = [s for s in samples if s["game"] % 2 == part]
        power = fit_power(train, key)
        powers.append(power)
        out += mover_forecasts(test, power, key)
    return out, powers


def brier_stats(forecasts: list[tuple[float, float, int]]) -> dict:
    """Brier score, the base rate's, the skill score, and the standard error of the gain over the
    base rate with games as the unit."""
    n = len(forecasts)
    base = sum(y for _, y, _ in forecasts) / n
    brier = sum((p - y) ** 2 for p, y, _ in forecasts) / n
    base_brier = sum((base - y) ** 2 for _, y, _ in forecasts) / n
    per_game: dict[int, list[float]] = {}
    for p, y, g in forecasts:
        per_game.setdefault(g, []).append((base - y) ** 2 - (p - y) ** 2)
    gains = [sum(v) / len(v) for v in per_game.values()]
    m = sum(gains) / len(gains)
    se = math.sqrt(sum((x - m) ** 2 for x in gains) / max(1, len(gains) - 1) / len(gains))
    return {"samples": n, "games": len(per_game), "base_rate": base, "brier": brier, "base_brier": base_brier,
            "skill": 1 - brier / base_brier if base_brier > 0 else 0.0, "gain": m, "gain_se": se}


def reliability(forecasts: list[tuple[float, float, int]]) -> list[tuple[str, int, float, float]]:
    """(decile, samples, mean forecast, observed share of wins) for each decile of the forecast."""
    rows = []
    for d in range(10):
        inside = [(p, y) for p, y, _ in forecasts if d / 10 <= p < (d + 1) / 10 or (d == 9 and p >= 1.0)]
        if inside:
            rows.append((f"{d * 10}–{(d + 1) * 10} %", len(inside), sum(p for p, _ in inside) / len(inside),
                         sum(y for _, y in inside) / len(inside)))
        else:
            rows.append((f"{d * 10}–{(d + 1) * 10} %", 0, float("nan"), float("nan")))
    return rows


def report(game_id: str, out: Path = DEFAULT_OUT) -> dict:
    samples = load(game_id, out)
    raw = brier_stats(mover_forecasts(samples, 1.0))
    cv, powers = cross_validated(samples)
    calibrated = brier_stats(cv)
    power = fit_power(samples)
    best = brier_stats(cross_validated(samples, "best")[0])
    marks = calibrated["gain"] - 2 * calibrated["gain_se"] > 0
    worlds = sorted(s["worlds"] for s in samples)
    return {"game": game_id, "samples": samples, "raw": raw, "calibrated": calibrated, "best": best,
            "power": power, "fold_powers": powers, "marks": marks, "table": reliability(cv),
            "worlds_median": worlds[len(worlds) // 2], "players": samples[0]["players"]}


def markdown(r: dict) -> str:
    c, raw, best = r["calibrated"], r["raw"], r["best"]
    lines = [
        f"### {r['game']}",
        "",
        f"{c['games']} games of {r['players']} Normals, {c['samples']} positions; median {r['worlds_median']} "
        f"worlds an estimate. Base rate (the deciding seats' average win share) {c['base_rate']:.3f}.",
        "",
        "| estimate | Brier score | base rate's | skill | gain over the base rate (± 1 s.e., by game) |",
        "|---|---|---|---|---|",
        f"| raw (the evaluation's own shares) | {raw['brier']:.4f} | {raw['base_brier']:.4f} | "
        f"{raw['skill']:+.3f} | {raw['gain']:+.4f} ± {raw['gain_se']:.4f} |",
        f"| calibrated, out of sample (power {r['fold_powers'][0]:.2f} / {r['fold_powers'][1]:.2f}) | "
        f"{c['brier']:.4f} | {c['base_brier']:.4f} | {c['skill']:+.3f} | {c['gain']:+.4f} ± {c['gain_se']:.4f} |",
        f"| the best candidate's (a hint's \"before\"), calibrated | {best['brier']:.4f} | {best['base_brier']:.4f} | "
        f"{best['skill']:+.3f} | {best['gain']:+.4f} ± {best['gain_se']:.4f} |",
        "",
        f"Calibration exponent on all samples: **{r['power']:.3f}**. Mistake marks: "
        + ("**on** (the gain is more than two standard errors above zero)." if r["marks"]
           else "**off**: the estimates are no better than the base rate, so no decision is marked."),
        "",
        "| forecast (calibrated, out of sample) | positions | mean forecast | observed win share |",
        "|---|---|---|---|",
    ]
    for label, n, p, y in r["table"]:
        lines.append(f"| {label} | {n} | {p:.3f} | {y:.3f} |" if n else f"| {label} | 0 | – | – |")
    return "\n".join(lines) + "\n"


def auc(forecasts: list[tuple[float, float, int]]) -> float:
    """How well the forecasts rank positions: the chance that a position its seat won (a share of
    the win counts as that much of a win) was forecast higher than one it lost (0.5: no better than
    chance; ties count half). NaN without both."""
    won = [(p, y) for p, y, _ in forecasts if y > 0]
    lost = [p for p, y, _ in forecasts if y < 1]
    weight = sum(y for _, y in won) * len(lost)
    if not won or not lost or weight <= 0:
        return float("nan")
    total = sum(y * sum(1.0 if p > q else 0.5 if p == q else 0.0 for q in lost) for p, y in won)
    return total / weight


def report_players(game_id: str, level: str, out: Path = DEFAULT_OUT) -> dict:
    """The figures of the samples of a seat at `level` against Normals: the Brier score of the raw
    shares, of the shares calibrated as the app does (the exponent it ships), and of an exponent
    fitted on these samples out of sample, beside the base rate's; the reliability table of the
    app's forecasts."""
    from ai.core.estimate import calibration

    samples = load(game_id, out, level)
    shipped = calibration(game_id)
    power = shipped.power if shipped is not None else 1.0
    app = mover_forecasts(samples, power)
    cv, powers = cross_validated(samples)
    worlds = sorted(s["worlds"] for s in samples)
    return {"game": game_id, "level": level, "raw": brier_stats(mover_forecasts(samples, 1.0)),
            "app": brier_stats(app), "power": power, "refit": brier_stats(cv), "fold_powers": powers,
            "table": reliability(app), "worlds_median": worlds[len(worlds) // 2], "players": samples[0]["players"],
            "mean_forecast": sum(p for p, _, _ in app) / len(app), "auc": auc(app),
            "wins": sum({s["game"]: s["outcome"][s["seat"]] for s in samples}.values())}


def markdown_players(r: dict) -> str:
    raw, app, refit = r["raw"], r["app"], r["refit"]
    lines = [
        f"#### {r['game']}, the analysed seat {r['level'].capitalize()}",
        "",
        f"{app['games']} games of {r['players']} players ("
        + ("all Normal, one seat sampled a game, each in turn" if r["level"] == "normal" else
           f"one {r['level'].capitalize()}, the others Normal")
        + f"), {app['samples']} positions of the {r['level'].capitalize()} seat; median {r['worlds_median']} worlds an "
        f"estimate. Its average win share (the base rate) {app['base_rate']:.3f} (it won {r['wins']:g} games); the "
        f"app's mean forecast {r['mean_forecast']:.3f}; the chance that a position won was forecast above one lost "
        f"(AUC) {r['auc']:.2f}.",
        "",
        "| estimate | Brier score | base rate's | skill | gain over the base rate (± 1 s.e., by game) |",
        "|---|---|---|---|---|",
    ]
    for label, b in (("raw (the evaluation's own shares)", raw),
                     (f"calibrated as the app does (power {r['power']:.2f})", app),
                     (f"calibrated on these games, out of sample (power {r['fold_powers'][0]:.2f} / "
                      f"{r['fold_powers'][1]:.2f})", refit)):
        lines.append(f"| {label} | {b['brier']:.4f} | {b['base_brier']:.4f} | {b['skill']:+.3f} | "
                     f"{b['gain']:+.4f} ± {b['gain_se']:.4f} |")
    lines += ["", "| forecast (as the app calibrates it) | positions | mean forecast | observed win share |",
              "|---|---|---|---|"]
    for label, n, p, y in r["table"]:
        lines.append(f"| {label} | {n} | {p:.3f} | {y:.3f} |" if n else f"| {label} | 0 | – | – |")
    return "\n".join(lines) + "\n"


def write_toml(r: dict) -> Path:
    from engine.core.assets import game_asset

    c = r["calibrated"]
    path = game_asset(r["game"], "estimates.toml")
    write_atomic(path, (
        "# measured: python -m ai.measure_estimates (see ai/ANALYSIS.md); the app reads it\n"
        f"# {c['games']} Normal-vs-Normal games of {r['players']}, {c['samples']} positions\n"
        "[calibration]\n"
        f"power = {r['power']:.4f}\n"
        f"brier = {c['brier']:.5f}\n"
        f"base_brier = {c['base_brier']:.5f}\n"
        f"samples = {c['samples']}\n"
        f"marks = {'true' if r['marks'] else 'false'}\n").encode())
    return path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ai.measure_estimates", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    pl = sub.add_parser("play", help="play games and sample the estimator")
    pl.add_argument("game")
    pl.add_argument("--games", type=int, default=500)
    pl.add_argument("--players", type=int, default=4)
    pl.add_argument("--positions", type=int, default=3)
    pl.add_argument("--budget-ms", type=int, default=None, help=f"CPU ms an estimate (default {MEASURE_MS})")
    pl.add_argument("--seed", type=int, default=1)
    pl.add_argument("--jobs", type=int, default=1)
    pl.add_argument("--out", type=Path, default=DEFAULT_OUT)
    pl.add_argument("--analysed", default=None, help="the level of the one seat sampled (the others Normal)")
    rp = sub.add_parser("report", help="Brier scores and the reliability table from the samples")
    rp.add_argument("game")
    rp.add_argument("--out", type=Path, default=DEFAULT_OUT)
    rp.add_argument("--analysed", default=None, help="report the samples of `play --analysed LEVEL`")
    rp.add_argument("--write", action="store_true", help="also write assets/games/GAME/estimates.toml")
    args = p.parse_args(argv)
    if args.command == "play":
        path = play(args.game, args.games, args.players, args.positions, args.budget_ms or MEASURE_MS,
                    args.seed, args.jobs, args.out, args.analysed)
        print(path)
        return 0
    if args.analysed:
        print(markdown_players(report_players(args.game, args.analysed, args.out)))
        return 0
    r = report(args.game, args.out)
    print(markdown(r))
    if args.write:
        print(write_toml(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
