"""Every window and dialog the app opens, on a screen of a given size: where each one opens and
whether it fits the screen's available area. Run in a process of its own, because the size of
Qt's offscreen screen is chosen when the application starts:

    python -m tests.ui.window_fit 1024 700        # prints one JSON line per window

Each window is opened the way a player opens it (the start screen's buttons, the game window's
keys and menus), a modal one caught while it waits for its answer and then closed. The test is
tests/ui/test_window_fit.py; the bench uses the same lines.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path


def screen_file(width: int, height: int) -> str:
    """A file describing one screen of `width` × `height` for Qt's offscreen platform."""
    folder = Path(tempfile.mkdtemp(prefix="tycoons-screen-"))
    path = folder / "screen.json"
    path.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": width, "height": height,
                                             "logicalDpi": 96, "dpr": 1}]}), encoding="utf-8")
    return str(path)


def spin(app, ms: int) -> None:
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.005)


class Probe:
    """Opens the app's windows one by one and notes where each one is on the screen."""

    def __init__(self, app):
        self.app = app
        self.rows: list[dict] = []

    def note(self, name: str, window) -> None:
        self.app.processEvents()
        screen = window.screen() or self.app.primaryScreen()
        avail = screen.availableGeometry()
        frame = window.frameGeometry()
        self.rows.append({"window": name, "frame": [frame.x(), frame.y(), frame.width(), frame.height()],
                          "available": [avail.x(), avail.y(), avail.width(), avail.height()],
                          "minimum": [window.minimumSizeHint().width(), window.minimumSizeHint().height()],
                          "fits": avail.contains(frame)})
        pictures = os.environ.get("TYCOONS_FIT_PICTURES")
        if pictures:  # to look at (not the test's business)
            name = "".join(c if c.isalnum() else "_" for c in name)
            window.grab().save(str(Path(pictures) / f"{len(self.rows):02d}_{name}.png"))

    def modal(self, name: str, trigger) -> None:
        """Run `trigger`, which opens a modal dialog; note the dialog and close it."""
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication

        seen = []

        def catch():
            dialog = QApplication.activeModalWidget()
            if dialog is None:
                QTimer.singleShot(20, catch)
                return
            spin(self.app, 60)
            self.note(name, dialog)
            seen.append(dialog)
            dialog.close()
            if hasattr(dialog, "reject"):
                dialog.reject()

        QTimer.singleShot(20, catch)
        trigger()
        if not seen:
            self.rows.append({"window": name, "frame": None, "fits": False, "error": "no dialog opened"})


def played(game_id: str, seed: int = 5):
    from engine.core import Rng, Session
    from engine.core.contract import SeatInfo

    s = Session.new(game_id, [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cy", "ai", "easy")], seed=seed)
    rng = Rng(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()), by_ai=s.seats[s.to_move()].is_ai)
    return s


def probe(width: int, height: int, games: list[str] | None = None) -> list[dict]:
    os.environ["TYCOONS_DATA_DIR"] = tempfile.mkdtemp(prefix="tycoons-fit-")
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication(["tycoons", "-platform", f"offscreen:configfile={screen_file(width, height)}"])
    from engine.core.contract import SeatInfo
    from ui.app.shell import Shell
    from ui.games import playable_specs
    from ui.services import settings as settings_module

    settings = settings_module.reset_for_tests(Path(os.environ["TYCOONS_DATA_DIR"]) / "settings.json")
    settings.set("ai_speed", "instant")
    settings.set("ai_mode", "inline")
    settings.set("confirm_turn", False)
    settings.set("coach_first_games", False)  # the first games' coach would judge every human position
    shell = Shell(settings, start_pool=False)
    p = Probe(app)
    shell.show_start()
    deadline = time.monotonic() + 20
    while shell.start.past_games is None and time.monotonic() < deadline:
        spin(app, 50)
    spin(app, 300)
    start = shell.start
    p.note("start screen", start)
    click = lambda button: QTest.mouseClick(button, Qt.MouseButton.LeftButton)  # noqa: E731
    p.modal("new game", lambda: click(start.new_button))
    p.modal("learn to play", lambda: click(start.learn_button))
    p.modal("rules: which game", lambda: click(start.rules_button))
    p.modal("load", lambda: click(start.load_button))
    from ui.dialogs.online import JoinDialog, SignInDialog

    for name, make in (("online: sign in", lambda: SignInDialog(start)),
                       ("online: join", lambda: JoinDialog("A game of 1st CEO", "@ann:example.org", start))):
        dialog = make()
        p.modal(name, dialog.exec)
    games = games or [s.id for s in playable_specs()]
    seats = [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]
    for game_id in games:
        window = shell.start_game(game_id, seats, {}, 3)
        spin(app, 200)
        p.note(f"game window: {game_id}", window)
    window.activateWindow()
    spin(app, 50)
    for name, keys in (("rules", "F1"), ("preferences", "Ctrl+,"), ("prompt and choices", "Ctrl+I")):
        before = set(QApplication.topLevelWidgets())
        if name == "rules":
            window.show_rules()
        elif name == "preferences":
            window.show_preferences()
        else:
            window.show_choices_text()
        spin(app, 100)
        opened = [w for w in QApplication.topLevelWidgets() if w not in before and w.isVisible()]
        if opened:
            p.note(name, opened[0])
            opened[0].close()
        else:
            p.rows.append({"window": name, "frame": None, "fits": False, "error": f"{keys} opened nothing"})
    before = set(QApplication.topLevelWidgets())
    window.show_shortcuts()
    spin(app, 100)
    opened = [w for w in QApplication.topLevelWidgets() if w not in before and w.isVisible()]
    p.note("keyboard", opened[0])
    opened[0].close()
    p.modal("about", window.show_about)
    p.modal("message box", lambda: shell.report("Could not save", "The game was not saved to /tmp/x:\nno room",
                                                 window))
    p.modal("load from the game", lambda: window.load_requested.emit())
    for game_id in games:
        session = played(game_id)
        shell.open_session(session)
        spin(app, 300)
        end = shell.window.end_dialog
        if end is not None:
            p.note(f"end of game: {game_id}", end)
        else:
            p.rows.append({"window": f"end of game: {game_id}", "frame": None, "fits": False,
                           "error": "no end-of-game dialog"})
        review = shell.review_session(session)
        spin(app, 300)
        p.note(f"review: {game_id}", review)
        review.close()
        if end is not None:
            end.close()
    shell.window.controller.close()
    return p.rows


def main(argv: list[str]) -> int:
    width, height = int(argv[0]), int(argv[1])
    games = argv[2].split(",") if len(argv) > 2 else None
    for row in probe(width, height, games):
        print(json.dumps(row), flush=True)
    sys.stdout.flush()
    os._exit(0)  # the windows' threads (past games, autosave) need not be waited for


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
