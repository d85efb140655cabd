"""The review window: a recorded game, step by step.

The board, the players panel and the log show the game as it stood after the chosen decision;
first / previous / next / last, a slider, ← → (Home, End) and a click on a log line or on a point
of the score chart move between decisions. The seat that decided is marked in the players panel,
an AI's decisions say so. A finished game shows every secret; an unfinished one only what a
spectator sees (engine/core/review.py decides which). "Save picture…" writes the board at this
decision as a PNG; "Copy log" copies the readable log up to it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QImage, QKeySequence, QPainter, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QSlider,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from engine.core.review import Review
from ui.main_window import BoardView
from ui.panels.players_panel import PlayersPanel
from ui.panels.steady_text import SteadyLabel, TextLine
from ui.review.chart import ReviewChart
from ui.review.log_view import ReviewLog

MAX_PICTURE_SIDE = 4000
"""The longest side of a saved picture in pixels (a 2× rendering of the board, capped)."""


class _SeatsAt:
    """What the players panel reads of a session (names, seats, whose turn), at one step."""

    def __init__(self, review: Review, marked: int | None):
        self.names = review.names
        self.seats = review.seats
        self._marked = marked

    def to_move(self) -> int:
        return -1 if self._marked is None else self._marked


def seat_text(review: Review, seat: int) -> str:
    info = review.seats[seat]
    return f"{info.name} (AI · {info.level or 'normal'})" if info.is_ai else info.name


class ReviewWindow(QMainWindow):
    """One recorded game to step through. `go(step)` is the single way the shown step changes."""

    def __init__(self, review: Review, settings=None, parent: QWidget | None = None):
        super().__init__(parent)
        from ui.games import game_ui

        self.review = review
        self.settings = settings
        self.step = -1
        self.game = game_ui(review.spec.id)
        self.setWindowTitle(f"Review — {review.spec.title}: {', '.join(review.names)} — Tycoons")
        self.resize(1360, 900)

        self.scene = self.game.make_scene()
        if hasattr(self.scene, "set_animation_speed"):
            self.scene.set_animation_speed(0.0)  # a step shows its position at once
        self.view = BoardView()
        self.view.setScene(self.scene)
        self.scene.sceneRectChanged.connect(self.view.scene_rect_changed)
        if hasattr(self.scene, "hovered"):
            self.scene.hovered.connect(lambda text: text and self.statusBar().showMessage(text, 4000))
        self.players = PlayersPanel()
        self.log = ReviewLog(review)
        self.log.jump.connect(self.go)
        self.chart = ReviewChart(review.score_tracks(), review.names)
        self.chart.jump.connect(self.go)

        central = QWidget()
        col = QVBoxLayout(central)
        col.setContentsMargins(6, 6, 6, 0)
        col.setSpacing(4)
        col.addLayout(self._controls())
        col.addLayout(self._info_row())
        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(self.view)
        top.addWidget(self.players)
        top.setStretchFactor(0, 1)
        top.setSizes([1060, 290])
        bottom = QSplitter(Qt.Orientation.Horizontal)
        bottom.addWidget(self.log)
        bottom.addWidget(self.chart)
        bottom.setSizes([760, 560])
        body = QSplitter(Qt.Orientation.Vertical)
        body.addWidget(top)
        body.addWidget(bottom)
        body.setStretchFactor(0, 1)
        body.setSizes([650, 220])
        col.addWidget(body, 1)
        self.setCentralWidget(central)

        self._keys = {Qt.Key.Key_Left: self.previous, Qt.Key.Key_Right: self.next,
                      Qt.Key.Key_Home: self.first, Qt.Key.Key_End: self.last}
        for key, slot in self._keys.items():
            # a window shortcut, so that no child that scrolls on arrows (the players panel's scroll
            # area) takes them first; keyPressEvent and the filter serve when the window is not active
            QShortcut(QKeySequence(key), self, activated=slot)
        self.view.installEventFilter(self)  # the board would scroll on ← →: they step instead
        self.players.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        QShortcut(QKeySequence("Ctrl+W"), self, activated=self.close)
        QShortcut(QKeySequence.StandardKey.Copy, self, activated=self.copy_log)
        self.go(review.steps)  # opens where the player left the game; Home goes to the start
        QTimer.singleShot(0, self.view.fit)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if not self._step_key(event):
            super().keyPressEvent(event)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        return event.type() == QEvent.Type.KeyPress and self._step_key(event)

    def _step_key(self, event) -> bool:
        slot = self._keys.get(event.key())
        if slot is None or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        slot()
        event.accept()
        return True

    # -- layout -------------------------------------------------------------------------------
    def _controls(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(4)
        self.first_button = self._button("|◀", "First decision (Home)", self.first)
        self.prev_button = self._button("◀", "Previous decision (←)", self.previous)
        self.next_button = self._button("▶", "Next decision (→)", self.next)
        self.last_button = self._button("▶|", "Last decision (End)", self.last)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, self.review.steps)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # ← → are the window's keys
        self.slider.valueChanged.connect(self.go)
        # labels that change on every step keep their size: no layout pass of the window per step
        last = f"Decision {self.review.steps} of {self.review.steps}"
        self.step_label = SteadyLabel((last, "Decision 0000 of 0000"[: len(last)]))
        self.picture_button = QPushButton("Save picture…")
        self.picture_button.setToolTip("Save the board at this decision as a PNG picture")
        self.picture_button.clicked.connect(self.save_picture)
        self.copy_button = QPushButton("Copy log")
        self.copy_button.setToolTip("Copy the log up to this decision as text (Ctrl+C)")
        self.copy_button.clicked.connect(self.copy_log)
        for w in (self.first_button, self.prev_button):
            row.addWidget(w)
        row.addWidget(self.slider, 1)
        for w in (self.next_button, self.last_button, self.step_label, self.picture_button, self.copy_button):
            row.addWidget(w)
        return row

    def _button(self, text: str, tip: str, slot) -> QPushButton:
        b = QPushButton(text)
        b.setToolTip(tip)
        b.setFixedWidth(44)
        b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        b.clicked.connect(lambda _=False: slot())
        return b

    def _info_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.info_label = TextLine()
        f = self.info_label.font()
        f.setPointSizeF(f.pointSizeF() * 1.15)
        self.info_label.setFont(f)
        self.mode_label = QLabel()
        if self.review.open_secrets:
            self.mode_label.setText("Finished game: every secret is open")
            self.mode_label.setStyleSheet("color: #2e6b30; font-weight: bold;")
        else:
            self.mode_label.setText("Game in progress: spectator view, public information only")
            self.mode_label.setStyleSheet("color: #8c2d1e; font-weight: bold;")
        row.addWidget(self.info_label, 1)
        row.addWidget(self.mode_label)
        return row

    # -- stepping -------------------------------------------------------------------------------
    def _view_of(self, state) -> dict:
        return state.open_view() if self.review.open_secrets else state.view(None)

    def go(self, step: int) -> None:
        """Show the game as it stood after decision `step` (0: the start)."""
        review = self.review
        step = review.clamp(step)
        if step == self.step:
            return
        if self.scene.remembers_steps and step != self.step + 1:
            self.scene.forget_steps(self._view_of(review.state_at_step(step - 1)) if step > 0 else None)
        self.step = step
        state = review.state_at_step(step)
        view = self._view_of(state)
        self.scene.show(view, [], review.names, None)
        info = review.info(step)
        if info.seat is None:
            marked, notes = state.to_move(), {}
            mover = review.names[marked] if marked >= 0 else ""
            self.info_label.setText("The start of the game" + (f": {mover} to move first." if mover else "."))
        else:
            marked = info.seat
            notes = {info.seat: "▶ decided (AI)" if info.by_ai else "▶ decided"}
            who = seat_text(review, info.seat)
            self.info_label.setText(f"{who}{' — AI move' if info.by_ai else ''}: {info.label}")
        if state.is_terminal() and step == review.steps:
            self.info_label.setText(self.info_label.text() + "  · Game over")
        self.players.update_from(_SeatsAt(review, marked if marked is not None and marked >= 0 else None),
                                 view, getattr(self.game, "player_summary", None), None, None, notes)
        self.step_label.setText(f"Decision {step} of {review.steps}")
        self.slider.blockSignals(True)
        self.slider.setValue(step)
        self.slider.blockSignals(False)
        self.first_button.setEnabled(step > 0)
        self.prev_button.setEnabled(step > 0)
        self.next_button.setEnabled(step < review.steps)
        self.last_button.setEnabled(step < review.steps)
        self.log.set_step(step)
        self.chart.set_current(step)

    def first(self) -> None:
        self.go(0)

    def previous(self) -> None:
        self.go(self.step - 1)

    def next(self) -> None:
        self.go(self.step + 1)

    def last(self) -> None:
        self.go(self.review.steps)

    # -- sharing --------------------------------------------------------------------------------
    def board_image(self, scale: float = 2.0) -> QImage:
        """The whole board at this decision, rendered at `scale` (capped at MAX_PICTURE_SIDE)."""
        rect = self.scene.itemsBoundingRect()
        if rect.isEmpty():
            rect = self.scene.sceneRect()
        margin = max(rect.width(), rect.height()) * 0.02
        rect = rect.adjusted(-margin, -margin, margin, margin)
        scale = min(scale, MAX_PICTURE_SIDE / max(1.0, rect.width(), rect.height()))
        image = QImage(max(1, round(rect.width() * scale)), max(1, round(rect.height() * scale)),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("#2b2b2b"))
        painter = QPainter(image)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                               | QPainter.RenderHint.SmoothPixmapTransform)
        self.scene.render(painter, QRectF(image.rect()), rect)
        painter.end()
        return image

    def suggested_picture_name(self) -> str:
        return f"{self.review.spec.id}-decision-{self.step}.png"

    def write_picture(self, path: str | Path) -> bool:
        """Write the board picture to `path` (PNG); False if it could not be written."""
        return self.board_image().save(str(path), "PNG")

    def save_picture(self) -> None:
        start = (self.settings.get("last_dir") if self.settings is not None else "") or str(Path.home())
        path, _ = QFileDialog.getSaveFileName(self, "Save picture", str(Path(start) / self.suggested_picture_name()),
                                              "PNG pictures (*.png)")
        if not path:
            return
        if not path.lower().endswith(".png"):
            path += ".png"
        if self.write_picture(path):
            self.statusBar().showMessage(f"Saved the board at decision {self.step} to {path}", 8000)
        else:
            self.statusBar().showMessage(f"Could not write {path}", 8000)

    def log_text(self) -> str:
        """The readable log up to this decision, under a line saying which game and where."""
        review = self.review
        head = (f"{review.spec.title} — {', '.join(seat_text(review, s) for s in range(len(review.seats)))}"
                f" — decision {self.step} of {review.steps}")
        return head + "\n" + review.log_text(self.step)

    def copy_log(self) -> None:
        text = self.log_text()
        QGuiApplication.clipboard().setText(text)
        self.statusBar().showMessage(f"Copied {text.count(chr(10))} lines of the log (up to decision "
                                     f"{self.step}) as text", 6000)
