"""Entry point of the frozen app (PyInstaller runs this file as `__main__`).

`multiprocessing.freeze_support()` comes first: the AI's spawn workers (and multiprocessing's
resource tracker) re-execute this very binary with multiprocessing's own arguments, and those
must be diverted into the worker before `tycoons`' argument parser or any Qt import sees them.

Two diagnostics for the installers' smoke test and benchmark, off unless their variable is set
(they run the same way from source: `python packaging/tycoons_main.py`):

- `TYCOONS_SELFTEST=ai-pool` plays a whole all-AI game of 1st CEO in which every decision goes
  through the app's own AI runner in its spawn process pool, autosaves it to the user data folder
  (platformdirs, or $TYCOONS_DATA_DIR) and loads it back, reads the rules shown by Help, prints
  one JSON line and exits (0 if all of that worked, every decision in a worker process).
- `TYCOONS_PROBE_FIRST_PAINT=1` opens the app as usual, prints `FIRST_PAINT <epoch seconds>` as
  soon as the start screen has painted, and exits at once (cold-start measurement).
"""

import multiprocessing
import os
import sys


def selftest_ai_pool(game_id: str = "first-ceo", players: int = 4, seed: int = 1) -> int:
    """Play one all-AI game with every decision taken by `ui.services.ai_runner.AiRunner` in "process"
    mode (a spawn `ProcessPoolExecutor`, exactly as the GUI does); print a JSON summary."""
    import json
    import time

    from PySide6.QtCore import QCoreApplication, QTimer

    from engine.core.contract import SeatInfo
    from engine.core.rng import Rng
    from engine.core.session import Session
    from ui.services.ai_runner import AiRunner

    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    session = Session.new(game_id, [SeatInfo(f"AI {i + 1}", "ai", "easy") for i in range(players)], {}, seed)
    runner = AiRunner("process")
    runner.start((game_id,))
    report = {"selftest": "ai-pool", "game": game_id, "mode": runner.started_mode, "decisions": 0,
              "finished": False, "worker_pids": [], "error": None}
    started = time.monotonic()

    def ask() -> None:
        if session.is_over():
            report["finished"] = True
            app.quit()
            return
        seat = session.to_move()
        n = len(session.log)
        sample = session.state.determinize(seat, Rng.derive(session.seed, "ai-determinize", n))
        runner.request(game_id, sample.to_data(), seat, "easy", session.ai_rng().next64() >> 1, None, answered)

    def answered(result) -> None:
        if isinstance(result, Exception):
            report["error"] = f"{type(result).__name__}: {result}"
            app.exit(1)
            return
        session.apply(result, by_ai=True)
        report["decisions"] += 1
        for child in multiprocessing.active_children():
            if child.pid not in report["worker_pids"]:
                report["worker_pids"].append(child.pid)
        QTimer.singleShot(0, ask)

    QTimer.singleShot(0, ask)
    QTimer.singleShot(300_000, lambda: app.exit(2))  # never hang a smoke test
    app.exec()
    runner.shutdown()
    report["seconds"] = round(time.monotonic() - started, 3)
    # Saves: the autosave behind Continue, in the user data folder, read back by full replay.
    from saves import autosave, data_dir, load_autosave

    report["data_dir"] = str(data_dir())
    path = autosave(session)
    loaded = load_autosave()
    report["autosave"] = str(path)
    report["autosave_ok"] = loaded is not None and loaded.state.state_hash() == session.state.state_hash()
    # Help -> Rules: the rules text comes from the bundled assets.
    report["rules_chars"] = len(session.spec.rules_help)
    # The version that saves record (from the bundled distribution metadata).
    from saves.envelope import app_version

    report["app_version"] = app_version()
    ok = (report["finished"] and report["mode"] == "process" and report["error"] is None
          and report["worker_pids"] and os.getpid() not in report["worker_pids"]
          and report["autosave_ok"] and report["rules_chars"] > 500)
    print(json.dumps(report), flush=True)
    return 0 if ok else 1


def install_first_paint_probe() -> None:
    """Print FIRST_PAINT and leave as soon as any window of the app has painted for the first time."""
    import time

    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv)

    class Probe(QObject):
        fired = False

        def eventFilter(self, obj, event):  # noqa: N802 - Qt's name
            if not self.fired and event.type() == QEvent.Type.Paint:
                self.fired = True
                # After the paint event has been handled: the screen is drawn.
                QTimer.singleShot(0, self.done)
            return False

        def done(self) -> None:
            print(f"FIRST_PAINT {time.time():.6f}", flush=True)
            os._exit(0)  # no teardown: only the time to the first paint is measured

    app._tycoons_probe = Probe()  # kept alive with the application
    app.installEventFilter(app._tycoons_probe)


def main() -> int:
    if os.environ.get("TYCOONS_SELFTEST") == "ai-pool":
        return selftest_ai_pool()
    if os.environ.get("TYCOONS_PROBE_FIRST_PAINT") == "1":
        install_first_paint_probe()
    from ui.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
