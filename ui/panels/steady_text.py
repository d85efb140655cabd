"""Text widgets whose words change often without a new layout of the window.

Qt lays a window out again whenever a label's text changes (`QLabel.setText` asks for new
geometry), unless the label has a fixed size. A status line that changes on every decision or
review step would so cost a layout pass of the whole window each time; these keep their size."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from ui.services.plain_text import plain_tip


class SteadyLabel(QLabel):
    """A one-line label of fixed size that only grows: changing its text repaints it without a
    new layout of the panel (Qt skips the layout for a widget of fixed size)."""

    def __init__(self, samples: tuple[str, ...] = (), parent: QWidget | None = None):
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._fit(samples)

    def _fit(self, texts) -> None:
        fm = self.fontMetrics()
        width = max([fm.horizontalAdvance(t) for t in texts if t] + [0]) + 2
        height = fm.height()
        if width > self.minimumWidth() or height != self.minimumHeight():
            self.setFixedSize(max(width, self.minimumWidth()), height)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt API
        if text != self.text():
            self._fit((text,))
            super().setText(text)


class TextLine(QWidget):
    """One line of text that takes the width its layout gives it, elided at the right (the whole
    text in the tooltip then). `setText` only repaints: the line's size never depends on it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._text = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:  # noqa: N802 - Qt API
        if text != self._text:
            self._text = text
            self._tip()
            self.update()

    def setFont(self, font) -> None:  # noqa: N802 - Qt API
        super().setFont(font)
        self.updateGeometry()  # the height follows the font

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(200, self.fontMetrics().height() + 4)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(40, self.fontMetrics().height() + 4)

    def _elided(self) -> str:
        return self.fontMetrics().elidedText(self._text, Qt.TextElideMode.ElideRight, self.width())

    def _tip(self) -> None:
        self.setToolTip(plain_tip(self._text) if self._elided() != self._text else "")

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._tip()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        p.drawText(self.rect(), int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), self._elided())
        p.end()


class ClampedText(QLabel):
    """Word-wrapped plain text of at most `max_lines` lines: a longer text is cut after a word,
    with an ellipsis, and the whole text is in the tooltip. The widget so never grows beyond
    `max_lines` lines, whatever it is asked to say (the prompt bar above the board), and never
    asks for more width than its layout gives: a word wider than a line (a long name)
    is itself cut with an ellipsis, so no word sets the window's minimum width."""

    def __init__(self, max_lines: int = 2, parent: QWidget | None = None):
        super().__init__(parent)
        self.max_lines = max_lines
        self._full = ""
        self._width = -1
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)

    def full_text(self) -> str:
        return self._full

    def set_max_lines(self, max_lines: int) -> None:
        """At most `max_lines` lines from now on (the text cut again to them)."""
        if max_lines != self.max_lines:
            self.max_lines = max_lines
            self._shorten()

    def setText(self, text: str) -> None:  # noqa: N802 - Qt API
        if text != self._full:
            self._full = text
            self._shorten()

    def lines(self, text: str | None = None) -> int:
        """How many lines `text` (the text shown) takes at the current width."""
        text = self.text() if text is None else text
        if not text:
            return 0
        fm = self.fontMetrics()
        height = fm.boundingRect(QRect(0, 0, max(1, self._text_width()), 1 << 20),
                                 int(Qt.TextFlag.TextWordWrap), text).height()
        return max(1, round((height + fm.leading()) / fm.lineSpacing()))

    def line_height(self) -> int:
        return self.fontMetrics().lineSpacing()

    def _text_width(self) -> int:
        return self.contentsRect().width() - 2 * max(0, self.margin())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        # a word-wrapped QLabel asks for its longest word's width; this one cuts such words
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), 80), hint.height())

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        # never taller than max_lines, even for a text cut at a width the label no longer has
        # (set while hidden, then shown at another width: it is cut again at its first resize,
        # after the layout asked its height): a line more for one pass grew the prompt bar and
        # shrank the board under it, which then kept the smaller size
        return min(super().heightForWidth(width), self._most_height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        hint = super().sizeHint()  # a word-wrapped label's own guess of a width, and its lines there
        return QSize(hint.width(), min(hint.height(), self._most_height()))

    def _most_height(self) -> int:
        m = self.contentsMargins()
        return self.max_lines * self.fontMetrics().lineSpacing() + m.top() + m.bottom() + 2 * max(0, self.margin())

    def _fit_words(self, text: str) -> str:
        """`text` with each word wider than a line elided to the line's width."""
        fm, width = self.fontMetrics(), max(1, self._text_width())
        if fm.horizontalAdvance(text) <= width:
            return text
        return " ".join(w if fm.horizontalAdvance(w) <= width else
                        fm.elidedText(w, Qt.TextElideMode.ElideRight, width) for w in text.split(" "))

    def recut(self) -> None:
        """Cut the text again for the width the label has now (a label never shown hears of no
        resize)."""
        self._shorten()

    def _shorten(self) -> None:
        self._width = self._text_width()
        shown = self._fit_words(self._full)
        if self.lines(shown) > self.max_lines:
            words = shown.split(" ")
            lo, hi = 1, len(words)  # the longest start of whole words that fits, with "…"
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if self.lines(" ".join(words[:mid]) + "…") <= self.max_lines:
                    lo = mid
                else:
                    hi = mid - 1
            shown = " ".join(words[:lo]).rstrip(" ,;:—-") + "…"
        self.setToolTip(plain_tip(self._full) if shown != self._full else "")
        if shown != self.text():
            super().setText(shown)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self._text_width() != self._width:
            self._shorten()
