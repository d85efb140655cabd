"""The real entry point end to end, in a subprocess: `run_gui()` paints the start screen, starts
the spawn process pool after the first paint, and plays a whole all-AI 1st CEO game through the
qasync loop (AI decisions in the worker process) to the end-of-game dialog."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

CHILD = r'''
import os, sys, time


def main():
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    import ui.app.shell as A
    gaps, think_gaps, last = [], [], [None, False]
    window = []
    def tick():
        now = time.perf_counter()
        thinking = bool(window) and window[0].controller.ai_seat is not None
        if last[0] is not None:
            gaps.append((now - last[0]) * 1000)
            if thinking and last[1]:  # both ends inside one AI turn: the UI while the AI thinks
                think_gaps.append((now - last[0]) * 1000)
        last[0], last[1] = now, thinking
    timer = QTimer()
    timer.setInterval(16)
    timer.timeout.connect(tick)
    def go():
        sh = A.current_shell()
        if sh is None or not sh.first_painted:  # start-up is still under way
            QTimer.singleShot(100, go)
            return
        assert sh.start.isVisible()
        sh.settings.set("ai_speed", "instant")
        from engine.core.contract import SeatInfo
        w = sh.start_game("first-ceo", [SeatInfo(n, "ai", "easy") for n in ("Ann", "Bob", "Cyd")], {}, 5)
        window.append(w)
        timer.start()
        def check():
            if w.end_dialog is not None:
                def p99(xs):
                    xs = sorted(xs)
                    return xs[int(len(xs) * 0.99)] if xs else 0.0
                print("OVER", len(w.controller.session.log), sh.runner.started_mode,
                      f"all_gaps_p99={p99(gaps):.1f} all_gaps_max={max(gaps or [0]):.1f} "
                      f"thinking_gaps_p99={p99(think_gaps):.1f} thinking_gaps_max={max(think_gaps or [0]):.1f} "
                      f"n={len(think_gaps)}", flush=True)
                sh.quit()
                return
            QTimer.singleShot(50, check)
        check()
    QTimer.singleShot(400, go)
    def give_up():
        print("TIMEOUT", flush=True)
        sh = A.current_shell()
        if sh is not None and sh._runner is not None:
            sh._runner.shutdown()  # no orphaned worker processes
        os._exit(1)
    QTimer.singleShot(90_000, give_up)
    code = A.run_gui()
    print("EXIT", code, flush=True)


if __name__ == "__main__":  # spawn workers import this file: only the parent runs the GUI
    main()
'''


def test_run_gui_plays_an_ai_game_through_the_process_pool(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TYCOONS_DATA_DIR=str(tmp_path))
    script = tmp_path / "run_gui_child.py"
    script.write_text(CHILD, encoding="utf-8")
    data = tmp_path / "data"
    env["TYCOONS_DATA_DIR"] = str(data)
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=str(Path(__file__).resolve().parents[2]),
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the GUI and its worker processes
        out, err = proc.communicate()
    assert "OVER" in out, out + err[-3000:]
    over = next(line for line in out.splitlines() if line.startswith("OVER")).split()
    assert over[2] == "process", out  # the spawn pool really ran the AI
    assert "EXIT 0" in out, out + err[-3000:]
    assert (data / "autosave.tycoons").is_file()
    print(out)
