"""An AI's whole turn as a player sees it on the real game window at the Normal pace
(ARCHITECTURE §9: within 1.5 s).

`run_bench.bench_ai_turns` adds up the pacing model (ui/controller.ai_pause_ms) and the Normal
AI's thinking; this one watches the window itself: a game of Normal AIs opened by the shell as a
player opens one (AIs in the process pool, Normal pace, animations on), timed from the moment the
previous player's last decision is on the board until this AI's last decision of its turn is on
the board and has stopped moving (its slides and card turns, ui/board/items.py). The "moved" ring
fading afterwards is not counted: the move is shown before it fades.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

MOTIONS = ("_slide_anim", "_flip_anim")
"""The names of a piece's running motions (ui/board/items.start_animation)."""


def moving(scene) -> bool:
    """True while any piece of `scene` slides or turns over."""
    from ui.board.items import BoardItem

    return any(isinstance(item, BoardItem) and any(name in item.motions for name in MOTIONS)
               for item in scene.items())


def whole_turns_on_window(game_id: str, turns: int, seed: int = 1, players: int = 3) -> tuple[list[float], int]:
    """The milliseconds each AI turn took to be shown (the first `turns` after the first one,
    whose start the window does not see), and the decisions made meanwhile."""
    import os

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from engine.core.contract import SeatInfo
    from ui.app.shell import Shell
    from ui.services import settings as settings_module

    app = QApplication.instance() or QApplication([])
    folder = Path(tempfile.mkdtemp(prefix="tycoons-pace-"))
    os.environ["TYCOONS_DATA_DIR"] = str(folder)
    settings = settings_module.reset_for_tests(folder / "settings.json")
    settings.set("ai_speed", "normal")
    settings.set("animations", True)
    settings.set("confirm_turn", False)
    settings.set("coach_first_games", False)  # the first games' coach would judge every human position
    settings.set("ai_mode", "process")
    shell = Shell(settings, autosave=True, start_pool=False)  # as the app: its data folder is the temporary one
    shell.report = lambda *a, **k: None
    shell.runner.start((game_id,))
    seats = [SeatInfo(f"AI {i + 1}", "ai", "normal") for i in range(players)]
    window = shell.start_game(game_id, seats, {}, seed)
    window.resize(1280, 720)
    window.show()
    c = window.controller
    scene = window.view.scene()
    shown: list[float] = []
    t = {"mover": None, "start": None, "landed": None, "waiting": False, "decisions": 0, "n": 0, "applied": 0.0}

    def mover_of_last() -> int | None:
        return next((e.action.seat for e in reversed(c.session.log) if e.action.seat >= 0), None)

    # the quits are timer objects, stopped after the run: a single shot left behind would quit a
    # later bench's event loop (the teaching bench's hints were never answered in the full run)
    finish = QTimer()
    finish.setSingleShot(True)
    finish.timeout.connect(app.quit)
    guard = QTimer()
    guard.setSingleShot(True)
    guard.timeout.connect(app.quit)

    def on_changed() -> None:
        who = mover_of_last()
        if who is None:
            return
        if who != t["mover"]:
            if t["start"] is not None:
                shown.append((t["landed"] - t["start"]) * 1000)
                if os.environ.get("TYCOONS_PACE_TRACE"):  # each turn: decisions, last shown, landed
                    applied = (t["applied"] - t["start"]) * 1000
                    print(f"    {t['n']} decisions: last applied at {applied:.0f} ms, landed at {shown[-1]:.0f} ms")
            t["n"] = 0
            # this turn starts when the last decision of the one before has landed
            t["mover"], t["start"] = who, t["landed"]
        t["n"] += len(c.session.log) - t.get("log", len(c.session.log) - 1)
        t["log"] = len(c.session.log)
        t["decisions"] += 1
        t["applied"] = time.perf_counter()
        t["waiting"] = True
        if (len(shown) >= turns or c.session.is_over()) and not finish.isActive():
            finish.start(50)

    def tick() -> None:
        if t["waiting"] and not moving(scene):
            t["waiting"], t["landed"] = False, time.perf_counter()

    clock = QTimer()
    clock.setInterval(4)
    clock.timeout.connect(tick)
    clock.start()
    c.changed.connect(on_changed)
    guard.start(turns * 5000 + 30_000)  # never hang the bench
    app.exec()
    finish.stop()
    guard.stop()
    clock.stop()
    c.changed.disconnect(on_changed)
    c.close()
    window.close()
    window.deleteLater()
    shell.start.close()
    shell.runner.shutdown()
    app.processEvents()
    return shown, t["decisions"]


def bench_ai_turns_on_window(game_id: str, quick: bool, report, pct) -> None:
    """Report the p95 of an AI's whole turn on the window against ARCHITECTURE §9's 1.5 s."""
    times, _decisions = whole_turns_on_window(game_id, 12 if quick else 30)
    if not times:
        report(f"{game_id}: an AI's whole turn on the window (normal pace)", 0.0, "ms", "no turn measured", False)
        return
    report(f"{game_id}: an AI's whole turn on the window, p95 (normal pace)", pct(times, 95), "ms",
           f"<= 1500 ({len(times)} turns, max {max(times):.0f})", pct(times, 95) <= 1500)


if __name__ == "__main__":
    import sys

    from tests.bench.run_bench import pct, report

    for game in sys.argv[1:]:
        bench_ai_turns_on_window(game, True, report, pct)
