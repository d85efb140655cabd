"""The hot-seat curtain (ARCHITECTURE §4): a full-window overlay "Pass the computer to Ann" that hides
the board, the players panel and the log until that player clicks.

Only a deliberate act of the next player lifts it. The previous player's hands are still on the
keys when it falls: Enter is the key that confirms a turn (and is pressed again, out of habit,
after a turn that asked for no confirmation), a click may come twice, a key may be held or its
release still on the way, and input typed a moment ago may wait in the queue. So the curtain
never lifts on Enter, and takes a click or Space only once it has been shown for `ARM_S`, and
only a fresh one: pressed and released on the curtain after that, not auto-repeated. A press that
comes before the curtain is armed is the previous player's and starts the wait afresh, so a key
pressed in a rhythm (Space, the Step pace's Next) never lifts it; a curtain that fell from a Next
waits `STEP_ARM_S`, longer than a person stepping through the AIs' decisions takes between two.
While it is up the curtain keeps the keyboard focus, and the keys that lift it (or that it keeps
from the previous player) are its own: no shortcut of the window takes them."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QApplication, QWidget

from engine.core.names import short_name


class Curtain(QWidget):
    """An opaque overlay over its parent window; a click (or Space) lifts it, once it is armed."""

    lifted = Signal()

    ARM_S = 0.8
    """Seconds the curtain must have been shown before a click or Space can lift it: longer than
    a double click, shorter than the time it takes to pass a computer on."""

    STEP_ARM_S = 2.5
    """The wait of a curtain that fell from the Step pace's Next (Space or its button): the previous
    player may still be stepping, one press a second or two."""

    OWN_KEYS = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)
    """Keys no shortcut of the window may take while the curtain is up (Enter confirms a turn,
    Space shows the next AI decision at the Step pace)."""

    clock = staticmethod(time.monotonic)
    """The clock `ARM_S` is measured by (tests give it one of their own)."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("Curtain")
        self.name = ""
        self.colour = "#8a8a8a"
        self.mark = ""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setAccessibleName("Curtain")
        self._shown_at = 0.0
        self._arm_s = self.ARM_S
        self._pressed: str | None = None  # "mouse" or "key": a fresh press on the armed curtain
        self._arm_timer = QTimer(self)
        self._arm_timer.setSingleShot(True)
        self._arm_timer.timeout.connect(self.update)  # the "when you are ready" line appears
        self.hide()
        parent.installEventFilter(self)
        QApplication.instance().focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old, new) -> None:
        # the window gives its board the focus after a turn (and a game opened behind the
        # curtain): while the curtain is up its keys are the curtain's
        if self.isVisible() and new is not None and new is not self and new.window() is self.window():
            self.setFocus()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and event.key() in self.OWN_KEYS:
            event.accept()  # delivered to keyPressEvent, never to a shortcut behind the curtain
            return True
        return super().event(event)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if obj is self.parent() and self.isVisible() and event.type() in (
                QEvent.Type.Resize, QEvent.Type.ChildAdded, QEvent.Type.ChildPolished,
                QEvent.Type.LayoutRequest):
            # a resize re-lays out the docks, which may put them back above the curtain
            self.cover()
        return False

    def cover(self) -> None:
        """Cover the whole window, above everything in it."""
        if self.geometry() != self.parent().rect():
            self.setGeometry(self.parent().rect())
        siblings = [w for w in self.parent().children() if isinstance(w, QWidget)]
        if siblings and siblings[-1] is not self:
            self.raise_()

    def drop(self, name: str, colour: str = "#8a8a8a", mark: str = "", after_step: bool = False) -> None:
        """Hide the game behind the curtain for `name`. Input already on its way is not theirs:
        the curtain arms itself only `ARM_S` from now (`STEP_ARM_S` when it fell from a Next at
        the Step pace, `after_step`)."""
        self.name, self.colour, self.mark = name, colour, mark
        self._arm_s = self.STEP_ARM_S if after_step else self.ARM_S
        self._pressed = None
        self.setGeometry(self.parent().rect())
        self.raise_()
        self.show()
        self.setFocus()
        self._start_wait()

    def _start_wait(self) -> None:
        self._shown_at = self.clock()
        self.update()  # the "when you are ready" line goes until it is armed again
        self._arm_timer.start(int(self._arm_s * 1000) + 20)

    def armed(self) -> bool:
        """True once the curtain has been shown long enough for a click or Space to lift it."""
        return self.isVisible() and self.clock() - self._shown_at >= self._arm_s - 1e-6  # float sums

    def _press(self, kind: str | None) -> None:
        """A press on the curtain: a fresh one (`kind`) once armed; before that the previous
        player's, which starts the wait afresh."""
        if self.armed():
            self._pressed = kind
        else:
            self._pressed = None
            self._start_wait()

    def lift(self) -> None:
        if self.isVisible():
            self._pressed = None
            self.hide()
            self.lifted.emit()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        self._press("mouse" if event.button() == Qt.MouseButton.LeftButton else None)
        event.accept()

    def mouseDoubleClickEvent(self, event) -> None:  # noqa: N802
        event.accept()  # the second press of a double click is no fresh press

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        pressed, self._pressed = self._pressed, None
        if pressed == "mouse" and self.armed() and self.rect().contains(event.position().toPoint()):
            self.lift()
        event.accept()

    def keyPressEvent(self, event) -> None:  # noqa: N802
        key = event.key()
        if key == Qt.Key.Key_Space:
            if event.isAutoRepeat():
                self._pressed = None
                if not self.armed():
                    self._start_wait()
            else:
                self._press("key")
            event.accept()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            # the key that confirms a turn: the previous player's, never a lift (and while they
            # are still pressing it, nobody else is at the screen yet)
            if not self.armed():
                self._start_wait()
            event.accept()
        else:
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            pressed, self._pressed = self._pressed, None
            if pressed == "key" and self.armed():
                self.lift()
            event.accept()
        else:
            super().keyReleaseEvent(event)

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#2b2b2b"))
        w, h = self.width(), self.height()
        card = QRectF(w / 2 - 260, h / 2 - 120, 520, 240)
        p.setPen(QPen(QColor("#b08d57"), 2))
        p.setBrush(QColor("#f4ecd8"))
        p.drawRoundedRect(card, 10, 10)
        # the seat's disc and mark, so the right player recognises their seat
        disc = QRectF(card.center().x() - 28, card.top() + 22, 56, 56)
        p.setPen(QPen(QColor("#3b3127"), 2))
        p.setBrush(QColor(self.colour))
        p.drawEllipse(disc)
        f = QFont("DejaVu Sans")
        f.setPixelSize(26)
        f.setBold(True)
        p.setFont(f)
        p.drawText(disc, Qt.AlignmentFlag.AlignCenter, self.mark)
        title = QFont("DejaVu Serif")
        title.setPixelSize(30)
        p.setFont(title)
        p.setPen(QColor("#3b3127"))
        # a long name is cut to the card; the seat's disc and mark above still tell it
        line = QFontMetrics(title).elidedText(f"Pass the computer to {self.name}", Qt.TextElideMode.ElideRight,
                                              int(card.width()) - 24)
        p.drawText(QRectF(card.left(), card.top() + 90, card.width(), 50), Qt.AlignmentFlag.AlignCenter, line)
        body = QFont("DejaVu Sans")
        body.setPixelSize(15)
        p.setFont(body)
        p.setPen(QColor("#6b5d4d"))
        # the line appears once a click counts (ARM_S), so nobody clicks a curtain that ignores it
        ready = (f"{short_name(self.name)}: click anywhere (or press Space) when you are ready."
                 if self.armed() else "")
        p.drawText(QRectF(card.left() + 12, card.top() + 150, card.width() - 24, 60),
                   Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, ready)
        p.end()
