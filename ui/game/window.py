"""The game window: the board in a zoomable `QGraphicsView`, the prompt bar above it, the players
panel on the right, the log dock at the bottom, a status bar, and the menus.

The window shows one game at a time, driven by a `GameDriver` (ui/game/driver.py): a
`GameController` for a game played here, a `RemoteController` for one hosted elsewhere; New/Load
replace it. Everything on screen follows the driver's `changed` signal, and the prompt bar says
its `turn_status()` (ui/game/turn.py)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from engine.core.errors import reason_of
from engine.core.names import short_name
from ui.app import memory
from ui.board.view import BoardView
from ui.game import controller as _controller
from ui.game.controller import GameController
from ui.game.curtain import Curtain
from ui.game.driver import GameDriver
from ui.game.turn import TurnKind
from ui.panels import seat_colour, seat_marks
from ui.panels.log_dock import LogDock
from ui.panels.players_panel import PlayersPanel
from ui.panels.prompt_bar import PromptBar
from ui.services.plain_text import PlainLabel, message_box
from ui.services.settings import SCHEMA

FILE_FILTER = "Tycoons games (*.tycoons);;All files (*)"

CONFIRM, UNDO, NEXT, AUTO_PASS, STOP_PASSING = object(), object(), object(), object(), object()
"""The prompt bar's choices while a finished turn waits for confirmation, and while an AI's
decision waits for the Step pace's Next, and to pass until the next phase or stop (not actions)."""


def _default_dir() -> Path:
    """Save As / Load start in data_dir()/saves (created on demand), else the home folder."""
    try:
        from saves.files import saves_dir

        folder = saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    except Exception:  # noqa: BLE001
        return Path.home()


class GameWindow(QMainWindow):
    """The main window of an open game."""

    closed = Signal()
    new_game_requested = Signal()
    load_requested = Signal()

    def __init__(self, shell, parent: QWidget | None = None):
        super().__init__(parent)
        self.shell = shell
        self.settings = shell.settings
        self.controller: GameDriver | None = None
        self.path: Path | None = None
        self.end_dialog = None
        self._stepping = False  # inside a Step (Space, Next): see step_ai
        self.coach = None  # a lesson's coach while one runs in this window (ui/tutorial)
        self._help_windows: list = []
        self.resize(1360, 880)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowTabbedDocks)

        central = QWidget()
        col = QVBoxLayout(central)
        col.setContentsMargins(4, 4, 4, 0)
        col.setSpacing(4)
        self.prompt = PromptBar()
        self.prompt.chosen.connect(self._prompt_chosen)
        self.prompt.hint_requested.connect(self.suggest_move)
        self.prompt.since_requested.connect(self.toggle_since)
        self.hinter = None  # hints for a game played here (ui/game/hint.py)
        self.caution = None  # the first games' coach of a game played here (ui/game/caution.py), if on
        col.addWidget(self.prompt)
        self.view = BoardView()
        # room above the board for the prompt bar to grow into, all of it (its one row of buttons
        # and second line): the board's room then stays the same whatever the bar shows, and the
        # board is neither laid out again nor shrunk when the bar grows
        self.view.growth_room = self._bar_growth_room
        col.addWidget(self.view, 1)
        self.setCentralWidget(central)
        from ui.panels.since_turn import SinceTurnPanel

        self.since_panel = SinceTurnPanel(self.view)
        self.since_panel.pointed.connect(lambda line: self.follower is not None and self.follower.point(line))
        self.since_panel.hide()
        self.follower = None  # following the others, in a game played here (ui/game/follow.py)
        self.auto_pass = None  # passing until the next phase, in a game played here (ui/game/autopass.py)
        self.refusal = None  # the callout by a refused piece, made on the first refusal
        self.preferences = None  # Edit → Preferences, made when first asked for
        self._game_has_mats = False

        # The players panel and the log are docks: each can be closed (View menu), moved,
        # floated or stacked as tabs, and the window remembers how (saveState).
        self.players = PlayersPanel()
        self.players_dock = QDockWidget("Players", self)
        self.players_dock.setObjectName("PlayersDock")
        self.players_dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                                      | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                                      | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.players_dock.setWidget(self.players)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.players_dock)
        self.log_dock = LogDock(self)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.log_dock)
        self._tabbed = False
        self.resizeDocks([self.players_dock], [280], Qt.Orientation.Horizontal)
        self.resizeDocks([self.log_dock], [170], Qt.Orientation.Vertical)

        self.view.setAccessibleName("Board")
        self.players_dock.setAccessibleName("Players")
        self.statusBar().setAccessibleName("Status")
        self.thinking_label = PlainLabel()  # a player's name
        self.thinking_label.setAccessibleName("Who is thinking")
        self.statusBar().addPermanentWidget(self.thinking_label)
        # the docks the player opens or closes stay so (View menu, the ✕, the status bar's
        # button); those never touched follow the window's size and the game (_apply_docks)
        for dock, key in ((self.players_dock, "players_dock"), (self.log_dock, "log_dock")):
            dock.toggleViewAction().triggered.connect(
                lambda on, k=key: self.settings.set(k, "shown" if on else "hidden"))
            dock.installEventFilter(self)
        self.log_dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+L"))
        self.log_button = QToolButton()
        self.log_button.setDefaultAction(self.log_dock.toggleViewAction())
        self.log_button.setAutoRaise(True)
        self.statusBar().addPermanentWidget(self.log_button)
        self.curtain = Curtain(self)
        self.curtain.lifted.connect(self._curtain_lifted)
        self._build_menus()
        self._restore_layout()
        self.settings.subscribe(self._follow_setting)
        from ui.game.keyboard import KeyboardPlay

        self.keyboard = KeyboardPlay(self)

    # -- menus ----------------------------------------------------------------------------------
    def _build_menus(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("&Game")
        self.act_new = self._action(game, "&New…", QKeySequence.StandardKey.New, self.new_game_requested.emit)
        game.addSeparator()
        self.act_save = self._action(game, "&Save", QKeySequence.StandardKey.Save, self.save)
        self.act_save_as = self._action(game, "Save &As…", QKeySequence("Ctrl+Shift+S"), self.save_as)
        self.act_load = self._action(game, "&Load…", QKeySequence.StandardKey.Open, self.load_requested.emit)
        self.act_review = self._action(game, "&Review a saved game…", QKeySequence("Ctrl+R"),
                                       lambda: self.shell.review_saved_game(self))
        game.addSeparator()
        self.act_confirm = self._action(game, "&Confirm turn", None, self.confirm_turn)
        self.act_confirm.setShortcuts([QKeySequence(Qt.Key.Key_Return), QKeySequence(Qt.Key.Key_Enter)])
        self.act_confirm.setEnabled(False)
        self.addAction(self.act_confirm)
        self.act_ask_confirm = QAction("Ask to confirm each &turn", self, checkable=True)
        self.act_ask_confirm.setChecked(bool(self.settings.get("confirm_turn")))
        self.act_ask_confirm.toggled.connect(self.set_confirm_turn)
        game.addAction(self.act_ask_confirm)
        game.addSeparator()
        self._build_pace_menu(game)
        game.addSeparator()
        self.act_hint = self._action(game, "Suggest a &move", QKeySequence("Ctrl+H"), self.suggest_move)
        self.act_allow_hints = QAction("Allow &hints", self, checkable=True)
        self.act_allow_hints.setChecked(bool(self.settings.get("hints_allowed")))
        self.act_allow_hints.toggled.connect(self.set_hints_allowed)
        game.addAction(self.act_allow_hints)
        game.addSeparator()
        self.act_quit = self._action(game, "&Quit", QKeySequence("Ctrl+Q"), self.quit)

        self.edit_menu = bar.addMenu("&Edit")
        self.act_undo: QAction | None = None
        self.act_redo: QAction | None = None
        self.edit_separator = self.edit_menu.addSeparator()  # Undo and Redo go above it
        self.act_preferences = self._action(self.edit_menu, "&Preferences…", QKeySequence("Ctrl+,"),
                                            self.show_preferences)
        self.act_preferences.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.addAction(self.act_preferences)  # its shortcut also where the menu bar is not shown

        view = bar.addMenu("&View")
        self._action(view, "Zoom &in", QKeySequence("Ctrl++"), lambda: self.view.zoom(1.2))
        self._action(view, "Zoom &out", QKeySequence("Ctrl+-"), lambda: self.view.zoom(1 / 1.2))
        self._action(view, "&Fit board", QKeySequence("Ctrl+0"), lambda: self.view.fit(anew=True))
        view.addSeparator()
        sizes = view.addMenu("&Text size")
        self.text_size_group = QActionGroup(self)
        self.text_size_actions: dict[int, QAction] = {}
        from ui.services import text_size

        for percent in text_size.SIZES:
            act = QAction(f"{percent} %", self, checkable=True)
            act.setChecked(percent == self.settings.get("text_size"))
            act.triggered.connect(lambda _=False, p=percent: self.set_text_size(p))
            self.text_size_group.addAction(act)
            sizes.addAction(act)
            self.text_size_actions[percent] = act
        view.addSeparator()
        self.act_since = self._action(view, "Since your &turn", QKeySequence("Ctrl+T"), self.toggle_since)
        self.addAction(self.act_since)
        self.act_as_text = self._action(view, "Prompt and choices as te&xt…", QKeySequence("Ctrl+I"),
                                        self.show_choices_text)
        self.addAction(self.act_as_text)
        view.addSeparator()
        view.addAction(self.players_dock.toggleViewAction())
        view.addAction(self.log_dock.toggleViewAction())
        self.act_tabs = QAction("Log and players as &tabs", self, checkable=True)
        self.act_tabs.triggered.connect(lambda on: self.set_dock_layout("tabs" if on else "split"))
        view.addAction(self.act_tabs)

        help_menu = bar.addMenu("&Help")
        self.act_rules = self._action(help_menu, "&Rules of this game", QKeySequence("F1"), self.show_rules)
        self._action(help_menu, "&Keyboard", None, self.show_shortcuts)
        self._action(help_menu, "&About Tycoons", None, self.show_about)

    def _build_pace_menu(self, game) -> None:
        """Game → AI pace (Step, Slow, Normal, Fast, Instant) and Next AI decision (Space)."""
        pace = game.addMenu("AI &pace")
        self.speed_group = QActionGroup(self)
        self.speed_actions: dict[str, QAction] = {}
        for key, label in SCHEMA["ai_speed"].choices:
            act = QAction(label, self, checkable=True)
            act.setChecked(key == self.settings.get("ai_speed"))
            act.triggered.connect(lambda _=False, k=key: self.set_ai_speed(k))
            self.speed_group.addAction(act)
            pace.addAction(act)
            self.speed_actions[key] = act
        self.speed_actions["step"].setToolTip("Each AI decision waits for Space or the prompt's Next")
        # Space only while an AI's decision waits: otherwise it stays the key of the focused choice
        self.act_next = self._action(game, "&Next AI decision", QKeySequence(Qt.Key.Key_Space), self.step_ai)
        self.act_next.setEnabled(False)
        self.addAction(self.act_next)

    def _action(self, menu, text, shortcut, slot) -> QAction:
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        act.triggered.connect(lambda _=False: slot())
        menu.addAction(act)
        return act

    # -- opening a game -----------------------------------------------------------------------------
    def open_session(self, session, path: Path | None = None, before_start=None,
                     autosave: bool | None = None) -> GameController:
        """Show `session` in this window (replacing any open game). `before_start(controller)`,
        if given, runs once the controller exists and before its first move (a lesson's coach).
        `autosave` False: the game is saved elsewhere (an online game's host keeps its own file,
        ui/online/gui/game.py)."""
        self._use_own_colour(session)
        scene = self._new_scene(session.spec.id)
        keep = self.shell.autosave_enabled if autosave is None else autosave
        controller = GameController(session, scene, self.shell.runner, self.settings, autosave=keep, parent=self)
        self.path = Path(path) if path else None
        controller.saved_length = len(session.log) if path else None
        return self._show_controller(controller, before_start)

    def open_remote(self, manager, core):
        """Show a game hosted elsewhere, from this player's seat (ui/online/gui/game.py)."""
        from ui.online.gui.game import RemoteController

        scene = self._new_scene(core.info.kind)
        self.path = None
        return self._show_controller(RemoteController(manager, core, scene, self.settings, parent=self))

    def _new_scene(self, game_id: str):
        if self.controller is not None:
            self.controller.close()
            self.controller.deleteLater()
        self._drop_end_dialog()
        self.curtain.hide()
        self.prompt.reset_height()
        self.game = _controller.game_ui(game_id)
        self._game_has_mats = bool(self.game.BOARD_HAS_MATS)
        self._apply_docks()
        self.thinking_label.setText("")  # an AI of the previous game may have been thinking
        self._apply_text_size()
        scene = self.game.make_scene()
        old_scene = self.view.scene()
        self.view.setScene(scene)
        if old_scene is not None:
            old_scene.deleteLater()
            memory.after_game_closed()  # its pictures and freed heap: see ui/app/memory.py
        scene.sceneRectChanged.connect(self.view.scene_rect_changed)
        scene.hovered.connect(self._hovered)
        return scene

    def _show_controller(self, controller: GameDriver, before_start=None):
        self.controller = controller
        controller.changed.connect(self._sync)
        controller.status.connect(self.show_status)
        controller.game_over.connect(self._game_over)
        controller.undo_stack.cleanChanged.connect(self._clean_changed)
        controller.changed.connect(self._hide_refusal)
        local = controller.local
        if local is not None:
            local.curtain.connect(self._drop_curtain)
            local.thinking.connect(self._thinking)
        self._follow(controller)
        self.hinter = None
        if local is not None:  # a hint searches the position, which only a game played here holds
            from ui.game.hint import Hinter

            self.hinter = Hinter(controller, self.shell.runner, self.settings, parent=controller)
            self.hinter.shown.connect(self._show_hint)
            self.hinter.busy.connect(lambda _busy: self._sync_hint())
        self.prompt.set_hint("")
        self._install_undo_actions(controller)
        from ui.game.caution import MoveCaution, coached

        self.caution = None
        if local is not None and coached(self.settings, controller.session.spec.id):
            self.caution = controller.caution = MoveCaution(controller, self.shell.runner, self)
        for act in (self.act_save, self.act_save_as):  # a game hosted elsewhere is saved by its host
            act.setEnabled(local is not None)
        if self.shell._runner is not None:
            self.shell.runner.warm(controller.session.spec.id, [seat.level for seat in controller.session.seats])
        if before_start is not None:
            before_start(controller)
        controller.start()
        self.view.setFocus()  # zoom keys work at once
        # the prompt bar at its height now (the last game's hint just went): the board is
        # fitted to the room it has, not the room it had
        self.centralWidget().layout().activate()
        self.view.fit()
        QTimer.singleShot(0, self.view.fit)  # again once the layout has settled
        self._update_title()
        return controller

    def _install_undo_actions(self, controller: GameDriver) -> None:
        for act in (self.act_undo, self.act_redo):
            if act is not None:
                self.edit_menu.removeAction(act)
                act.deleteLater()
        self.act_undo = controller.undo_stack.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(QKeySequence("Ctrl+Z"))
        self.act_redo = controller.undo_stack.createRedoAction(self, "&Redo")
        self.act_redo.setShortcut(QKeySequence("Ctrl+Shift+Z"))
        self.edit_menu.insertAction(self.edit_separator, self.act_undo)
        self.edit_menu.insertAction(self.edit_separator, self.act_redo)
        self.addAction(self.act_undo)
        self.addAction(self.act_redo)

    # -- following the controller ----------------------------------------------------------------------
    def _sync(self) -> None:
        c = self.controller
        if c is None:
            return
        s = c.session
        shown = c.shown_seat()
        turn = c.turn_status()
        self._update_players(turn, c.local.ai_seat if c.local is not None else None)
        self.log_dock.sync(s, shown)
        self.act_confirm.setEnabled(turn.kind is TurnKind.CONFIRM)
        self.act_next.setEnabled(turn.kind is TurnKind.STEP)
        self.prompt.set_prompt(self.prompt_text(turn), *self._prompt_choices(turn))
        self._sync_hint()
        self.keyboard.follow()
        self.prompt.setAccessibleDescription(self.keyboard.choices_text())
        self._follow_choices_text()
        if self.end_dialog is not None and not s.is_over():  # the game-ending decision was undone
            self._drop_end_dialog()
        self._update_title()

    def _update_players(self, turn, thinking: int | None) -> None:
        """The players panel for the game shown: its rows, who moves, the AI `thinking`, and
        whose finished turn waits for its confirmation."""
        c = self.controller
        self.players.update_from(c.session, c.view, self.game.player_summary, c.shown_seat(), thinking,
                                 confirming=turn.seat if turn.kind is TurnKind.CONFIRM else None)

    def _show_hint(self, text: str) -> None:
        """The hint in the prompt bar, and in the prompt and choices as text."""
        self.prompt.set_hint(text)
        self.prompt.setAccessibleDescription(self.keyboard.choices_text())
        self._follow_choices_text()

    def _sync_hint(self) -> None:
        h = self.hinter
        allowed = bool(self.settings.get("hints_allowed"))
        ready = h is not None and h.refusal() is None
        self.prompt.set_hint_state(allowed, ready, h is not None and h.pending is not None)

    def suggest_move(self) -> None:
        """Ctrl+H or the prompt bar's button: the best three moves for the player to move."""
        if self.hinter is not None:
            self.hinter.ask()
        elif self.controller is not None:
            self.show_status("No hints in a game hosted on another computer: its position is there.")

    def set_hints_allowed(self, on: bool) -> None:
        self.settings.set("hints_allowed", bool(on))
        self.act_allow_hints.setChecked(bool(on))
        if not on and self.hinter is not None:
            self.hinter.clear()
        self._sync_hint()

    def prompt_text(self, turn=None) -> str:
        """The prompt bar's words: the turn's (ui/game/turn.py), and the player's pass until the
        next phase while it lasts."""
        c = self.controller
        if c is None:
            return ""
        turn = turn or c.turn_status()
        text = turn.prompt
        passing = self.auto_pass
        if passing is not None and passing.is_armed() and turn.kind is not TurnKind.OVER:
            text += f" You pass until the {passing.phase_name()} ends (Esc stops it)."
        return text

    def _prompt_choices(self, turn=None) -> tuple[list, list[str]]:
        c = self.controller
        turn = turn or c.turn_status()
        if turn.kind is TurnKind.STEP:
            return [NEXT], ["Next (Space)"]
        if turn.kind is TurnKind.CONFIRM and turn.handover:  # what was drawn is shown: nothing to undo
            return [CONFIRM], [f"Pass to {short_name(turn.handover)}"]
        if turn.kind is TurnKind.CONFIRM:
            return [CONFIRM, UNDO], ["Confirm turn", "Undo (Ctrl+Z)"]
        passing = self.auto_pass
        if not c.human_to_move():
            if passing is not None and passing.is_armed():
                return [STOP_PASSING], ["Stop passing (Esc)"]
            return [], []
        labels = []
        for a in c.legal:
            try:
                labels.append(c.session.label(a))
            except Exception:  # noqa: BLE001
                labels.append(str(a))
        if passing is not None and passing.offer() is not None:
            return [*c.legal, AUTO_PASS], [*labels, "Pass until the next phase"]
        return list(c.legal), labels

    def keyPressEvent(self, event) -> None:  # noqa: N802
        # 1…9 take the n-th choice of the prompt bar (keys the board and buttons leave unused
        # arrive here), so every decision can be taken without the mouse.
        key = event.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9 and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            self._choose_nth(int(key - Qt.Key.Key_0))
            event.accept()
            return
        super().keyPressEvent(event)

    def _choose_nth(self, n: int) -> None:
        buttons = self.prompt.buttons
        if self.controller is not None and self.controller.human_to_move() and 0 < n <= len(buttons):
            buttons[n - 1].click()

    def _prompt_chosen(self, action) -> None:
        if self.controller is None:
            return
        if action is CONFIRM:
            self.confirm_turn()
        elif action is UNDO:
            self.controller.undo_stack.undo()
        elif action is NEXT:
            self.step_ai()
        elif action is AUTO_PASS:
            self.auto_pass.arm()
        elif action is STOP_PASSING:
            self.cancel_auto_pass()
        else:
            self.controller.take(action)

    def confirm_turn(self) -> None:
        """Enter, the Game menu or the prompt's button: the finished turn is final."""
        local = self.controller.local if self.controller is not None else None
        if local is not None and local.confirm_turn():
            self.view.setFocus()

    def set_confirm_turn(self, on: bool) -> None:
        self.settings.set("confirm_turn", bool(on))  # followed in _follow_setting
        self.act_ask_confirm.setChecked(bool(on))

    def _hovered(self, text: str) -> None:
        if text:
            self.statusBar().showMessage(text, 4000)

    def show_status(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def _thinking(self, seat) -> None:
        c = self.controller
        if c is None:
            return
        if seat is None:
            self.thinking_label.setText("")
        else:
            # a permanent status-bar label sets the window's minimum width: a short name, so no name widens it
            self.thinking_label.setText(f"{short_name(c.session.names[seat])} is thinking…")
        self._update_players(c.turn_status(), thinking=seat)

    def _drop_curtain(self, seat: int) -> None:
        s = self.controller.session
        self.curtain.drop(s.names[seat], seat_colour(seat), seat_marks(s.names)[seat],
                          after_step=self._stepping)
        # what the previous player was reading goes too: a tooltip (its own window, above the
        # curtain) and the status bar's last message
        QToolTip.hideText()
        self.statusBar().clearMessage()
        # and their prompt and choices as text: a window of its own, above the curtain
        for w in self._help_windows:
            if w.objectName() == "PromptAndChoices":
                w.close()
        # what the previous player was following is theirs: their list and rings go with them
        if self.follower is not None:
            self.follower.curtain()
        self.since_panel.hide()
        self.since_panel.set_report(None, s.names, [seat.is_ai for seat in s.seats])
        self.prompt.set_since("")
        self.prompt.set_since_line("")
        self._screen_choices_back()
        self.keyboard.set_focus(None, announce=False)

    def _screen_choices_back(self) -> None:
        """The board's own choices of the screen (another player's complex opened large, the first
        click of a two-click pick) were the previous player's: the next one finds the board as
        their own."""
        scene = self.view.scene()
        if scene is not None:
            for _ in range(3):
                if not scene.back_out():
                    break

    def _curtain_lifted(self) -> None:
        local = self.controller.local if self.controller is not None else None
        if local is not None:  # only a game played here brings the curtain down
            # (again here: a click may have reached the board behind the curtain)
            self._screen_choices_back()
            local.lift_curtain()
            self.view.setFocus()

    def _game_over(self) -> None:
        from ui.dialogs.end_game import EndGameDialog

        self._drop_end_dialog()
        session = self.controller.session
        self.end_dialog = EndGameDialog(session, self)
        self.shell.record_finished(session, self._record_failed)
        self.end_dialog.new_game_button.clicked.connect(self._end_new_game)
        self.end_dialog.review_button.clicked.connect(lambda: self.shell.review_session(session))
        self.end_dialog.show()

    def _record_failed(self, why: str) -> None:
        """The finished game could not be kept in Past games: the end dialog and the status bar
        say so (as a failed autosave or save does), with what to do instead."""
        from shiboken6 import isValid

        if not isValid(self):
            return
        if self.end_dialog is not None and isValid(self.end_dialog):
            self.end_dialog.record_failed(why)
        self.statusBar().showMessage(f"This game could not be kept in Past games ({why}). "
                                     "Save it with Save As to keep it.")

    def _drop_end_dialog(self) -> None:
        """Close the end-of-game dialog for good. Closing alone kept it (a child of this window)
        and through it the finished game's session, controller and scene: some 8 MB a game,
        which the soak (tests/bench/soak.py) showed as steady growth."""
        if self.end_dialog is not None:
            self.end_dialog.close()
            self.end_dialog.deleteLater()
            self.end_dialog = None

    def _end_new_game(self) -> None:
        if self.end_dialog is not None:
            self.end_dialog.close()
        self.new_game_requested.emit()

    def set_text_size(self, percent: int) -> None:
        """View → Text size: remembered, and the window follows it (in _follow_setting)."""
        self.settings.set("text_size", int(percent))
        self._apply_text_size(redraw=True)  # also when the value was already remembered

    def _follow_setting(self, key: str, value) -> None:
        """A preference changed (Preferences, a menu): the open game follows it at once."""
        if key in ("ai_speed", "animations"):
            self._pace_followed()
        elif key == "confirm_turn":
            self.act_ask_confirm.setChecked(bool(value))
            local = self.controller.local if self.controller is not None else None
            if local is not None and not value:  # a turn that waits goes on at once
                local.resume()
        elif key == "only_choice":
            if self.controller is not None and self.controller.local is not None and value:
                self.controller.local.resume()  # a lone step shown now goes on at once
        elif key == "hints_allowed":
            self.act_allow_hints.setChecked(bool(value))
            if not value and self.hinter is not None:
                self.hinter.clear()
            self._sync_hint()
        elif key == "text_size":
            self._apply_text_size(redraw=True)
        elif key == "seat_colour":  # from the next game opened: a board keeps its colours
            self.show_status("Your seat colour is used in the next game you open.")

    def _apply_text_size(self, redraw: bool = False) -> None:
        """The text size remembered (View → Text size, Preferences): the board's least text size
        and the window's widgets (ui/services/text_size.py). With `redraw`, the open board is drawn again
        and laid out afresh for it."""
        from ui.board.items import LOOKS
        from ui.services import text_size

        percent = self.settings.get("text_size")
        if percent in self.text_size_actions:
            self.text_size_actions[percent].setChecked(True)
        if not text_size.apply(percent):
            return
        self.prompt.follow_font()
        LOOKS.clear()  # the pieces' pictures were painted for the old size
        scene = self.view.scene()
        if redraw and scene is not None:
            for item in scene.items():
                item.update()
            scene.redraw()
            self.view.fit(anew=True)

    def _use_own_colour(self, session) -> None:
        from ui.board.style import use_own_colour

        humans = [i for i, seat in enumerate(session.seats) if not seat.is_ai]
        use_own_colour(humans[0] if humans else None, self.settings.get("seat_colour"))

    def set_ai_speed(self, key: str) -> None:
        """Game → AI pace (also Preferences): remembered, and the open game follows at once."""
        self.settings.set("ai_speed", key)  # followed in _follow_setting

    def _pace_followed(self) -> None:
        key = self.settings.get("ai_speed")
        if key in self.speed_actions:
            self.speed_actions[key].setChecked(True)
        local = self.controller.local if self.controller is not None else None
        if local is not None:  # a game hosted elsewhere is paced by its host
            local.pace_changed()
        self._sync()

    def cancel_auto_pass(self) -> None:
        """Esc or "Stop passing": the player changed their mind about passing until the next phase."""
        if self.auto_pass is not None and self.auto_pass.cancel():
            self._sync()

    def step_ai(self) -> None:
        """Space or Next at the Step pace: show the AI decision that waits."""
        local = self.controller.local if self.controller is not None else None
        if local is not None:  # a game hosted elsewhere is paced by its host
            # a curtain this step brings down waits longer: the player may go on stepping
            self._stepping = True
            try:
                local.step()
            finally:
                self._stepping = False

    # -- following the other players (ui/game/follow.py) ------------------------------------------------------
    def _follow(self, controller: GameDriver) -> None:
        """Follow the other players in `controller`'s game (ui/game/follow.py), with the Step pace,
        refusals by the piece and auto-pass. A game hosted elsewhere (ui/online/gui/game.py) has its
        own host: only the keyboard follows it here."""
        from ui.game.autopass import AutoPass
        from ui.game.follow import Follower

        if self.follower is not None:
            self.follower.close()
        self.follower = self.auto_pass = None
        self.since_panel.hide()
        self.since_panel.report = None
        self.prompt.set_since("")
        self.prompt.set_since_line("")
        local = controller.local
        if local is None:
            return
        local.refused.connect(self._refused)
        local.stepping.connect(lambda _seat: self._sync())
        self.auto_pass = AutoPass(controller, self.game, parent=controller)
        self.auto_pass.changed.connect(self._sync)
        self.follower = Follower(controller, self.settings, parent=controller)
        self.follower.report_ready.connect(self._since_report)
        self.follower.acted.connect(self._since_done)

    def _bar_growth_room(self) -> int:
        """How much taller the prompt bar may still grow above the view, measured from where the
        view itself lies: the bar's own height may already be one a layout pass has not yet given
        the view room for (buttons before they are fitted to a row, a line cut for an old width),
        and the board's room, the view's height less this, then changed with no change of window
        (a loaded game was laid out for another room than the same game played)."""
        col = self.centralWidget().layout()
        above = self.view.y() - self.prompt.y() - col.spacing()
        return max(0, self.prompt.tallest_height() - above)

    def _since_report(self, report) -> None:
        c = self.controller
        if c is None:
            return
        s = c.session
        from ui.panels.since_turn import summary

        self.since_panel.set_report(report, s.names, [seat.is_ai for seat in s.seats])
        # said by the prompt bar's button; the card opens by itself only where the board leaves it room
        said = summary(report, s.names)
        self.prompt.set_since(said)
        # the card opens by itself where the board leaves it room; else the bar says it in a line
        opened = bool(report.lines) and self.since_panel.open_in_room()
        self.prompt.set_since_line("" if opened else said)

    def _since_done(self) -> None:
        """The player acted: what the others did is no longer news (Ctrl+T shows it again)."""
        self.since_panel.hide()
        self.prompt.set_since("")
        self.prompt.set_since_line("")

    def _marked_rects(self) -> list:
        """Where the pieces marked "since your turn" are (weight 1) and the pieces the player
        may choose (weight 5), in view pixels: what the list should not cover."""
        rings = self.follower.spot.rings("since") if self.follower is not None else []
        rects = [(self.view.mapFromScene(ring.sceneBoundingRect()).boundingRect(), 1) for ring in rings]
        scene = self.view.scene()
        if scene is not None:
            rects += [(self.view.mapFromScene(p.sceneBoundingRect()).boundingRect(), 5)
                      for p in scene.items_with_actions() if p.isVisible()]
        return rects

    def _refused(self, action, reason: str) -> None:
        """A refused click, said by the piece clicked (the status bar says it too). A lesson says
        its own refusals in its callout."""
        from shiboken6 import isValid

        from ui.panels.refusal import RefusalCallout, at_point, piece_rect

        c = self.controller
        if c is None or c.local is None or c.local.lesson is not None:
            return
        scene = self.view.scene()
        if scene is None:
            return
        piece = None
        clicked = scene.clicked
        if action is None:  # a click on a piece that is no choice now (ui/board/scene.py)
            piece = scene.idle_piece() if scene.idle_piece is not None else None
        elif clicked is not None and clicked[1] == action:
            piece = clicked[0]()
        if piece is not None and not isValid(piece):
            piece = None
        if piece is None and action is not None:
            piece = scene.item_for(action)
        rect = piece_rect(self.view, piece)
        if rect is None:
            return
        port = self.view.viewport().rect()
        if action is None and (rect.width() > port.width() // 3 or rect.height() > port.height() // 3):
            rect = at_point(self.view.mapFromScene(scene.idle_at))  # a whole panel: by the click
        if self.refusal is None:
            self.refusal = RefusalCallout(self.view)
        self.refusal.say(reason, rect)

    def _hide_refusal(self) -> None:
        if self.refusal is not None:
            self.refusal.hide()

    def toggle_since(self) -> None:
        """View → Since your turn (Ctrl+T): the last report's list, opened or folded."""
        panel = self.since_panel
        c = self.controller
        if panel.isVisible():
            panel.hide()
        elif panel.report is not None and c is not None and not c.curtain_up and panel.report.seat == c.viewer:
            panel.open(self._marked_rects())  # only the list of the player at the screen
        else:
            self.show_status("Nothing to show yet: the list fills when your turn begins.")

    def _clean_changed(self, _clean: bool) -> None:
        self._update_title()

    def _update_title(self) -> None:
        c = self.controller
        if c is None:
            self.setWindowTitle("Tycoons")
            return
        local = c.local
        name = self.path.name if self.path else "unsaved game"
        if local is None or local.online_record is not None:
            name = "online game"
        modified = " *" if local is not None and local.is_modified() and self.path else ""
        self.setWindowTitle(f"{name}{modified} — {c.session.spec.title} — Tycoons")

    # -- saving ---------------------------------------------------------------------------------------
    def save(self) -> bool:
        if self.controller is None or self.controller.local is None:  # saved by its host
            return False
        if self.path is None:
            return self.save_as()
        return self._write(self.path)

    def save_as(self) -> bool:
        if self.controller is None or self.controller.local is None:  # saved by its host
            return False
        start = self.settings.get("last_dir") or str(_default_dir())
        suggested = str(Path(start) / f"{self.controller.session.spec.id}.tycoons")
        path, _ = QFileDialog.getSaveFileName(self, "Save game", suggested, FILE_FILTER)
        if not path:
            return False
        if not path.endswith(".tycoons"):
            path += ".tycoons"
        return self._write(Path(path))

    def _write(self, path: Path) -> bool:
        from saves.store import write_session

        try:
            write_session(self.controller.session, str(path))
        except Exception as exc:  # noqa: BLE001 - SaveError has .reason; OSError a message
            message_box(self, "Could not save", f"The game was not saved to {path}:\n"
                        f"{reason_of(exc)}").exec()
            return False
        self.path = path
        self.controller.local.saved_length = len(self.controller.session.log)
        self.settings.set("last_dir", str(path.parent))
        self.show_status(f"Saved to {path}")
        self._update_title()
        return True

    def quit(self) -> None:
        """Ctrl+Q or Game → Quit: in a game still being played, asked first (a key next to Ctrl+W
        and Ctrl+A must not end an evening's game by a slip); the game is kept either way."""
        c = self.controller
        if c is not None and not c.closed and not c.session.is_over() and not self.ask_quit():
            return
        self.shell.quit()

    def ask_quit(self) -> bool:
        """Quit or Cancel, with what becomes of the game."""
        local = self.controller.local
        if local is not None and local.lesson is not None:
            kept = "The lesson can be started again from Learn to play on the start screen."
        elif local is None or local.online_record is not None:
            kept = "The online game goes on: open it again from Online games on the start screen."
        else:
            kept = "The game is kept: Continue on the start screen takes it up where you left it."
        box = QMessageBox(QMessageBox.Icon.Question, "Quit Tycoons?", f"Quit Tycoons? {kept}",
                          QMessageBox.StandardButton.Cancel, self)
        box.setTextFormat(Qt.TextFormat.PlainText)
        leave = box.addButton("Quit", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)  # Enter by habit keeps the game
        box.setObjectName("AskQuit")
        box.exec()
        return box.clickedButton() is leave

    # -- help -----------------------------------------------------------------------------------------
    def show_rules(self) -> None:
        if self.controller is not None:
            self._keep(self.shell.rules_window(self.controller.session.spec, self))

    def show_choices_text(self) -> None:
        """View → Prompt and choices as text (Ctrl+I): what to do now and every choice, as plain
        text a screen reader reads and a player can copy. A window of its own, which follows the
        game (`_follow_choices_text`): it never lists the choices of a position gone by."""
        from ui.dialogs.help_window import text_window

        window = self._choices_window()
        if window is None:
            window = text_window("Prompt and choices", self.keyboard.choices_text(), self)
            window.setObjectName("PromptAndChoices")  # the player's own: it closes when a curtain falls
        else:
            self._follow_choices_text()
        self._keep(window)

    def _choices_window(self):
        return next((w for w in self._help_windows if w.objectName() == "PromptAndChoices" and w.isVisible()), None)

    def _follow_choices_text(self) -> None:
        """The prompt and choices as text, if open, say the position now (after every change)."""
        window = self._choices_window()
        if window is None:
            return
        text = self.keyboard.choices_text()
        if window.text.toPlainText() != text:
            bar = window.text.verticalScrollBar()
            at = bar.value()
            window.text.setPlainText(text)
            bar.setValue(min(at, bar.maximum()))

    def show_preferences(self) -> None:
        """Edit → Preferences (Ctrl+,): every setting a player sets, taking effect at once."""
        from ui.dialogs.preferences import PreferencesDialog

        dialog = self.preferences
        if dialog is None or not dialog.isVisible():
            dialog = self.preferences = PreferencesDialog(self.settings, self)
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()

    def show_shortcuts(self) -> None:
        from ui.dialogs.help_window import shortcuts_window

        self._keep(shortcuts_window(self))

    def show_about(self) -> None:
        from ui.dialogs.help_window import about_text

        QMessageBox.about(self, "About Tycoons", about_text())

    def _keep(self, window) -> None:
        self._help_windows = [w for w in self._help_windows if w.isVisible() and w is not window] + [window]
        window.show()
        window.raise_()

    # -- the docks -------------------------------------------------------------------------------------
    LARGE_FROM = (1500, 850)
    """A window at least this large shows the log by default; a smaller one gives the board the
    window, and the log opens from the status bar's button, View → Game log or Ctrl+L."""
    WIDE_FROM = 1.7
    """A large window at least this many times as wide as tall has the log beside the board, a
    taller one under it (the board's room keeps a landscape shape either way)."""
    DOCK_W = 300

    def _large(self) -> bool:
        return self.width() >= self.LARGE_FROM[0] and self.height() >= self.LARGE_FROM[1]

    def _apply_docks(self) -> None:
        """Show the players dock and the log as the player chose, or by default: the players dock
        only for a board without its own mats, the log in a large window."""
        choices = {"players_dock": not self._game_has_mats, "log_dock": self._large()}
        for dock, key in ((self.players_dock, "players_dock"), (self.log_dock, "log_dock")):
            choice = self.settings.get(key)
            shown = choice == "shown" or (choice != "hidden" and choices[key])
            if dock.isHidden() == shown:
                dock.setVisible(shown)
        self._apply_dock_layout()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Close and obj in (self.players_dock, self.log_dock):
            # the dock's own ✕: closed by choice, as from the View menu
            self.settings.set("players_dock" if obj is self.players_dock else "log_dock", "hidden")
        return super().eventFilter(obj, event)

    def set_dock_layout(self, choice: str) -> None:
        """"tabs" (log and players stacked as tabs on the right), "split" (players right, log
        below) or "auto" (the log beside a wide window's board, under a taller one's); remembered."""
        self.settings.set("dock_layout", choice)
        self._apply_dock_layout()

    def _apply_dock_layout(self) -> None:
        choice = self.settings.get("dock_layout")
        if choice == "auto":
            tabbed = not self._large() or self.width() >= self.WIDE_FROM * self.height()
        else:
            tabbed = choice == "tabs"
        self.act_tabs.setChecked(tabbed)
        if tabbed == self._tabbed:
            return
        self._tabbed = tabbed
        for dock in (self.players_dock, self.log_dock):
            if dock.isFloating():
                dock.setFloating(False)
        if tabbed:
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
            self.tabifyDockWidget(self.players_dock, self.log_dock)
            self.players_dock.raise_()
        else:
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.players_dock)
            self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.log_dock)
            self.resizeDocks([self.log_dock], [170], Qt.Orientation.Vertical)
        self.resizeDocks([self.players_dock, self.log_dock] if tabbed else [self.players_dock],
                         [self.DOCK_W] * (2 if tabbed else 1), Qt.Orientation.Horizontal)

    _size_class = None
    act_tabs: QAction | None = None

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        size_class = (self._large(), self.width() >= self.WIDE_FROM * self.height())
        if size_class != self._size_class and self.act_tabs is not None:  # None: the menus are not built yet
            self._size_class = size_class
            self._apply_docks()

    # -- closing --------------------------------------------------------------------------------------
    def _restore_layout(self) -> None:
        """Window size and the log dock's place, as the player left them."""
        from PySide6.QtCore import QByteArray

        geometry, state = self.settings.get("window_geometry"), self.settings.get("window_state")
        try:
            # the docks first: restoring a hidden dock into a window that was never shown
            # would shrink the restored size by the dock's width
            if state:
                self.restoreState(QByteArray.fromBase64(state.encode("ascii")))
            if geometry:
                self.restoreGeometry(QByteArray.fromBase64(geometry.encode("ascii")))
        except (ValueError, UnicodeError):
            pass
        self._tabbed = bool(self.tabifiedDockWidgets(self.players_dock))
        self._apply_docks()

    def _save_layout(self) -> None:
        self.settings.set("window_geometry", bytes(self.saveGeometry().toBase64()).decode("ascii"))
        self.settings.set("window_state", bytes(self.saveState().toBase64()).decode("ascii"))

    def closeEvent(self, event) -> None:  # noqa: N802
        self._save_layout()
        self.settings.unsubscribe(self._follow_setting)
        if self.follower is not None:
            self.follower.close()
        if self.controller is not None:
            if self.controller.local is not None:
                self.controller.local.autosave_now()  # nothing is lost: Continue resumes it
            self.controller.close()
            memory.after_game_closed()
        super().closeEvent(event)
        self.closed.emit()
