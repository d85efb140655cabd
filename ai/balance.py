"""`tycoons balance`: how even a game's component data plays, by all-Normal self-play.

    tycoons balance victory-through-industry --players 4 --games 400 --seed 1 --jobs 2

Every seat plays the same level (Normal unless `--ai` says otherwise), so any difference between
seats comes from the rules and the data, not from the players. It prints Markdown tables, each
share with its 95 % Wilson interval: wins by position in turn order (position 1 = the player who
moves first, whatever their seat number), wins by starting asset (1st CEO: the corporation;
Victory Through Industry: the drafted factory set), how each game ended (which rule), the length
in rounds and decisions, and the spread of final scores. Game g uses the same seed as game g of
`tycoons simulate`, so any game can be replayed alone.

A game opts in with `ai/games/<pkg>/balance.py`, whose functions (all optional) are:
`first_player(state)`, `starting_assets(state)` (a label per seat, or None until they are known;
it is asked after every decision until it answers), `ended_by(state)`, `rounds(state)`,
`winner_notes(state, seat)` ({measure: label} for the winner), and for what only the course of a
game shows: `track(state, memo)` (called after every decision with a dict kept for the game),
`turn_order(state, memo)` (the seats in the first round's order, where it is not a rotation from
the first player) and `measures(state, memo)` ({name: [numbers]}, printed as spreads). Headless:
no Qt.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from ai.core.agent import Budget
from ai.core.agents import get_agent
from ai.core.game_parts import own_module
from ai.report import wilson
from ai.simulate import DECISION_CAP, game_seed, play_out
from engine.command_line import process_count
from engine.core.contract import SeatInfo
from engine.core.errors import TycoonsError
from engine.core.session import Session

UNFINISHED = "unfinished (decision cap)"


def hooks(game_id: str):
    """The game's balance hooks module, or None."""
    return own_module(game_id, "balance")


@dataclass
class GameRecord:
    """What the report keeps of one game."""

    first: int
    assets: list[str] | None
    ended: str
    rounds: int
    decisions: int
    scores: list[float]
    winners: list[int]
    notes: dict[str, str] = field(default_factory=dict)
    order: list[int] | None = None
    measures: dict[str, list[float]] = field(default_factory=dict)

    def position(self, seat: int, players: int) -> int:
        """`seat`'s position in the first round's turn order (0 = moves first)."""
        return self.order.index(seat) if self.order else (seat - self.first) % players


def play_game(game_id: str, players: int, seed: int, g: int, level: str = "normal",
              options: dict | None = None) -> GameRecord:
    """Play game `g` of a run seeded `seed` with every seat at `level`; its record."""
    h = hooks(game_id)
    agent = get_agent(game_id, level)
    seats = [SeatInfo(f"AI {i + 1}", "ai", level) for i in range(players)]
    session = Session.new(game_id, seats, options, game_seed(seed, g))
    assets: list = [None]
    memo: dict = {}
    track = getattr(h, "track", None)

    def after(state):
        if assets[0] is None and h is not None and hasattr(h, "starting_assets"):
            assets[0] = h.starting_assets(state)
        if track is not None:
            track(state, memo)

    made = play_out(session, [level] * players, {level: agent}, {level: Budget(None, None)}, DECISION_CAP,
                    after=after)
    st = session.state
    first = h.first_player(st) if h is not None and hasattr(h, "first_player") else 0
    rounds = h.rounds(st) if h is not None and hasattr(h, "rounds") else getattr(st, "round", 0)
    order = h.turn_order(st, memo) if h is not None and hasattr(h, "turn_order") else None
    if not session.is_over():
        return GameRecord(first, assets[0], UNFINISHED, rounds, made, [], [], order=order)
    out = st.outcome()
    ended = h.ended_by(st) if h is not None and hasattr(h, "ended_by") else "the end"
    notes = {}
    if h is not None and hasattr(h, "winner_notes"):
        for w in out.winners:
            for k, v in h.winner_notes(st, w).items():
                notes.setdefault(k, v)
    measures = h.measures(st, memo) if h is not None and hasattr(h, "measures") else {}
    return GameRecord(first, assets[0], ended, rounds, made, list(out.scores), list(out.winners), notes, order,
                      measures)


def _play_range(args) -> list[GameRecord]:
    game_id, players, seed, lo, hi, level, options = args
    return [play_game(game_id, players, seed, g, level, options) for g in range(lo, hi)]


def play_games(game_id: str, players: int, games: int, seed: int, jobs: int = 1, level: str = "normal",
               options: dict | None = None) -> list[GameRecord]:
    """Games 0..games-1, spread over `jobs` processes (the records do not depend on `jobs`)."""
    jobs = process_count(jobs, games)
    bounds = [games * j // jobs for j in range(jobs + 1)]
    parts = [(game_id, players, seed, lo, hi, level, options) for lo, hi in zip(bounds, bounds[1:], strict=False)]
    if jobs == 1:
        return _play_range(parts[0]) if games else []
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        return [r for part in pool.map(_play_range, parts) for r in part]


# -- the report ----------------------------------------------------------------------------------
@dataclass
class Tally:
    """Wins (shared wins as fractions) out of trials for one label."""

    wins: float = 0.0
    trials: int = 0

    def row(self, label: str, fair: float | None) -> str:
        lo, hi = wilson(self.wins, self.trials)
        rate = self.wins / self.trials if self.trials else 0.0
        fair_cell = f" {fair:.1%} |" if fair is not None else ""
        return f"| {label} | {_num(self.wins)} of {self.trials} | **{rate:.1%}** | {lo:.1%} – {hi:.1%} |{fair_cell}"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


@dataclass
class BalanceReport:
    """The tallies of one run, and its Markdown text."""

    game: str
    players: int
    games: int
    seed: int
    level: str
    seconds: float
    by_position: list[Tally]
    by_asset: dict[str, Tally]
    endings: Counter
    rounds: list[int]
    decisions: list[int]
    records: list[GameRecord]

    @property
    def finished(self) -> int:
        return sum(1 for r in self.records if r.ended != UNFINISHED)

    def lines(self) -> list[str]:
        n, fin = self.players, self.finished
        out = [f"### {self.game}: {self.games} games, {n} players, all {self.level}, seed {self.seed}",
               "",
               f"`tycoons balance {self.game} --players {n} --games {self.games} --seed {self.seed}` "
               f"({fin} finished; {self.seconds:.0f} s).",
               "",
               "| position in turn order | wins | win rate | 95 % interval | fair share |",
               "|---|---|---|---|---|"]
        for pos, t in enumerate(self.by_position):
            out.append(t.row(f"{pos + 1}{' (moves first)' if pos == 0 else ''}", 1 / n))
        if self.by_asset:
            out += ["", "| starting asset (per seat) | wins | win rate | 95 % interval | fair share |",
                    "|---|---|---|---|---|"]
            for label, t in sorted(self.by_asset.items(), key=lambda kv: (-kv[1].trials, kv[0])):
                out.append(t.row(label, 1 / n))
        out += ["", "| how the game ended | games | share | 95 % interval |", "|---|---|---|---|"]
        for label, k in self.endings.most_common():
            out.append(Tally(k, self.games).row(label, None))
        notes: dict[str, Counter] = {}
        for r in self.records:
            for k, v in r.notes.items():
                notes.setdefault(k, Counter())[v] += 1
        for measure, counts in notes.items():
            out += ["", f"| {measure} | games | share | 95 % interval |", "|---|---|---|---|"]
            for label, k in counts.most_common():
                out.append(Tally(k, fin).row(label, None))
        out += ["", "| length | median | mean | min | p90 | max |", "|---|---|---|---|---|---|",
                _spread_row("rounds", self.rounds), _spread_row("decisions", self.decisions)]
        measured: dict[str, list[float]] = {}
        for r in self.records:
            for k, xs in r.measures.items():
                measured.setdefault(k, []).extend(xs)
        if measured:
            out += ["", "| measure | median | mean | min | p90 | max |", "|---|---|---|---|---|---|"]
            out += [_spread_row(k, xs) for k, xs in measured.items()]
        done = [r for r in self.records if r.scores]
        if done:
            win = [max(r.scores) for r in done]
            every = [s for r in done for s in r.scores]
            margin = [sorted(r.scores)[-1] - sorted(r.scores)[-2] for r in done]
            spread = [max(r.scores) - min(r.scores) for r in done]
            out += ["", "| final scores | median | mean | min | p90 | max |", "|---|---|---|---|---|---|",
                    _spread_row("every seat", every), _spread_row("winner", win),
                    _spread_row("winner's lead over second", margin), _spread_row("best minus worst", spread)]
        return out


def _spread_row(label: str, xs: list[float]) -> str:
    if not xs:
        return f"| {label} | – | – | – | – | – |"
    s = sorted(xs)
    return (f"| {label} | {_num(statistics.median(s))} | {statistics.fmean(s):.1f} | {_num(s[0])} | "
            f"{_num(s[min(len(s) - 1, int(0.9 * len(s)))])} | {_num(s[-1])} |")


def tally(game_id: str, players: int, seed: int, level: str, records: list[GameRecord],
          seconds: float = 0.0) -> BalanceReport:
    """Count the records of one run into a report."""
    by_pos = [Tally() for _ in range(players)]
    by_asset: dict[str, Tally] = {}
    for r in records:
        share = 1 / len(r.winners) if r.winners else 0.0
        if r.ended != UNFINISHED:
            for seat in range(players):
                by_pos[r.position(seat, players)].trials += 1
                if r.assets is not None:
                    by_asset.setdefault(r.assets[seat], Tally()).trials += 1
            for w in r.winners:
                by_pos[r.position(w, players)].wins += share
                if r.assets is not None:
                    by_asset[r.assets[w]].wins += share
    return BalanceReport(game_id, players, len(records), seed, level, seconds, by_pos, by_asset,
                         Counter(r.ended for r in records), [r.rounds for r in records],
                         [r.decisions for r in records], records)


def balance(game_id: str, players: int, games: int, seed: int, jobs: int = 1, level: str = "normal",
            options: dict | None = None) -> BalanceReport:
    """Play the games and count them (the library form of `tycoons balance`)."""
    t0 = time.perf_counter()
    records = play_games(game_id, players, games, seed, jobs, level, options)
    return tally(game_id, players, seed, level, records, time.perf_counter() - t0)


def run_from_args(args) -> int:
    """Run `tycoons balance` from parsed arguments; print the Markdown report; 0 on success."""
    try:
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        report = balance(args.game, args.players, args.games, args.seed, args.jobs, args.ai)
    except (ValueError, TycoonsError) as exc:
        print(f"tycoons balance: {exc}", file=sys.stderr)
        return 2
    print("\n".join(report.lines()))
    return 0
