"""The players panel on the right: per seat its colour mark, name, Human/AI level, whose turn,
then the game's own `player_summary(view, seat)` rows (money, assets, shares…).

Speed. The panel follows every decision and every review step, so an update changes text in
place and never makes Qt lay the panel out again unless a card needs another height: the rows are
painted by one widget (`SummaryRows`) that asks for a new layout only when its wrapped text takes
more or fewer lines, and the turn note (`SteadyLabel`) keeps its size while its words change.
A layout pass over a few dozen word-wrapped labels costs milliseconds on every step."""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from ui.panels import seat_colour, seat_marks
from ui.panels.seat_badge import SeatBadge
from ui.panels.steady_text import SteadyLabel, TextLine
from ui.services.plain_text import PlainLabel

TURN_NOTES = ("thinking…", "▶ to move", "▶ to confirm", "▶ decided", "▶ decided (AI)")
"""The notes a seat's turn label shows; it is sized once for the widest."""

WRAPPED = int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
TOP_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)


class SummaryRows(QWidget):
    """A seat's `player_summary` rows, label and value side by side, values wrapped to the width,
    painted in one widget. `set_rows` repaints; it asks for a new layout only when the rows need
    more height. While the rows stay the same and the width too, the block never shrinks (a value
    that wraps onto one line fewer leaves the line free): the cards below do not jump up and down
    as a game goes on or a review steps back and forth."""

    H_SPACING = 10
    V_SPACING = 1
    TOP = 2

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.rows: list[tuple[str, str]] = []
        self._tops: dict[int, list[int]] = {}  # width -> the rows' tops and their height (last)
        self._kept = (-1, 0)  # (width, height): the most the same rows have needed at that width
        self._heights: dict[tuple[str, int], int] = {}  # (value, width) -> its wrapped height
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_rows(self, rows: list[tuple[str, str]]) -> None:
        rows = [(str(label), str(value)) for label, value in rows]
        if rows == self.rows:
            return
        same_labels = [label for label, _ in rows] == [label for label, _ in self.rows]
        before = self.heightForWidth(self.width())
        self.rows = rows
        # painted, not labels: a screen reader reads them from here
        self.setAccessibleDescription("; ".join(f"{label}: {value}" for label, value in rows))
        self._tops.clear()
        self._kept = (self.width(), before) if same_labels else (-1, 0)
        if self.heightForWidth(self.width()) != before:
            self.updateGeometry()
        self.update()

    def values(self) -> list[str]:
        return [value for _, value in self.rows]

    def _label_width(self) -> int:
        fm = self.fontMetrics()
        return max([fm.horizontalAdvance(label) for label, _ in self.rows] + [0])

    def _value_height(self, value: str, width: int) -> int:
        """The height of `value` wrapped to `width` (remembered: the same values come back as a
        game goes on and a review steps back and forth)."""
        key = (value, width)
        height = self._heights.get(key)
        if height is None:
            if len(self._heights) > 2000:
                self._heights.clear()
            rect = self.fontMetrics().boundingRect(QRect(0, 0, max(1, width), 100_000), WRAPPED, value)
            height = self._heights[key] = rect.height()
        return height

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:
            self._heights.clear()
            self._tops.clear()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        needed = self._layout_rows(width)[-1] if self.rows else 0
        kept_width, kept = self._kept
        return max(needed, kept) if width == kept_width else needed

    def _layout_rows(self, width: int) -> list[int]:
        """The top of every row and, last, the height of them all (at `width`)."""
        tops = self._tops.get(width)
        if tops is None:
            if len(self._tops) > 8:  # widths met while the panel is resized
                self._tops.clear()
            tops = self._tops[width] = self._measure(width)
        return tops

    def _measure(self, width: int) -> list[int]:
        fm = self.fontMetrics()
        x = self._label_width() + self.H_SPACING
        tops, y = [], self.TOP
        for _, value in self.rows:
            tops.append(y)
            y += max(fm.height(), self._value_height(value, width - x)) + self.V_SPACING
        tops.append(y - self.V_SPACING)
        return tops

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        width = max(self.width(), 200)
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(self._label_width() + self.H_SPACING + 40, 0)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self.rows and event.oldSize().width() != event.size().width() \
                and self.heightForWidth(event.size().width()) != self.height():
            self.updateGeometry()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self.rows:
            return
        p = QPainter(self)
        p.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        x = self._label_width() + self.H_SPACING
        height = self.fontMetrics().height()
        for (label, value), top in zip(self.rows, self._layout_rows(self.width()), strict=False):
            p.drawText(QRect(0, top, x, height), TOP_LEFT, label)
            p.drawText(QRect(x, top, max(1, self.width() - x), 100_000), WRAPPED, value)
        p.end()


class SeatCard(QFrame):
    """One seat's block in the panel."""

    def __init__(self, seat: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.seat = seat
        self.setObjectName("SeatCard")
        self.setFrameShape(QFrame.Shape.NoFrame)
        palette = self.palette()  # ink on paper, set once (a style sheet per update is slow)
        palette.setColor(QPalette.ColorRole.WindowText, QColor("#3b3127"))
        palette.setColor(QPalette.ColorRole.Text, QColor("#3b3127"))
        self.setPalette(palette)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(14, 6, 8, 6)
        outer.setSpacing(3)
        head = QHBoxLayout()
        head.setSpacing(6)
        self.badge = SeatBadge(seat, "?")
        head.addWidget(self.badge)
        self.name = TextLine()  # elided to the card's width: no name can widen the panel
        f = self.name.font()
        f.setBold(True)
        f.setPointSizeF(f.pointSizeF() * 1.1)
        self.name.setFont(f)
        head.addWidget(self.name, 1)
        self.turn = SteadyLabel(TURN_NOTES)
        head.addWidget(self.turn)
        outer.addLayout(head)
        self.kind = PlainLabel()  # an AI's level, as its save says
        kind_palette = self.kind.palette()
        kind_palette.setColor(QPalette.ColorRole.WindowText, QColor("#6b5d4d"))
        self.kind.setPalette(kind_palette)
        outer.addWidget(self.kind)
        self.rows = SummaryRows()
        outer.addWidget(self.rows)
        self._styled_to_move: bool | None = None

    def update_seat(self, name: str, mark: str, kind: str, to_move: bool, thinking: bool,
                    rows: list[tuple[str, str]], is_viewer: bool, turn_note: str | None = None) -> None:
        if mark != self.badge.mark:
            self.badge.set_mark(mark)
        self.name.setText(name)  # only repaints: the line's size never depends on the name
        self.kind.setText(kind)
        if turn_note is None:
            turn_note = "thinking…" if thinking else ("▶ to move" if to_move else "")
        self.turn.setText(turn_note)
        self.setAccessibleName(f"{name}, {kind}" + (f", {turn_note.lstrip('▶ ')}" if turn_note else ""))
        if to_move != self._styled_to_move:  # style sheets are slow to re-apply: only on change
            self._styled_to_move = to_move
            self._restyle(to_move)
        self.rows.set_rows(rows)

    def values(self) -> list[str]:
        """The values of the summary rows, as shown."""
        return self.rows.values()

    def _restyle(self, to_move: bool) -> None:
        self.update()  # the frame is painted, not styled: style sheets cost ~10 ms per change

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        to_move = bool(self._styled_to_move)
        width = 3 if to_move else 1
        rect = QRectF(self.rect()).adjusted(width / 2, width / 2, -width / 2, -width / 2)
        p.setPen(QPen(QColor("#d4a017" if to_move else "#b08d57"), width))
        p.setBrush(QColor("#f4ecd8"))
        p.drawRoundedRect(rect, 4, 4)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(seat_colour(self.seat)))
        p.drawRoundedRect(QRectF(rect.left(), rect.top(), 6, rect.height()), 3, 3)
        p.end()


class PlayersPanel(QScrollArea):
    """All seats, top to bottom in seat order."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumWidth(240)
        self._host = QWidget()
        self._layout = QVBoxLayout(self._host)
        self._layout.setContentsMargins(6, 6, 6, 6)
        self._layout.setSpacing(8)
        self._layout.addStretch(1)
        self.setWidget(self._host)
        self.cards: list[SeatCard] = []
        self.setAccessibleName("Players")

    def update_from(self, session, view: dict, summary, viewer: int | None,
                    thinking_seat: int | None, turn_notes: dict[int, str] | None = None,
                    confirming: int | None = None) -> None:
        """Refresh every seat card. `summary(view, seat)` is the game's `player_summary`;
        `turn_notes` replaces a seat's "to move" note (the review marks who decided);
        `confirming`: the seat whose finished turn waits for its confirmation, marked as the
        one to act (the next seat's decision is not open yet)."""
        names = session.names
        if len(self.cards) != len(names):
            for card in self.cards:
                card.deleteLater()
            self.cards = []
            for seat in range(len(names)):
                card = SeatCard(seat)
                self._layout.insertWidget(seat, card)
                self.cards.append(card)
        marks = seat_marks(names)
        mover = session.to_move() if confirming is None else confirming
        if confirming is not None:
            turn_notes = {**(turn_notes or {}), confirming: "▶ to confirm"}
        for seat, card in enumerate(self.cards):
            info = session.seats[seat]
            kind = f"AI · {info.level or 'normal'}" if info.is_ai else "Online" if info.is_online else "Human"
            try:
                rows = list(summary(view, seat)) if summary else []
            except Exception as exc:  # noqa: BLE001 - a panel must never take the window down
                rows = [("error", str(exc))]
            card.update_seat(names[seat], marks[seat], kind, seat == mover, seat == thinking_seat, rows,
                             seat == viewer, (turn_notes or {}).get(seat))
