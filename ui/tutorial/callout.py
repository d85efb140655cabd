"""The lesson's callout: a bubble of text over the board and a layer that rings the pieces it
points at, with a line from the bubble to the piece of the move asked for.

Both are children of the game window's central widget (the prompt bar and the board), above
them: the rings can circle a board piece or a prompt button alike. The ring layer never takes a
click (it is transparent for the mouse); the bubble is placed where it covers none of the pieces
it points at nor any piece of a move the learner may make (`place_bubble`): narrower, or folded
to what to do, where the whole bubble finds no such room.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt, Signal
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
        self.folded = False
        """Folded by the coach: the whole bubble does not fit beside the pieces to click, only
        what to do does (the learner's `compact` is their own choice and stays)."""
        self.opened = False
        """The learner asked for the explanation of a bubble folded for room (until the next step)."""
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
        if head != self.head.text():  # another step: a fold for room is the coach's again
            self.opened = False
        short = self.shows_compact()
        for label, text in ((self.head, head), (self.title, title), (self.body, body), (self.why, why),
                            (self.ask, ask), (self.feedback, feedback)):
            label.setText(text)
            label.setVisible(bool(text) and not (short and label in (self.body, self.why)))
        self.toggle.setVisible(bool(body or why))
        self.toggle.setText("Show why ▾" if short else "Less ▴")
        self.toggle.setToolTip("Show the step's explanation again" if short else
                               "Show only what to do, to see more of the board")
        for name, button in self._named():
            button.setVisible(name in buttons)
        self.setAccessibleDescription(" ".join(t for t in (title, body, why, ask, feedback) if t))

    def shows_compact(self) -> bool:
        """Only what to do is shown: the learner's choice, or folded for room and not opened."""
        return self.compact or (self.folded and not self.opened)

    def _words_again(self) -> None:
        self.set_words(self.head.text(), self.title.text(), self.body.text(), self.why.text(), self.ask.text(),
                       self.feedback.text(), tuple(name for name, b in self._named() if not b.isHidden()))

    def set_compact_toggled(self) -> None:
        """The head's toggle: the explanation hidden, or shown again (also where the coach folded
        the bubble for room: the learner asked, and folds it again with the same toggle)."""
        if self.shows_compact():
            self.compact = False
            self.opened = True  # asked for: not folded for room again at this step
        else:
            self.compact = True
            self.opened = False
        self._words_again()
        self.resized.emit()

    def can_fold(self) -> bool:
        """Folding would hide words: the step has an explanation and the learner did not ask for it."""
        return not self.toggle.isHidden() and not self.compact and not self.opened

    def set_folded(self, folded: bool) -> None:
        if folded != self.folded:
            self.folded = folded
            self._words_again()

    def height_for(self, width: int, compact: bool | None = None) -> int:
        """The height the words need at `width`, shown whole or (`compact`) only what to do;
        default as shown now (counted label by label: a layout asked before it was ever shown
        answers for the labels' old widths)."""
        short = self.shows_compact() if compact is None else compact
        col = self.layout()
        m = col.contentsMargins()
        inner = width - m.left() - m.right() - 2 * self.frameWidth()
        shown = [w for w in (self.head, self.title, self.body, self.why, self.ask, self.feedback)
                 if w.text() and not (short and w in (self.body, self.why))]
        heights = [w.heightForWidth(inner) if w.wordWrap() else w.sizeHint().height() for w in shown]
        if shown and shown[0] is self.head and not self.toggle.isHidden():
            heights[0] = max(heights[0], self.toggle.sizeHint().height())
        height = sum(heights)
        buttons = [b for b in self.buttons() if not b.isHidden()]
        if buttons:
            height += max(b.sizeHint().height() for b in buttons) + col.spacing()
        return height + col.spacing() * max(0, len(shown) - 1) + m.top() + m.bottom() + 2 * self.frameWidth()

    def fit_width(self, width: int) -> None:
        """Take `width` and the height its words need there."""
        self.setFixedWidth(width)
        self.setFixedHeight(self.height_for(width))


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


PIECE_GAP = 4
"""Pixels kept free between the bubble and a piece the learner may click."""
NEAR_ENOUGH = 120
"""Pixels a bubble already placed may be farther from the piece of the move than the best place,
and stay from one move to the next."""
ROOM = 0.1
"""A place where the board's pieces take at most this share lies in room the board leaves empty."""
SPOTS = (1, 0, 0.5, 0.75, 0.25, 0.875, 0.125, 0.625, 0.375)
"""Where along the view's free width and height the bubble may sit, as fractions, in the order
taken among places as good as one another (below, above, across the middle, then between)."""


def _overlap(rect: QRect, other: QRect) -> int:
    if not rect.intersects(other):
        return 0
    common = rect.intersected(other)
    return common.width() * common.height()


def place_bubble(sizes: list[QSize], area: QRect, avoid: list[QRect], near: QRect | None,
                 current: QRect | None = None, board: Callable[[QRect], float] | None = None,
                 pieces: list[QRect] = (), stay: bool = False, folded_from: int | None = None) -> tuple[QRect, int]:
    """Where a bubble goes inside `area` (the board view), and which of `sizes` it takes there
    (the whole bubble at its width, then narrower; from `folded_from` on, folded to what to do).
    Among places on a grid over the view, the one that covers the least of the rings in `avoid`
    (kept GAP pixels clear), then the fewest `pieces` the learner may click (the pieces of every
    legal move), then a whole bubble before a folded one, then one in room the board leaves empty
    (`board`: the share of a rectangle the board's pieces take, at most ROOM; the table round them
    and the room between its panels are free), then the widest, then the one nearest to `near`
    (the piece of the move).

    A bubble already placed (`current`, of one of `sizes`) that covers no ring and no piece stays:
    within one decision (`stay`, the learner's second click) always, else if it is of the size
    chosen, in empty room if the best place is, and hardly farther from the piece of the move. It
    does not jump about under the cursor."""
    folded_from = len(sizes) if folded_from is None else folded_from
    grown = [r.adjusted(-GAP, -GAP, GAP, GAP) for r in avoid]
    spread = [(r.adjusted(-PIECE_GAP, -PIECE_GAP, PIECE_GAP, PIECE_GAP), max(1, r.width() * r.height()))
              for r in pieces]

    def score(rect: QRect, index: int) -> tuple:
        rings = sum(_overlap(rect, g) for g in grown)
        # a piece is hidden where more than its edge is covered; of places that hide as many, the
        # one that hides less of them
        shares = [share for share in (_overlap(rect, g) / whole for g, whole in spread) if share > 0.02]
        # in the board's empty room or over the board: between places over the board, nearness
        # decides (a place a little less over it, far from the piece, reads worse: a long line
        # across the board to a bubble over other words)
        on_board = int(board(rect) > ROOM) if board is not None else 0
        distance = 0.0
        if near is not None:
            d = QPointF(rect.center() - near.center())
            distance = (d.x() ** 2 + d.y() ** 2) ** 0.5
        return rings, len(shares), index >= folded_from, round(sum(shares), 1), on_board, index, distance

    best, best_index, best_score = None, 0, None
    for index, size in enumerate(sizes):
        if best_score is not None and best_score[:5] == (0, 0, False, 0, 0):
            break  # a whole bubble in empty room, clear of every piece: nothing smaller is better
        if best_score is not None and index >= folded_from and best_score[:3] == (0, 0, False):
            break  # a whole bubble clear of every piece: it is not folded
        w, h = size.width(), size.height()
        xs = [area.left() + MARGIN + f * max(0, area.width() - 2 * MARGIN - w) for f in SPOTS]
        ys = [area.top() + MARGIN + f * max(0, area.height() - 2 * MARGIN - h) for f in SPOTS]
        for y in ys:
            for x in xs:
                rect = QRect(int(x), int(y), w, h)
                s = score(rect, index)
                if best_score is None or s < best_score:
                    best, best_index, best_score = rect, index, s
    if current is not None and current.size() in sizes and area.contains(current):
        index = sizes.index(current.size())
        s = score(current, index)
        if s[:2] == (0, 0) and (stay or (index == best_index and s[4] <= best_score[4]
                                         and s[6] <= best_score[6] + NEAR_ENOUGH)):
            return current, index
    if stay and current is not None:
        # within one decision a bubble whose words changed (a refused click's reason) keeps its
        # corner, top or bottom, where its new size covers nothing there
        for index, size in enumerate(sizes):
            for rect in (QRect(current.topLeft(), size), QRect(current.left(), current.bottom() + 1 - size.height(),
                                                               size.width(), size.height())):
                if area.contains(rect) and score(rect, index)[:2] == (0, 0):
                    return rect, index
    return best, best_index


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
