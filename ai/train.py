"""Train a game's Expert value model from nothing, by self-play (ai/expert/).

    python -m ai.train first-ceo --dir train/first-ceo --seed 1 --jobs 2 --install

Generation 0 plays `--games` games between Normals (each move now and then replaced by Easy's,
`--explore`, so the positions are varied) and fits the model to who won them. Each further
generation (`--generations`) is expert iteration: `--expert-games` games in which one seat is
played by Expert with the latest model (the others by Normal, seats rotated) add their positions
and outcomes, and the model is fitted again on everything so far, starting from the last one.
After each generation the log says how the model predicts held-out games and, over
`--eval-games` games, how Expert with it does against three Hards at `--budget`.

Everything lands in `--dir`: the samples of each block of games as it is played, the model of
each generation, `train.log`. Stopped at any point and run again with the same arguments, it
goes on where it was (a block of games half played is played again: games are seeded, so it is
the same block). The same seed gives the same model. `--install` writes the final model to
assets/games/<id>/expert-value.npz, where the Expert level reads it.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import numpy as np

from ai.core.agent import Budget
from ai.core.agents import get_agent
from ai.core.observe import observe
from ai.expert.agent import ExpertAgent, model_path, read_model
from ai.expert.features import expert_features
from ai.expert.fit import Samples, fit
from ai.expert.model import ValueModel, new_model
from ai.report import wilson
from ai.simulate import DECISION_CAP, seat_levels
from engine.core.contract import SeatInfo
from engine.core.registry import get_spec
from engine.core.rng import Rng
from engine.core.session import Session
from saves.files import open_append

BLOCK = 50
"""Games per checkpoint: a stopped run loses at most one block per process."""


# -- playing ------------------------------------------------------------------------------------------
def _make_agent(game_id: str, level: str, model_file: str | None):
    if level == "expert":
        return ExpertAgent(game_id, read_model(game_id, model_file), expert_features(game_id))
    return get_agent(game_id, level)


def play_block(game_id: str, players: int, seed: int, tag: str, first: int, count: int, levels: list[str],
               budget: int, explore: float, model_file: str | None) -> tuple[Samples, list[float]]:
    """Games `first`..`first+count-1` of run `tag`: the samples of every decision with a choice
    (features from the mover's view, the game's outcome), and the first level's share of the win
    in each game. Seats follow `levels` rotated one seat a game."""
    rows = expert_features(game_id).rows
    agents = {lv: _make_agent(game_id, lv, model_file) for lv in dict.fromkeys(levels)}
    easy = get_agent(game_id, "easy") if explore > 0 else None
    xs, ys, gs, won = [], [], [], []
    for g in range(first, first + count):
        lv_of = seat_levels(levels, players, g, rotate=True)
        # each run (generation, evaluation) deals its own games, all derived from --seed
        session = Session.new(game_id, [SeatInfo(f"AI {i + 1}", "ai", lv) for i, lv in enumerate(lv_of)], None,
                              Rng.derive(seed, tag, g).next64() >> 1)
        wobble = Rng.derive(seed, f"{tag}-explore", g)
        seen: list[tuple[int, list[list[float]]]] = []
        made = 0
        while not session.is_over() and made < DECISION_CAP:
            seat = session.to_move()
            obs = observe(session.state, seat, game_id)
            if len(obs.legal) > 1:
                seen.append((seat, rows(obs.view, seat)))
            level = lv_of[seat]
            if easy is not None and level == "normal" and wobble.random() < explore:
                action = easy.choose(obs, session.ai_rng(), Budget())
            else:
                action = agents[level].choose(obs, session.ai_rng(), Budget(None, budget))
            session.apply(action, by_ai=True)
            made += 1
        outcome = session.state.outcome() if session.is_over() else None
        if outcome is None:
            continue
        shares = [1.0 / len(outcome.winners) if s in outcome.winners else 0.0 for s in range(players)]
        won.append(shares[lv_of.index(levels[0])])
        for _, r in seen:
            xs.append(r)
            ys.append(shares)
            gs.append(g)
    width = len(expert_features(game_id).FEATURE_NAMES)
    X = np.asarray(xs, dtype=np.float32).reshape(-1, players, width)
    return Samples(X, np.asarray(ys, dtype=np.float32).reshape(-1, players), np.asarray(gs, dtype=np.int64)), won


def _play_block_args(args):
    return play_block(*args)


# -- files --------------------------------------------------------------------------------------------
def _write(path: Path, data: bytes) -> None:
    from saves.files import write_atomic  # the one safe-write path (exclusive temp file, atomic rename)

    write_atomic(path, data)


def _save_samples(path: Path, s: Samples) -> None:
    import io

    buf = io.BytesIO()
    np.savez_compressed(buf, X=s.X, Y=s.Y, G=s.G)
    _write(path, buf.getvalue())


def _load_samples(path: Path) -> Samples:
    with np.load(path, allow_pickle=False) as z:
        return Samples(z["X"], z["Y"], z["G"])


class Trainer:
    def __init__(self, args):
        self.a = args
        self.game = args.game
        self.dir = Path(args.dir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.features = expert_features(self.game)
        if self.features is None:
            raise SystemExit(f"python -m ai.train: {self.game} has no Expert features (ai/games/<pkg>/expert.py)")
        self.spec = get_spec(self.game)
        self.started = time.perf_counter()

    def log(self, text: str) -> None:
        line = f"[{time.strftime('%H:%M:%S')} +{time.perf_counter() - self.started:7.0f}s] {text}"
        print(line, flush=True)
        with open_append(self.dir / "train.log") as f:
            f.write(line + "\n")

    def run_keys(self) -> dict:
        """What makes a run's models what they are (the same keys give the same models)."""
        a = self.a
        return {"game": a.game, "players": a.players, "seed": a.seed, "games": a.games,
                "expert_games": a.expert_games, "explore": a.explore, "budget": a.budget, "hidden": a.hidden,
                "epochs": a.epochs}

    def check_run(self) -> None:
        """Refuse to mix two runs' checkpoints in one folder."""
        keys = self.run_keys()
        path = self.dir / "run.json"
        if path.exists():
            old = json.loads(path.read_text(encoding="utf-8"))
            if old != keys:
                raise SystemExit(f"python -m ai.train: {self.dir} holds another run ({old}); use another --dir")
        else:
            _write(path, json.dumps(keys, sort_keys=True).encode())

    def blocks(self, tag: str, games: int, levels: list[str], model_file: str | None, budget: int,
               explore: float) -> Samples:
        """Play (or read back) the blocks of a generation's games."""
        todo, parts = [], {}
        for first in range(0, games, BLOCK):
            path = self.dir / f"{tag}.games-{first:05d}.npz"
            if path.exists():
                parts[first] = _load_samples(path)
            else:
                todo.append((first, path))
        if todo:
            self.log(f"{tag}: playing {sum(min(BLOCK, games - f) for f, _ in todo)} games ({', '.join(levels)})")
        jobs = [(self.game, self.a.players, self.a.seed, tag, first, min(BLOCK, games - first), levels, budget,
                 explore, model_file) for first, _ in todo]
        for (first, path), (samples, _) in zip(todo, self._map(jobs), strict=True):
            _save_samples(path, samples)
            parts[first] = samples
        return Samples.join([parts[f] for f in sorted(parts)])

    def _map(self, jobs):
        if self.a.jobs <= 1 or len(jobs) <= 1:
            for job in jobs:
                yield play_block(*job)
            return
        from concurrent.futures import ProcessPoolExecutor

        from ai.core.lifeline import watch_parent

        with ProcessPoolExecutor(self.a.jobs, initializer=watch_parent, initargs=(os.getpid(),)) as pool:
            yield from pool.map(_play_block_args, jobs)

    def evaluate(self, gen: int, model_file: Path) -> None:
        """Expert with this generation's model against Hards; kept in a file, so a run stopped
        during the evaluation evaluates again on resuming and a finished one is not replayed."""
        n = self.a.eval_games
        done = self.dir / f"gen-{gen}.eval-{n}.json"
        if n <= 0 or done.exists():
            return
        per = max(1, -(-n // max(1, self.a.jobs)))
        jobs = [(self.game, self.a.players, self.a.seed, f"eval-{gen}", first, min(per, n - first),
                 ["expert"] + ["hard"] * (self.a.players - 1), self.a.budget, 0.0, str(model_file))
                for first in range(0, n, per)]
        won = [w for _, part in self._map(jobs) for w in part]
        lo, hi = wilson(sum(won), len(won))
        _write(done, json.dumps({"won": sum(won), "games": len(won)}).encode())
        self.log(f"gen {gen}: Expert against {self.a.players - 1} Hards at {self.a.budget} worlds, seats rotated: "
                 f"won {sum(won):g} of {len(won)} = {sum(won) / max(1, len(won)):.1%} "
                 f"(95 % {lo:.1%}-{hi:.1%}; fair {1 / self.a.players:.1%})")

    def run(self) -> ValueModel:
        a = self.a
        self.check_run()
        data: list[Samples] = []
        model: ValueModel | None = None
        for gen in range(a.generations + 1):
            model_file = self.dir / f"gen-{gen}.model.npz"
            if gen == 0:
                data.append(self.blocks("gen-0", a.games, ["normal"], None, a.budget, a.explore))
            else:
                prev = self.dir / f"gen-{gen - 1}.model.npz"
                data.append(self.blocks(f"gen-{gen}", a.expert_games, ["expert"] + ["normal"] * (a.players - 1),
                                        str(prev), a.budget, 0.0))
            if model_file.exists():
                model = read_model(self.game, model_file)
                self.log(f"gen {gen}: model read back from {model_file.name}")
                self.evaluate(gen, model_file)
                continue
            samples = Samples.join(data)
            X = samples.X.reshape(-1, samples.X.shape[-1]).astype(np.float64)
            if model is None:
                scale = X.std(axis=0)
                scale[scale < 1e-9] = 1.0
                model = new_model(self.game, self.spec.rules_version, self.features.FEATURES_VERSION,
                                  X.mean(axis=0), scale, a.hidden, np.random.default_rng([a.seed, gen]))
            model, loss, uniform = fit(model, Samples(samples.X.astype(np.float64), samples.Y.astype(np.float64),
                                                      samples.G), np.random.default_rng([a.seed, gen, 1]),
                                       epochs=a.epochs)
            model.info = {"run": self.run_keys(), "generation": gen, "positions": len(samples),
                          "held_out_log_loss": round(loss, 4),
                          "uniform_log_loss": round(uniform, 4)}
            _write(model_file, model.to_bytes())
            self.log(f"gen {gen}: fitted on {len(samples)} positions; held-out log loss {loss:.4f} "
                     f"(uniform {uniform:.4f})")
            self.evaluate(gen, model_file)
        if a.install:
            target = model_path(self.game)
            _write(target, model.to_bytes())
            self.log(f"installed {target}")
        return model


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ai.train", description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--dir", required=True, help="working folder: checkpoints and train.log")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=2000, help="generation 0: Normal-vs-Normal games")
    ap.add_argument("--explore", type=float, default=0.05, help="generation 0: chance a move is Easy's")
    ap.add_argument("--generations", type=int, default=2, help="expert-iteration generations after the first")
    ap.add_argument("--expert-games", type=int, default=200, help="games per later generation (one Expert seat)")
    ap.add_argument("--budget", type=int, default=8, help="search budget (worlds or iterations) in self-play")
    ap.add_argument("--eval-games", type=int, default=24, help="games against three Hards after each generation")
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--install", action="store_true", help="write the final model to assets/games/<id>/")
    args = ap.parse_args(argv)
    Trainer(args).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
