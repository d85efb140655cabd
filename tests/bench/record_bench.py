#!/usr/bin/env python3
"""The start screen with a record of 0, 200, 1,000 and 10,000 finished games.

    .venv/bin/python tests/bench/record_bench.py                  # 0, 200, 1,000 and 10,000 games
    .venv/bin/python tests/bench/record_bench.py --games 10000 --runs 3

Each run starts the real app (`run_gui`, as players start it) in a fresh process on a data folder
holding that many finished games (small legal saves, tests/saves/helpers.big_record), and reports,
from the moment the process was started:

- the start screen's first paint (the budget: cold start ≤ 1.5 × a bare PySide6 window, ARCHITECTURE §9);
- the start screen painted *after Shell creation* (what the record could delay; target < 100 ms;
  with 0 games it is the start screen's own cost);
- "then busy": the work the app starts just after its first paint (the record's panel, the online
  panel, the AI pool), until the GUI thread turns to events again;
- "Past games" painted (the panel, with its list or "Reading past games…");
- the list filled (read on the worker thread: with the index, or rebuilding it when "cold");
- the start screen shown again (a game closed) until it has painted, the record re-read behind it
  (each return used to read every file on the GUI thread: 3 s at 200 games), then until the list
  is read again ("refilled") and the GUI event loop's longest gap meanwhile ("gap": measured once
  the app's start-up work, importing every game's code, is over, so this is what reading the
  record costs the GUI);
- the longest gap of a 16 ms GUI timer from "Past games" painted until the list is filled (the
  start screen answers while the record is read; the app's own start-up work after the first
  paint, its imports and the AI pool, lies before that and is the same with no games at all).
- the longest gap of that timer over the first 3 s after the first paint, the same window whatever
  the record (the start-up's own pauses are in it: compare with the figure for 0 games).

"warm" runs have the index a previous start wrote; "cold" ones have none (the first start after
upgrading, or an index deleted), so every file is decoded, on the worker thread. This is a
benchmark: it prints figures and never fails.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

EARLY_S = 3.0
"""The GUI's longest gap is also taken over this many seconds after the first paint, the same window
whatever the record holds (with no games the list is filled at once), so the record's share of the
start-up's pauses is the difference between a record's figure and that of none."""

CHILD = r'''
import sys, time
t0 = float(sys.argv[1])
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
import ui.app.shell as A
marks, gaps, last, watchers, early = {}, [], [None], [], []
EARLY_S = float(sys.argv[2])  # the first seconds after the first paint

def mark(name):
    marks.setdefault(name, time.time())

class Painted(QObject):
    def __init__(self, name):
        super().__init__()
        self.name = name
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint:
            mark(self.name)
        return False

class PaintDone(QObject):
    """Marks `name` once the first paint it sees is over: a zero timer queued from the paint
    event (installed after the shell's own first-paint hook, this filter runs first, so its
    timer fires before the work the app starts after its first paint)."""
    def __init__(self, name):
        super().__init__()
        self.name = name
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint and self.name not in marks:
            QTimer.singleShot(0, lambda: mark(self.name))
        return False

real_shell, real_paint = A.Shell, A._paint_now
class Shell(real_shell):
    def __init__(self, *a, **k):
        mark("shell")
        super().__init__(*a, **k)
        watchers.append(PaintDone("start painted"))
        self.start.installEventFilter(watchers[-1])
A.Shell = Shell
def paint_now(widget, limit_s=2.0):
    real_paint(widget, limit_s)
    mark("paint_now returned")
A._paint_now = paint_now
def tick():
    now = time.perf_counter()
    if last[0] is not None and "panel painted" in marks and "list filled" not in marks:
        gaps.append((now - last[0]) * 1000)
    if last[0] is not None and "start painted" in marks and time.time() - marks["start painted"] <= EARLY_S:
        early.append((now - last[0]) * 1000)
    last[0] = now
    sh = A.current_shell()
    panel = sh.start.past_games if sh is not None else None
    if panel is not None and len(watchers) == 1:
        watchers.append(Painted("panel painted"))
        panel.installEventFilter(watchers[-1])
    if panel is not None and panel.loaded and "list filled" not in marks:
        mark("list filled")
        print("ROWS", panel.model.rowCount(), "DECODED", panel.record.decoded, flush=True)
        def done():
            for name in ("shell", "start painted", "paint_now returned", "panel painted", "list filled"):
                print("MARK", name.replace(" ", "_"), f"{(marks.get(name, 0) - t0) * 1000:.1f}", flush=True)
            print("GAPMAX", f"{max(gaps or [0]):.1f}", flush=True)
            early_done()
        def early_done():
            if time.time() - marks["start painted"] <= EARLY_S + 0.05:
                QTimer.singleShot(50, early_done)
                return
            print("EARLYGAP", f"{max(early or [0]):.1f}", flush=True)
            back()
        def back():
            # the start screen coming back (a game closed): shown again, the record re-read behind
            # it, once start-up's own work is over (the games' code is imported one game at a time
            # after the first paint, each import a pause of the GUI thread of its own)
            if sh._preload is None or sh._preload:
                QTimer.singleShot(50, back)
                return
            sh.start.hide()
            app.processEvents()
            painted = Painted("back")
            sh.start.installEventFilter(painted)
            start = time.time()
            sh.show_start()
            while "back" not in marks and time.time() - start < 10:
                app.processEvents()
            print("BACK", f"{(marks['back'] - start) * 1000:.1f}", flush=True)
            panel, gaps2, prev = sh.start.past_games, [], time.perf_counter()
            while panel._shown != panel.reader.generation and time.time() - start < 60:
                app.processEvents()
                time.sleep(0.001)
                now = time.perf_counter()
                gaps2.append((now - prev) * 1000)
                prev = now
            print("BACKFILL", f"{(time.time() - start) * 1000:.1f}", f"{max(gaps2 or [0]):.1f}", flush=True)
            sh.quit()
        QTimer.singleShot(50, done)
timer = QTimer()
timer.setInterval(16)
timer.timeout.connect(tick)
timer.start()
QTimer.singleShot(180_000, app.quit)
sys.exit(A.run_gui([]))
'''


def build(games: int) -> Path:
    """A data folder holding `games` finished games and their index; its path."""
    from tests.saves.helpers import big_record

    folder = Path(tempfile.mkdtemp(prefix=f"tycoons-record-{games}-"))
    big_record(folder / "games", games)
    return folder


def run(data: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TYCOONS_DATA_DIR=str(data))
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", CHILD, f"{t0:.6f}", str(EARLY_S)], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=240)
    got = {}
    for line in out.stdout.splitlines():
        parts = line.split()
        if parts and parts[0] == "MARK":
            got[parts[1]] = float(parts[2])
        elif parts and parts[0] == "BACK":
            got["back"] = float(parts[1])
        elif parts and parts[0] == "BACKFILL":
            got["backfill"], got["backgap"] = float(parts[1]), float(parts[2])
        elif parts and parts[0] == "EARLYGAP":
            got["early"] = float(parts[1])
        elif parts and parts[0] == "GAPMAX":
            got["gap"] = float(parts[1])
        elif parts and parts[0] == "ROWS":
            got["rows"], got["decoded"] = int(parts[1]), int(parts[3])
    if "list_filled" not in got:
        raise RuntimeError("the run did not finish:\n" + out.stdout[-2000:] + out.stderr[-2000:])
    return got


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="0,200,1000,10000",
                    help="comma list of record sizes (0: the start-up's own figures)")
    ap.add_argument("--runs", type=int, default=3, help="warm runs per size (one cold run each)")
    args = ap.parse_args()
    print(f"Tycoons record bench — {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cpus")
    print(f"{'games':>6} {'index':<5} {'first paint':>12} {'paint after Shell()':>20} {'then busy':>10} "
          f"{'Past games':>11} {'list filled':>12} {'GUI gap max':>12} {f'gap {EARLY_S:g} s':>8} {'decoded':>8} "
          f"{'back to start':>14} {'refilled':>9} {'gap':>7}")
    for games in (int(g) for g in args.games.split(",")):
        data = build(games)
        try:
            runs = [("cold", run(data))]  # builds the index
            runs += [("warm", run(data)) for _ in range(args.runs)]
            for kind in ("cold", "warm"):
                rs = [r for k, r in runs if k == kind]

                def med(key, rs=rs):
                    return statistics.median(r[key] for r in rs)

                after_shell = med("start_painted") - med("shell")
                busy = med("paint_now_returned") - med("start_painted")
                panel = f"{med('panel_painted'):>8.0f} ms" if min(r["panel_painted"] for r in rs) > 0 else f"{'—':>11}"
                print(f"{games:>6,} {kind:<5} {med('start_painted'):>9.0f} ms {after_shell:>17.0f} ms {busy:>7.0f} ms "
                      f"{panel} {med('list_filled'):>9.0f} ms {med('gap'):>9.0f} ms {med('early'):>5.0f} ms "
                      f"{int(med('decoded')):>8,} {med('back'):>11.0f} ms {med('backfill'):>6.0f} ms "
                      f"{med('backgap'):>4.0f} ms", flush=True)
        finally:
            shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
