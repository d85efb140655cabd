#!/usr/bin/env python3
"""Measure the ARCHITECTURE §9 budgets, each beside its floor or target, in one run.

    .venv/bin/python tests/bench/run_bench.py            # every figure, every registered game
    .venv/bin/python tests/bench/run_bench.py --quick    # fewer repetitions
    .venv/bin/python tests/bench/run_bench.py --json out.json

Absolute times drift on shared machines, so start-up is reported as a ratio to a bare PySide6
window with 300 scene items (the same child as shared/tools/qt_floor.py), measured in the same run.
This is a benchmark, not a test: it prints figures and never fails on a slow machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

FLOOR_CHILD = r'''
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView

class FirstPaint(QObject):
    done = False
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Paint and not self.done:
            self.done = True
            QTimer.singleShot(0, lambda: (print(f"FIRST_PAINT {time.time():.6f}", flush=True), app.quit()))
        return False

app = QApplication(sys.argv)
scene = QGraphicsScene(0, 0, 1200, 800)
for i in range(300):
    x, y = (i % 20) * 60, (i // 20) * 50
    if i % 3 == 0:
        scene.addRect(x, y, 50, 40, brush=QBrush(QColor(200, 100 + i % 150, 50)))
    elif i % 3 == 1:
        scene.addEllipse(x, y, 40, 40, brush=QBrush(QColor(50, 150, 200)))
    else:
        scene.addSimpleText(f"${i * 10}").setPos(x, y)
view = QGraphicsView(scene)
view.resize(1280, 860)
fp = FirstPaint()
view.viewport().installEventFilter(fp)
view.show()
sys.exit(app.exec())
'''

# The app as players start it, with the first-paint probe of the frozen entry point
# (packaging/tycoons_main.py), so source and bundle are timed the same way.
APP_CHILD = r'''
import os, runpy, sys
os.environ["TYCOONS_PROBE_FIRST_PAINT"] = "1"
sys.argv = ["tycoons"]
runpy.run_path("packaging/tycoons_main.py", run_name="__main__")
'''

rows: list[tuple[str, str, str, str]] = []
results: dict[str, float] = {}



def bench_app():
    """The bench's one QApplication. Offscreen, it opens on the tests' large screen
    (tests/conftest.py TEST_SCREEN): Qt's own offscreen screen is 800×800, and every window is
    fitted to its screen (ui/services/window_fit.py), so without this the layout figures for
    1024×700 and up all measured a window clamped to 796 px wide."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is not None:
        return app
    args = ["tycoons-bench"]
    if os.environ.get("QT_QPA_PLATFORM", "").startswith("offscreen"):
        from tests.conftest import TEST_SCREEN
        from tests.ui.window_fit import screen_file

        args += ["-platform", f"offscreen:configfile={screen_file(*TEST_SCREEN)}"]
    return QApplication(args)

def report(name: str, value: float, unit: str, target: str, ok: bool | None) -> None:
    results[name] = value
    verdict = "" if ok is None else ("ok" if ok else "OVER")
    rows.append((name, f"{value:,.2f} {unit}", target, verdict))
    print(f"  {name:<58} {value:>12,.2f} {unit:<10} {target:<26} {verdict}", flush=True)


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def first_paint_ms(child: str) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TYCOONS_DATA_DIR=tempfile.mkdtemp(prefix="tycoons-bench-"))
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, env=env, cwd=ROOT,
                         timeout=120)
    for line in out.stdout.splitlines():
        if line.startswith("FIRST_PAINT"):
            return (float(line.split()[1]) - t0) * 1000
    raise RuntimeError("no first paint:\n" + out.stdout + out.stderr)


def bench_start(runs: int) -> None:
    floor, app = [], []
    for _ in range(runs):  # interleaved so drift hits both alike
        floor.append(first_paint_ms(FLOOR_CHILD))
        app.append(first_paint_ms(APP_CHILD))
    f, a = statistics.median(floor), statistics.median(app)
    report("floor: bare PySide6 window first paint", f, "ms", "(floor)", None)
    report("cold start to painted start screen", a, "ms", f"<= 1.5 x floor = {1.5 * f:.0f}", a <= 1.5 * f)
    report("cold start / floor", a / f, "x", "<= 1.5", a / f <= 1.5)


def random_play(game_id: str, games: int) -> tuple[int, float]:
    """Uniformly random games: legal actions, chance outcomes and validated apply, timed together.

    The chooser is the search's fast generator: this figure is about the engine, and our portable
    generator (which only draws the one chance outcome per decision in real play) would otherwise
    be a quarter of it."""
    from ai.core.search import SearchRng as Rng
    from engine.core import CHANCE, TERMINAL, get_spec

    spec = get_spec(game_id)
    decisions = 0
    t0 = time.perf_counter()
    for g in range(games):
        players = spec.min_players + g % (spec.max_players - spec.min_players + 1)
        state = spec.new_state(players)
        rng = Rng(g)
        while True:
            mover = state.to_move()
            if mover == TERMINAL:
                break
            if mover == CHANCE:
                outcomes = state.chance_outcomes()
                action = outcomes[rng.weighted_index([w for _, w in outcomes])][0]
            else:
                action = rng.choice(state.legal_actions(mover))
            state.apply(action)
            decisions += 1
    return decisions, time.perf_counter() - t0


def mid_game_state(game_id: str, players: int, fraction: float = 0.5, seed: int = 1):
    """A session about `fraction` of the way through a random game."""
    from engine.core import Rng, Session
    from engine.core.contract import SeatInfo

    probe = Session.new(game_id, [SeatInfo(f"P{i}", "ai", "easy") for i in range(players)], seed=seed)
    rng = Rng(seed)
    while not probe.is_over():
        probe.apply(rng.choice(probe.legal_actions()), by_ai=True)
    target = int(len(probe.log) * fraction)
    s = Session.replay(game_id, probe.seats, None, seed, probe.actions()[:target])
    while s.to_move() < 0 and not s.is_over():
        s.resolve_chance()
    return s, probe


def normal_game_state(game_id: str, players: int, fraction: float, seed: int):
    """A session about `fraction` of the way through a game the Normal level plays against itself
    (positions like those a Hard opponent meets; random play leaves VTI complexes of one factory)."""
    from ai.core.worker import decide
    from engine.core import Session
    from engine.core.contract import SeatInfo

    probe = Session.new(game_id, [SeatInfo(f"P{i}", "ai", "normal") for i in range(players)], seed=seed)
    while not probe.is_over() and len(probe.log) < 20_000:
        probe.apply(decide(probe), by_ai=True)
    target = int(len(probe.log) * fraction)
    s = Session.replay(game_id, probe.seats, None, seed, probe.actions()[:target])
    while s.to_move() < 0 and not s.is_over():
        s.resolve_chance()
    return s


def bench_engine(game_id: str, quick: bool) -> None:
    n, dt = random_play(game_id, 60 if quick else 300)
    report(f"{game_id}: random play", n / dt, "dec/s", ">= 50,000", n / dt >= 50_000)
    s, _ = mid_game_state(game_id, 4 if get_max(game_id) >= 4 else get_max(game_id))
    reps = 5000
    t0 = time.perf_counter()
    for _ in range(reps):
        s.state.copy()
    us = (time.perf_counter() - t0) / reps * 1e6
    report(f"{game_id}: state copy (mid-game)", us, "us", "<= 50", us <= 50)


def get_max(game_id):
    from engine.core import get_spec

    return get_spec(game_id).max_players


def bench_saves(game_id: str) -> None:
    from saves import read_session, write_session

    _, finished = mid_game_state(game_id, min(4, get_max(game_id)))
    folder = Path(tempfile.mkdtemp(prefix="tycoons-bench-"))
    path = folder / "finished.tycoons"
    saves, loads = [], []
    for _ in range(15):
        t0 = time.perf_counter()
        write_session(finished, path)
        saves.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        read_session(path)
        loads.append((time.perf_counter() - t0) * 1000)
    report(f"{game_id}: save ({len(finished.log)} decisions)", statistics.median(saves), "ms", "<= 20",
           statistics.median(saves) <= 20)
    report(f"{game_id}: load with full replay check", statistics.median(loads), "ms", "<= 200",
           statistics.median(loads) <= 200)


LONG_LOAD_CHILD = r'''
import resource, sys, time
sys.path.insert(0, ".")
from saves import read_session
t0 = time.perf_counter()
s = read_session(sys.argv[1])
dt = time.perf_counter() - t0
print(f"LOADED {len(s.log)} {dt:.6f} {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f}")
'''


def bench_long_load(decisions: int = 100_000) -> None:
    """A legal log of `decisions` (Victory Through Industry, a product moved back and forth),
    loaded with every check in a fresh process: its time and the process's peak memory."""
    from saves import write_session
    from tests.saves.helpers import long_session

    path = Path(tempfile.mkdtemp(prefix="tycoons-bench-")) / "long.tycoons"
    write_session(long_session(decisions), path)
    out = subprocess.run([sys.executable, "-c", LONG_LOAD_CHILD, str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=600)
    line = next((x for x in out.stdout.splitlines() if x.startswith("LOADED ")), None)
    if line is None:
        print(f"  load of a {decisions:,}-decision save failed: {out.stderr.strip()[-300:]}")
        return
    _, n, dt, peak = line.split()
    size = path.stat().st_size / 2**20
    report(f"load of a {decisions:,}-decision save ({size:.1f} MB)", float(dt), "s", "<= 3", float(dt) <= 3)
    report("  its peak resident memory (whole process)", float(peak), "MB", "<= 300", float(peak) <= 300)


def bench_ai(game_id: str, quick: bool) -> None:
    from ai.core.agents import levels
    from ai.core.worker import decide
    from engine.core import Session
    from engine.core.contract import SeatInfo

    budgets = {"easy": 50, "normal": 500, "hard": 2000}
    for level in levels(game_id):
        times = []
        games = 2 if quick else 6
        # a searching level thinks for its whole budget: sample a few positions, not whole games
        per_game = 150 if level in ("easy", "normal") else (3 if quick else 5)
        for g in range(games):
            players = min(4, get_max(game_id))
            s = Session.new(game_id, [SeatInfo(f"P{i}", "ai", "normal") for i in range(players)], seed=g)
            step = 0
            while not s.is_over() and len(times) < (g + 1) * per_game:
                if level in ("easy", "normal") or step % 7 == 3:
                    t0 = time.perf_counter()
                    decide(s, level=level)
                    times.append((time.perf_counter() - t0) * 1000)
                s.apply(decide(s, level="normal"), by_ai=True)
                step += 1
        p95 = pct(times, 95)
        limit = budgets.get(level, 2000)
        report(f"{game_id}: AI {level} decision p95", p95, "ms", f"<= {limit}", p95 <= limit)


def bench_ai_turns(game_id: str, quick: bool) -> None:
    """An AI's whole turn as the player sees it at the normal speed (ARCHITECTURE §9: ≤ 1.5 s): the
    Normal level's real thinking time per decision, paced as the controller paces a turn
    (ui/controller.ai_pause_ms: the pause runs while the AI thinks), and the longest motion of its
    last decision added (quicker once the turn's paced time is spent). tests/bench/pace_bench.py
    measures the same on the real window."""
    from ai.core.worker import decide
    from engine.core import Session
    from engine.core.contract import SeatInfo
    from ui.game.controller import ai_pause_ms
    from ui.services.settings import AI_SPEEDS, ANIMATION_FACTORS, LATE_MOTION, MOTION_MS, paced_ms

    delay, turn_ms = AI_SPEEDS["normal"], paced_ms("normal", ANIMATION_FACTORS["normal"])
    motion = MOTION_MS / ANIMATION_FACTORS["normal"]
    turns: list[float] = []
    for g in range(1 if quick else 3):
        players = min(4, get_max(game_id))
        s = Session.new(game_id, [SeatInfo(f"P{i}", "ai", "normal") for i in range(players)], seed=g)
        seat, shown, late = None, 0.0, False
        while not s.is_over():
            mover = s.to_move()
            if mover != seat:
                if seat is not None:
                    turns.append(shown + (motion / LATE_MOTION if late else motion))
                seat, shown = mover, 0.0
            t0 = time.perf_counter()
            action = decide(s, level="normal")
            think = (time.perf_counter() - t0) * 1000
            late = shown > 0.0 and shown >= turn_ms
            shown += max(think, ai_pause_ms(shown == 0.0, int(shown), delay, turn_ms))
            s.apply(action, by_ai=True)
    report(f"{game_id}: an AI's whole turn shown, p95 (normal speed)", pct(turns, 95), "ms", "<= 1500",
           pct(turns, 95) <= 1500)


def bench_follow(game_id: str, quick: bool) -> None:
    """Following the other players: the UI thread's work after a decision (the board's
    picture drawn on the follower's shadow board and compared with the last one, ui/game/follow.py),
    and at a human's turn start (the picture of their last turn and of now, compared). Both run
    on the pass of the event loop after the board of the decision has been updated."""

    from ai.core.worker import decide
    from engine.core import Session
    from engine.core.contract import SeatInfo
    from ui.board.changes import changed_keys, looks
    from ui.games import game_ui

    bench_app()
    players = min(4, get_max(game_id))
    s = Session.new(game_id, [SeatInfo(f"P{i}", "ai", "easy") for i in range(players)], seed=5)
    shadow = game_ui(game_id).make_scene()
    shadow.set_animation_speed(0)
    unmarked = getattr(shadow, "unmarked", ())

    def picture(state):
        view = state.view(0)
        shadow.show(dict(view, to_move=0), [], s.names, 0)
        return looks(shadow)

    import gc

    gc.disable()  # as in the app, which collects from a timer between events (ui/app/gc_guard.py)
    step_ms, turn_ms = [], []
    last = picture(s.state)
    base = s.state.copy()
    n = 0
    while not s.is_over() and n < (150 if quick else 600):
        s.apply(decide(s, level="easy"), by_ai=True)
        n += 1
        t0 = time.perf_counter()
        now = picture(s.state)
        changed_keys(last, now, unmarked)
        step_ms.append((time.perf_counter() - t0) * 1000)
        last = now
        if n % players == 0:
            t0 = time.perf_counter()
            changed_keys(picture(base), picture(s.state), unmarked)
            turn_ms.append((time.perf_counter() - t0) * 1000)
            base = s.state.copy()
        if n % 25 == 0:
            gc.collect()
    gc.enable()
    report(f"{game_id}: follow an AI decision at a shown pace (shadow picture + compare) p95", pct(step_ms, 95),
           "ms", "<= 16", pct(step_ms, 95) <= 16)
    report(f"{game_id}: since your turn at a turn's start p95", pct(turn_ms, 95), "ms", "<= 33 (once a turn)",
           pct(turn_ms, 95) <= 33)


def walk_to_a_searched_decision(s, agent, seed: int) -> bool:
    """Play session `s` on at random to the next decision `agent` searches (a game may leave some
    to Normal); False if the game ends first."""
    from ai.core.observe import observe
    from engine.core import Rng

    walk = Rng(seed)
    while not s.is_over():
        obs = observe(s.state, s.to_move(), s.spec.id) if s.to_move() >= 0 else None
        if obs is not None and len(obs.legal) > 1 and not (agent.k.delegate and agent.k.delegate(obs)):
            return True
        if obs is None:
            s.resolve_chance()
        else:
            s.apply(walk.choice(s.legal_actions()), by_ai=True)
    return False


def searched_decisions(game_id: str, quick: bool, make_agent):
    """(agent, observation, seed) at the next searched decision of mid-game positions of
    Normal-vs-Normal games (2 positions, 4 without `quick`), a fresh `make_agent(game_id)` each."""
    from ai.core.observe import observe

    for seed in range(2 if quick else 4):
        s = normal_game_state(game_id, min(4, get_max(game_id)), fraction=0.3 + 0.15 * seed, seed=seed + 1)
        agent = make_agent(game_id)
        if walk_to_a_searched_decision(s, agent, seed):
            yield agent, observe(s.state, s.to_move(), game_id), seed


def bench_search(game_id: str, quick: bool) -> None:
    """Hard search iterations per second of CPU time (one core) in mid-game positions; for a game
    whose Hard counts its budget in candidate rollouts, the rollouts of that form instead."""
    from ai.core.agent import Budget
    from ai.core.hard import hard_agent
    from ai.core.rollouts import RolloutAgent
    from ai.core.search import IsmctsAgent
    from engine.core import Rng

    shipped = hard_agent(game_id)
    if isinstance(shipped, RolloutAgent) and shipped.k.budget_unit == "rollouts":
        bench_rollout_rate(game_id, quick)
        bench_rollouts(game_id, quick)
        return
    rates = []
    for agent, obs, seed in searched_decisions(game_id, quick, IsmctsAgent):
        t0 = time.process_time()
        agent.choose(obs, Rng(seed), Budget(iterations=400 if quick else 1500))
        dt = time.process_time() - t0
        if agent.last_iterations:
            rates.append(agent.last_iterations / dt)
    if rates:
        rate = statistics.median(rates)
        report(f"{game_id}: hard search iterations (1 core)", rate, "it/s", ">= 1,000", rate >= 1000)
    bench_rollouts(game_id, quick)


ROLLOUTS_MEASURED = 1000
"""The candidate rollouts a decision at which Hard's strength against Normal was measured for a
game that counts its budget in rollouts (Big Shoulders: ai/games/big_shoulders/RESULTS.md); its
2 s decision (stopping at 95 %) must afford them on one core."""


def bench_rollout_rate(game_id: str, quick: bool) -> None:
    """Candidate rollouts of the shipped rollout form per second of CPU time (one core), over
    searched decisions in mid-game positions of Normal-vs-Normal games, at a fixed budget."""
    from ai.core.agent import Budget
    from ai.core.hard import hard_agent
    from engine.core import Rng

    rollouts, cpu = 0, 0.0
    for agent, obs, seed in searched_decisions(game_id, quick, hard_agent):
        t0 = time.process_time()
        agent.choose(obs, Rng(seed), Budget(iterations=300 if quick else 1000))
        cpu += time.process_time() - t0
        rollouts += agent.last_rollouts
    if rollouts:
        floor = ROLLOUTS_MEASURED / 1.9
        report(f"{game_id}: hard rollouts (1 core)", rollouts / cpu, "rollouts/s",
               f">= {floor:,.0f} ({ROLLOUTS_MEASURED:,} in 1.9 s)", rollouts / cpu >= floor)


def bench_rollouts(game_id: str, quick: bool) -> None:
    """Worlds a 2 s decision of the rollout form plays (games whose Hard level is that form): each
    world plays every candidate on for the rollout horizon with Normal at every seat."""
    from ai.core.agent import Budget
    from ai.core.hard import hard_agent
    from ai.core.rollouts import RolloutAgent
    from engine.core import Rng

    if not isinstance(hard_agent(game_id), RolloutAgent):
        return
    worlds = []
    for agent, obs, seed in searched_decisions(game_id, quick, hard_agent):
        agent.choose(obs, Rng(seed), Budget(think_ms=2000))
        worlds.append(agent.last_rollouts if agent.k.budget_unit == "rollouts" else agent.last_iterations)
    if worlds:
        rollouts = agent.k.budget_unit == "rollouts"
        what, unit = ("candidate rollouts", "rollouts") if rollouts else ("rollout worlds", "worlds")
        report(f"{game_id}: hard {what} in a 2 s decision", statistics.median(worlds), unit,
               "(ai/HARD.md: fewer measured)", None)


def bench_ui(game_id: str, quick: bool) -> None:
    """Decision applied + scene updated late in a game, undo the same; a 16 ms timer while the AI
    thinks in the process pool; resident memory."""
    from PySide6.QtCore import QElapsedTimer, QTimer

    app = bench_app()
    built = bench_scene(game_id, quick)

    # a 16 ms timer on the UI thread while AI decisions run in the spawn process pool
    from ai.core.agents import levels
    from engine.core.contract import SeatInfo
    from engine.core.session import Session
    from ui.services.ai_runner import AiRunner

    level = levels(game_id)[-1]
    g = Session.new(game_id, [SeatInfo(f"P{i}", "ai", level) for i in range(min(4, get_max(game_id)))], seed=3)

    def one_decision(runner) -> float:
        """Milliseconds from asking the pool for an Easy decision to having it on the UI thread."""
        seat = g.to_move()
        data = g.state.determinize(seat, g.ai_rng()).to_data()
        t0 = time.perf_counter()
        took: list[float] = []

        def got(result):
            took.append((time.perf_counter() - t0) * 1000)
            app.quit()

        runner.request(game_id, data, seat, "easy", 1, None, got)
        app.exec()
        return took[0]

    # the first decision's cost when the pool is started (as the app does after the first paint)
    # and asked at once, against a decision once the worker is warm
    runner = AiRunner("process")
    runner.start((game_id,))
    first = one_decision(runner)
    warm = statistics.median(one_decision(runner) for _ in range(5))
    report(f"{game_id}: first AI decision right after the pool starts", first, "ms", f"(warm: {warm:.0f} ms)", None)
    gaps: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.elapsed()]

    def tick():
        now = clock.elapsed()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(16)
    timer.timeout.connect(tick)
    timer.start()
    done = {"n": 0}
    target = 15 if quick else 40

    def next_decision():
        if g.is_over() or done["n"] >= target:
            app.quit()
            return
        seat = g.to_move()
        data = g.state.determinize(seat, g.ai_rng()).to_data()

        def got(result):
            if isinstance(result, BaseException):
                raise result
            g.apply(result, by_ai=True)
            done["n"] += 1
            QTimer.singleShot(0, next_decision)

        runner.request(game_id, data, seat, level, 1, None, got)

    QTimer.singleShot(0, next_decision)
    app.exec()
    timer.stop()
    runner.shutdown()
    gaps = gaps[1:]
    if gaps:
        report(f"{game_id}: UI timer gaps p99 while AI thinks", pct(gaps, 99), "ms", "<= 20", pct(gaps, 99) <= 20)
        report(f"{game_id}: UI timer gaps max while AI thinks", max(gaps), "ms", "<= 33", max(gaps) <= 33)
    bench_layout(game_id, quick, built)


def bench_scene(game_id: str, quick: bool) -> tuple:
    """Decision applied + scene updated late in a game, and undo the same (ARCHITECTURE §9: one frame),
    in the app's view. Returns the view, the scene and the session (the layout bench reuses them)."""

    from ui.game.window import BoardView
    from ui.games import game_ui

    app = bench_app()
    scene = game_ui(game_id).make_scene()
    view = BoardView()  # the app's view: antialiased, the whole board fitted to the window
    view.setScene(scene)
    scene.sceneRectChanged.connect(view.scene_rect_changed)
    view.resize(1400, 900)
    view.show()
    s, _ = mid_game_state(game_id, min(4, get_max(game_id)), fraction=0.85)
    for seat in s.seats:
        seat.kind, seat.level = "human", None

    def redraw():
        st = s.state
        mover = st.to_move()
        viewer = mover if mover >= 0 else 0
        scene.show(st.view(viewer), st.legal_actions(mover) if mover >= 0 else [], s.names, viewer)
        app.processEvents()  # the view repaints what changed, as in the app

    redraw()
    view.fit()
    app.processEvents()
    apply_ms, undo_ms = [], []
    from engine.core import Rng

    rng = Rng(5)
    for _ in range(20 if quick else 60):
        if s.is_over():
            break
        action = rng.choice(s.legal_actions())
        t0 = time.perf_counter()
        s.apply(action)
        redraw()
        apply_ms.append((time.perf_counter() - t0) * 1000)
        if s.can_undo():
            t0 = time.perf_counter()
            s.undo()
            redraw()
            undo_ms.append((time.perf_counter() - t0) * 1000)
            s.redo()
            redraw()
    report(f"{game_id}: decision + scene update p95 (late)", pct(apply_ms, 95), "ms", "<= 16",
           pct(apply_ms, 95) <= 16)
    if undo_ms:
        report(f"{game_id}: undo + scene update p95 (late)", pct(undo_ms, 95), "ms", "<= 16",
               pct(undo_ms, 95) <= 16)
    return view, scene, s


LAYOUT_SIZES = [(1024, 700), (1280, 720), (1366, 768), (1600, 1000), (1920, 1080), (2560, 1440)]


def bench_layout(game_id: str, quick: bool, built: tuple | None = None) -> None:
    """A board laid out again for a new window size (ARCHITECTURE §9: within one frame): the view of a
    game late in play resized from one common size to another, each resize timed from the resize
    to the view repainted; then fill and texts left to tooltips in the real game window at every
    size (tests/ui/board_measure.py, the measure of tests/ui/test_board_room.py)."""

    app = bench_app()
    view, scene, _ = built or bench_scene(game_id, quick)
    sizes = [(w - 8, h - 150) for w, h in LAYOUT_SIZES]  # the views of those windows, about
    layout_ms, paint_ms, cpu_ms = [], [], []
    order = sizes * (3 if quick else 8)
    view.resize(*sizes[-1])
    app.processEvents()
    for size in order:
        t0, c0 = time.perf_counter(), time.thread_time()
        view.resize(*size)  # the resize event: the room told, the panels arranged, the board fitted
        t1, c1 = time.perf_counter(), time.thread_time()
        app.processEvents()  # then the view repaints the board at its new zoom
        layout_ms.append((t1 - t0) * 1000)
        cpu_ms.append((c1 - c0) * 1000)
        paint_ms.append((time.perf_counter() - t1) * 1000)
    report(f"{game_id}: board re-laid out for a new window size p95", pct(layout_ms, 95), "ms", "<= 16",
           pct(layout_ms, 95) <= 16)
    report(f"{game_id}: board re-laid out for a new window size max", max(layout_ms), "ms", "(16 = one frame)",
           None)
    # on a loaded machine the wall time waits for a core: the UI thread's own CPU time is the cost
    report(f"{game_id}: board re-laid out, CPU p95 (UI thread)", pct(cpu_ms, 95), "ms",
           "(the wall time is the budget)", None)
    report(f"{game_id}: then repainted at its new zoom p95", pct(paint_ms, 95), "ms",
           f"(p50 {pct(paint_ms, 50):.0f} ms)", None)
    view.close()
    # fill and words, measured as tests/ui/test_board_room.py measures them
    from tests.ui.board_measure import measure, played_window
    from ui.app.shell import Shell
    from ui.services import settings as settings_module

    settings = settings_module.reset_for_tests(Path(tempfile.mkdtemp(prefix="tycoons-bench-")) / "settings.json")
    settings.set("ai_speed", "instant")
    settings.set("ai_mode", "inline")
    settings.set("confirm_turn", False)
    settings.set("coach_first_games", False)  # the first games' coach would judge every human position
    shell = Shell(settings, start_pool=False)
    cells = []
    for size in LAYOUT_SIZES:
        window = played_window(shell, game_id, size)
        m = measure(window.view)
        cells.append(f"{size[0]}x{size[1]} {m.fill:.0%} / {m.undrawn:.1%}")
        window.controller.close()
        window.close()
    print(f"  {game_id}: fill / texts left to tooltips after 24 decisions: " + " · ".join(cells), flush=True)


def bench_review(game_id: str, quick: bool) -> None:
    """A review step to any decision of a long game (a random game of four, seed 1: Robber
    Barons has 1,409 logged decisions, chance draws included, 870 player decisions to step
    through), jumped to in random order: the state alone, and the whole step in the review window
    (board, players panel, log, chart, repaint); then stepping to the next decision, as → does.
    Budget (ARCHITECTURE §9): a review step to any decision within one frame, 16 ms."""

    from engine.core import Rng, Session
    from engine.core.contract import SeatInfo
    from engine.core.review import Review
    from ui.review.window import ReviewWindow

    app = bench_app()
    players = min(4, get_max(game_id))
    s = Session.new(game_id, [SeatInfo(f"P{i}", "ai", "easy") for i in range(players)], seed=1)
    rng = Rng(1)
    while not s.is_over() and len(s.log) < 20_000:
        s.apply(rng.choice(s.legal_actions()), by_ai=True)
    t0 = time.perf_counter()
    review = Review.of_session(s)
    build_ms = (time.perf_counter() - t0) * 1000
    positions = list(range(len(s.log) + 1))
    Rng(2).shuffle(positions)
    state_ms = []
    for i in positions[: 300 if quick else len(positions)]:
        t0 = time.perf_counter()
        review.state_at(i)
        state_ms.append((time.perf_counter() - t0) * 1000)
    window = ReviewWindow(review)
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    steps = list(range(review.steps + 1))
    Rng(3).shuffle(steps)
    step_ms, cpu_ms = [], []
    for k in steps[: 150 if quick else 500]:
        t0, c0 = time.perf_counter(), time.thread_time()
        window.go(k)
        app.processEvents()  # the window repaints what changed, as players see it
        step_ms.append((time.perf_counter() - t0) * 1000)
        cpu_ms.append((time.thread_time() - c0) * 1000)
    next_ms = []
    window.go(review.steps // 3)
    app.processEvents()
    for _ in range(min(review.steps // 2, 100 if quick else 300)):  # → held down: the next decision
        t0 = time.perf_counter()
        window.next()
        app.processEvents()
        next_ms.append((time.perf_counter() - t0) * 1000)
    window.close()
    window.deleteLater()
    app.processEvents()
    name = f"{game_id}: review ({len(s.log)} decisions, {review.steps} steps)"
    report(f"{name} built", build_ms, "ms", "(once, on opening)", None)
    report(f"{game_id}: review state at any decision p95", pct(state_ms, 95), "ms", f"(max {max(state_ms):.2f} ms)",
           None)
    report(f"{game_id}: review step to any decision p50", pct(step_ms, 50), "ms", "<= 16", pct(step_ms, 50) <= 16)
    report(f"{game_id}: review step to any decision p95", pct(step_ms, 95), "ms", "<= 16", pct(step_ms, 95) <= 16)
    report(f"{game_id}: review step to any decision max", max(step_ms), "ms", "(16 = one frame)", None)
    # the UI thread's own CPU time: what the step costs, without the time spent waiting for a core
    # on a loaded machine (the budget is the wall time above)
    report(f"{game_id}: review step CPU p50 (UI thread)", pct(cpu_ms, 50), "ms", "(the wall time is the budget)", None)
    report(f"{game_id}: review step CPU p95 (UI thread)", pct(cpu_ms, 95), "ms", "(the wall time is the budget)", None)
    report(f"{game_id}: review step to the next decision p95", pct(next_ms, 95), "ms", "<= 16",
           pct(next_ms, 95) <= 16)


def finished_normal_game(game_id: str, seed: int = 1):
    """A whole game of Normals with the first seat played as a human (analysis looks at humans)."""
    from ai.core.worker import decide
    from engine.core import Session
    from engine.core.contract import SeatInfo

    players = min(4, get_max(game_id))
    seats = [SeatInfo("You")] + [SeatInfo(f"P{i}", "ai", "normal") for i in range(1, players)]
    s = Session.new(game_id, seats, seed=seed)
    while not s.is_over() and len(s.log) < 20_000:
        s.apply(decide(s, level="normal"), by_ai=s.seats[s.to_move()].is_ai)
    return s


def timer_gaps(app, run, stop_after_s: float) -> list[float]:
    """A 16 ms UI timer's gaps while `run(done)` works in the background until it calls `done()`
    (or `stop_after_s` passes)."""
    from PySide6.QtCore import QElapsedTimer, QTimer

    gaps: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.elapsed()]

    def tick():
        now = clock.elapsed()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(16)
    timer.timeout.connect(tick)
    timer.start()
    stopper = QTimer()  # an object, stopped below: a stray single shot would end a later run
    stopper.setSingleShot(True)
    stopper.timeout.connect(app.quit)
    stopper.start(int(stop_after_s * 1000))
    QTimer.singleShot(0, lambda: run(app.quit))
    app.exec()
    stopper.stop()
    timer.stop()
    return gaps[1:]


def bench_teaching(game_id: str, quick: bool) -> None:
    """Hints and analysis (ARCHITECTURE §9): the CPU one analysed decision costs at the default budget
    (the window's planning and the worker's estimate, one core), all of one human's decisions in a
    four-player game of Normals; a hint's answer on the UI thread through the real worker pool
    (≤ 2 s); and a 16 ms UI timer's gaps while hints and then an analysis run."""

    from ai.analysis import ANALYSIS_BUDGET, hint_task, iter_tasks, run_tasks
    from engine.core import Rng
    from engine.core.review import Review
    from ui.review.analyse import AnalysisJob
    from ui.services.ai_runner import AiRunner

    s = finished_normal_game(game_id)
    review = Review.of_session(s)
    # the whole analysis in this process, all costs included: planning each decision (its state and
    # the decider's determinization), the first pass, and the duels on the costliest decisions
    every = 3 if quick else 1
    c0 = time.process_time()
    planned = [t for t in iter_tasks(review, [0]) if t is not None]
    n = len(planned)
    tasks = planned[::every]
    run_tasks(game_id, tasks, ANALYSIS_BUDGET)
    total_s = (time.process_time() - c0) * n / len(tasks)
    mean_ms = 1000 * total_s / n
    report(f"{game_id}: analysis CPU per analysed decision, mean ({len(tasks)} decisions)", mean_ms, "ms",
           "<= 500", mean_ms <= 500)
    report(f"{game_id}: analysis of one human's {n} decisions, one core", total_s, "s",
           f"<= {0.5 * n:.0f} (0.5 s each)", total_s <= 0.5 * n)

    app = bench_app()
    runner = AiRunner("process")
    runner.start((game_id,))
    # the app starts its pool after the first paint, long before anyone asks a hint: warm it so
    # the figure is a hint's, not the worker's start
    warm = review.decision_entries[len(review.decision_entries) // 2]
    warm_data = review.state_at(warm).determinize(review.actions[warm].seat, Rng(0)).to_data()
    warmed: list[object] = []

    def warm_done(result) -> None:
        warmed.append(result)
        app.quit()

    runner.call(hint_task, (game_id, warm_data, review.actions[warm].seat, 0, 50), warm_done)
    while not warmed:  # only the warm answer ends this wait, or it would end the hints' run below
        app.exec()
    positions = [e for e in review.decision_entries
                 if len(review.state_at(e).legal_actions(review.actions[e].seat)) > 1]
    picks = [positions[int(len(positions) * f)] for f in ((0.2, 0.5, 0.8) if quick else (0.1, 0.3, 0.5, 0.7, 0.9))]
    hint_ms: list[float] = []
    hint_errors: list[str] = []

    def hints(done):
        left = list(picks)

        def ask():
            if not left:
                done()
                return
            entry = left.pop(0)
            seat = review.actions[entry].seat
            data = review.state_at(entry).determinize(seat, Rng(entry)).to_data()
            t0 = time.perf_counter()

            def got(result):
                # raised here, an error would vanish in Qt's event loop and leave no figure
                if isinstance(result, BaseException):
                    hint_errors.append(f"{type(result).__name__}: {result}")
                else:
                    hint_ms.append((time.perf_counter() - t0) * 1000)
                ask()

            runner.call(hint_task, (game_id, data, seat, entry), got)

        ask()

    hint_gaps = timer_gaps(app, hints, 60)
    runner.shutdown()
    if hint_errors or not hint_ms:
        print(f"  {game_id}: {len(hint_errors)} of {len(picks)} hints failed, {len(hint_ms)} answered: "
              f"{hint_errors[:2]}", flush=True)
    if not hint_ms:
        report(f"{game_id}: hint answered on the UI thread (none answered)", float("nan"), "ms", "<= 2000", False)
        return
    report(f"{game_id}: hint answered on the UI thread, max of {len(hint_ms)}", max(hint_ms), "ms", "<= 2000",
           max(hint_ms) <= 2000 and not hint_errors)
    report(f"{game_id}: UI timer gaps p99 while a hint runs", pct(hint_gaps, 99), "ms", "<= 20",
           pct(hint_gaps, 99) <= 20)
    report(f"{game_id}: UI timer gaps max while a hint runs", max(hint_gaps), "ms", "<= 33", max(hint_gaps) <= 33)

    job = AnalysisJob(review, s.state.state_hash(), "process", ANALYSIS_BUDGET, [0])
    seconds = 12 if quick else 40
    analysed = {"n": 0}
    job.progress.connect(lambda done, total: analysed.__setitem__("n", done))

    def analyse(done):
        job.finished.connect(lambda _a: done())
        job.start()

    gaps = timer_gaps(app, analyse, seconds)
    job.cancel()
    report(f"{game_id}: UI timer gaps p99 while analysing ({analysed['n']} decisions in {seconds} s at most)",
           pct(gaps, 99), "ms", "<= 20", pct(gaps, 99) <= 20)
    report(f"{game_id}: UI timer gaps max while analysing", max(gaps), "ms", "<= 33", max(gaps) <= 33)


def bench_memory() -> None:
    import resource

    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    report("peak resident memory of this run (game + UI)", rss_mb, "MB", "<= 250", rss_mb <= 250)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", default=None)
    ap.add_argument("--skip-ui", action="store_true")
    ap.add_argument("--games", default=None, help="comma list of game ids (default: all registered)")
    ap.add_argument("--only-long-load", action="store_true", help="only the 100,000-decision load")
    ap.add_argument("--only-review", action="store_true", help="only the review steps (ARCHITECTURE §9, one frame)")
    ap.add_argument("--only-pace", action="store_true",
                    help="only an AI's whole turn at the Normal pace and the cost of following it")
    ap.add_argument("--only-teaching", action="store_true",
                    help="only hints and analysis (ARCHITECTURE §9: a hint within 2 s, "
                         "0.5 s of CPU a decision analysed)")
    ap.add_argument("--only-scene", action="store_true",
                    help="only a decision and an undo with the scene updated (ARCHITECTURE §9, one frame)")
    ap.add_argument("--only-layout", action="store_true",
                    help="only the board re-laid out for a new window size (ARCHITECTURE §9, one frame), with its "
                         "decisions and undos, and the fill and texts left to tooltips at six window sizes")
    args = ap.parse_args()
    from engine.core.registry import game_ids
    from ui.games import has_board

    games = args.games.split(",") if args.games else game_ids()
    print(f"Tycoons bench — {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cpus, Python {sys.version.split()[0]}")
    if args.only_long_load:
        bench_long_load()
        return 0
    if args.only_pace:
        from tests.bench.pace_bench import bench_ai_turns_on_window

        for game_id in games:
            bench_ai_turns(game_id, args.quick)
            if has_board(game_id):
                bench_ai_turns_on_window(game_id, args.quick, report, pct)
                bench_follow(game_id, args.quick)
        if args.json:
            Path(args.json).write_text(json.dumps(results, indent=2))
        return 0
    if args.only_teaching:
        for game_id in games:
            bench_teaching(game_id, args.quick)
        if args.json:
            Path(args.json).write_text(json.dumps(results, indent=2))
        return 0
    if args.only_scene or args.only_layout:
        for game_id in games:
            if has_board(game_id):
                (bench_layout if args.only_layout else bench_scene)(game_id, args.quick)
        if args.json:
            Path(args.json).write_text(json.dumps(results, indent=2))
        return 0
    if args.only_review:
        for game_id in games:
            if has_board(game_id):
                bench_review(game_id, args.quick)
        if args.json:
            Path(args.json).write_text(json.dumps(results, indent=2))
        return 0
    if not args.skip_ui:
        bench_start(3 if args.quick else 5)
    bench_long_load()
    for game_id in games:
        bench_engine(game_id, args.quick)
        bench_saves(game_id)
        bench_ai(game_id, args.quick)
        bench_ai_turns(game_id, args.quick)
        bench_search(game_id, args.quick)
        if not args.skip_ui and has_board(game_id):
            from tests.bench.pace_bench import bench_ai_turns_on_window

            bench_ai_turns_on_window(game_id, args.quick, report, pct)
            bench_follow(game_id, args.quick)
        if not args.skip_ui and has_board(game_id):
            bench_ui(game_id, args.quick)
            bench_teaching(game_id, args.quick)
    if not args.skip_ui:
        for game_id in games:
            if has_board(game_id):
                bench_review(game_id, args.quick)
    bench_memory()
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
