"""The online dialogs (ARCHITECTURE §12): sign in to a Matrix homeserver, join a game one was invited
to (saying plainly who can read its rooms), and the "Online games" list of the start screen
(invitations, games joined, games hosted here, each with whose turn it is)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from engine.core.errors import reason_of
from ui.services.plain_text import PlainLabel, plain_tip, show_skipped

NOT_ENCRYPTED = ("The game's rooms are not end-to-end encrypted: the homeservers of the players in them "
                 "(and whoever runs those servers) can read everything sent there, including the "
                 "cards in your hand.")


class SignInDialog(QDialog):
    """Homeserver, user, and a password or an access token. The password is used once to get a
    token; what is kept is the token, in a file only this user can read, never in a save."""

    def __init__(self, parent: QWidget | None = None, homeserver: str = "", user: str = ""):
        super().__init__(parent)
        self.setWindowTitle("Sign in to play online")
        self.setMinimumWidth(460)
        col = QVBoxLayout(self)
        intro = QLabel("Tycoons plays online through Matrix rooms. Sign in with the Matrix account you "
                       "already have, on any homeserver.")
        intro.setWordWrap(True)
        col.addWidget(intro)
        form = QFormLayout()
        self.homeserver = QLineEdit(homeserver)
        self.homeserver.setPlaceholderText("https://matrix.example.org")
        self.homeserver.setAccessibleName("Homeserver")
        self.user = QLineEdit(user)
        self.user.setPlaceholderText("@ann:example.org")
        self.user.setAccessibleName("Matrix user")
        self.use_password = QRadioButton("Password")
        self.use_token = QRadioButton("Access token")
        self.use_password.setChecked(True)
        how = QHBoxLayout()
        how.addWidget(self.use_password)
        how.addWidget(self.use_token)
        how.addStretch(1)
        self.secret = QLineEdit()
        self.secret.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret.setAccessibleName("Password or access token")
        form.addRow("Homeserver", self.homeserver)
        form.addRow("User", self.user)
        form.addRow("Sign in with", how)
        form.addRow("", self.secret)
        col.addLayout(form)
        kept = QLabel("Kept on this computer: the homeserver, the user and an access token, in a file only "
                      "you can read. Never the password; never in a saved game.")
        kept.setWordWrap(True)
        kept.setStyleSheet("color: #6b5d4d;")
        col.addWidget(kept)
        self.error = PlainLabel()  # the homeserver's own words
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b23a2e;")
        col.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Sign in")
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        col.addWidget(self.buttons)
        self.sign_in = None  # (homeserver, user, password, token) -> Credentials; set by the shell
        self.credentials = None

    def values(self) -> tuple[str, str, str | None, str | None]:
        secret = self.secret.text()
        token = self.use_token.isChecked()
        return (self.homeserver.text().strip(), self.user.text().strip(),
                None if token else secret, secret.strip() if token else None)

    def _accept(self) -> None:
        homeserver, user, password, token = self.values()
        if not homeserver or not user or not (password or token):
            self.error.setText("Fill in the homeserver, the user and a password or an access token.")
            return
        if not user.startswith("@") or ":" not in user:
            self.error.setText("A Matrix user looks like @ann:example.org.")
            return
        self.error.setText("Signing in…")
        self.buttons.setEnabled(False)
        try:
            self.credentials = self.sign_in(homeserver, user, password, token)
        except Exception as exc:  # noqa: BLE001 - MatrixError carries .reason
            self.error.setText(reason_of(exc))
            return
        finally:
            self.buttons.setEnabled(True)
        self.accept()


class JoinDialog(QDialog):
    """Join a game one was invited to: who invited, and who can read the rooms."""

    def __init__(self, title: str, inviter: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Join an online game")
        self.setMinimumWidth(460)
        col = QVBoxLayout(self)
        # the room's name is the inviter's choice: plain text (as markup, `<img src=/dev/zero>`
        # made the invited player's app read /dev/zero until it aborted)
        head = PlainLabel(title)
        font = head.font()
        font.setBold(True)
        head.setFont(font)
        head.setWordWrap(True)
        col.addWidget(head)
        who = PlainLabel(f"{inviter or 'A player'} invites you to play. You play from this window; the game "
                     "runs on the host's computer, which sends you your view and takes your decisions.")
        who.setWordWrap(True)
        col.addWidget(who)
        self.warning = QLabel(NOT_ENCRYPTED)
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet("background: #fbeed5; border: 1px solid #d4a017; border-radius: 4px; padding: 6px;")
        self.warning.setAccessibleName("Who can read the game's rooms")
        col.addWidget(self.warning)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Join the game")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        col.addWidget(buttons)


class OnlineGamesPanel(QFrame):
    """"Online games" on the start screen: sign in, the games with whose turn it is, Join/Open."""

    sign_in_requested = Signal()
    sign_out_requested = Signal()
    open_requested = Signal(dict)
    """An entry of `OnlineManager.entries()`: join an invitation, or open a game."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("OnlineGames")
        self.setStyleSheet("#OnlineGames { background: #f4ecd8; border: 2px solid #b08d57; border-radius: 10px; }"
                           "#OnlineGames QLabel { color: #3b3127; }")
        col = QVBoxLayout(self)
        col.setContentsMargins(16, 12, 16, 12)
        title = QLabel("Online games")
        title.setStyleSheet("font-family: 'DejaVu Serif'; font-size: 20px; font-weight: bold;")
        col.addWidget(title)
        self.account = PlainLabel()  # the user, as the sign-in file says
        self.account.setWordWrap(True)
        col.addWidget(self.account)
        self.list = QListWidget()
        self.list.setAccessibleName("Online games")
        self.list.setWordWrap(True)
        self.list.setSpacing(3)
        self.list.setAlternatingRowColors(True)
        self.list.setStyleSheet("QListWidget { background: #fbf6ea; alternate-background-color: #efe4cb;"
                                " color: #3b3127; }")
        self.list.itemActivated.connect(self._activated)
        self.list.currentRowChanged.connect(lambda _row: self._update_buttons())
        col.addWidget(self.list, 1)
        self.skipped = PlainLabel()  # quotes file names and what the files hold
        self.skipped.setWordWrap(True)
        self.skipped.setStyleSheet("color: #8c2d1e; font-size: 12px;")
        self.skipped.setVisible(False)
        col.addWidget(self.skipped)
        row = QHBoxLayout()
        self.sign_button = QPushButton("Sign in…")
        self.sign_button.clicked.connect(self._sign_clicked)
        self.open_button = QPushButton("Open")
        self.open_button.clicked.connect(lambda: self._activated(self.list.currentItem()))
        row.addWidget(self.sign_button)
        row.addStretch(1)
        row.addWidget(self.open_button)
        col.addLayout(row)
        self.signed_in = False
        self.set_account(None)

    def set_account(self, user: str | None, problem: str | None = None) -> None:
        self.signed_in = user is not None
        if problem:
            self.account.setText(problem)
        elif user:
            self.account.setText(f"Signed in as {user}.")
        else:
            self.account.setText("Play with friends elsewhere: sign in with a Matrix account, then start a game "
                                 "with an online seat, or join one you are invited to.")
        self.sign_button.setText("Sign out" if user else "Sign in…")
        self._update_buttons()

    def set_entries(self, entries: list[dict]) -> None:
        current = self.list.currentItem()
        keep = current.data(Qt.ItemDataRole.UserRole).get("room") if current is not None else None
        self.list.clear()
        for entry in entries:
            verb = "Join" if entry["kind"] == "invite" else "Open"
            item = QListWidgetItem(f"{entry['title']}\n{entry['turn']}")
            item.setData(Qt.ItemDataRole.UserRole, entry)
            item.setToolTip(plain_tip(f"{verb}: {entry['title']} ({entry['turn']})"))
            self.list.addItem(item)
            if entry.get("room") == keep:
                self.list.setCurrentItem(item)
        if self.list.currentItem() is None and entries:
            self.list.setCurrentRow(0)
        if self.signed_in and not entries:
            empty = QListWidgetItem("No online games yet.")
            empty.setFlags(Qt.ItemFlag.NoItemFlags)
            self.list.addItem(empty)
        self._update_buttons()

    def set_skipped(self, notes: list[str]) -> None:
        """Say which online records could not be read and were left out of the list ("<file>:
        why" each), as Past games says of its files; nothing when every record read."""
        show_skipped(self.skipped, notes, "online record")

    def _update_buttons(self) -> None:
        item = self.list.currentItem()
        entry = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        self.open_button.setEnabled(bool(entry))
        self.open_button.setText("Join…" if entry and entry["kind"] == "invite" else "Open")

    def _sign_clicked(self) -> None:
        (self.sign_out_requested if self.signed_in else self.sign_in_requested).emit()

    def _activated(self, item) -> None:
        entry = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if entry:
            self.open_requested.emit(entry)
