"""The application: `run_gui()` and the `Shell` that moves between the start screen and the
game window.

Start-up is kept lean (ARCHITECTURE §9): only QtWidgets, the settings and the start screen are imported
before the first paint; the game window, the engine's games, saves and the AI process pool come
later (the pool is started just after the first paint).
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QWidget

from engine.core.errors import reason_of
from ui.services.plain_text import PlainLabel, message_box
from ui.services.settings import Settings, autosave_exists
from ui.services.settings import settings as global_settings

PRELOAD_PAUSE_MS = 50
"""The pause between two games' imports after the first paint (events in between run first)."""


class _Described(QObject):
    """Carries the autosave's description from its thread to the GUI thread."""

    done = Signal(object, str)


def autosave_path_light() -> Path:
    """The autosave's path without importing the engine behind the saves (saves.files is light)."""
    from saves.files import data_dir

    return data_dir() / "autosave.tycoons"


def _file_stamp(path: Path):
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_size, info.st_mtime_ns)


class _FirstPaint(QObject):
    """Calls `callback` once, just after the watched widget first paints."""

    def __init__(self, widget: QWidget, callback):
        super().__init__(widget)
        self._callback = callback
        self._done = False
        widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        if not self._done and event.type() == QEvent.Type.Paint:
            self._done = True
            QTimer.singleShot(0, self._callback)
        return False


class Shell(QObject):
    """Owns the start screen, the game window, the AI runner and the settings."""

    def __init__(self, settings: Settings | None = None, autosave: bool = True, start_pool: bool = True):
        super().__init__()
        from ui.dialogs.start_screen import StartScreen

        self.settings = settings or global_settings()
        from ui.services import text_size, window_fit

        window_fit.install()  # every window opens within its screen, from the first

        text_size.apply(self.settings.get("text_size"))  # the player's text size, before any widget
        self.autosave_enabled = autosave
        self._runner = None
        self._start_pool = start_pool
        self.start = StartScreen()
        self.start.continue_requested.connect(self.continue_game)
        self.start.new_requested.connect(lambda: self.new_game(self.start))
        self.start.load_requested.connect(lambda: self.load_game(self.start))
        self.start.rules_requested.connect(self.choose_rules)
        self.start.learn_requested.connect(lambda: self.learn_to_play(self.start))
        self.start.quit_requested.connect(self.quit)
        self.start.switch_requested.connect(self.switch_to_other)
        self.read_only = ""  # who else holds the data folder (ui/app/instance.py), "" if this app does
        self._described = (None, "")  # (the autosave's size and time, its description)
        self._describing = None
        self._describer = _Described(self)
        self._describer.done.connect(self._described_now)
        self.instance = None
        self.window = None
        self._windows: list = []  # help windows opened from the start screen
        self.first_painted = False
        self._preload: list[str] | None = None  # games whose code is still to be imported
        self._online = None  # online play (ui/online/gui/shell.py), set up when first asked for
        self._loading = False  # a load is being read (a second one waits for it)
        self._quitting = False
        self._record_future = None  # the last finished game being recorded in the background
        if self.settings.get("chrome") != "system":  # the system's own needs nothing done
            self._follow_setting("chrome", self.settings.get("chrome"))
        self.settings.subscribe(self._follow_setting)
        self.settings.on_write_failed(self._settings_not_saved)
        _FirstPaint(self.start, self._after_first_paint)

    def _follow_setting(self, key: str, value) -> None:
        """A preference that belongs to the whole app changed (Preferences, the menus)."""
        if key == "chrome":
            from ui.services.theme import apply_chrome

            apply_chrome(value)

    def _settings_not_saved(self, message: str) -> None:
        """A preference could not be written: said once a reason, after the change that caused it
        has finished (a menu's toggle or the Preferences dialog is mid-signal then)."""
        QTimer.singleShot(0, lambda: self.report("Preferences not saved", message))

    # -- start screen ---------------------------------------------------------------------------------
    def show_start(self) -> None:
        self.start.set_notice(self._notice())
        self.refresh_continue()
        self.refresh_past_games()
        self.start.show()
        self.start.raise_()

    def _notice(self) -> str:
        lines = [self.settings.notice] if self.settings.notice else []
        if self.read_only:
            lines.append(f"Tycoons is already open ({self.read_only}) with your games: this window only "
                         "shows them for review. Switch to it, or close it to play here.")
        return "\n".join(lines)

    # -- two apps on one data folder (ui/app/instance.py) ---------------------------------------------------
    def set_read_only(self, other: str) -> None:
        """Another Tycoons (`other` says which) holds the data folder: never write the autosave,
        open games for review only. "" when this app holds the folder (again)."""
        self.read_only = other
        self.autosave_enabled = not other
        self.start.set_read_only(other)
        self.start.set_notice(self._notice())
        self.refresh_continue()

    def bring_to_front(self) -> None:
        """Another Tycoons handed over to this one: show the open window."""
        window = self.window if self.window is not None and self.window.isVisible() else self.start
        if window.isMinimized():
            window.showNormal()
        window.show()
        window.raise_()
        window.activateWindow()

    def switch_to_other(self) -> None:
        """"Switch to the open Tycoons": ask it to come to the front, then close this one."""
        if self.instance is not None and self.instance.hand_over():
            self.quit()
        else:
            self.report("Cannot switch", "The other Tycoons did not answer; it may be closing. "
                        "This window stays open, read-only, until it has closed.")

    def refresh_continue(self) -> None:
        """Enable Continue if there is an autosave. Before the first paint only the file's
        existence is checked (no saves/engine import); its description follows after the paint,
        worked out on a thread of its own (it replays the game: a long one takes seconds) and
        kept while the file is unchanged."""
        available = autosave_exists()
        stamp = _file_stamp(autosave_path_light()) if available else None
        known = self._described if self._described[0] == stamp else (None, "The last game, saved automatically.")
        self.start.set_continue(available, known[1])
        if available and self.first_painted and known[0] is None and self._describing != stamp:
            import threading

            self._describing = stamp  # one description at a time of each version of the file
            def describe():
                try:
                    from saves.store import describe_save

                    text = describe_save(str(autosave_path_light()))
                except Exception:  # noqa: BLE001 - a description is optional; Continue reports errors
                    return
                self._describer.done.emit(stamp, text)

            threading.Thread(target=describe, name="describe-autosave", daemon=True).start()

    def _described_now(self, stamp, text: str) -> None:
        self._described = (stamp, text)
        if stamp == _file_stamp(autosave_path_light()):
            self.start.set_continue(True, text)

    @property
    def online(self):
        """Online play (ui/online/gui/shell.py), made on first use: sign-in, Online games, hosting."""
        if self._online is None:
            from ui.online.gui.shell import OnlineShell

            self._online = OnlineShell(self)
        return self._online

    @property
    def runner(self):
        """The AI runner (created on first use, so that start-up does not import asyncio)."""
        if self._runner is None:
            from ui.services.ai_runner import AiRunner

            self._runner = AiRunner(self.settings.get("ai_mode"), self)
        return self._runner

    def _after_first_paint(self) -> None:
        self.first_painted = True
        _remove_leftover_temps()
        if self.start.isVisible():
            self.refresh_continue()
        self._install_past_games()
        try:
            from ui.online import available

            # without the online extra the start screen says nothing of online play (nor of pip):
            # the installers include it, and the README says how to add it from source
            if available() is None:
                self.online.install_panel(self.start)
        except Exception as exc:  # noqa: BLE001 - the start screen works without it
            print(f"Online games are not shown: {exc}", file=sys.stderr)
        if self._start_pool:
            try:
                from engine.core.registry import game_ids

                self.runner.start(tuple(game_ids()[:1]))
            except Exception:  # noqa: BLE001 - AI falls back to a thread on first use
                pass
        QTimer.singleShot(PRELOAD_PAUSE_MS, self._preload_next_game)

    def _preload_next_game(self) -> None:
        """Import one more game's rules and board code while the start screen waits (one game a
        turn of the event loop, so a click is never held up by more than one game's import). A
        game's first opening (and the new-game dialog's list) then costs no import, and the app
        has its working size from the first game on instead of growing by each game's code as
        each is first played (some 4 MB, which the soak, tests/bench/soak.py, counted as growth)."""
        from engine.core.registry import game_ids, get_spec
        from ui.app.memory import forget_source_lines, freeze_start_up_objects
        from ui.games import game_ui, has_board

        if self._preload is None:
            self._preload = game_ids()
            freeze_start_up_objects()
        if not self._preload:
            forget_source_lines()  # every module is imported now: see ui/app/memory.py
            if self.window is None:  # no game's objects yet among them
                freeze_start_up_objects()
            return
        game_id = self._preload.pop(0)
        try:
            get_spec(game_id)
            if has_board(game_id):
                game_ui(game_id)
        except Exception:  # noqa: BLE001 - a broken game is reported when it is opened
            pass
        QTimer.singleShot(PRELOAD_PAUSE_MS, self._preload_next_game)

    # -- opening games --------------------------------------------------------------------------------
    def _window(self):
        if self.window is None:
            from ui.game.window import GameWindow

            self.window = GameWindow(self)
            self.window.new_game_requested.connect(lambda: self.new_game(self.window))
            self.window.load_requested.connect(lambda: self.load_game(self.window))
            self.window.closed.connect(self._window_closed)
        return self.window

    def open_session(self, session, path=None, before_start=None, autosave: bool | None = None):
        """Show `session` in the game window; returns the window (None if the game has no board).
        `before_start(controller)` runs before the game's first move (GameWindow.open_session);
        `autosave` False: the game is saved elsewhere (an online game's host). Refused, read-only
        (another Tycoons has the data folder)."""
        from ui.game import controller

        if self.read_only:
            self.report("A game is open elsewhere", f"Tycoons is already open ({self.read_only}): play there, "
                        "or close it to play here. This window only shows games for review.")
            return None

        try:
            controller.game_ui(session.spec.id)
        except ImportError:
            self.report("Cannot open", f"{session.spec.title} cannot be shown yet: its board is missing "
                        "from this version of Tycoons.")
            return None
        window = self._window()
        self._leave_hosted_game()
        window.open_session(session, path, before_start, autosave=autosave)
        return self._show_window(window)

    def open_remote(self, manager, core):
        """Show a game hosted elsewhere from this player's seat (ARCHITECTURE §12)."""
        window = self._window()
        window.open_remote(manager, core)
        return self._show_window(window)

    def _leave_hosted_game(self) -> None:
        online = self._online
        if online is not None and online.bridge is not None:
            online.bridge.close()
            online.bridge = None

    def _show_window(self, window):
        window.show()
        window.raise_()
        window.activateWindow()
        self.start.hide()
        self._stop_past_games()
        return window

    def start_game(self, game_id: str, seats, options: dict, seed: int):
        from engine.core.session import Session
        from ui.game.caution import note_game_started

        session = Session.new(game_id, seats, options, seed)
        if any(not s.is_ai and not s.is_online for s in session.seats):
            note_game_started(self.settings, game_id)  # a game of the player's: the first games' coach counts it
        return self.open_session(session)

    def new_game(self, parent: QWidget | None = None):
        """The new-game dialog, then the game (returns the window, or None if cancelled)."""
        from ui.dialogs.new_game import NewGameDialog

        if self.read_only:
            self.report("A game is open elsewhere", f"Tycoons is already open ({self.read_only}): play there, "
                        "or close it to play here. This window only shows games for review.", parent)
            return None

        last = self.settings.get("last_game") or {}
        dialog = NewGameDialog(player_name=self.settings.get("player_name"), parent=parent,
                               initial_game=last.get("game"))
        remember_seats(dialog, last)
        if dialog.exec() != NewGameDialog.DialogCode.Accepted:
            return None
        if not self.may_replace_game(parent):
            return None
        game_id, seats, options, seed = dialog.choice()
        if seats and not seats[0].is_ai and seats[0].name != self.settings.get("player_name"):
            self.settings.set("player_name", seats[0].name)
        self.settings.set("last_game", {"game": game_id, "seats": [
            {"name": s.name, "kind": s.kind, "level": s.level, **({"user": s.user} if s.user else {})}
            for s in seats]})
        if any(s.is_online for s in seats):
            return self.online.host_game(game_id, seats, options, seed, parent)
        return self.start_game(game_id, seats, options, seed)

    def continue_game(self):
        """Resume the autosave; a broken one is reported and left untouched. Read-only (another
        Tycoons has the data folder), the autosave opens for review instead."""
        from saves.autosaving import autosave_path, load_autosave

        if self.read_only:
            return self.review_file(autosave_path(), self.start)

        try:
            session = self.read_in_background(None, self.start, load_autosave)
        except Exception as exc:  # noqa: BLE001 - SaveError carries .reason
            self.report("Cannot continue", "The last game could not be restored:\n"
                        f"{reason_of(exc)}\n\nThe autosave file was left as it is.")
            return None
        if session is None:
            self.report("Cannot continue", "There is no saved game to continue.")
            self.refresh_continue()
            return None
        return self.open_session(session)

    def load_game(self, parent: QWidget | None = None, path: str | None = None):
        """Open a `.tycoons` file (asks for it when `path` is None)."""
        if path is None:
            from ui.game.window import FILE_FILTER, _default_dir

            start = self.settings.get("last_dir") or str(_default_dir())
            path, _ = QFileDialog.getOpenFileName(parent, "Load game", start, FILE_FILTER)
            if not path:
                return None
        if self.read_only:
            return self.review_file(path, parent)
        try:
            session = self.read_in_background(str(path), parent)
        except Exception as exc:  # noqa: BLE001
            self.report("Cannot load", f"{Path(path).name} could not be loaded:\n{reason_of(exc)}",
                        parent)
            return None
        if not self.may_replace_game(parent):  # asked only once the file is known to be good
            return None
        self.settings.set("last_dir", str(Path(path).parent))
        return self.open_session(session, Path(path))

    LOAD_PROGRESS_AFTER_MS = 400
    """A load that takes longer than this shows a busy progress dialog."""

    def read_in_background(self, path: str | None, parent: QWidget | None = None, reader=None):
        """`read_session(path)` (or `reader()`) on a worker thread, the GUI thread meanwhile
        painting and, past LOAD_PROGRESS_AFTER_MS, showing a busy "Loading…" dialog. Returns the
        session or raises what the reader raised. A second load asked for meanwhile is refused."""
        if self._loading:
            raise RuntimeError("another game is being loaded")
        from concurrent.futures import ThreadPoolExecutor

        from PySide6.QtCore import QEventLoop, Qt
        from PySide6.QtWidgets import QProgressDialog

        if reader is None:
            from saves.store import read_session

            def reader():
                return read_session(path)

        self._loading = True
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="load")
        try:
            future = pool.submit(reader)
            if not _wait_briefly(future):
                name = Path(path).name if path else "the last game"
                dialog = QProgressDialog("", "", 0, 0, parent)
                dialog.setLabel(PlainLabel(f"Loading {name}…"))  # a file's name, as written
                dialog.setCancelButton(None)  # a replay cannot be cut short safely; it is bounded
                dialog.setWindowTitle("Tycoons")
                dialog.setWindowModality(Qt.WindowModality.WindowModal)
                # its own show timer (4 s whatever setMinimumDuration says when no value is ever
                # set) is stopped by reset(); ours shows it after LOAD_PROGRESS_AFTER_MS
                dialog.reset()
                QTimer.singleShot(self.LOAD_PROGRESS_AFTER_MS, dialog, lambda: future.done() or dialog.show())
                self.load_dialog = dialog
                loop = QEventLoop()
                timer = QTimer()
                timer.timeout.connect(lambda: future.done() and loop.quit())
                timer.start(15)
                if not future.done():
                    loop.exec()
                timer.stop()
                dialog.close()
                dialog.deleteLater()
                self.load_dialog = None
            return future.result()
        finally:
            pool.shutdown(wait=False)
            self._loading = False

    def may_replace_game(self, parent: QWidget | None = None) -> bool:
        """Before another game replaces an open, unfinished one that was changed since it was
        last saved (the autosave will then hold the new game): Save, Discard or Cancel."""
        window = self.window
        c = window.controller if window is not None else None
        if c is None or c.closed or not window.isVisible() or c.session.is_over():
            return True
        local = c.local
        if local is None or not local.is_modified():  # a game hosted elsewhere is saved by its host
            return True
        if local.lesson is not None:  # a lesson is replayed from its start whenever wanted: nothing to lose
            return True
        answer = self.ask_save(parent or window)
        if answer == QMessageBox.StandardButton.Save:
            return window.save()
        return answer == QMessageBox.StandardButton.Discard

    def ask_save(self, parent: QWidget) -> QMessageBox.StandardButton:
        """Save / Discard / Cancel for the open game (a seam the tests replace)."""
        return QMessageBox.question(
            parent, "Save the game in progress?", "Save the game in progress first? Otherwise it is lost: the "
            "autosave will hold the new game.",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save)

    def learn_to_play(self, parent: QWidget | None = None):
        """Learn to play: pick a game, then its guided first game (returns the window, or None)."""
        from ui.dialogs import help_window
        from ui.tutorial import lesson_games

        spec = help_window.pick_game(lesson_games(), parent, title="Learn to play",
                                     prompt="Learn to play, in a guided first game against the computer:")
        return self.start_lesson(spec.id, parent) if spec is not None else None

    def start_lesson(self, game_id: str, parent: QWidget | None = None):
        """The guided first game of `game_id` in the game window (ui/tutorial)."""
        from ui.tutorial import start_lesson

        return start_lesson(self, game_id, parent)

    # -- the record of games and their review -------------------------------------------------------------
    def _install_past_games(self) -> None:
        """"Past games" beside the start screen's buttons (after the first paint: it imports the
        saves and the engine). The record is read on the panel's worker thread, never here."""
        if self.start.past_games is not None:
            return
        try:
            from ui.review.past_games import PastGamesPanel

            panel = PastGamesPanel(self.settings)
            panel.review_requested.connect(lambda path: self.review_file(path, self.start))
            panel.review_file_requested.connect(lambda: self.review_saved_game(self.start))
            self.start.set_past_games(panel)
            panel.refresh()
        except Exception as exc:  # noqa: BLE001 - the start screen works without it
            print(f"Past games are not shown: {exc}", file=sys.stderr)

    def refresh_past_games(self) -> None:
        """Read the record again on the panel's worker thread, once the game just finished (if
        any) is written: the start screen shows at once and the list follows."""
        panel = self.start.past_games
        if panel is not None:
            panel.refresh(after=self._record_future)

    def _stop_past_games(self) -> None:
        """The start screen is hidden: the record's results are checked no further for now."""
        if self.start.past_games is not None:
            self.start.past_games.stop()

    def record_finished(self, session, failed: Callable[[str], None] | None = None) -> None:
        """Keep a finished game in the record of games: encoded here, written and pruned on the
        autosave thread (one fsync and a listing of the folder are not the UI thread's to wait on).
        If it cannot be kept (a full or read-only disk), `failed(why)` hears so on the GUI thread."""
        from saves.record import record_stem, write_record
        from saves.store import SAVE_SUFFIX, encode_for_save
        from ui.game.controller import _autosave_executor
        from ui.review.past_games import record_limit

        try:
            stem = record_stem(session)
            data = encode_for_save(session, stem + SAVE_SUFFIX)
            future = self._record_future = _autosave_executor().submit(write_record, stem, data, None,
                                                                       record_limit(self.settings))
        except Exception as exc:  # noqa: BLE001 - never lose the end of a game over the record
            self._record_failed(exc, failed)
            return
        # no done-callback: it would run on the worker thread; the GUI thread looks until it is done
        timer = QTimer(self)
        timer.setInterval(100)

        def look() -> None:
            if not future.done():
                return
            timer.stop()
            timer.deleteLater()
            if future.exception() is not None:
                self._record_failed(future.exception(), failed)

        timer.timeout.connect(look)
        timer.start()

    @staticmethod
    def _record_failed(exc: BaseException, failed: Callable[[str], None] | None) -> None:
        from saves.files import write_failure

        why = write_failure(exc)
        print(f"The game could not be recorded: {why}", file=sys.stderr)
        if failed is not None:
            failed(why)

    def review_session(self, session):
        """A review window on `session` (every secret open if it is finished, else a spectator's)."""
        from ui.review import open_review

        return open_review(session, self.settings)

    def review_file(self, path, parent: QWidget | None = None):
        """A review window on a save file; a bad file is reported."""
        from ui.review import review_file

        try:
            return review_file(path, self.settings)
        except Exception as exc:  # noqa: BLE001 - SaveError carries .reason
            self.report("Cannot review", f"{Path(path).name} could not be opened for review:\n"
                        f"{reason_of(exc)}", parent)
            return None

    def review_saved_game(self, parent: QWidget | None = None):
        """Game → Review a saved game: pick a file (an unfinished game is shown as a spectator)."""
        from ui.game.window import FILE_FILTER, _default_dir

        start = self.settings.get("last_dir") or str(_default_dir())
        path, _ = QFileDialog.getOpenFileName(parent, "Review a saved game", start, FILE_FILTER)
        return self.review_file(path, parent) if path else None

    # -- rules ----------------------------------------------------------------------------------------
    def rules_window(self, spec, parent: QWidget | None = None):
        from ui.dialogs.help_window import rules_window

        return rules_window(spec, parent)

    def choose_rules(self):
        """Rules from the start screen: pick a game (skipped when there is only one)."""
        from engine.core.registry import all_specs
        from ui.dialogs import help_window

        spec = help_window.pick_game(all_specs(), self.start)
        if spec is None:
            return None
        w = self.rules_window(spec)
        self._windows = [x for x in self._windows if x.isVisible()] + [w]
        w.show()
        return w

    # -- misc -----------------------------------------------------------------------------------------
    def report(self, title: str, text: str, parent: QWidget | None = None) -> None:
        message_box(parent or self.window or self.start, title, text).exec()  # it quotes files' names and words

    def _window_closed(self) -> None:
        self._leave_hosted_game()
        if not self._quitting:
            self.show_start()
            online = self._online
            if online is not None:
                online.refresh()

    def quit(self) -> None:
        self._quitting = True
        self._stop_past_games()
        if self.window is not None:
            self.window.close()
        if self._runner is not None:
            self._runner.shutdown()
        online = self._online
        if online is not None:
            online.stop()
        app = QApplication.instance()
        if app is not None:
            app.quit()


def remember_seats(dialog, last: dict) -> None:
    """Fill the new-game dialog with the seats of the last game started from it (if it was the
    game the dialog opened on, and they fit its player range); anything odd is ignored."""
    from engine.core.contract import SeatInfo

    try:
        if last.get("game") != dialog.spec.id:
            return
        seats = [SeatInfo(str(s["name"]), str(s["kind"]), s.get("level"), s.get("user")) for s in last["seats"]]
        if dialog.spec.min_players <= len(seats) <= dialog.spec.max_players:
            dialog.set_seats(seats)
    except (AttributeError, KeyError, TypeError, ValueError):
        pass


def _wait_briefly(future, seconds: float = 0.05) -> bool:
    """True if `future` finishes within `seconds` (most loads: no event loop, no dialog)."""
    from concurrent.futures import TimeoutError as FutureTimeout

    try:
        future.exception(timeout=seconds)
    except FutureTimeout:
        return False
    return True


def _remove_leftover_temps() -> None:
    """Temporary files of saves that a kill interrupted (in the data and saves folders) go at
    start; the next save would remove only its own file's."""
    try:
        from saves.files import data_dir, saves_dir
        from saves.store import remove_leftover_temps

        for folder in (data_dir(), saves_dir()):
            remove_leftover_temps(folder)
    except Exception:  # noqa: BLE001 - tidying up must never stop the app from starting
        pass


def _load_fonts() -> None:
    try:
        from ui.board.style import load_fonts

        load_fonts()
    except Exception:  # noqa: BLE001 - system fonts are an acceptable fallback
        pass


def _app_icon():
    """The application icon from assets/icons (every bundled PNG size), or None."""
    from PySide6.QtGui import QIcon

    from engine.core.assets import assets_dir

    folder = assets_dir() / "icons"
    icon = QIcon()
    for path in sorted(folder.glob("tycoons-*.png")):
        icon.addFile(str(path))
    if icon.isNull() and (folder / "tycoons.png").exists():
        icon.addFile(str(folder / "tycoons.png"))
    return None if icon.isNull() else icon


_current_shell: Shell | None = None


def current_shell() -> Shell | None:
    """The shell of the running GUI (for diagnostics and end-to-end tests)."""
    return _current_shell


def run_gui(argv: list[str] | None = None, lesson: str | None = None) -> int:
    """Open the application: start screen first, the game window on demand; with `lesson` (a
    game id, `tycoons tutorial GAME`), that game's lesson at once."""
    multiprocessing.freeze_support()  # the frozen app's spawn workers re-enter here
    from ui.app.platform_check import display_problem

    problem = display_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    app = QApplication.instance() or QApplication(sys.argv if argv is None else argv)
    app.setApplicationName("Tycoons")
    app.setOrganizationName("Tycoons")
    app.setApplicationDisplayName("Tycoons")
    from ui.app.gc_guard import install_gc_guard

    install_gc_guard(app)  # Qt objects must only ever be collected on this thread
    _load_fonts()
    global _current_shell
    shell = _current_shell = Shell()
    if shell.settings.notice:
        print(shell.settings.notice, file=sys.stderr)
    _claim_data_folder(shell)
    shell.show_start()
    _paint_now(shell.start)
    from ui.app.memory import allow_freezing, settle_heap_policy

    settle_heap_policy()  # big pictures get pages of their own, freed at once (ui/app/memory.py)
    allow_freezing()  # start-up's objects leave the collector's sight once the games' code is in
    # Only now the rest: the asyncio/qasync loop (and, after the paint, the AI pool).
    import asyncio

    import qasync

    icon = _app_icon()
    if icon is not None:
        app.setWindowIcon(icon)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    if lesson is not None:
        QTimer.singleShot(0, lambda: shell.start_lesson(lesson))
    app.setQuitOnLastWindowClosed(True)
    with loop:
        code = loop.run_forever()
    if shell._runner is not None:
        shell._runner.shutdown()
    if shell.instance is not None:
        shell.instance.release()
    return int(code or 0)


def _claim_data_folder(shell: Shell) -> None:
    """Take the data folder's lock (ui/app/instance.py); if another Tycoons holds it, run read-only
    and try again every few seconds, so this app may play once the other has closed."""
    from saves.files import data_dir
    from ui.app.instance import Instance

    instance = shell.instance = Instance(data_dir(), shell)
    instance.raise_requested.connect(shell.bring_to_front)
    if instance.claim():
        return
    other = instance.other()
    print(f"Tycoons is already open ({other}) on {data_dir()}: this window is read-only.", file=sys.stderr)
    shell.set_read_only(other)
    retry = QTimer(shell)
    retry.setInterval(3000)

    def again():
        if instance.claim():
            retry.stop()
            shell.set_read_only("")

    retry.timeout.connect(again)
    retry.start()


def _paint_now(widget: QWidget, limit_s: float = 2.0) -> None:
    """Process events until `widget` has painted once (bounded, for window managers that are slow
    to expose a window), so the first screen appears before the slower imports."""
    import time

    from PySide6.QtCore import QEventLoop

    painted = []

    class Watch(QObject):
        def eventFilter(self, obj, event):  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                painted.append(True)
            return False

    watch = Watch()
    widget.installEventFilter(watch)
    deadline = time.monotonic() + limit_s
    app = QApplication.instance()
    while not painted and time.monotonic() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        if not painted:
            time.sleep(0.002)
    widget.removeEventFilter(watch)
