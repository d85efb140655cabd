""""Past games" on the start screen: the record of finished games (saves/record.py), newest first,
with date, game, players and levels, winner, scores, a Keep mark and a Review button; above it the
player's win rate against each AI level per game; below it the limit of games kept (and what it
costs on disk) and a note for any file of the record that was skipped.

It scales to the record's bounds (10,000 unmarked and 10,000 marked games): the record is read on
a worker thread, through its index (only new files are decoded), while the start screen paints
and answers; the list is a model/view table, so only the rows on screen are ever drawn, and a
Review button is painted, not a widget per row. Summaries the app did not record itself are
shown as unchecked ("Ann?") and checked on the same worker thread, newest first, by replaying
their files, while the start screen is shown."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, QEvent, QModelIndex, QObject, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from engine.core.errors import reason_of
from engine.core.names import short_name
from saves.record import (
    DEFAULT_LIMIT,
    MAX_KEPT,
    MAX_LIMIT,
    Record,
    RecordEntry,
    read_record,
    record_dir,
    set_kept,
    verify,
    win_rates,
)
from saves.record_index import update_entries
from ui.services.plain_text import PlainLabel, escape, plain_tip, show_skipped

COLUMNS = ("Date", "Game", "Players", "Winner", "Scores", "Keep", "")
DATE, GAME, PLAYERS, WINNER, SCORES, KEEP, REVIEW = range(len(COLUMNS))
UNCHECKED_TIP = ("Not checked yet: this result is what the file claims (the game was not recorded by this "
                 "Tycoons, or the record's index was rebuilt). It is checked by replaying the game, in the "
                 "background while this screen is open, or when you review it.")


def players_text(entry: RecordEntry, short: bool = False) -> str:
    """"Ann, Bob (Easy), Cy (Normal)": humans by name, AI seats with their level."""
    def name(s):
        return short_name(s.name) if short else s.name
    return ", ".join(f"{name(s)} ({(s.level or 'normal').capitalize()})" if s.is_ai else name(s)
                     for s in entry.seats)


def winner_text(entry: RecordEntry, short: bool = False) -> str:
    names = [short_name(entry.seats[w].name) if short else entry.seats[w].name for w in entry.winners]
    text = " and ".join(names) + (" (shared)" if len(names) > 1 else "")
    return text if entry.checked else text + "?"


def scores_text(entry: RecordEntry) -> str:
    return " · ".join(f"{s:g}" for s in entry.scores)


def rates_text(record: Record) -> str:
    """One line per game: the player's wins against each AI level ("1st CEO: Easy 3 of 4 (75 %)"),
    from the checked games only. Rich text (a bold title per game), so what a file holds (its
    AI levels) is escaped."""
    lines = []
    for title, levels in sorted(win_rates(record.entries, checked_only=True).items()):
        parts = [f"{escape(level.capitalize())} {rate.wins:g} of {rate.games} ({rate.percent:.0f} %)"
                 for level, rate in sorted(levels.items(), key=lambda kv: ("easy", "normal", "hard").index(kv[0])
                                           if kv[0] in ("easy", "normal", "hard") else 9)]
        lines.append(f"<b>{escape(title)}</b> — your wins against {', '.join(parts)}")
    text = "<br>".join(lines) if lines else "Win rates appear here once you have finished a game against the AI."
    if record.unchecked:
        n = record.unchecked
        text += f"<br><i>{n:,} game{'s' if n != 1 else ''} not checked yet {'are' if n != 1 else 'is'} not counted.</i>"
    return text


def record_limit(settings) -> int:
    """The player's limit of unmarked games kept (the default for a missing or odd setting)."""
    try:
        value = settings.get("record_limit") if settings is not None else DEFAULT_LIMIT
    except KeyError:
        return DEFAULT_LIMIT
    return value if type(value) is int and 1 <= value <= MAX_LIMIT else DEFAULT_LIMIT


def disk_text(record: Record, games: int) -> str:
    """What `games` recorded games take on disk, from the record's own mean file size."""
    files = len(record.entries) + len(record.notes)
    mean = record.bytes / files if files and record.bytes else 20_000
    size = mean * games
    return f"about {size / 1e6:.1f} MB" if size >= 1e6 else f"about {max(1, round(size / 1e3))} KB"


# -- the model -----------------------------------------------------------------------------------------
class RecordModel(QAbstractTableModel):
    """The record's entries as table rows (only the rows a view shows are ever asked for)."""

    keep_changed = Signal(object, bool)  # entry, wanted mark: the panel renames the file

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.entries: list[RecordEntry] = []
        self._rows: dict[int, int] = {}
        self._italic = QFont()
        self._italic.setItalic(True)

    def set_entries(self, entries: list[RecordEntry]) -> None:
        self.beginResetModel()
        self.entries = list(entries)
        self._rows = {id(e): i for i, e in enumerate(self.entries)}
        self.endResetModel()

    def row_of(self, entry: RecordEntry) -> int | None:
        return self._rows.get(id(entry))

    def replace(self, row: int, entry: RecordEntry) -> None:
        """Row `row` shows `entry` from now on (its result checked)."""
        self._rows.pop(id(self.entries[row]), None)
        self.entries[row] = entry
        self._rows[id(entry)] = row
        self.entry_changed(row)

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802, B008 - Qt API
        return 0 if parent.isValid() else len(self.entries)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802, B008 - Qt API
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802 - Qt API
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def flags(self, index: QModelIndex):
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == KEEP:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def text(self, row: int, column: int, short: bool = True) -> str:
        e = self.entries[row]
        if column == DATE:
            when = e.when
            return f"{when.year:04d}-{when:%m-%d %H:%M}" if when else "?"  # (%Y drops year 1's zeros)
        if column == GAME:
            return e.title
        if column == PLAYERS:
            return players_text(e, short)
        if column == WINNER:
            return winner_text(e, short)
        if column == SCORES:
            return scores_text(e)
        if column == REVIEW:
            return "Review"
        return ""

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or index.row() >= len(self.entries):
            return None
        row, column = index.row(), index.column()
        entry = self.entries[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == KEEP:
                return "Keep this game: it is never removed by the limit"
            if column == REVIEW:
                return "Review this game decision by decision"
            if column == WINNER and not entry.checked:
                return plain_tip(f"{winner_text(entry)[:-1]}: {UNCHECKED_TIP}")
            return plain_tip(self.text(row, column, short=False))
        if role == Qt.ItemDataRole.CheckStateRole and column == KEEP:
            return Qt.CheckState.Checked if entry.kept else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.FontRole and column == WINNER and not entry.checked:
            return self._italic
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self.text(row, column, short=False) or COLUMNS[column]
        return None

    def setData(self, index: QModelIndex, value, role=Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if index.isValid() and index.column() == KEEP and role == Qt.ItemDataRole.CheckStateRole:
            self.keep_changed.emit(self.entries[index.row()], Qt.CheckState(value) == Qt.CheckState.Checked)
            return True
        return False

    def entry_changed(self, row: int) -> None:
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))


class ReviewButtons(QStyledItemDelegate):
    """The Review column: a painted push button per row (no widget per row); a click on it, as
    on a real button, emits `clicked(row)`."""

    clicked = Signal(int)

    def paint(self, painter, option, index) -> None:
        button = QStyleOptionButton()
        button.rect = option.rect.adjusted(4, 2, -4, -2)
        button.text = "Review"
        button.state = QStyle.StateFlag.State_Enabled | QStyle.StateFlag.State_Raised
        if option.state & QStyle.StateFlag.State_MouseOver:
            button.state |= QStyle.StateFlag.State_MouseOver
        style = option.widget.style() if option.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_PushButton, button, painter, option.widget)

    def editorEvent(self, event, model, option, index) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.MouseButtonRelease and event.button() == Qt.MouseButton.LeftButton \
                and option.rect.contains(event.position().toPoint()):
            self.clicked.emit(index.row())
            return True
        return event.type() in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick)


# -- the worker thread ---------------------------------------------------------------------------------
class _Bridge(QObject):
    """Carries the worker thread's results to the GUI thread (queued signals)."""

    progress = Signal(int, int)
    done = Signal(object, int)  # Record, generation
    verified = Signal(object, int)  # [(entry, checked entry or None, note or None)], generation


class RecordReader:
    """Reads the record and checks its unchecked summaries on one worker thread (a daemon thread:
    it holds no Qt object, and the index it writes is replaced atomically, so quitting midway
    loses nothing). `start` begins a new read; an older read still running stops at its next file."""

    BATCH_SECONDS = 0.5
    """Checked results go to the GUI thread at most this often (each batch costs it a little)."""
    STORE_SECONDS = 5.0
    """...and to the index at most this often (each write reads and writes the whole index)."""

    def __init__(self, folder: Path | None, verify_results: bool = True):
        self.folder = folder
        self.verify_results = verify_results
        self.bridge = _Bridge()
        self.generation = 0
        self._stop = threading.Event()
        self.thread: threading.Thread | None = None

    def start(self, after=None) -> None:
        """Read the record (after `after`, a future of a game being recorded, is done)."""
        self.stop()
        self.generation += 1
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(self.generation, self._stop, after),
                                       name="past-games", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self._stop.set()

    def busy(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def wait(self, timeout: float = 30.0) -> None:
        """Wait for the worker thread to end (tests, benchmarks)."""
        if self.thread is not None:
            self.thread.join(timeout)

    def _run(self, generation: int, stop: threading.Event, after) -> None:
        bridge = self.bridge
        if after is not None:
            try:
                after.result(timeout=30)  # the game just finished belongs in the list
            except Exception:  # noqa: BLE001 - reported when it was written
                pass
        try:
            record = read_record(self.folder, progress=lambda done, total: bridge.progress.emit(done, total),
                                 stop=stop.is_set)
        except Exception as exc:  # noqa: BLE001 - the start screen works without the record
            record = Record(notes=[f"The record could not be read ({type(exc).__name__}: {exc})"])
        if stop.is_set():
            return
        bridge.done.emit(record, generation)
        if not self.verify_results:
            return
        batch, sent, unstored, stored = [], time.monotonic(), [], time.monotonic()

        def store() -> None:
            update_entries(self.folder or record_dir(), [(after or before, note) for before, after, note in unstored])
            unstored.clear()

        for entry in [e for e in record.entries if not e.checked]:
            if stop.is_set():
                break
            try:
                batch.append((entry, verify(entry, store=False), None))
            except Exception as exc:  # noqa: BLE001 - SaveError: the file is noted as skipped
                from saves.errors import SaveNotFound

                if not isinstance(exc, SaveNotFound):  # moved meanwhile (a Keep mark): not its fault
                    batch.append((entry, None, f"Skipped {reason_of(exc)}"))
            if batch and time.monotonic() - sent >= self.BATCH_SECONDS:
                bridge.verified.emit(batch, generation)
                unstored.extend(batch)
                batch, sent = [], time.monotonic()
            if unstored and time.monotonic() - stored >= self.STORE_SECONDS:
                store()
                stored = time.monotonic()
            stop.wait(0.005)  # leave the GUI thread the interpreter between replays
        if batch:
            bridge.verified.emit(batch, generation)
            unstored.extend(batch)
        if unstored:
            store()  # what was checked is kept, even when stopped


# -- the panel -----------------------------------------------------------------------------------------
class PastGamesPanel(QFrame):
    """The record as a table. `review_requested(path)` when a Review button is pressed."""

    review_requested = Signal(Path)
    review_file_requested = Signal()
    """"Review a saved game…": any save file, an unfinished one as a spectator."""

    def __init__(self, settings=None, folder: Path | None = None, parent: QWidget | None = None,
                 verify_results: bool = True):
        super().__init__(parent)
        self.setObjectName("Card")
        self.setMinimumWidth(480)  # beside the start screen's card on a 1024-pixel screen
        self.settings = settings
        self.folder = folder
        self.record = Record()
        self.loaded = False
        self._shown = 0  # the reader's generation last shown
        col = QVBoxLayout(self)
        col.setContentsMargins(18, 14, 18, 14)
        col.setSpacing(8)
        title = QLabel("Past games")
        title.setStyleSheet("font-family: 'DejaVu Serif'; font-size: 22px; font-weight: bold;")
        head = QHBoxLayout()
        head.addWidget(title, 1)
        self.review_file_button = QPushButton("Review a saved game…")
        self.review_file_button.setStyleSheet("padding: 4px 12px; min-width: 0; font-size: 13px;")
        self.review_file_button.clicked.connect(self.review_file_requested.emit)
        head.addWidget(self.review_file_button, 0, Qt.AlignmentFlag.AlignVCenter)
        col.addLayout(head)
        self.rates = QLabel()
        self.rates.setWordWrap(True)
        self.rates.setTextFormat(Qt.TextFormat.RichText)
        col.addWidget(self.rates)
        self.model = RecordModel(self)
        self.model.keep_changed.connect(self._keep)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName("Past games")
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 12)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setMouseTracking(True)
        self.table.setStyleSheet("QTableView { background: #fbf6ea; color: #3b3127; }")
        self.buttons = ReviewButtons(self.table)
        self.buttons.clicked.connect(self._review_row)
        self.table.setItemDelegateForColumn(REVIEW, self.buttons)
        self.table.doubleClicked.connect(lambda index: self._review_row(index.row()))
        self.table.installEventFilter(self)
        self._size_columns()
        col.addWidget(self.table, 1)
        self.empty = PlainLabel("Reading past games…")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        col.addWidget(self.empty, 1)  # the table's room while there is no table
        self.notes = PlainLabel()  # quotes file names and what the files hold
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet("color: #8c2d1e; font-size: 12px;")
        self.notes.setVisible(False)
        col.addWidget(self.notes)
        row = QHBoxLayout()
        row.addWidget(QLabel("Keep the last"))
        self.limit = QSpinBox()
        self.limit.setRange(1, MAX_LIMIT)
        self.limit.setValue(record_limit(settings))
        self.limit.setToolTip("When a game finishes, the oldest games beyond this number are removed; games "
                              f"marked Keep are never removed (at most {MAX_KEPT:,} can be marked).")
        self.limit.valueChanged.connect(self._limit_changed)
        row.addWidget(self.limit)
        self.cost = PlainLabel()
        self.cost.setWordWrap(True)  # a narrow panel (a small screen) wraps it
        row.addWidget(self.cost, 1)
        col.addLayout(row)
        self._show_cost()
        self.table.setVisible(False)
        self._rates_due = False
        self._rates_timer = QTimer(self)
        self._rates_timer.setSingleShot(True)
        self._rates_timer.setInterval(1000)
        self._rates_timer.timeout.connect(self._show_rates)
        self.reader = RecordReader(folder, verify_results)
        self.reader.bridge.progress.connect(self._progress)
        self.reader.bridge.done.connect(self._read)
        self.reader.bridge.verified.connect(self._verified)

    def _size_columns(self) -> None:
        """Fixed widths from the font (measuring 10,000 rows' contents is what a view must not do)."""
        fm = self.table.fontMetrics()
        header = self.table.horizontalHeader()
        widths = {DATE: fm.horizontalAdvance("2026-11-30 23:59") + 14,
                  GAME: fm.horizontalAdvance("Victory Through") + 14,  # longer titles elide
                  WINNER: fm.horizontalAdvance("Ann and Bob (sh") + 14,
                  SCORES: fm.horizontalAdvance("999 · 999 · 999") + 14,
                  KEEP: fm.horizontalAdvance("Keep") + 20, REVIEW: fm.horizontalAdvance("Review") + 30}
        header.setMinimumSectionSize(36)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for column, width in widths.items():
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, width)
        header.setSectionResizeMode(PLAYERS, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(KEEP, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(REVIEW, QHeaderView.ResizeMode.Fixed)

    # -- reading ---------------------------------------------------------------------------------
    def refresh(self, after=None) -> None:
        """Read the record folder again, on the worker thread (never raises: bad files become notes);
        `after`, a future of a game being recorded, is waited for there first."""
        self.reader.start(after)

    def wait(self, timeout: float = 60.0, checked: bool = False) -> bool:
        """Wait until the latest read of the record is shown (with `checked`, until its results
        are checked too); True if it was in time. For tests and benchmarks."""
        import time

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            QApplication.processEvents()
            if self._shown == self.reader.generation and not (checked and self.reader.busy()):
                QApplication.processEvents()  # the last batch of checked results
                return True
            time.sleep(0.005)
        return False

    def stop(self) -> None:
        """Stop checking results (the start screen is hidden or the app quits)."""
        self.reader.stop()

    def _progress(self, done: int, total: int) -> None:
        if not self.loaded:
            self.empty.setText(f"Reading past games… ({done:,} of {total:,} files)")

    def _read(self, record: Record, generation: int) -> None:
        if generation != self.reader.generation:
            return
        self.record = record
        self.loaded = True
        self._shown = generation
        self.model.set_entries(record.entries)
        self.rates.setText(rates_text(record))
        entries = record.entries
        self.table.setVisible(bool(entries))
        self.empty.setText("No finished games yet. Every game you finish is kept here to review.")
        self.empty.setVisible(not entries)
        self._show_notes()
        self._show_cost()

    def _verified(self, batch: list, generation: int) -> None:
        if generation != self.reader.generation:
            return
        gone: set[int] = set()
        for before, after, note in batch:
            i = self.model.row_of(before)
            if i is None:
                continue
            if after is not None:
                after.path, after.kept = before.path, before.kept  # a Keep mark given meanwhile
                self.model.replace(i, after)
            else:
                gone.add(i)
                self.record.notes.append(note)
        if gone:
            keep = [e for i, e in enumerate(self.model.entries) if i not in gone]
            self.model.set_entries(keep)
            self._show_notes()
        self.record.entries = self.model.entries
        self._rates_due = True
        if not self._rates_timer.isActive():
            self._rates_timer.start()

    def _show_rates(self) -> None:
        """The win rates again, after checked results came in (at most once a second: it counts
        every game)."""
        if self._rates_due:
            self._rates_due = False
            self.rates.setText(rates_text(self.record))

    def _show_notes(self) -> None:
        show_skipped(self.notes, self.record.notes, "file", " in the record")

    def _show_cost(self) -> None:
        limit = self.limit.value()
        self.cost.setText(f"games ({disk_text(self.record, limit)} on disk; marked games are always kept)")

    def _limit_changed(self, value: int) -> None:
        if self.settings is not None:
            self.settings.set("record_limit", int(value))
        self._show_cost()

    # -- a row's buttons -----------------------------------------------------------------------------
    def _review_row(self, row: int) -> None:
        if 0 <= row < len(self.model.entries):
            self.review_requested.emit(self.model.entries[row].path)

    def review_rect(self, row: int) -> QRect:
        """Where row `row`'s Review button is on the table's viewport (tests click it)."""
        self.table.scrollTo(self.model.index(row, REVIEW))
        return self.table.visualRect(self.model.index(row, REVIEW))

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if obj is self.table and event.type() == QEvent.Type.KeyPress \
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            index = self.table.currentIndex()
            if index.isValid():
                self._review_row(index.row())
                return True
        return False

    def _keep(self, entry: RecordEntry, on: bool) -> None:
        if on and not entry.kept and self.record.kept >= MAX_KEPT:
            self._note(f"At most {MAX_KEPT:,} games can be marked Keep: unmark one first.")
            return
        try:
            entry.path = set_kept(entry.path, on)
            entry.kept = on
        except OSError as exc:
            self._note(f"Could not change the Keep mark of {entry.path.name}: {exc}")
        row = self.model.row_of(entry)
        if row is not None:
            self.model.entry_changed(row)

    def _note(self, text: str) -> None:
        self.notes.setText(text)
        self.notes.setVisible(True)
