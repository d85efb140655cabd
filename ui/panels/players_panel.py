"""The players panel on the right: per seat its colour mark, name, Human/AI level, whose turn,
then the game's own `player_summary(view, seat)` rows (money, assets, shares…)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ui.panels import seat_colour, seat_marks
from ui.panels.seat_badge import SeatBadge


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
        self.name = QLabel()
        f = self.name.font()
        f.setBold(True)
        f.setPointSizeF(f.pointSizeF() * 1.1)
        self.name.setFont(f)
        head.addWidget(self.name, 1)
        self.turn = QLabel()
        head.addWidget(self.turn)
        outer.addLayout(head)
        self.kind = QLabel()
        kind_palette = self.kind.palette()
        kind_palette.setColor(QPalette.ColorRole.WindowText, QColor("#6b5d4d"))
        self.kind.setPalette(kind_palette)
        outer.addWidget(self.kind)
        self.form = QFormLayout()
        self.form.setContentsMargins(0, 2, 0, 0)
        self.form.setHorizontalSpacing(10)
        self.form.setVerticalSpacing(1)
        self.form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        outer.addLayout(self.form)
        self._row_labels: list[str] = []
        self._values: list[QLabel] = []
        self._styled_to_move: bool | None = None

    def update_seat(self, name: str, mark: str, kind: str, to_move: bool, thinking: bool,
                    rows: list[tuple[str, str]], is_viewer: bool, turn_note: str | None = None) -> None:
        self.badge.set_mark(mark)
        self.name.setText(name)
        self.kind.setText(kind)
        if turn_note is None:
            turn_note = "thinking…" if thinking else ("▶ to move" if to_move else "")
        self.turn.setText(turn_note)
        if to_move != self._styled_to_move:  # style sheets are slow to re-apply: only on change
            self._styled_to_move = to_move
            self._restyle(to_move)
        labels = [str(label) for label, _ in rows]
        if labels != self._row_labels:
            while self.form.rowCount():
                self.form.removeRow(0)
            self._values = []
            for label in labels:
                value = QLabel()
                value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                value.setWordWrap(True)
                self.form.addRow(QLabel(label), value)
                self._values.append(value)
            self._row_labels = labels
        for value_label, (_, value) in zip(self._values, rows, strict=True):
            value_label.setText(str(value))

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

    def update_from(self, session, view: dict, summary, viewer: int | None,
                    thinking_seat: int | None, turn_notes: dict[int, str] | None = None) -> None:
        """Refresh every seat card. `summary(view, seat)` is the game's `player_summary`;
        `turn_notes` replaces a seat's "to move" note (the review marks who decided)."""
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
        mover = session.to_move()
        for seat, card in enumerate(self.cards):
            info = session.seats[seat]
            kind = f"AI · {info.level or 'normal'}" if info.is_ai else "Human"
            try:
                rows = list(summary(view, seat)) if summary else []
            except Exception as exc:  # noqa: BLE001 - a panel must never take the window down
                rows = [("error", str(exc))]
            card.update_seat(names[seat], marks[seat], kind, seat == mover, seat == thinking_seat, rows,
                             seat == viewer, (turn_notes or {}).get(seat))
