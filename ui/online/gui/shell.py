"""The application shell's online part (ARCHITECTURE §12): sign-in, the "Online games" list on the
start screen, hosting a game with online seats, joining and opening games. Nothing of it is
imported until the start screen has painted, and the Matrix library only once a player signs in
or has signed in before."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

from engine.core.errors import reason_of
from ui.online.records import joined_rooms, remember_joined
from ui.services.plain_text import message_box


class OnlineShell(QObject):
    def __init__(self, shell):
        super().__init__(shell)
        self.shell = shell
        self.manager = None
        self.panel = None
        self.bridge = None  # the hosted game open in the window
        self.joined_problems: list[str] = []  # what of joined.json could not be read, for the panel

    # -- the panel ------------------------------------------------------------------------------
    def install_panel(self, start) -> None:
        from ui.dialogs.online import OnlineGamesPanel

        self.panel = OnlineGamesPanel()
        self.panel.sign_in_requested.connect(lambda: self.sign_in(self.shell.start))
        self.panel.sign_out_requested.connect(self.sign_out)
        self.panel.open_requested.connect(self.open_entry)
        start.set_online_games(self.panel)
        from ui.online import available
        from ui.online.credentials import load_credentials

        if available() is None and load_credentials() is not None:
            self.ensure_manager(None, ask=False)
        self.refresh()

    def refresh(self) -> None:
        from shiboken6 import isValid

        if self.panel is None or not isValid(self.panel):  # the start screen is gone (quitting)
            return
        from ui.online import available

        problem = available()
        if problem:
            self.panel.set_account(None, problem)
            self.panel.sign_button.setEnabled(False)
            return
        m = self.manager
        self.panel.set_account(m.user_id if m else None, m.last_error if m and m.last_error else None)
        skipped: list[str] = []
        self.panel.set_entries(m.entries(skipped) if m else [])
        self.panel.set_skipped(skipped + self.joined_problems if m else [])

    # -- the account ----------------------------------------------------------------------------
    def ensure_manager(self, parent: QWidget | None, ask: bool = True):
        """The signed-in account's manager (asks to sign in when `ask` and there is none)."""
        if self.manager is not None:
            return self.manager
        from ui.online import available

        problem = available()
        if problem:
            if ask:
                message_box(parent, "Online play", problem).exec()
            return None
        from ui.online.credentials import load_credentials

        creds = load_credentials()
        if creds is None:
            if not ask:
                return None
            creds = self.sign_in(parent, start=False)
            if creds is None:
                return None
        self._start_manager(creds)
        return self.manager

    def _start_manager(self, creds) -> None:
        from ui.online.gui.game import OnlineManager

        self.manager = OnlineManager(creds, self)
        self.manager.games_changed.connect(self.refresh)
        self.manager.trouble.connect(lambda _why: self.refresh())
        self.manager.start()
        self.joined_problems = []
        for room in joined_rooms(creds.user_id, self.joined_problems):  # follow them again: whose turn, for the list
            self.manager.call(self.manager.player.follow(room), lambda _r: self.refresh())

    def sign_in(self, parent: QWidget | None, start: bool = True):
        from ui.dialogs.online import SignInDialog
        from ui.online.credentials import save_credentials
        from ui.online.gui.game import NetworkThread
        from ui.online.matrix import sign_in

        dialog = SignInDialog(parent)
        net = NetworkThread()

        def run(homeserver, user, password, token):
            return net.submit(sign_in(homeserver, user, password=password, token=token)).result(60)

        dialog.sign_in = run
        try:
            if dialog.exec() != SignInDialog.DialogCode.Accepted or dialog.credentials is None:
                return None
        finally:
            net.stop()
        try:
            save_credentials(dialog.credentials)
        except OSError as exc:
            from saves.files import reason

            self.shell.report("Sign-in not kept", f"You are signed in, but the sign-in could not be kept for the "
                              f"next start ({reason(exc)}): you will be asked to sign in again then.", parent)
        if start:
            self._start_manager(dialog.credentials)
            self.refresh()
        return dialog.credentials

    def sign_out(self) -> None:
        from ui.online.credentials import forget_credentials

        if self.manager is not None:
            self.manager.stop()
            self.manager = None
        try:
            forget_credentials()
        except OSError as exc:
            from saves.files import reason
            from ui.online.credentials import credentials_path

            self.shell.report("Sign-in not forgotten", f"The sign-in kept on this computer could not be removed "
                              f"({reason(exc)}). Remove {credentials_path()} by hand.", self.shell.start)
        self.refresh()

    def stop(self) -> None:
        if self.manager is not None:
            self.manager.stop()
            self.manager = None

    # -- hosting --------------------------------------------------------------------------------
    def host_game(self, game_id: str, seats, options: dict, seed: int, parent: QWidget | None = None):
        """A new game with online seats: its rooms are made and the players invited, then it opens
        here as the host."""
        manager = self.ensure_manager(parent)
        if manager is None:
            return None
        from engine.core.session import Session
        from ui.online.service import create_rooms

        session = Session.new(game_id, seats, options, seed)
        progress = QProgressDialog("Inviting the players online…", "", 0, 0, parent)
        progress.setCancelButton(None)
        progress.setWindowTitle("Tycoons")
        QTimer.singleShot(300, progress.show)
        try:
            record = manager.wait(create_rooms(manager.link, session))
        except Exception as exc:  # noqa: BLE001 - MatrixError carries .reason
            self.shell.report("Cannot host the game", f"The online game could not be set up:\n"
                              f"{reason_of(exc)}", parent)
            return None
        finally:
            progress.close()
            progress.deleteLater()
        from saves.files import write_failure
        from saves.store import write_session

        try:
            write_session(session, record.save_path)
            record.save()
            unsaved = None
        except Exception as exc:  # noqa: BLE001 - the rooms exist: the game opens, and this is said
            unsaved = write_failure(exc)
        window = self._open_hosted(session, record)
        if unsaved is not None:
            self.shell.report("Online game not saved", f"The game is set up and its players are invited, but it "
                              f"could not be saved on this computer ({unsaved}). It is tried again after every "
                              "move; until it is saved, closing its window loses it.", window or parent)
        return window

    def _open_hosted(self, session, record):
        from ui.online.gui.game import HostBridge

        if self.bridge is not None:
            self.bridge.close()
            self.bridge = None
        window = self.shell.open_session(session, autosave=False)
        if window is None:
            return None
        controller = window.controller
        controller.online_record = record
        self.bridge = HostBridge(self.manager, controller, record)
        self.bridge.start()
        self.refresh()
        return window

    # -- opening --------------------------------------------------------------------------------
    def open_entry(self, entry: dict):
        manager = self.ensure_manager(self.shell.start)
        if manager is None:
            return None
        kind = entry.get("kind")
        if kind == "hosted":
            return self.open_hosted(entry["game"])
        if kind == "invite":
            from ui.dialogs.online import JoinDialog

            invite = manager.player.invites.get(entry["room"])
            dialog = JoinDialog(entry["title"], invite.inviter if invite else "", self.shell.start)
            if dialog.exec() != JoinDialog.DialogCode.Accepted:
                return None
            action = manager.player.join(entry["room"])
        else:
            core = manager.player.games.get(entry.get("game", ""))
            action = None if core is not None else manager.player.follow(entry["room"])
        if action is not None:
            try:
                core = manager.wait(action)
            except Exception as exc:  # noqa: BLE001 - MatrixError carries .reason
                self.shell.report("Cannot open the game", f"{reason_of(exc)}", self.shell.start)
                return None
            try:
                remember_joined(manager.user_id, core.info.game_room)
            except OSError as exc:
                from saves.files import reason

                window = self.open_remote(core)
                self.shell.report("Game not remembered", "The game is open, but it could not be kept in the list "
                                  f"of Online games for the next start ({reason(exc)}).", window or self.shell.start)
                return window
        return self.open_remote(core)

    def open_remote(self, core):
        if self.bridge is not None:
            self.bridge.close()
            self.bridge = None
        return self.shell.open_remote(self.manager, core)

    def open_hosted(self, game: str):
        from saves.store import read_session
        from ui.online.records import load_hosted

        record = load_hosted(game)
        if record is None:
            self.refresh()
            return None
        try:
            session = read_session(record.save_path)
        except Exception as exc:  # noqa: BLE001 - SaveError carries .reason
            self.shell.report("Cannot open the game", f"The hosted game could not be read:\n"
                              f"{reason_of(exc)}\n\nIts save was left as it is.", self.shell.start)
            return None
        return self._open_hosted(session, record)
