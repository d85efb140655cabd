"""One game of the record as its file holds it: the entry Past games lists (`RecordEntry`), read
from a record file's checked envelope (`read_entry`), and which names in the record folder are
games (`is_candidate`). Qt-free.

Below both saves/record.py (the record: recording, listing, pruning) and saves/record_index.py
(the index that keeps these entries): each of them reads an entry the same way, and neither
imports the other to do it.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from engine.core.contract import SeatInfo
from engine.core.errors import UnknownGame
from engine.core.registry import get_spec
from saves.errors import SaveError
from saves.store import BACKUP_SUFFIX, SAVE_SUFFIX, TEMP_SUFFIX, decode_save, read_bytes

KEPT_SUFFIX = ".kept" + SAVE_SUFFIX
SIDECAR_SUFFIXES = (".analysis",)
"""Files kept beside a recorded game (`<file><suffix>`), which follow it."""


@dataclass(slots=True)
class RecordEntry:
    """One finished game in the record, as its file recorded it. `checked` is True once the
    winners and scores are known to be the game's real outcome (the app recorded it, or `verify`
    replayed it); until then they are what the file claims.

    The file is kept as its folder (one Path shared by every entry) and its name, and `path` made
    when asked: 10,000 entries then hold 10,000 fewer objects for the GUI thread's garbage
    collector to walk (ui/app/gc_guard.py collects there)."""

    folder: Path
    name: str
    game: str
    title: str
    created: str
    seats: list[SeatInfo]
    winners: list[int]
    scores: list[float]
    decisions: int
    kept: bool
    checked: bool = False

    @property
    def path(self) -> Path:
        return self.folder / self.name

    @path.setter
    def path(self, path: Path) -> None:
        path = Path(path)
        self.folder, self.name = path.parent, path.name

    @property
    def when(self) -> datetime | None:
        """The local time the game was saved, or None if the file does not say (a time the local
        zone would shift beyond year 1 or 9999 is given as the file has it)."""
        try:
            when = datetime.fromisoformat(self.created.replace("Z", "+00:00"))
        except ValueError:
            return None
        try:
            return when.astimezone()
        except (OverflowError, ValueError, OSError):
            return when

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]


def is_candidate(name: str) -> bool:
    """Whether a name in the record folder is listed (hidden, backup and temporary files and
    the analyses beside games are not)."""
    return not name.startswith(".") and not name.endswith((BACKUP_SUFFIX, TEMP_SUFFIX, *SIDECAR_SUFFIXES))


def read_entry(path: Path) -> RecordEntry:
    """The summary a record file holds (its envelope checked, no replay): unchecked."""
    if not path.is_file():
        raise SaveError("it is not a file")
    if not path.name.endswith(SAVE_SUFFIX):
        raise SaveError("it is not a saved game")
    return _entry_of(path, decode_save(read_bytes(path))[0])


def _entry_of(path: Path, saved) -> RecordEntry:
    try:
        title = get_spec(saved.game).title
    except UnknownGame:
        raise SaveError(f"it is a game this version of Tycoons does not have ({saved.game!r})") from None
    summary = saved.summary
    n = len(saved.seats)
    winners, scores = summary.get("winners"), summary.get("scores")
    if summary.get("finished") is not True or not isinstance(winners, list) or not isinstance(scores, list) \
            or len(scores) != n or not all(type(w) is int and 0 <= w < n for w in winners) \
            or not all(isinstance(x, int | float) for x in scores):
        raise SaveError("it is not a finished game")
    decisions = summary.get("decisions") if type(summary.get("decisions")) is int else 0
    if not saved.created:
        with contextlib.suppress(OverflowError, ValueError, OSError):  # a file time beyond the calendar
            saved.created = datetime.fromtimestamp(path.stat().st_mtime).astimezone().isoformat()
    return RecordEntry(path.parent, path.name, saved.game, title, saved.created, saved.seats, list(winners),
                       [float(x) for x in scores], decisions, path.name.endswith(KEPT_SUFFIX))
