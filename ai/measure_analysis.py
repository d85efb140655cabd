"""What an analysis finds against a deliberately weak player: one seat (a "human" seat, so the
analysis looks at it) always takes the first choice it is offered, against Normal AIs; the game is
played to its end, then analysed at the default budget, in this process (ai/ANALYSIS.md).

    python -m ai.measure_analysis GAME [GAME ...] [--seed 7] [--players 3] [--jobs 1] [--json]

For each game it prints the weak seat's score against the winner's, the decisions analysed, the
largest losses of win chance (points), how many are marked, the win chance given away in all,
what "the decisions that cost most" lists for that seat, and the CPU time an analysed decision
cost (the analysis's own process; with `--jobs` above 1, its workers too).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time


def first_choice_game(game_id: str, players: int, seed: int):
    """A finished session: seat 0 (human) always takes its first legal choice, the others are Normal."""
    from ai.core.worker import decide
    from engine.core.contract import SeatInfo
    from engine.core.session import Session

    seats = [SeatInfo("First")] + [SeatInfo(f"Normal {i}", "ai", "normal") for i in range(1, players)]
    s = Session.new(game_id, seats, seed=seed)
    while not s.is_over() and len(s.log) < 50_000:
        seat = s.to_move()
        if seat < 0:
            s.resolve_chance()
        elif seat == 0:
            s.apply(s.legal_actions()[0])
        else:
            s.apply(decide(s, level="normal"), by_ai=True)
    return s


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the analysis's workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def measure(game_id: str, players: int, seed: int, jobs: int) -> dict:
    from ai import analysis as an
    from engine.core.review import Review

    session = first_choice_game(game_id, players, seed)
    outcome = session.state.outcome()
    review = Review.of_session(session)
    c0, t0 = cpu_seconds(), time.perf_counter()
    analysis = an.analyse_review(review, session.state.state_hash(), [0], jobs=jobs)
    cpu = cpu_seconds() - c0
    wall = time.perf_counter() - t0
    losses = sorted((d.loss for d in analysis.decisions), reverse=True)
    marked = analysis.marked()
    row = {
        "game": game_id, "seed": seed, "players": players,
        "score": outcome.scores[0], "winner_score": max(outcome.scores), "rank": outcome.ranking[0],
        "decisions": len(analysis.decisions), "largest_losses": [round(x, 1) for x in losses[:3]],
        "losses_total": round(sum(losses), 1), "marked": len(marked),
        "marks": [d.severity(analysis.marks()) for d in marked],
        "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
        "cpu_ms_per_decision": round(1000 * cpu / max(1, len(analysis.decisions)), 1),
    }
    said = an.summary(analysis, review)["0"]
    row["given_away"] = [said["win_chance_given_away"], said["se"], said["sure"]]
    row["largest_se"] = [round(d.loss_se, 1) for d in sorted(analysis.decisions, key=lambda d: -d.loss)[:3]]
    row["costliest"] = [{"index": d.index, "points": round(d.points_loss), "se": round(d.points_se),
                         "loss": round(d.loss, 1), "mark": d.severity(analysis.marks())}
                        for d in an.costliest(analysis, review, 0)]
    return row


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ai.measure_analysis", description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="+")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    for game_id in args.games:
        row = measure(game_id, args.players, args.seed, args.jobs)
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            costly = ", ".join(f"{c['points']} ± {c['se']}" for c in row["costliest"])
            print(f"| {game_id} | {row['score']:g} vs {row['winner_score']:g} | {row['decisions']} | "
                  f"{', '.join(f'{x:.0f}' for x in row['largest_losses'])} ({row['losses_total']:.0f} in all) | "
                  f"{row['marked']} | {costly} | {row['cpu_ms_per_decision']:.0f} ms |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
