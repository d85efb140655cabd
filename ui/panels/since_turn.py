"""The "Since your turn" list: a small card that says, when a human's turn begins, what each
other player did since that human's last turn, grouped by player, in plain words
(ui/game/follow.py makes the report). Pointing at a line (the mouse, or the arrow keys in the
list) rings the pieces that line changed.

It never covers the game: when a turn begins it opens only in room the board leaves empty
(ui/board/free_room.py), and otherwise the prompt bar says it in one line under the instruction
(`summary`; read without a hover, the button's tooltip too) and opens the card on demand (a click
on that line or on the Since your turn button, View → Since your turn, Ctrl+T); opened so, it lies in
the view's corner that covers the fewest of the pieces to choose and folds away at the next press
on the board, which still reaches the board. Either way it folds away when the player acts. A
player's long turn is summarised: its first lines, then "and N more", which unfolds them; a single
decision takes one row ("Ann (AI): takes a Forest.").

It floats over the board view's viewport, so showing or folding it never moves the board."""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QPoint, QRect, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.core.text import count
from ui.services.plain_text import PlainLabel


class LineLabel(PlainLabel):
    """One decision in words; the mouse over it (or the keyboard's focus on it) points at it."""

    def __init__(self, line, panel: SinceTurnPanel, said: str | None = None):
        super().__init__(line.text if said is None else said)
        self.line = line
        self.panel = panel
        self.setWordWrap(True)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.setContentsMargins(14 if said is None else 0, 1, 2, 1)
        self.setAccessibleName(self.text())
        if not line.keys:
            self.setStyleSheet("color: #6b5d4d;")
            self.setToolTip("Nothing on the board to point at for this one.")
        else:
            self.setToolTip("Its pieces are ringed on the board while the mouse is here.")

    def enterEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.panel.point(self)
        super().enterEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.panel.point(None)
        super().leaveEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.panel.point(self)
        super().focusInEvent(event)


class MoreLabel(PlainLabel):
    """"… and N more": a click (or Enter) shows the lines it stands for."""

    def __init__(self, lines, panel: SinceTurnPanel):
        super().__init__(f"… and {count(len(lines), 'more decision')} (click to show them)")
        self.hidden_lines = lines
        self.panel = panel
        self.setContentsMargins(14, 1, 2, 1)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.setStyleSheet("color: #0b4f7c;")
        self.setAccessibleName(self.text())

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.panel.unfold(self)

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.panel.unfold(self)
        else:
            super().keyPressEvent(event)


_SENTENCE_END = re.compile(r"(?<=[a-z0-9)%])\. (?=[A-Z])")
"""The end of a sentence: not the dots of "A.G. Spalding"."""


def _without_name(text: str, names: list[str], seat: int) -> str:
    """A line of the log said after its player's name: "Ann takes a Forest." → "takes a Forest."."""
    who = names[seat] if seat >= 0 else ""
    return text[len(who) + 1:] if who and text.startswith(who + " ") else text


def summary(report, names: list[str]) -> str:
    """The report in one line for the prompt bar's button: each player's decisions, the first in words,
    the others counted ("Ann: acquires Blackrock Candy for $18 (and 1 more) · Bob: pays…")."""
    if report is None or not report.lines:
        return ""
    parts = []
    for seat, lines in report.groups():
        who = names[seat] if seat >= 0 else "The game"
        first = _without_name(_SENTENCE_END.split(lines[0].text, maxsplit=1)[0].rstrip("."), names, seat)
        more = f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""
        parts.append(f"{who}: {first}{more}")
    return "Since your turn — " + " · ".join(parts)


class SinceTurnPanel(QFrame):
    """The card; `pointed(line or None)` as the mouse or the keys move over its lines."""

    pointed = Signal(object)

    WIDTH = 340
    MARGIN = 10

    def __init__(self, view: QWidget):
        super().__init__(view.viewport())
        self.view = view
        self.setObjectName("SinceTurn")
        self.setAccessibleName("Since your turn")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#SinceTurn { background: #f4ecd8; border: 1px solid #b08d57; border-radius: 6px; }"
                           "#SinceTurn QLabel { color: #3b3127; }"
                           "#SinceBody { background: #f4ecd8; }")
        col = QVBoxLayout(self)
        col.setContentsMargins(8, 6, 8, 8)
        col.setSpacing(4)
        head = QHBoxLayout()
        self.title = PlainLabel()
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        head.addWidget(self.title, 1)
        self.close_button = QToolButton()
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip("Fold the list away (View → Since your turn, Ctrl+T, opens it again)")
        self.close_button.setAccessibleName("Close the Since your turn list")
        self.close_button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.close_button.clicked.connect(self.hide)
        head.addWidget(self.close_button)
        col.addLayout(head)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body = QWidget()
        self.body.setObjectName("SinceBody")
        self.rows = QVBoxLayout(self.body)
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.rows.setSpacing(2)
        self.scroll.setWidget(self.body)
        col.addWidget(self.scroll)
        self.report = None
        self._labels: list[QLabel] = []
        self._avoid: list[QRect] = []  # view rects of pieces the card should not cover
        self.hide()
        view.viewport().installEventFilter(self)
        # a child of the viewport is moved with the board when the view scrolls (QWidget.scroll),
        # as the fit after a resize does: the card goes back to its corner
        for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
            bar.valueChanged.connect(self._replace)

    # -- content -----------------------------------------------------------------------------------
    LONG = 4
    """A player's decisions shown whole up to this many; more are summarised (`SHOWN` of them,
    then "and N more")."""
    SHOWN = 2

    def set_report(self, report, names: list[str], ai: list[bool]) -> None:
        """Fill the list from `report` (ui/follow.Report) for the players `names`."""
        self.report = report
        for label in self._labels:
            self.rows.removeWidget(label)
            label.hide()  # at once: until it is deleted it would paint under the new lines
            label.deleteLater()
        self._labels = []
        self.title.setText(f"Since your turn, {names[report.seat]}" if report is not None else "Since your turn")
        if report is None or not report.lines:
            self._add(QLabel("Nothing happened since your last turn."))
        else:
            for seat, lines in report.groups():
                who = names[seat] if seat >= 0 else "The game"
                if seat >= 0 and ai[seat]:
                    who += " (AI)"
                if len(lines) == 1:  # one decision: one row, "Ann (AI): takes a Coal Mine."
                    self._add(LineLabel(lines[0], self, f"{who}: {_without_name(lines[0].text, names, seat)}"))
                    continue
                head = PlainLabel(f"{who}: {count(len(lines), 'decision')}")
                font = head.font()
                font.setBold(True)
                head.setFont(font)
                self._add(head)
                shown = lines if len(lines) <= self.LONG else lines[: self.SHOWN]
                for line in shown:
                    self._add(LineLabel(line, self))
                if len(shown) < len(lines):
                    self._add(MoreLabel(lines[len(shown):], self))
        self.rows.addStretch(1) if not self.rows.count() or self.rows.itemAt(self.rows.count() - 1).widget() else None
        self.setAccessibleDescription(self.as_text())
        self._size()

    def _add(self, label: QLabel) -> None:
        label.setWordWrap(True)
        self.rows.insertWidget(len(self._labels), label)
        self._labels.append(label)

    def unfold(self, more: MoreLabel) -> None:
        """Show the lines `more` stands for in its place."""
        at = self._labels.index(more)
        self.rows.removeWidget(more)
        more.hide()
        more.deleteLater()
        self._labels.pop(at)
        for i, line in enumerate(more.hidden_lines):
            label = LineLabel(line, self)
            label.setWordWrap(True)
            self.rows.insertWidget(at + i, label)
            self._labels.insert(at + i, label)
        self._size()

    def as_text(self) -> str:
        """The list as plain text (screen readers, tests): each player, their decisions under them."""
        out = [self.title.text()]
        out.extend(("  " if isinstance(label, LineLabel) else "") + label.text() for label in self._labels)
        return "\n".join(out)

    def lines(self) -> list[LineLabel]:
        """The labels of the decisions, in order."""
        return [label for label in self._labels if isinstance(label, LineLabel)]

    def point(self, label: LineLabel | None) -> None:
        for other in self.lines():
            other.setStyleSheet("" if other.line.keys else "color: #6b5d4d;")
        if label is not None:
            label.setStyleSheet("background: #e9dcc0;")
        self.pointed.emit(label.line if label is not None else None)

    # -- place --------------------------------------------------------------------------------------
    LEAST = (240, 110)
    """The least room (pixels) the card opens in by itself: its title and two lines."""

    def open_in_room(self) -> bool:
        """Open the card where the board leaves room for it (ui/board/free_room.py); False, and
        the card stays folded, if there is none."""
        from PySide6.QtCore import QSize

        from ui.board.free_room import free_room

        room = free_room(self.view, QSize(*self.LEAST))
        if room is None:
            self.hide()
            return False
        self._room = room.adjusted(self.MARGIN // 2, self.MARGIN // 2, -(self.MARGIN // 2), -(self.MARGIN // 2))
        self.show()
        self._size()
        self.raise_()
        return True

    def open(self, avoid: list[QRect] | None = None) -> None:
        """Open the card on demand, in the corner that covers the fewest of the pieces in `avoid`
        (view pixels: the marked pieces, and more so the ones the player may choose); it folds
        away at the next press on the board."""
        if avoid is not None:
            self._avoid = avoid
        self._room = None
        self.show()
        self._size()
        self.raise_()

    _room: QRect | None = None
    """The room it opened in by itself (None: opened on demand, in a corner)."""

    def in_room(self) -> bool:
        """True while the card lies in room the board left empty (it covers nothing there)."""
        return self.isVisible() and self._room is not None

    def _size(self) -> None:
        port = self._room if self._room is not None else self.view.viewport().rect()
        width = min(self.WIDTH, port.width() if self._room is not None else max(220, port.width() // 3))
        self.setFixedWidth(width)
        inner = width - 40
        wanted = 4
        for label in self._labels:
            wanted += label.heightForWidth(inner) if label.wordWrap() else label.sizeHint().height()
            wanted += self.rows.spacing()
        head = self.title.sizeHint().height() + 20  # the title row and the margins
        most = port.height() - head if self._room is not None else int(port.height() * 0.4)
        self.scroll.setFixedHeight(max(24, min(wanted, most)))
        self.adjustSize()
        self._place()

    def _place(self) -> None:
        if self._room is not None:  # the room's top right: it covers nothing there
            room = self._room
            self.move(QPoint(room.right() + 1 - self.width(), room.top()))
            return
        port = self.view.viewport().rect()
        m = self.MARGIN
        w, h = self.width(), self.height()
        corners = [QPoint(port.right() - w - m, port.top() + m), QPoint(port.left() + m, port.top() + m),
                   QPoint(port.right() - w - m, port.bottom() - h - m), QPoint(port.left() + m, port.bottom() - h - m)]

        def covered(p: QPoint) -> int:
            box = QRect(p, self.size())
            return sum(weight for rect, weight in self._avoid if box.intersects(rect))

        best = min(corners, key=covered)
        # never beyond the view's edges, even when the card is taller or wider than its room
        best.setX(max(port.left(), min(best.x(), port.right() + 1 - w)))
        best.setY(max(port.top(), min(best.y(), port.bottom() + 1 - h)))
        self.move(best)

    def _replace(self, _value: int = 0) -> None:
        if self.isVisible():
            self._place()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        # the card's height settles after its labels are laid out for a new width: placed again,
        # it keeps to its corner (placed once, it hung over the view's edge after a resize)
        super().resizeEvent(event)
        self._replace()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        kind = event.type()  # first: a window being torn down sends others, to a card going too
        if kind not in (QEvent.Type.Resize, QEvent.Type.MouseButtonPress):
            return False
        # (its parent is the view's viewport: asked so, a card whose window is closing answers too)
        if obj is self.parentWidget() and self.isVisible():
            if kind == QEvent.Type.Resize:
                if self._room is not None:
                    self.hide()  # its room is another now: the prompt bar's button still says it
                else:
                    self._size()
            elif self._room is None:
                self.hide()  # opened on demand: the next press on the board folds it, and goes on to it
        return False

    def hideEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().hideEvent(event)
        self.pointed.emit(None)
