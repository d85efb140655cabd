"""The prompt bar above the board: what to do now in plain words, and a button per legal
decision (labelled with `session.label(action)`), so every decision can be taken without the board."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLayout,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.core.contract import Action
from ui.panels.steady_text import ClampedText
from ui.services.plain_text import plain_tip


class HintLine(ClampedText):
    """The suggested moves in one line under the instruction ("Suggested: 1. … · 2. … · 3. …"),
    cut with "…" where it is longer: one line always, so a hint never makes the prompt bar taller
    than the room the board leaves it (the board would shrink). The whole hint, a line a move with
    its reason, is in the tooltip, the accessible description, the status bar, the marks' tooltips
    on the board and the prompt and choices as text (Ctrl+I)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(1, parent)
        self.whole = ""

    def set_hint(self, text: str) -> None:
        self.whole = text
        self.setAccessibleDescription(text)
        self.setText(text.replace(":\n", ": ", 1).replace("\n", " · "))

    def _shorten(self) -> None:
        super()._shorten()
        self.setToolTip(plain_tip(self.whole) if self.whole else "")


class SinceLine(ClampedText):
    """What the others did since the player's turn, in one line under the instruction, when the
    board leaves the Since-your-turn card no room to open by itself: read without a hover, cut
    with "…" where it is longer; a click on it (or Ctrl+T) opens the whole list. It takes the
    hint's line, and gives it back to a hint the player asks for."""

    clicked = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(1, parent)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAccessibleName("Since your turn")

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mousePressEvent(event)

    def _shorten(self) -> None:
        super()._shorten()
        if self.full_text():
            self.setToolTip(plain_tip(f"{self.full_text()}\n\nClick (or Ctrl+T) for the whole list."))


class FlowLayout(QLayout):
    """Lays children out left to right, wrapping to new lines (Qt's flow-layout example)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6):
        super().__init__(parent)
        self._items = []
        self._hfw: tuple[int, int] | None = None
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item) -> None:  # noqa: N802
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int):  # noqa: N802
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int):  # noqa: N802
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self):  # noqa: N802
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        # Qt asks this many times per layout pass; the answer changes only with the width or
        # the items, so it is cached until `invalidate()`.
        if self._hfw is None or self._hfw[0] != width:
            self._hfw = (width, self._do_layout(QRect(0, 0, width, 0), test=True))
        return self._hfw[1]

    def invalidate(self) -> None:
        self._hfw = None
        super().invalidate()

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802
        super().setGeometry(rect)
        self._do_layout(rect, test=False)

    def sizeHint(self) -> QSize:  # noqa: N802
        return self.minimumSize()

    def minimumSize(self) -> QSize:  # noqa: N802
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        m = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    def _do_layout(self, rect: QRect, test: bool) -> int:
        x, y, line_h = rect.x(), rect.y(), 0
        gap = self.spacing()
        for item in self._items:
            if item.widget() is not None and item.widget().isHidden():
                continue
            # the widget's own hint: a layout item keeps the hint a button had when it was last
            # shown, so a button given a new label while hidden was laid out at its old width
            # (the bar then took two rows for a moment, and the board below shrank)
            hint = item.widget().sizeHint() if item.widget() is not None else item.sizeHint()
            if x + hint.width() > rect.right() and line_h > 0:
                x, y, line_h = rect.x(), y + line_h + gap, 0
            if not test:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + gap
            line_h = max(line_h, hint.height())
        return y + line_h - rect.y()


class PromptBar(QFrame):
    """Instruction text plus one button per legal decision; `chosen(action)` on a click."""

    chosen = Signal(object)
    hint_requested = Signal()
    """The "Suggest a move" button was clicked."""
    since_requested = Signal()
    """The "Since your turn" button was clicked: the whole list of what the others did."""

    MAX_BUTTONS = 40
    """Beyond this the buttons would bury the board; the board remains the way to choose."""
    MAX_ROWS = 1
    """Rows of buttons at most; the choices that do not fit are under a "More" button: the board
    keeps the window (its pieces take the same choices), and the room the bar may grow into,
    which the board's layout leaves free above it, stays one row."""
    MAX_LINES = 2
    """Lines of the instruction at most; a longer one ends in "…" with the whole in its tooltip."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._tallest: dict[int, int] = {}  # width -> tallest_height (a twin measures it)
        self.buttons: list[QPushButton] = []  # the choices' buttons shown
        self._pool: list[QPushButton] = []  # every button made, shown or kept for later
        self.setObjectName("PromptBar")
        self.setAccessibleName("Prompt")  # its description lists the choices (ui/game/keyboard.py)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#PromptBar { background: #f4ecd8; border: 1px solid #b08d57; }"
                           "#PromptBar QLabel { color: #3b3127; }")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(6)
        self.label = ClampedText(self.MAX_LINES)
        self.label.setAccessibleName("What to do now")
        self.follow_font()
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        # the instruction and, under it, a hint: while a hint is shown the instruction keeps one
        # line (the whole in its tooltip), and the hint's line (no taller than the instruction's)
        # takes the second, so the bar is never taller than with two lines of instruction, the
        # height the board's room is measured for (`tallest_height`)
        words = QVBoxLayout()
        words.setContentsMargins(0, 0, 0, 0)
        words.setSpacing(0)
        words.addWidget(self.label)
        self.hint_line = HintLine()
        self.hint_line.setStyleSheet("color: #0b4f7c;")
        self.hint_line.setAccessibleName("Suggested moves")
        self.hint_line.setVisible(False)
        words.addWidget(self.hint_line)
        self.since_line = SinceLine()
        self.since_line.setStyleSheet("color: #6b5d4d;")
        self.since_line.setVisible(False)
        self.since_line.clicked.connect(self.since_requested.emit)
        words.addWidget(self.since_line)
        top.addLayout(words, 1)
        # always there (only disabled when no hint can be asked), so nothing moves when it is
        self.hint_button = QToolButton()
        self.hint_button.setText("Suggest a move")
        self.hint_button.setToolTip("Suggest a move (Ctrl+H): the three best moves the search finds, with "
                                    "their chances to win")
        self.hint_button.setAccessibleName("Suggest a move")
        self.hint_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.hint_button.clicked.connect(self.hint_requested.emit)
        self.hint_button.setFixedWidth(max(self.hint_button.sizeHint().width(),
                                           self.hint_button.fontMetrics().horizontalAdvance("Thinking…") + 16))
        # what the others did since the player's turn: said in its tooltip, listed on a click. Always
        # there (disabled while there is nothing to tell) and as wide: the instruction beside it
        # keeps its width, so the bar never grows for it and the board keeps its room
        self.since_button = QToolButton()
        self.since_button.setText("Since your turn")
        self.since_button.setAccessibleName("Since your turn")
        self.since_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.since_button.clicked.connect(self.since_requested.emit)
        self.since_button.setFixedWidth(self.since_button.sizeHint().width())
        self.since_button.setEnabled(False)
        top.addWidget(self.since_button, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.hint_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(top)
        self._buttons_host = QWidget()
        self._flow = FlowLayout(self._buttons_host)
        layout.addWidget(self._buttons_host)
        self.more = QToolButton()
        self.more.setText("More ▾")
        self.more.setAccessibleName("More choices")
        self.more.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.more.setMenu(QMenu(self.more))
        self.more.setVisible(False)
        self._flow.addWidget(self.more)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._actions: list[Action] = []
        self._labels: list[str] = []
        self._rows = 0  # rows of buttons shown
        self._row_height: int | None = None

    def follow_font(self) -> None:
        """The instruction in a bold font a little larger than the application's (set again when
        the player changes the text size: ui/services/text_size.py)."""
        from PySide6.QtWidgets import QApplication

        font = QApplication.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.label.setFont(font)
        self._row_height = None
        self._tallest.clear()  # measured in the old font
        for button in self._pool:
            button.setFont(QApplication.font())
        if self.buttons:
            self._fit_rows()

    def set_prompt(self, text: str, actions: list[Action], labels: list[str]) -> None:
        """Show `text`; rebuild the buttons only when the choices changed (cheap updates)."""
        self.label.setText(text)
        if actions == self._actions and labels == self._labels:
            return
        self._actions, self._labels = list(actions), list(labels)
        shown = list(zip(actions, labels, strict=True))[: self.MAX_BUTTONS]
        # Reuse buttons (creating widgets is the slow part of an update); extra ones are hidden.
        while len(self._pool) < len(shown):
            button = QPushButton()
            button.setAutoDefault(False)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            index = len(self._pool)
            button.clicked.connect(lambda _=False, i=index: self._clicked(i))
            self._flow.addWidget(button)
            self._flow._items.insert(index, self._flow._items.pop())  # before "More"
            self._pool.append(button)
        self._flow.setEnabled(False)  # one layout pass for all the buttons, not one per button
        for i, button in enumerate(self._pool):
            if i < len(shown):
                button.setText(shown[i][1].replace("&", "&&"))  # '&' in a label is no shortcut mark
                button.setToolTip(plain_tip(shown[i][1]))  # a choice names players
                button.setAccessibleName(shown[i][1])
                button.setAccessibleDescription(f"Choice {i + 1} of {len(shown)}")
                button.setVisible(True)
            else:
                button.setVisible(False)
        self._flow.setEnabled(True)
        self.buttons = self._pool[: len(shown)]
        # (every button shows for a moment, in rows the bar does not keep: the board view checks
        # what it covers only once the layout has settled, BoardView._settled_sight)
        self._fit_rows()

    def _fit_rows(self) -> None:
        """Show as many buttons as fit in MAX_ROWS rows, the rest in the More menu; the bar is
        as tall as that (the board view below holds still when it changes: BoardView)."""
        m = self.layout().contentsMargins()
        # (less one pixel: the flow wraps an item reaching its last pixel, QRect.right() being
        # left + width - 1, and a "More" that wrapped made the bar a row taller than it reported)
        width = max(1, self.contentsRect().width() - m.left() - m.right() - 1)
        gap = self._flow.spacing()
        more_w = self.more.sizeHint().width()
        rows, x, fits, shown_rows = 1, 0, 0, 0
        for i, button in enumerate(self.buttons):
            w = button.sizeHint().width()
            last = i == len(self.buttons) - 1
            need = w if last or rows < self.MAX_ROWS else w + gap + more_w
            if x and x + need > width:
                rows, x = rows + 1, 0
                if rows > self.MAX_ROWS:
                    break
                need = w if last or rows < self.MAX_ROWS else w + gap + more_w
            if rows == self.MAX_ROWS and not last and x + need > width:
                break
            x += w + gap
            fits += 1
            shown_rows = rows
        menu = self.more.menu()
        menu.clear()
        for i, button in enumerate(self.buttons):
            button.setVisible(i < fits)
            if i >= fits:
                menu.addAction(button.text(), button.click)
        self.more.setVisible(fits < len(self.buttons))
        self._rows = shown_rows if self.buttons else 0
        self._flow.invalidate()
        self._buttons_host.setVisible(bool(self.buttons))
        # (the flow's own width: `width` is a pixel less, and buttons filling it exactly made
        # the flow report a second row the bar never shows, and the board shrank for it)
        needed = self._flow.heightForWidth(width + 1) if self.buttons else 0
        self._buttons_host.setMinimumHeight(needed)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width() and self.buttons:
            self._fit_rows()

    def reset_height(self) -> None:
        """Forget the height of the last choices (a new game starts)."""
        self._buttons_host.setMinimumHeight(0)

    def row_height(self) -> int:
        """The height one row of buttons adds to the bar."""
        if self._row_height is None:
            self._row_height = QPushButton("Xg").sizeHint().height() + self.layout().spacing()
        return self._row_height

    def max_height(self) -> int:
        """The bar's height at its largest (MAX_LINES lines, MAX_ROWS rows of buttons), from its
        fonts and margins alone: whatever it shows now, and however far a layout pass has got."""
        m = self.layout().contentsMargins()
        button = QPushButton("Xg")
        button.setFont(self.font())
        lines = self.MAX_LINES * self.label.line_height()
        rows = self.MAX_ROWS * (button.sizeHint().height() + self.layout().spacing())
        return m.top() + m.bottom() + 2 * self.frameWidth() + lines + rows + 4  # + the rounding of heights

    def growth_room(self) -> int:
        """How much taller the bar may still grow (its instruction to MAX_LINES lines, its
        buttons to MAX_ROWS rows): the board view keeps that much free above the board when it
        fits, so a bar that grows never covers the board.

        Exactly its tallest height less its height now, so that the room below the bar at its
        tallest (the board's) is the same whatever the bar says when the board is fitted: a
        game loaded while its player is asked (a row of buttons) is fitted as the same game was
        when it began (no buttons). A sum of line and row heights missed the bar's real growth
        by a few pixels, and the board came out smaller after a Load."""
        return max(0, self.tallest_height() - self.height())

    def tallest_height(self) -> int:
        """The bar's height at its width with MAX_LINES lines and MAX_ROWS rows of buttons
        (measured on a twin that is never shown, once per width)."""
        width = self.width()
        cache = self._tallest
        if width not in cache:
            if len(cache) > 8:  # widths met while the window is resized
                cache.clear()
            twin = PromptBar()
            twin.setFont(self.font())
            twin.resize(width, 400)
            many = [Action("measure", 0, (i,)) for i in range(self.MAX_BUTTONS)]
            twin.set_prompt("Wide words " * 200, many, ["Choice"] * len(many))
            twin.layout().activate()
            # a widget never shown hears of no resize: the instruction was cut to two lines at the
            # width it was made with (640 px), which at a wider bar is one line, and the tallest
            # bar came out a line short there (63 px for 73 at 1920×1080: the board was fitted
            # with no room kept for the bar's second line, and shrank when it came)
            twin.label.recut()
            twin.layout().invalidate()
            twin.layout().activate()
            cache[width] = twin.heightForWidth(width) if twin.hasHeightForWidth() else twin.sizeHint().height()
            twin.deleteLater()
        return cache[width]

    def _clicked(self, index: int) -> None:
        if index < len(self.buttons) and index < len(self._actions):
            self.chosen.emit(self._actions[index])

    def set_hint_state(self, allowed: bool, ready: bool, busy: bool = False) -> None:
        """The hint button: hidden when hints are turned off, enabled when one can be asked."""
        self.hint_button.setVisible(allowed)
        self.hint_button.setEnabled(allowed and ready and not busy)
        self.hint_button.setText("Thinking…" if busy else "Suggest a move")

    def set_hint(self, text: str) -> None:
        """The suggested moves in words, in a line under the instruction ("" takes them away);
        the instruction keeps one line meanwhile."""
        self.hint_line.set_hint(text)
        if not text:
            self.hint_line.setVisible(False)
        self._second_line()
        self.hint_line.setVisible(bool(text))

    def set_since_line(self, text: str) -> None:
        """What the others did, said in the line under the instruction ("" takes it away): for
        when the Since-your-turn card found no room on the board. A hint shown takes the line."""
        self.since_line.setText(text)
        self._second_line()

    def _second_line(self) -> None:
        """One line under the instruction at most: the hint, else the since line; the
        instruction keeps one line while either is shown, so the bar never grows for them."""
        hint = bool(self.hint_line.whole)
        since = bool(self.since_line.full_text()) and not hint
        # the instruction gives up its second line before the line under it shows (never
        # three lines, not even for one layout pass: the board would shrink under a taller bar)
        if hint or since:
            self.label.set_max_lines(1)
        self.since_line.setVisible(since)
        if not (hint or since):
            self.label.set_max_lines(self.MAX_LINES)

    def set_since(self, text: str) -> None:
        """What the others did since the player's turn, in one line ("" when there is nothing to
        tell): the Since your turn button's tooltip, which a click turns into the whole list."""
        self.since_button.setEnabled(bool(text))
        full = f"{text}\n\nClick (or View → Since your turn, Ctrl+T) for the whole list." if text else \
            "What the others did since your turn, once they have played (Ctrl+T)."
        self.since_button.setToolTip(plain_tip(full))
        self.since_button.setAccessibleDescription(text)

    def button_for(self, action: Action) -> QPushButton | None:
        for a, b in zip(self._actions, self.buttons, strict=False):
            if a == action:
                return b
        return None
