"""The lesson's callout: a bubble of text over the board and a layer that rings the pieces it
points at, with a line from the bubble to the piece of the move asked for.

Both are children of the game window's central widget (the prompt bar and the board), above
them: the rings can circle a board piece or a prompt button alike. The ring layer never takes a
click (it is transparent for the mouse); the bubble is placed where it covers none of the pieces
it points at (`place_bubble`).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

INK = "#3b3127"
PAPER = "#f4ecd8"
BRICK = "#b23a2e"
OTHER = "#0072B2"
"""The rings of what another option would have changed (Okabe–Ito blue, dashed: not only colour)."""
RING_STYLES = {"point": (INK, Qt.PenStyle.SolidLine), "did": (BRICK, Qt.PenStyle.SolidLine),
               "other": (OTHER, Qt.PenStyle.DashLine)}
"""A ring's ink and line: a piece the step points at, a piece the learner's choice changed, a
piece the other option would have changed."""
MARGIN = 10
"""Pixels between the bubble and the edge of the board view."""
GAP = 10
"""Pixels kept free between the bubble and a ringed piece."""


class Bubble(QFrame):
    """The callout's words and buttons. `begin`, `play_on`, `end_lesson`, `go_on` (after reading
    what a choice did) and `skip` (a jump ahead) are the buttons; the head's toggle shows the
    step's explanation or only what to do (a small window's board needs the room), and stays as
    the learner left it from step to step."""

    begin = Signal()
    play_on = Signal()
    end_lesson = Signal()
    go_on = Signal()
    skip = Signal()
    resized = Signal()
    """The words shown changed their extent (the toggle): the bubble is to be sized again."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("LessonCallout")
        self.setAccessibleName("Lesson")
        self.setStyleSheet(
            f"#LessonCallout {{ background: {PAPER}; border: 2px solid {INK}; border-radius: 8px; }}"
            f"#LessonCallout QLabel {{ color: {INK}; background: transparent; border: none; }}"
            "#LessonCallout QPushButton { padding: 4px 12px; }")
        col = QVBoxLayout(self)
        col.setContentsMargins(14, 10, 14, 10)
        col.setSpacing(5)
        self.head = QLabel()
        self.head.setStyleSheet("font-size: 11px; color: #6b5d4d; font-weight: bold;")
        self.compact = False
        self.toggle = QToolButton()
        self.toggle.setAutoRaise(True)
        self.toggle.setStyleSheet("font-size: 11px; color: #6b5d4d;")
        self.toggle.clicked.connect(self.set_compact_toggled)
        head_row = QHBoxLayout()
        head_row.setContentsMargins(0, 0, 0, 0)
        head_row.addWidget(self.head, 1)
        head_row.addWidget(self.toggle)
        self.title = QLabel()
        self.title.setStyleSheet("font-family: 'DejaVu Serif'; font-size: 15px; font-weight: bold;")
        self.title.setWordWrap(True)
        self.body = QLabel()
        self.why = QLabel()
        self.why.setStyleSheet("font-style: italic;")
        self.ask = QLabel()
        self.ask.setStyleSheet("font-weight: bold;")
        self.feedback = QLabel()
        self.feedback.setStyleSheet(f"color: {BRICK}; font-weight: bold;")
        for label in (self.body, self.why, self.ask, self.feedback):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
        col.addLayout(head_row)
        for w in (self.title, self.body, self.why, self.ask, self.feedback):
            col.addWidget(w)
        row = QHBoxLayout()
        row.setSpacing(8)
        self.end_button = QPushButton("End the lesson")
        self.end_button.setToolTip("Stop the lesson and play this game on as a normal game")
        self.end_button.clicked.connect(self.end_lesson.emit)
        self.begin_button = QPushButton("Begin")
        self.begin_button.clicked.connect(self.begin.emit)
        self.play_on_button = QPushButton("Play on from here")
        self.play_on_button.setToolTip("Go on with this game as a normal game, without the lesson")
        self.play_on_button.clicked.connect(self.play_on.emit)
        self.go_on_button = QPushButton("Go on")
        self.go_on_button.setToolTip("The game goes on from the position your choice reached")
        self.go_on_button.clicked.connect(self.go_on.emit)
        self.skip_button = QPushButton("Skip ahead")
        self.skip_button.setToolTip("The computer plays every seat, yours too, up to the part the lesson shows next")
        self.skip_button.clicked.connect(self.skip.emit)
        for button in self.buttons():
            button.setAutoDefault(False)
        row.addWidget(self.end_button)
        row.addStretch(1)
        for button in (self.begin_button, self.play_on_button, self.go_on_button, self.skip_button):
            row.addWidget(button)
        col.addLayout(row)

    def buttons(self) -> tuple[QPushButton, ...]:
        return (self.end_button, self.begin_button, self.play_on_button, self.go_on_button, self.skip_button)

    def _named(self) -> tuple[tuple[str, QPushButton], ...]:
        return (("begin", self.begin_button), ("play_on", self.play_on_button), ("end", self.end_button),
                ("go_on", self.go_on_button), ("skip", self.skip_button))

    def set_words(self, head: str, title: str, body: str = "", why: str = "", ask: str = "",
                  feedback: str = "", buttons: tuple[str, ...] = ()) -> None:
        """Fill the bubble; empty parts are hidden. `buttons` names those shown: "begin",
        "play_on", "end", "go_on", "skip"."""
        for label, text in ((self.head, head), (self.title, title), (self.body, body), (self.why, why),
                            (self.ask, ask), (self.feedback, feedback)):
            label.setText(text)
            label.setVisible(bool(text) and not (self.compact and label in (self.body, self.why)))
        self.toggle.setVisible(bool(body or why))
        self.toggle.setText("Show why ▾" if self.compact else "Less ▴")
        self.toggle.setToolTip("Show the step's explanation again" if self.compact else
                               "Show only what to do, to see more of the board")
        for name, button in self._named():
            button.setVisible(name in buttons)
        self.setAccessibleDescription(" ".join(t for t in (title, body, why, ask, feedback) if t))

    def set_compact_toggled(self) -> None:
        """The head's toggle: the explanation hidden, or shown again."""
        self.compact = not self.compact
        self.set_words(self.head.text(), self.title.text(), self.body.text(), self.why.text(), self.ask.text(),
                       self.feedback.text(), tuple(name for name, b in self._named() if not b.isHidden()))
        self.resized.emit()

    def fit_width(self, width: int) -> None:
        """Take `width` and the height its words need there (counted label by label: a layout
        asked before it was ever shown answers for the labels' old widths)."""
        self.setFixedWidth(width)
        col = self.layout()
        m = col.contentsMargins()
        inner = width - m.left() - m.right() - 2 * self.frameWidth()
        shown = [w for w in (self.head, self.title, self.body, self.why, self.ask, self.feedback) if not w.isHidden()]
        heights = [w.heightForWidth(inner) if w.wordWrap() else w.sizeHint().height() for w in shown]
        if shown and shown[0] is self.head and not self.toggle.isHidden():
            heights[0] = max(heights[0], self.toggle.sizeHint().height())
        height = sum(heights)
        buttons = [b for b in self.buttons() if not b.isHidden()]
        if buttons:
            height += max(b.sizeHint().height() for b in buttons) + col.spacing()
        height += col.spacing() * max(0, len(shown) - 1) + m.top() + m.bottom() + 2 * self.frameWidth()
        self.setFixedHeight(height)


class PointerLayer(QWidget):
    """Rings around the pieces the lesson points at, and a line from the bubble to the first.
    Each ring has a style (RING_STYLES) and may carry a letter (a choice's options: A, B)."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.rings: list[QRect] = []
        self.styles: list[str] = []
        self.letters: list[str] = []
        self.leader: tuple[QPointF, QPointF] | None = None

    def set_marks(self, rings: list[QRect], leader: tuple[QPointF, QPointF] | None,
                  styles: list[str] | None = None, letters: list[str] | None = None) -> None:
        styles = list(styles) if styles is not None else ["point"] * len(rings)
        letters = list(letters) if letters is not None else [""] * len(rings)
        if rings != self.rings or leader != self.leader or styles != self.styles or letters != self.letters:
            self.rings, self.leader, self.styles, self.letters = list(rings), leader, styles, letters
            self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self.rings:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        halo = QPen(QColor(PAPER), 7)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for rect, style in zip(self.rings, self.styles, strict=True):
            colour, line = RING_STYLES.get(style, RING_STYLES["point"])
            ink = QPen(QColor(colour), 3)
            ink.setStyle(line)
            for pen in (halo, ink):  # a cream halo first, so the ink ring reads on the dark table too
                p.setPen(pen)
                p.drawRoundedRect(QRectF(rect).adjusted(-5, -5, 5, 5), 8, 8)
        if self.leader is not None:
            for pen in (halo, QPen(QColor(INK), 3)):
                p.setPen(pen)
                p.drawLine(*self.leader)
        if self.leader is not None:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(INK))
            path = QPainterPath()
            path.addEllipse(self.leader[1], 4.5, 4.5)
            p.drawPath(path)
        for rect, letter in zip(self.rings, self.letters, strict=True):
            if letter:  # a badge on the ring's corner, clear of the piece's words, above the line
                badge = QRectF(rect.left() - 14, rect.top() - 14, 20, 20)
                p.setPen(QPen(QColor(PAPER), 2))
                p.setBrush(QColor(INK))
                p.drawEllipse(badge)
                p.setPen(QColor(PAPER))
                p.drawText(badge, Qt.AlignmentFlag.AlignCenter, letter)


def place_bubble(size, area: QRect, avoid: list[QRect], near: QRect | None, current: QRect | None = None,
                 board: QRect | None = None) -> QRect:
    """Where a bubble of `size` goes inside `area` (the board view). Among places along the
    view's edges and across its middle: the one that covers the least of the rings in `avoid`
    (kept GAP pixels clear), then the least of the `board` (the table around it is free room),
    then the one nearest to `near` (the piece of the move). A bubble already at one of those
    places (`current`) that covers no ring and hardly more of the board stays there: it does not
    jump about from one move of a step to the next."""
    w, h = size.width(), size.height()
    xs = [area.left() + MARGIN + f * max(0, area.width() - 2 * MARGIN - w) for f in (0, 0.25, 0.5, 0.75, 1)]
    ys = [area.top() + MARGIN + f * max(0, area.height() - 2 * MARGIN - h) for f in (1, 0, 0.5)]
    rects = [QRect(int(x), int(y), w, h) for y in ys for x in xs]
    grown = [r.adjusted(-GAP, -GAP, GAP, GAP) for r in avoid]

    def overlap(rect: QRect, other: QRect) -> int:
        common = rect.intersected(other)
        return common.width() * common.height() if rect.intersects(other) else 0

    def covered(rect: QRect) -> int:
        return sum(overlap(rect, g) for g in grown)

    # the board's share in steps of a twentieth of the bubble, so that nearness decides between
    # places that cover about as much of it
    step = max(1, w * h // 20)

    def board_cover(rect: QRect) -> int:
        return overlap(rect, board) // step if board is not None else 0

    def distance(rect: QRect) -> float:
        if near is None:
            return 0.0
        d = QPointF(rect.center() - near.center())
        return (d.x() ** 2 + d.y() ** 2) ** 0.5

    best = min(rects, key=lambda r: (covered(r), board_cover(r), distance(r)))
    if current is not None and current in rects and covered(current) == 0 \
            and board_cover(current) <= board_cover(best) + 2:
        return current
    return best


def leader_line(bubble: QRect, target: QRect) -> tuple[QPointF, QPointF]:
    """A line from the bubble's edge towards the target, ending at the target's ring."""
    b, t = QRectF(bubble), QRectF(target).adjusted(-5, -5, 5, 5)
    start = QPointF(min(max(t.center().x(), b.left() + 12), b.right() - 12),
                    min(max(t.center().y(), b.top() + 12), b.bottom() - 12))
    if t.center().y() > b.bottom():
        start.setY(b.bottom())
    elif t.center().y() < b.top():
        start.setY(b.top())
    elif t.center().x() > b.right():
        start.setX(b.right())
    else:
        start.setX(b.left())
    end = QPointF(min(max(start.x(), t.left()), t.right()), min(max(start.y(), t.top()), t.bottom()))
    return start, end
