"""The review window: a recorded game, step by step.

The board, the players panel and the log show the game as it stood after the chosen decision;
first / previous / next / last, a slider, ← → (Home, End) and a click on a log line or on a point
of the score chart move between decisions. The seat that decided is marked in the players panel,
an AI's decisions say so. A finished game shows every secret; an unfinished one only what a
spectator sees (engine/core/review.py decides which). "Save picture…" writes the board at this
decision as a PNG; "Copy log" copies the readable log up to it.

"Analyse" (a finished game) estimates, in the background, every human decision's win chance with
the move made and with the best move found (ai/analysis.py, ui/review/analyse.py); the result is
kept beside the save (`FILE.analysis`) and shown again when the game is reviewed again. It adds a
win-chance chart and a list of the mistakes and blunders; at the position of a marked decision
the board shows the better move (green) and the move played (red).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QImage, QKeySequence, QPainter, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QSlider,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.core.review import Review
from ui.board.items import Highlight
from ui.board.view import BoardView
from ui.panels.players_panel import PlayersPanel
from ui.panels.steady_text import SteadyLabel, TextLine
from ui.review.chart import ReviewChart
from ui.review.log_view import ReviewLog
from ui.review.win_chart import WinChart
from ui.services.plain_text import plain_tip

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


def _error(amount: str, se: float) -> str:
    """" ± 5 points", or " uncertain" where the error could not be measured (a single world)."""
    from ai.analysis import measured

    return f" ± {amount}" if measured(se) else " uncertain"


class ReviewWindow(QMainWindow):
    """One recorded game to step through. `go(step)` is the single way the shown step changes."""

    def __init__(self, review: Review, settings=None, parent: QWidget | None = None, path=None,
                 find_path=None):
        super().__init__(parent)
        from ai.analysis import ANALYSIS_BUDGET
        from ui.games import game_ui

        self.review = review
        self.settings = settings
        self.save_path = Path(path) if path else None
        """The save this game was read from (its analysis is kept beside it), if known."""
        self._find_path = find_path
        """Where the save is, asked again while it is not known (the record of a game just ended is
        written off the window's thread: a review opened at once may come before it)."""
        self.analysis = None
        self.job = None
        self.analysis_budget = ANALYSIS_BUDGET
        self._analysed: dict = {}
        self._costliest: dict = {}
        """The decisions that cost a seat far behind the most points, by their number."""
        self._marks_on = False
        self.step = -1
        self.game = game_ui(review.spec.id)
        self.setWindowTitle(f"Review — {review.spec.title}: {', '.join(review.names)} — Tycoons")
        self.resize(1360, 900)

        self.scene = self.game.make_scene()
        self.scene.set_animation_speed(0.0)  # a step shows its position at once
        self.view = BoardView()
        self.view.setScene(self.scene)
        self.scene.sceneRectChanged.connect(self.view.scene_rect_changed)
        self.scene.hovered.connect(lambda text: text and self.statusBar().showMessage(text, 4000))
        self.players = PlayersPanel()
        self.log = ReviewLog(review)
        self.log.jump.connect(self.go)
        self.chart = ReviewChart(review.score_tracks(), review.names)
        self.chart.jump.connect(self.go)
        self.win_chart = WinChart(review.names, review.steps)
        self.win_chart.jump.connect(self.go)
        self.mistakes = QListWidget()
        self.mistakes.setAccessibleName("Mistakes and blunders")
        self.mistakes.setWordWrap(True)  # a mistake's line names both moves: read whole, not scrolled
        self.mistakes.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.mistakes.itemClicked.connect(self._mistake_chosen)
        self.mistakes.itemActivated.connect(self._mistake_chosen)
        self.charts = QTabWidget()
        self.charts.addTab(self.chart, "Score")
        self.charts.addTab(self.win_chart, "Win chance")
        self.charts.addTab(self.mistakes, "Mistakes")
        for tab in (1, 2):
            self.charts.setTabEnabled(tab, False)
            self.charts.setTabToolTip(tab, "Analyse the game to see it")

        central = QWidget()
        col = QVBoxLayout(central)
        col.setContentsMargins(6, 6, 6, 0)
        col.setSpacing(4)
        self.note_label = TextLine()  # said once the game is analysed, in the info row: a line of
        # its own, shown then, made the board's room smaller and the board shrank (names vanished)
        col.addLayout(self._controls())
        col.addLayout(self._info_row())
        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(self.view)
        top.addWidget(self.players)
        top.setStretchFactor(0, 1)
        top.setSizes([1060, 290])
        bottom = QSplitter(Qt.Orientation.Horizontal)
        bottom.addWidget(self.log)
        bottom.addWidget(self.charts)
        bottom.setSizes([760, 560])
        body = QSplitter(Qt.Orientation.Vertical)
        body.addWidget(top)
        body.addWidget(bottom)
        body.setStretchFactor(0, 1)
        body.setSizes([650, 220])
        col.addWidget(body, 1)
        self.setCentralWidget(central)
        # the status bar now: made at its first message (the analysis's), it took the board's room
        self.statusBar()

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
        self._load_kept_analysis()
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
        self.analyse_button = QPushButton("Analyse")
        self.analyse_button.setToolTip("Estimate, for every decision of the human players, the chance to win "
                                       "with the move made and with the best move found (in the background; "
                                       "kept beside the save, so it is done once)")
        self.analyse_button.clicked.connect(self.analyse)
        if not self.review.finished:
            self.analyse_button.setEnabled(False)
            self.analyse_button.setToolTip("Only a finished game can be analysed")
        self.progress = QProgressBar()
        self.progress.setFormat("Analysing: %v of %m decisions")
        self.progress.setMinimumWidth(220)
        self.progress.setVisible(False)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop the analysis")
        self.cancel_button.clicked.connect(self.cancel_analysis)
        self.cancel_button.setVisible(False)
        for w in (self.next_button, self.last_button, self.step_label, self.picture_button, self.copy_button,
                  self.analyse_button, self.progress, self.cancel_button):
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
        row.addWidget(self.info_label, 3)  # both lines keep their widths whatever they say
        row.addWidget(self.note_label, 2)
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
        self.step = step
        state = review.state_at_step(step)
        view = self._view_of(state)
        marked = self._marked_next(step)
        self.scene.show(view, self._ringed(marked), review.names, None)
        self._show_marks(marked, state)
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
                                 view, self.game.player_summary, None, None, notes)
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

    # -- analysis -------------------------------------------------------------------------------
    def analysis_file(self) -> Path | None:
        from ai.analysis import analysis_path

        if self.save_path is None and self._find_path is not None:
            found = self._find_path()
            self.save_path = Path(found) if found else None
        return analysis_path(self.save_path) if self.save_path is not None else None

    def final_hash(self) -> str:
        return self.review.state_at(len(self.review.actions)).state_hash()

    def _load_kept_analysis(self) -> None:
        """Show the analysis kept beside the save, if it is one of exactly this game (checked
        field by field: anyone can edit or share the file); one that is not is left unused, and
        said so: Analyse makes it again."""
        from ai.analysis import kept_analysis

        path = self.analysis_file()
        if path is None or not self.review.finished or not path.exists():
            return
        analysis, problem = kept_analysis(path, self.review, self.final_hash())
        if analysis is not None:
            self.show_analysis(analysis)
        else:
            self.statusBar().showMessage(f"The analysis kept beside this game ({path.name}) does not fit it: "
                                         f"{problem}. It is not used; Analyse makes it again.", 20000)

    def analyse(self) -> None:
        """Analyse every human decision in the background (both cores), with progress and Cancel."""
        from ui.review.analyse import AnalysisJob

        if self.job is not None:
            return
        if not self.review.finished:
            self.statusBar().showMessage("Only a finished game can be analysed.", 6000)
            return
        mode = "inline" if self.settings is not None and self.settings.get("ai_mode") == "inline" else "process"
        self.job = AnalysisJob(self.review, self.final_hash(), mode, self.analysis_budget, parent=self)
        self.job.progress.connect(self._analysis_progress)
        self.job.checking.connect(self._analysis_checking)
        self.job.finished.connect(self._analysis_done)
        self.job.failed.connect(self._analysis_failed)
        self.analyse_button.setVisible(False)
        self.progress.setRange(0, max(1, self.job.total))
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        self.job.start()

    def cancel_analysis(self) -> None:
        if self.job is None:
            return
        self.job.cancel()
        self._job_over()
        self.statusBar().showMessage("Analysis cancelled: nothing was kept.", 6000)

    def _job_over(self) -> None:
        if self.job is not None:
            self.job.deleteLater()
        self.job = None
        self.progress.setVisible(False)
        self.progress.setFormat("Analysing: %v of %m decisions")
        self.cancel_button.setVisible(False)
        self.analyse_button.setVisible(True)

    def _analysis_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)

    def _analysis_checking(self, duels: int) -> None:
        """The first pass is done: the costliest-looking decisions are being measured further."""
        self.progress.setRange(0, 0)  # busy, for as long as the decisions need
        self.progress.setFormat(f"Checking the costliest decisions ({duels})")

    def _analysis_failed(self, reason: str) -> None:
        self._job_over()
        self.statusBar().showMessage(f"The analysis failed: {reason}", 10000)

    def _analysis_done(self, analysis) -> None:
        from ai.analysis import write_analysis

        self._job_over()
        self.show_analysis(analysis)
        path = self.analysis_file()
        kept = ""
        if path is not None:
            try:
                write_analysis(path, analysis)
                kept = f"; kept in {path.name}"
            except OSError as exc:
                kept = f"; it could not be kept beside the save ({exc.strerror or exc})"
        self.statusBar().showMessage(self.summary() + kept, 10000)

    def summary(self) -> str:
        """One line on the analysis: how many decisions, mistakes and blunders."""
        a = self.analysis
        if a is None:
            return ""
        marked = a.marked()
        blunders = sum(1 for d in marked if d.severity(True) == "blunder")
        mistakes = len(marked) - blunders
        head = f"Analysed {len(a.decisions)} decision{'s' * (len(a.decisions) != 1)}"
        far = sorted({d.seat for d in self._costliest.values()})
        costly = (f"; what cost {' and '.join(self.review.names[s] for s in far)} the most is listed in the "
                  "Mistakes tab") if far else ""
        if not self._marks_on:
            return head + " (mistakes are not marked in this game: see the Mistakes tab)" + costly
        if not marked:
            return head + ": no mistakes found" + costly
        parts = [f"{n} {word}{'s' * (n != 1)}" for n, word in ((mistakes, "mistake"), (blunders, "blunder")) if n]
        return head + ": " + " and ".join(parts) + costly

    def show_analysis(self, analysis) -> None:
        """Show `analysis`: the win-chance chart, the list of mistakes, the marks on the board."""
        from ai import analysis as an
        from ai.analysis import marks_allowed
        from ai.core.shares import terminal_shares

        self.analysis = analysis
        self._analysed = analysis.by_index()
        self._marks_on = marks_allowed(analysis.game)
        self._costliest = {d.index: d for seat in analysis.seats for d in an.costliest(analysis, self.review, seat)}
        final = self.review.state_at(len(self.review.actions))
        self.win_chart.set_analysis(analysis, terminal_shares(final) if self.review.finished else None,
                                    self._marks_on)
        self.mistakes.clear()
        for d in analysis.marked():
            item = QListWidgetItem(self._mistake_text(d))
            item.setData(Qt.ItemDataRole.UserRole, d.index)
            self.mistakes.addItem(item)
        if not self._marks_on:
            measured = an.calibration(analysis.game) is not None
            self.mistakes.addItem(QListWidgetItem(
                "No decision is marked: this game's win chances " + (
                    "predict the winner no better than the base rate does (the average share of a win; see "
                    "ai/ANALYSIS.md)." if measured else
                    "have not yet been measured against the outcomes of real games (see ai/ANALYSIS.md).")))
        elif not self.mistakes.count():
            self.mistakes.addItem(QListWidgetItem("No mistakes found: no decision lost 10 points or more."))
        for seat in analysis.seats:
            costly = an.costliest(analysis, self.review, seat)
            if not costly:
                continue
            head = QListWidgetItem(f"What cost {self.review.names[seat]} the most (last, and far behind the winner): "
                                   "the decisions that gave away the most points against the top rival")
            head.setFlags(Qt.ItemFlag.ItemIsEnabled)
            bold = head.font()
            bold.setBold(True)  # a heading over the lines that follow, not one of them
            head.setFont(bold)
            self.mistakes.addItem(head)
            for d in costly:
                item = QListWidgetItem(self._costly_text(d))
                item.setData(Qt.ItemDataRole.UserRole, d.index)
                self.mistakes.addItem(item)
        for tab in (1, 2):
            self.charts.setTabEnabled(tab, True)
            self.charts.setTabToolTip(tab, "")
        costliest = f" · Costliest ({len(self._costliest)})" if self._costliest else ""
        self.charts.setTabText(2, f"Mistakes ({len(analysis.marked())}){costliest}")
        # a player last and far behind is shown first what cost them the most: their win chance
        # may have been nil for most of the game, a flat line that tells them nothing
        self.charts.setCurrentIndex(2 if self._costliest else 1)
        self.analyse_button.setText("Analysed")
        self.analyse_button.setEnabled(False)
        self.analyse_button.setToolTip(plain_tip("This game has been analysed" + (
            f"; the analysis is kept in {self.analysis_file().name}" if self.analysis_file() else "")))
        step, self.step = self.step, -1
        if step >= 0:
            self.go(step)

    def _label(self, state, action) -> str:
        from engine.core.text import fill_names

        try:
            return fill_names(state.label(action), self.review.names)
        except Exception:  # noqa: BLE001 - a label is cosmetic
            return str(action)

    def _why(self, parts) -> str:
        from ui.game.reasons import reason_text

        return reason_text(parts, self.game.reason) if parts else ""

    def _mistake_text(self, d) -> str:
        state = self.review.state_at(d.entry)
        name = self.review.names[d.seat]
        why = self._why(d.why)
        sure = _error(f"{d.loss_se:.0f}", d.loss_se) if d.loss_se >= 0.5 else ""  # kept no error before
        return (f"Decision {d.index} · {name} · {d.severity(True).capitalize()} (−{d.loss:.0f} points{sure}): "
                f"played “{self._label(state, d.chosen)}” ({100 * d.win_after:.0f} %); "
                f"better “{self._label(state, d.best)}” ({100 * d.win_before:.0f} %)" + (f": {why}" if why else ""))

    def _costly_text(self, d) -> str:
        """A decision that cost a seat far behind the most points, in words."""
        state = self.review.state_at(d.entry)
        mark = d.severity(self._marks_on)
        better = self._better(d)  # the move the board rings when the line is chosen
        why = self._why(d.why if better != d.points_best else d.why_points)
        error = _error(self.game.points_text(d.points_se), d.points_se).strip()
        most = (f"; the most points: “{self._label(state, d.points_best)}”"
                if better != d.points_best and d.points_best != d.chosen else "")
        return (f"Decision {d.index} · cost {self.game.points_text(d.points_loss)} ({error})"
                + (f", a {mark}" if mark else "")
                + f": played “{self._label(state, d.chosen)}”; better “{self._label(state, better)}”"
                + (f": {why}" if why else "") + most)

    def _mistake_chosen(self, item) -> None:
        index = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(index, int):
            self.go(index - 1)  # the position where it was decided: the better move is marked there

    def _better(self, d):
        """The better move shown at a marked decision: the best found at a mistake or blunder, the
        one that gains the most points at a decision that cost a seat far behind the most."""
        return d.best if d.severity(self._marks_on) or d.points_best is None else d.points_best

    def _ringed(self, d) -> list:
        """The moves the board is to show pieces for at the marked decision `d` (none without one):
        the better move and the move played, and, at a mistake that is also among the costliest
        decisions of a seat far behind, the move of most points."""
        if d is None:
            return []
        moves = [self._better(d), d.chosen]
        if d.index in self._costliest and d.points_best is not None and d.points_best not in moves:
            moves.append(d.points_best)
        return moves

    def _marked_next(self, step: int):
        """The mistake or blunder decided at step `step` (the next decision), or one of the decisions
        that cost a seat far behind the most points, if any."""
        d = self._analysed.get(step + 1)
        if d is not None and d.severity(self._marks_on):
            return d
        return self._costliest.get(step + 1)

    def _show_marks(self, marked, state) -> None:
        from ui.board.marks import Mark, clear_marks, show_marks

        clear_marks(self.scene)
        if marked is None:
            if self.analysis is not None:
                d = self._analysed.get(self.step + 1)
                self.note_label.setText("" if d is None else
                                        f"Next: {self.review.names[d.seat]}'s decision, "
                                        f"{100 * d.win_before:.0f} % to win with the best move found, "
                                        f"{100 * d.win_after:.0f} % with the move played.")
            return
        if not marked.severity(self._marks_on):  # one of the decisions that cost a seat far behind the most
            self._show_costly(marked, state)
            return
        for action in (marked.best, marked.chosen):
            piece = self.scene.item_for(action)
            if isinstance(piece, Highlight):
                piece.set_target(action, False)  # marked, not offered: a review takes no clicks
        why = self._why(marked.why)
        better = f"Better: “{self._label(state, marked.best)}” ({100 * marked.win_before:.0f} % to win)" + (
            f": {why}" if why else "")
        made = f"Played: “{self._label(state, marked.chosen)}” ({100 * marked.win_after:.0f} % to win)"
        marks = [Mark(marked.best, f"Better · {100 * marked.win_before:.0f} %", "better", better, short="✓"),
                 Mark(marked.chosen, f"Played · {100 * marked.win_after:.0f} %", "played", made, short="✗")]
        cost = most_points = ""
        if marked.index in self._costliest:  # also one of the decisions that cost a seat far behind the most
            loss = self.game.points_text(marked.points_loss)
            cost = f" of win chance; it cost {loss} against the top rival"
            if marked.points_best not in (None, marked.best, marked.chosen):
                most_points = f" The most points: “{self._label(state, marked.points_best)}”."
                most = self._why(marked.why_points)
                marks.insert(1, Mark(marked.points_best, "Most points", "better",
                                     f"The most points: “{self._label(state, marked.points_best)}” ({loss} more "
                                     "against the top rival than the move played)" + (f": {most}" if most else "")))
        show_marks(self.scene, marks)
        self.note_label.setText(
            f"Next: {self.review.names[marked.seat]}'s {marked.severity(True)} (−{marked.loss:.0f} points{cost}): "
            f"played “{self._label(state, marked.chosen)}”; better: “{self._label(state, marked.best)}”"
            + (f": {why}." if why else ".") + most_points)

    def _show_costly(self, d, state) -> None:
        """At a decision that cost a seat far behind the most points: the better move ringed (the
        one that gains the most points) and the move played, and the loss in points."""
        from ui.board.marks import Mark, show_marks

        for action in (d.points_best, d.chosen):
            piece = self.scene.item_for(action)
            if isinstance(piece, Highlight):
                piece.set_target(action, False)
        loss = self.game.points_text(d.points_loss)
        why = self._why(d.why_points)
        better = f"Better: “{self._label(state, d.points_best)}”" + (f": {why}" if why else "")
        made = f"Played: “{self._label(state, d.chosen)}”: cost {loss}"
        show_marks(self.scene, [Mark(d.points_best, "Better", "better", better, short="✓"),
                                Mark(d.chosen, f"Played · −{loss}", "played", made, short="✗")])
        self.note_label.setText(
            f"Next: one of the decisions that cost {self.review.names[d.seat]} the most ({loss} against the "
            f"top rival): played “{self._label(state, d.chosen)}”; better: “{self._label(state, d.points_best)}”"
            + (f": {why}." if why else "."))

    def closeEvent(self, event) -> None:  # noqa: N802
        if self.job is not None:
            self.job.cancel()
            self._job_over()
        super().closeEvent(event)

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
        return self._write_picture(path) is None

    def _write_picture(self, path: str | Path) -> str | None:
        """Write the board picture to `path` through the safe path; None, or why it failed."""
        from saves.files import reason
        from ui.board.render import write_png

        try:
            write_png(self.board_image(), path)
        except OSError as exc:
            return reason(exc)
        return None

    def save_picture(self) -> None:
        start = (self.settings.get("last_dir") if self.settings is not None else "") or str(Path.home())
        path, _ = QFileDialog.getSaveFileName(self, "Save picture", str(Path(start) / self.suggested_picture_name()),
                                              "PNG pictures (*.png)")
        if not path:
            return
        if not path.lower().endswith(".png"):
            path += ".png"
        problem = self._write_picture(path)
        if problem is None:
            self.statusBar().showMessage(f"Saved the board at decision {self.step} to {path}", 8000)
        else:
            self.statusBar().showMessage(f"Could not write {path}: {problem}", 8000)

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
