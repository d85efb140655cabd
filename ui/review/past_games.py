""""Past games" on the start screen: the record of finished games (saves/record.py), newest first,
with date, game, players and levels, winner, scores, a Keep mark and a Review button; above it the
player's win rate against each AI level per game; below it the limit of games kept and a note for
any file of the record that was skipped."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from saves.record import DEFAULT_LIMIT, Record, RecordEntry, read_record, set_kept, win_rates

COLUMNS = ("Date", "Game", "Players", "Winner", "Scores", "Keep", "")


def players_text(entry: RecordEntry) -> str:
    """"Ann, Bob (Easy), Cy (Normal)": humans by name, AI seats with their level."""
    return ", ".join(f"{s.name} ({(s.level or 'normal').capitalize()})" if s.is_ai else s.name
                     for s in entry.seats)


def winner_text(entry: RecordEntry) -> str:
    names = [entry.seats[w].name for w in entry.winners]
    return " and ".join(names) + (" (shared)" if len(names) > 1 else "")


def scores_text(entry: RecordEntry) -> str:
    return " · ".join(f"{s:g}" for s in entry.scores)


def rates_text(record: Record) -> str:
    """One line per game: the player's wins against each AI level ("1st CEO: Easy 3 of 4 (75 %)")."""
    lines = []
    for title, levels in sorted(win_rates(record.entries).items()):
        parts = [f"{level.capitalize()} {rate.wins:g} of {rate.games} ({rate.percent:.0f} %)"
                 for level, rate in sorted(levels.items(), key=lambda kv: ("easy", "normal", "hard").index(kv[0])
                                           if kv[0] in ("easy", "normal", "hard") else 9)]
        lines.append(f"<b>{title}</b> — your wins against {', '.join(parts)}")
    return "<br>".join(lines) if lines else "Win rates appear here once you have finished a game against the AI."


def record_limit(settings) -> int:
    """The player's limit of unmarked games kept (the default for a missing or odd setting)."""
    try:
        value = settings.get("record_limit") if settings is not None else DEFAULT_LIMIT
    except KeyError:
        return DEFAULT_LIMIT
    return value if type(value) is int and value >= 1 else DEFAULT_LIMIT


class PastGamesPanel(QFrame):
    """The record as a table. `review_requested(path)` when a Review button is pressed."""

    review_requested = Signal(Path)
    review_file_requested = Signal()
    """"Review a saved game…": any save file, an unfinished one as a spectator."""

    def __init__(self, settings=None, folder: Path | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("Card")
        self.setMinimumWidth(800)
        self.settings = settings
        self.folder = folder
        self.record = Record()
        col = QVBoxLayout(self)
        col.setContentsMargins(18, 14, 18, 14)
        col.setSpacing(8)
        title = QLabel("Past games")
        title.setStyleSheet("font-family: 'DejaVu Serif'; font-size: 22px; font-weight: bold;")
        col.addWidget(title)
        self.rates = QLabel()
        self.rates.setWordWrap(True)
        self.rates.setTextFormat(Qt.TextFormat.RichText)
        col.addWidget(self.rates)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setWordWrap(False)
        self.table.setStyleSheet("QTableWidget { background: #fbf6ea; color: #3b3127; }")
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        col.addWidget(self.table, 1)
        self.empty = QLabel("No finished games yet. Every game you finish is kept here to review.")
        self.empty.setWordWrap(True)
        col.addWidget(self.empty)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet("color: #8c2d1e; font-size: 12px;")
        col.addWidget(self.notes)
        row = QHBoxLayout()
        row.addWidget(QLabel("Keep the last"))
        self.limit = QSpinBox()
        self.limit.setRange(1, 10_000)
        self.limit.setValue(record_limit(settings))
        self.limit.setToolTip("When a game finishes, the oldest games beyond this number are removed; "
                              "games marked Keep are never removed.")
        self.limit.valueChanged.connect(self._limit_changed)
        row.addWidget(self.limit)
        row.addWidget(QLabel("games (marked games are always kept)"), 1)
        self.review_file_button = QPushButton("Review a saved game…")
        self.review_file_button.setStyleSheet("padding: 4px 12px; min-width: 0; font-size: 13px;")
        self.review_file_button.clicked.connect(self.review_file_requested.emit)
        row.addWidget(self.review_file_button)
        col.addLayout(row)

    def _limit_changed(self, value: int) -> None:
        if self.settings is not None:
            self.settings.set("record_limit", int(value))

    def refresh(self) -> None:
        """Read the record folder again (never raises: bad files become notes)."""
        self.record = read_record(self.folder)
        entries = self.record.entries
        self.rates.setText(rates_text(self.record))
        self.table.setRowCount(len(entries))
        self.review_buttons: list[QPushButton] = []
        self.keep_boxes: list[QCheckBox] = []
        for r, e in enumerate(entries):
            when = e.when
            cells = (when.strftime("%Y-%m-%d %H:%M") if when else "?", e.title, players_text(e),
                     winner_text(e), scores_text(e))
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(r, c, item)
            keep = QCheckBox()
            keep.setChecked(e.kept)
            keep.setToolTip("Keep this game: it is never removed by the limit")
            keep.toggled.connect(lambda on, entry=e: self._keep(entry, on))
            self.table.setCellWidget(r, 5, _centred(keep))
            button = QPushButton("Review")
            button.setStyleSheet("padding: 2px 10px; min-width: 0;")
            button.clicked.connect(lambda _=False, entry=e: self.review_requested.emit(entry.path))
            self.table.setCellWidget(r, 6, button)
            self.review_buttons.append(button)
            self.keep_boxes.append(keep)
        self.table.setVisible(bool(entries))
        self.empty.setVisible(not entries)
        notes = self.record.notes
        if notes:
            self.notes.setText(f"{len(notes)} file{'s' if len(notes) != 1 else ''} in the record could not be "
                               f"read and {'were' if len(notes) != 1 else 'was'} skipped: " + notes[0]
                               + (" …" if len(notes) > 1 else ""))
            self.notes.setToolTip("\n".join(notes))
        self.notes.setVisible(bool(notes))

    def _keep(self, entry: RecordEntry, on: bool) -> None:
        try:
            entry.path = set_kept(entry.path, on)
            entry.kept = on
        except OSError as exc:
            self.notes.setText(f"Could not change the Keep mark of {entry.path.name}: {exc}")
            self.notes.setVisible(True)


def _centred(widget: QWidget) -> QWidget:
    host = QWidget()
    row = QHBoxLayout(host)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(widget, 0, Qt.AlignmentFlag.AlignCenter)
    return host
