"""Fit a game's Hard evaluation on Normal-vs-Normal self-play (see ai/core/fitted.py).

    python -m ai.core.fit_evaluation first-ceo --games 900 --seed 100000 --every 1 --jobs 2

The game's `ai/games/<pkg>/knowledge.py` provides `features(state) -> (progress, rows)` and
`FIT_EDGES` (the progress bucket bounds). Every `--every`-th player decision of each game is one
sample, labelled with that game's winners. Games whose seed is a multiple of 5 are held out: the
report compares the fitted model's log loss on them with a uniform guess. The coefficient table is
printed as Python, ready to paste into the game's knowledge module.
"""

from __future__ import annotations

import argparse
import math
import sys

from ai.core.fitted import FittedModel, Sample, fit, log_loss
from ai.core.game_parts import own_module


def fitted_module(game_id: str):
    """The game's knowledge module, which holds its `features`, `FIT_EDGES` and `FITTED`."""
    module = own_module(game_id, "knowledge")
    if module is None or not hasattr(module, "features"):
        raise SystemExit(f"{game_id} has no fitted evaluation (no features in its knowledge module)")
    return module


def collect(game_id: str, players: int, seeds: range, every: int) -> list[tuple[int, Sample]]:
    """(seed, sample) pairs from Normal-vs-Normal games, one game per seed."""
    from ai.core.worker import decide
    from engine.core import Session
    from engine.core.contract import SeatInfo

    features = fitted_module(game_id).features
    out = []
    for seed in seeds:
        session = Session.new(game_id, [SeatInfo(f"P{i}", "ai", "normal") for i in range(players)], seed=seed)
        taken = []
        made = 0
        while not session.is_over() and made < 20_000:
            if made % every == 0:
                taken.append(features(session.state))
            session.apply(decide(session), by_ai=True)
            made += 1
        if not session.is_over():
            continue
        winners = session.state.outcome().winners
        won = [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
        out.extend((seed, (progress, rows, won)) for progress, rows in taken)
    return out


def _collect_part(args):
    return collect(*args)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ai.core.fit_evaluation", description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=900)
    ap.add_argument("--seed", type=int, default=100_000)
    ap.add_argument("--every", type=int, default=1, help="take every k-th player decision")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    module = fitted_module(args.game)
    bounds = [args.seed + args.games * j // args.jobs for j in range(args.jobs + 1)]
    parts = [(args.game, args.players, range(lo, hi), args.every) for lo, hi in zip(bounds, bounds[1:], strict=False)]
    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.jobs) as pool:
            pairs = [p for part in pool.map(_collect_part, parts) for p in part]
    else:
        pairs = collect(*parts[0])
    train = [s for seed, s in pairs if seed % 5]
    held = [s for seed, s in pairs if not seed % 5]
    model = fit(train, module.FIT_EDGES)
    uniform = math.log(args.players)
    print(f"# {len(train)} samples to fit, {len(held)} held out; held-out log loss "
          f"{log_loss(model, held):.4f} (uniform {uniform:.4f}, current {log_loss(module.FITTED, held):.4f})",
          file=sys.stderr)
    print(_as_python(model))
    return 0


def _as_python(model: FittedModel) -> str:
    rows = "\n".join("        (" + ", ".join(f"{c:.6g}" for c in row) + ")," for row in model.beta)
    return f"FITTED = FittedModel(\n    edges={model.edges!r},\n    beta=(\n{rows}\n    ),\n)"


if __name__ == "__main__":
    raise SystemExit(main())
