"""The strength ladder of a game's AI levels, measured and written where players see it.

    python -m ai.ladder first-ceo --games 400 --seed 1 --iterations 16 --jobs 2 --dir ladder/first-ceo

Each pairing plays one level against three (or players − 1) of another, seats rotated one seat a
game: Easy against Normals, Normal against Easys, Hard against Normals, Expert against Normals and
against Hards (the levels the game has). Every game gives pairwise finishing places: each seat of
one level against each seat of the other finished above (1), below (0) or level (½). A
Bradley–Terry model fitted to all of them puts the levels on one scale, shown as Elo points with
Normal at 1500; the 95 % intervals come from resampling the games (bootstrap), which keeps the
places of one game together. Searching levels play at `--iterations` (worlds or iterations), a
fixed budget that replays exactly; ai/HARD.md shows which fixed budgets play no stronger than
the 2 s a player's opponent gets.

Played games are kept in `--dir` (one line each), so a run stopped half way goes on where it was,
and a larger `--games` only plays the games still missing. The command prints the tables of
ai/LADDER.md and writes `assets/games/<id>/ladder.json`, from which New game says, by each level,
how often it wins ("wins about 4 games in 10 against three Normals").
"""

from __future__ import annotations

import argparse
import json
import math
import os
from pathlib import Path

from ai.core.agent import Budget
from ai.core.measured import LADDER_FILE, ladder_data
from ai.report import wilson
from ai.simulate import game_seed, play_out, seat_levels
from engine.core.assets import game_asset
from engine.core.contract import SeatInfo
from engine.core.session import Session
from saves.files import open_append

PAIRINGS = (("easy", "normal"), ("normal", "easy"), ("hard", "normal"), ("expert", "normal"), ("expert", "hard"))
"""(level, the level in every other seat): the first pairing of each level is its plain line."""
ANCHOR = ("normal", 1500.0)
ELO = 400.0 / math.log(10.0)
NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard", "expert": "Expert"}


# -- playing ----------------------------------------------------------------------------------------
def play_games(game_id: str, players: int, seed: int, hero: str, field: str, first: int, count: int,
               iterations: int | None) -> list[dict]:
    """Games `first`.. of the pairing `hero` against `field`: each seat's level and final score."""
    from ai.core.agents import get_agent

    levels = [hero] + [field] * (players - 1)
    agents = {lv: get_agent(game_id, lv) for lv in dict.fromkeys(levels)}
    budgets = {lv: Budget(None, iterations) for lv in agents}
    out = []
    for g in range(first, first + count):
        lv_of = seat_levels(levels, players, g, rotate=True)
        session = Session.new(game_id, [SeatInfo(f"AI {i + 1}", "ai", lv) for i, lv in enumerate(lv_of)], None,
                              game_seed(seed + _pairing_offset(hero, field), g))
        play_out(session, lv_of, agents, budgets)
        outcome = session.state.outcome() if session.is_over() else None
        if outcome is not None:
            out.append({"g": g, "levels": lv_of, "scores": list(outcome.scores),
                        "winners": sorted(outcome.winners)})
    return out


def _pairing_offset(hero: str, field: str) -> int:
    # each pairing deals its own games (a fixed, documented offset of the seed)
    return 1000 * PAIRINGS.index((hero, field)) if (hero, field) in PAIRINGS else 0


def _play_args(args):
    return play_games(*args)


def run_pairing(game_id: str, players: int, seed: int, hero: str, field: str, games: int,
                iterations: int | None, folder: Path, jobs: int, play: bool = True) -> list[dict]:
    """The pairing's games, played now where the folder does not hold them yet (unless `play` is
    false: then only those it holds)."""
    path = folder / f"{hero}-vs-{field}.jsonl"
    done = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                done[row["g"]] = row
    missing = [g for g in range(games) if g not in done] if play else []
    chunks = []
    step = 10
    for i in range(0, len(missing), step):
        part = missing[i:i + step]
        chunks.append((game_id, players, seed, hero, field, part[0], part[-1] - part[0] + 1, iterations))
    if chunks:
        folder.mkdir(parents=True, exist_ok=True)
        for rows in _map(chunks, jobs):
            with open_append(path) as f:  # appended a chunk at a time: a stop loses one
                for row in rows:
                    if row["g"] not in done:
                        f.write(json.dumps(row) + "\n")
                        done[row["g"]] = row
    return [done[g] for g in sorted(done) if g < games]


def _map(chunks, jobs):
    if jobs <= 1 or len(chunks) <= 1:
        for c in chunks:
            yield play_games(*c)
        return
    from concurrent.futures import ProcessPoolExecutor

    from ai.core.lifeline import watch_parent

    with ProcessPoolExecutor(jobs, initializer=watch_parent, initargs=(os.getpid(),)) as pool:
        yield from pool.map(_play_args, chunks)


# -- rating -----------------------------------------------------------------------------------------
def comparisons(rows: list[dict]) -> list[tuple[str, str, float]]:
    """(level a, level b, a's result against b) for every pair of seats of different levels."""
    out = []
    for row in rows:
        lv, sc = row["levels"], row["scores"]
        for i in range(len(lv)):
            for j in range(i + 1, len(lv)):
                if lv[i] != lv[j]:
                    out.append((lv[i], lv[j], 1.0 if sc[i] > sc[j] else 0.0 if sc[i] < sc[j] else 0.5))
    return out


def bradley_terry(comps: list[tuple[str, str, float]], levels: list[str], steps: int = 200) -> dict[str, float]:
    """Strengths (natural log-odds scale, the anchor's at 0) maximising the likelihood of `comps`,
    by Hunter's MM algorithm; a level that won or lost everything is held 8 logits from the rest."""
    wins = dict.fromkeys(levels, 0.0)
    pairs: dict[tuple[str, str], float] = {}
    for a, b, r in comps:
        wins[a] += r
        wins[b] += 1 - r
        key = (a, b) if a < b else (b, a)
        pairs[key] = pairs.get(key, 0) + 1
    gamma = dict.fromkeys(levels, 1.0)
    for _ in range(steps):
        new = {}
        for lv in levels:
            denom = sum(n / (gamma[a] + gamma[b]) for (a, b), n in pairs.items() if lv in (a, b))
            new[lv] = max(wins[lv], 1e-3) / denom if denom else 1.0
        anchor = new.get(ANCHOR[0], 1.0)
        gamma = {lv: min(max(g / anchor, math.exp(-8)), math.exp(8)) for lv, g in new.items()}
    return {lv: math.log(g) for lv, g in gamma.items()}


def ratings(by_pairing: dict[tuple[str, str], list[dict]], levels: list[str], boot: int = 200,
            seed: int = 1) -> dict[str, tuple[float, float, float]]:
    """Elo-scaled rating of each level with a 95 % bootstrap interval over games."""
    import random

    point = bradley_terry([c for rows in by_pairing.values() for c in comparisons(rows)], levels)
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {lv: [] for lv in levels}
    for _ in range(boot):
        comps = []
        for rows in by_pairing.values():
            if rows:
                comps += comparisons([rows[rng.randrange(len(rows))] for _ in rows])
        for lv, s in bradley_terry(comps, levels, steps=100).items():
            draws[lv].append(s)
    out = {}
    for lv in levels:
        d = sorted(draws[lv])
        lo, hi = d[int(0.025 * (len(d) - 1))], d[int(0.975 * (len(d) - 1))]
        out[lv] = tuple(ANCHOR[1] + ELO * x for x in (point[lv], lo, hi))
    return out


# -- the plain line ---------------------------------------------------------------------------------
def plain_line(won: float, games: int, against: str, players: int) -> str:
    """'wins about 4 games in 10 against three Normals', from a measured share."""
    others = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}.get(players - 1, str(players - 1))
    field = f"{others} {NAMES.get(against, against)}{'s' if players > 2 else ''}"
    tenths = round(10 * won / max(1, games))
    if tenths <= 0:
        return f"wins fewer than 1 game in 10 against {field}"
    if tenths >= 10:
        return f"wins almost every game against {field}"
    return f"wins about {tenths} game{'s' if tenths > 1 else ''} in 10 against {field}"


def level_lines(game_id: str) -> dict[str, str]:
    """Each level's plain line from the game's ladder file; {} when there is none or it is unreadable."""
    data = ladder_data(game_id)
    try:
        players = int(data["players"])  # type: ignore[index]
        out = {}
        for level, row in data["levels"].items():
            out[str(level)] = plain_line(float(row["won"]), int(row["games"]), str(row["against"]), players)
        return out
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


# -- the command ------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    from ai.core.agents import playable_levels as game_levels

    ap = argparse.ArgumentParser(prog="python -m ai.ladder", description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=400, help="games per pairing")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=None, help="fixed budget of the searching levels")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--dir", required=True, help="where the played games are kept (resumable)")
    ap.add_argument("--pairings", default="", help="only these, e.g. hard-normal,expert-hard")
    ap.add_argument("--no-write", action="store_true", help="print the tables, leave assets/ alone")
    ap.add_argument("--played-only", action="store_true",
                    help="play nothing: rate the games the folder holds (up to --games per pairing)")
    args = ap.parse_args(argv)
    offered = game_levels(args.game)
    pairings = [p for p in PAIRINGS if p[0] in offered and p[1] in offered]
    if args.pairings:
        wanted = {tuple(x.split("-", 1)) for x in args.pairings.split(",")}
        pairings = [p for p in pairings if p in wanted]
    folder = Path(args.dir)
    by_pairing = {}
    for hero, field in pairings:
        by_pairing[(hero, field)] = run_pairing(args.game, args.players, args.seed, hero, field, args.games,
                                                args.iterations, folder, args.jobs, not args.played_only)
    by_pairing = {p: rows for p, rows in by_pairing.items() if rows}
    used = [lv for lv in offered if any(lv in p for p in by_pairing)]
    budget = (f"a fixed {args.iterations} worlds (rollout form) or iterations (tree) a decision" if args.iterations
              else "2 s a decision")
    print(f"{args.game}, {args.players} players, seats rotated, seed {args.seed}, searching levels at {budget}\n")
    print("| level | against | games | share won | 95 % interval | fair share |")
    print("|---|---|---|---|---|---|")
    plain = {}
    for (hero, field), rows in by_pairing.items():
        won = sum(1.0 / len(r["winners"]) for r in rows if r["levels"].index(hero) in r["winners"])
        n = len(rows)
        lo, hi = wilson(won, n)
        print(f"| {NAMES[hero]} | {args.players - 1} × {NAMES[field]} | {n} | {won / max(1, n):.1%} | "
              f"{lo:.1%} – {hi:.1%} | {1 / args.players:.1%} |")
        if hero not in plain and n:
            plain[hero] = {"against": field, "won": won, "games": n}
    rated = ratings(by_pairing, used) if by_pairing else {}
    print("\n| level | rating (Elo, Normal = 1500) | 95 % interval |")
    print("|---|---|---|")
    for lv in used:
        r, lo, hi = rated[lv]
        print(f"| {NAMES[lv]} | {r:.0f} | {lo:.0f} – {hi:.0f} |")
    if not args.no_write and plain:
        data = {"game": args.game, "players": args.players, "seed": args.seed, "iterations": args.iterations,
                "levels": plain, "ratings": {lv: [round(x, 1) for x in rated[lv]] for lv in used}}
        from saves.files import write_atomic  # the one safe-write path

        target = game_asset(args.game, LADDER_FILE)
        write_atomic(target, (json.dumps(data, indent=1, sort_keys=True) + "\n").encode())
        print(f"\nwrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
