"""The start screen: Continue (the last autosave), New game, Learn to play, Load, Rules, Quit, and
the record of Past games beside them (ui/review/past_games.py).

Kept light: it imports nothing game-specific, so it paints quickly at cold start."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QTabWidget, QVBoxLayout, QWidget

from ui.services.plain_text import PlainLabel, plain_tip


def _emblem() -> QLabel | None:
    """The app icon above the title (it is in the bundle; absent files are simply skipped)."""
    from PySide6.QtGui import QPixmap

    from engine.core.assets import assets_dir

    path = assets_dir() / "icons" / "tycoons-128.png"
    pixmap = QPixmap(str(path))
    if pixmap.isNull():
        return None
    label = QLabel()
    label.setPixmap(pixmap.scaled(88, 88, Qt.AspectRatioMode.KeepAspectRatio,
                                  Qt.TransformationMode.SmoothTransformation))
    return label


class StartScreen(QWidget):
    """The first window. Each button emits a signal the application shell handles."""

    continue_requested = Signal()
    new_requested = Signal()
    learn_requested = Signal()
    load_requested = Signal()
    rules_requested = Signal()
    quit_requested = Signal()
    switch_requested = Signal()
    """"Switch to it": another Tycoons has this data folder open (ui/app/instance.py)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Tycoons")
        self.setObjectName("StartScreen")
        self.resize(760, 640)
        self.setStyleSheet(
            "#StartScreen { background: #2b2b2b; }"
            "#Card { background: #f4ecd8; border: 2px solid #b08d57; border-radius: 10px; }"
            "#Card QLabel { color: #3b3127; }"
            "#Card QPushButton { font-size: 15px; padding: 8px 18px; min-width: 220px;"
            " background: #e9dcc0; color: #3b3127; border: 1px solid #b08d57; border-radius: 5px; }"
            "#Card QPushButton:hover { background: #f0e2c0; border-color: #d4a017; }"
            "#Card QPushButton:focus { border: 2px solid #d4a017; }"
            "#Card QPushButton:disabled { color: #a89a86; background: #efe6d2; border-color: #d9c9a3; }")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(40, 30, 40, 30)
        outer.addStretch(1)
        card = QFrame()
        card.setObjectName("Card")
        card.setMaximumWidth(460)
        col = QVBoxLayout(card)
        col.setContentsMargins(36, 28, 36, 28)
        col.setSpacing(10)
        emblem = _emblem()
        if emblem is not None:
            col.addWidget(emblem, 0, Qt.AlignmentFlag.AlignHCenter)
        title = QLabel("Tycoons")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        title.setStyleSheet("font-family: 'DejaVu Serif'; font-size: 40px; font-weight: bold;")
        col.addWidget(title)
        sub = QLabel("Economic board games of the Gilded Age")
        sub.setAlignment(Qt.AlignmentFlag.AlignCenter)
        sub.setStyleSheet("font-family: 'DejaVu Serif'; font-size: 15px; font-style: italic; color: #6b5d4d;")
        col.addWidget(sub)
        col.addSpacing(14)
        self.continue_button = QPushButton("Continue")
        self.new_button = QPushButton("New game")
        self.learn_button = QPushButton("Learn to play")
        self.learn_button.setToolTip("A guided first game of one of the games, step by step")
        self.load_button = QPushButton("Load…")
        self.rules_button = QPushButton("Rules")
        self.quit_button = QPushButton("Quit")
        for button, signal in ((self.continue_button, self.continue_requested),
                               (self.new_button, self.new_requested),
                               (self.learn_button, self.learn_requested),
                               (self.load_button, self.load_requested),
                               (self.rules_button, self.rules_requested),
                               (self.quit_button, self.quit_requested)):
            button.clicked.connect(signal.emit)
            col.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
        self.continue_info = PlainLabel()  # the autosave's names, as written
        self.continue_info.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.continue_info.setWordWrap(True)
        self.continue_info.setStyleSheet("font-size: 12px; color: #6b5d4d;")
        col.insertWidget(col.indexOf(self.continue_button) + 1, self.continue_info)
        # a strip above the cards, for what the player should know about the data folder: a
        # settings file set aside, another Tycoons holding the games (with "Switch to it")
        self.banner = QFrame()
        self.banner.setObjectName("Banner")
        self.banner.setStyleSheet("#Banner { background: #f4ecd8; border: 2px solid #b23a2e; border-radius: 8px; }"
                                  "#Banner QLabel { color: #8c2d1e; font-size: 13px; }"
                                  "#Banner QPushButton { font-size: 13px; padding: 4px 14px; background: #e9dcc0;"
                                  " color: #3b3127; border: 1px solid #b08d57; border-radius: 5px; }")
        strip = QHBoxLayout(self.banner)
        strip.setContentsMargins(14, 8, 10, 8)
        self.notice = PlainLabel()
        self.notice.setObjectName("Notice")
        self.notice.setWordWrap(True)
        strip.addWidget(self.notice, 1)
        self.switch_button = QPushButton("Switch to the open Tycoons")
        self.switch_button.setToolTip("Bring the other Tycoons window to the front and close this one")
        self.switch_button.clicked.connect(self.switch_requested.emit)
        self.switch_button.setVisible(False)
        strip.addWidget(self.switch_button)
        self.banner.setVisible(False)
        outer.insertWidget(0, self.banner)
        self.read_only = ""
        self.new_button.setDefault(True)
        self._row = QHBoxLayout()  # the card, and "Past games" beside it once it is read
        self._row.setSpacing(24)
        self._row.addStretch(1)
        self._row.addWidget(card, 0, Qt.AlignmentFlag.AlignVCenter)
        self._row.addStretch(1)
        outer.addLayout(self._row)
        outer.addStretch(1)
        self._card = card
        self.past_games = None
        self.online_games = None
        self.side_tabs = QTabWidget(self)  # both panels, on a screen too narrow for the row
        self.side_tabs.setObjectName("SideTabs")
        self.side_tabs.setDocumentMode(True)
        self.side_tabs.setVisible(False)
        self._arranged = (False, 0)  # (the panels as tabs, how many panels)

    def set_past_games(self, panel: QWidget) -> None:
        """Show the "Past games" panel beside the buttons (added after the first paint: reading
        the record imports the engine, which cold start leaves for later)."""
        self.past_games = panel
        self._arrange()
        from ui.services.window_fit import fit

        self.resize(max(self.width(), 1360), max(self.height(), 720))
        fit(self)  # a laptop's screen is smaller: within it

    def set_online_games(self, panel: QWidget) -> None:
        """Show "Online games" (ui/dialogs/online.py) on the left of the buttons."""
        self.online_games = panel
        panel.setMinimumWidth(230)
        panel.setMaximumWidth(330)
        self._arrange()

    def _row_width(self) -> int:
        """The least width the card and both panels take side by side, margins included."""
        m = self.layout().contentsMargins()
        parts = [w for w in (self.online_games, self._card, self.past_games) if w is not None]
        return (m.left() + m.right() + sum(max(w.minimumWidth(), w.minimumSizeHint().width()) for w in parts)
                + self._row.spacing() * (len(parts) - 1))

    def _arrange(self) -> None:
        """Online games, the card and Past games side by side where the screen is wide enough for
        the three, else the two panels as tabs beside the card: the window always fits its
        screen (ui/services/window_fit.py). Chosen by the screen, not the window, so the panels
        stay where they are while the player resizes the window."""
        from ui.services.window_fit import available_area

        panels = [w for w in (self.online_games, self.past_games) if w is not None]
        tabbed = len(panels) == 2 and self._row_width() > available_area(self).width()
        if (tabbed, len(panels)) == self._arranged:
            return
        self._arranged = (tabbed, len(panels))
        for panel in panels:
            self._row.removeWidget(panel)
        while self.side_tabs.count():
            self.side_tabs.removeTab(0)
        self._row.removeWidget(self.side_tabs)
        if tabbed:
            self.side_tabs.addTab(self.past_games, "Past games")
            self.side_tabs.addTab(self.online_games, "Online games")
            self._row.insertWidget(self._row.indexOf(self._card) + 1, self.side_tabs, 3)
            self.side_tabs.setVisible(True)
            return
        self.side_tabs.setVisible(False)
        for panel in panels:
            panel.setParent(self)
            if panel is self.online_games:
                self._row.insertWidget(self._row.indexOf(self._card), panel, 2)
            else:
                self._row.insertWidget(self._row.indexOf(self._card) + 1, panel, 3)
            panel.setVisible(True)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        self._arrange()  # the screen it opens on decides
        super().showEvent(event)

    def set_notice(self, text: str) -> None:
        """A line for the player under the buttons (a settings file set aside…); "" hides it."""
        self.notice.setText(text)
        self.notice.setToolTip(plain_tip(text))
        self.notice.setVisible(bool(text))
        self._show_banner()

    def _show_banner(self) -> None:
        self.banner.setVisible(bool(self.notice.text()) or self.switch_button.isVisibleTo(self.banner))

    def set_read_only(self, other: str) -> None:
        """Another Tycoons (`other` says which) holds the data folder: games open for review only,
        New game waits, and "Switch to it" hands over; "" when this app holds the folder again."""
        self.read_only = other
        self.new_button.setEnabled(not other)
        self.new_button.setToolTip("Tycoons is open in another window: play there, or close it to play here"
                                   if other else "")
        self.continue_button.setText("Review the last game" if other else "Continue")
        self.switch_button.setVisible(bool(other))
        self._show_banner()

    def set_continue(self, available: bool, description: str = "") -> None:
        """Enable Continue when an autosave exists; `description` says what it holds."""
        self.continue_button.setEnabled(available)
        if available and self.read_only:
            description = "A game is open in another Tycoons window: this one shows it for review only."
        self.continue_info.setText(description if available else "No saved game to continue.")
        if available:
            self.continue_button.setDefault(True)
            self.new_button.setDefault(False)
