"""The record of games played: every finished game's save, kept in ``data_dir()/games``, listed on
the start screen under "Past games", with the player's win rate against each AI level. Qt-free.

Each finished game is one ordinary save file (its log: a few kilobytes to a few tens), named after
its content (``<game>-<digest>.tycoons``), so recording the same game again (a finished save
loaded, the last decision undone and taken again) never makes a second copy. A game the player
marks to keep is renamed ``<game>-<digest>.kept.tycoons``: the mark lives in the file's own name,
so no index file can get lost or damaged and take the marks with it. `prune` removes the oldest
unmarked games beyond the player's limit and never touches a kept game, nor a file it cannot
read (that one is the player's to look at).

Listing goes through the index beside the folder (saves/record_index.py): each file's checked
envelope and recorded summary is decoded once, when the file is new, and kept there; a listing
of 10,000 games then reads one file. A damaged, foreign or unknown file is skipped with a note,
never an exception. A summary the app did not write itself is marked unchecked until `verify`
replays its file.

Bounds: the player keeps at most MAX_LIMIT unmarked games and may mark at most MAX_KEPT to
keep; a game's file is some 1–40 KB (10,000 games: up to some 400 MB on disk; Past games states
the cost of the player's limit from the record's own mean size), its row in the index some 140
bytes, its entry in memory about 1 KB.

An analysis of a game (ai/analysis.py) is kept beside its file as ``<file>.analysis``: it is
renamed with the file when the game is marked to keep and removed with it when it is pruned.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from saves.envelope import pack
from saves.errors import SaveError
from saves.files import data_dir
from saves.record_entry import (  # noqa: F401 - the record's names, where its users find them
    KEPT_SUFFIX,
    SIDECAR_SUFFIXES,
    RecordEntry,
    _entry_of,
    is_candidate,
    read_entry,
)
from saves.record_index import MAX_LISTED, note_recorded, refresh, update_entry
from saves.store import (
    SAVE_SUFFIX,
    backup_path,
    decode_save,
    encode_for_save,
    read_bytes,
    read_save,
    write_encoded,
)

RECORD_FOLDER = "games"
DEFAULT_LIMIT = 200
"""Unmarked games kept by default (a long game's save is tens of kilobytes: a few MB in all)."""
MAX_LIMIT = 10_000
"""Most unmarked games the player may keep (the settings' record_limit has the same range)."""
MAX_KEPT = 10_000
"""Most games the player may mark Keep (together at most 20,000: what the index lists)."""


def record_dir() -> Path:
    """``data_dir()/games``: where finished games are kept."""
    return data_dir() / RECORD_FOLDER


@dataclass
class Record:
    """The record's games, newest first, and a note per file that was skipped. `left_out` files
    were beyond what the record lists (record_index.MAX_LISTED); `decoded` files had to be read
    (new or changed since the index was written); `bytes` is the files' total size."""

    entries: list[RecordEntry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    left_out: int = 0
    decoded: int = 0
    bytes: int = 0

    @property
    def unchecked(self) -> int:
        return sum(1 for e in self.entries if not e.checked)

    @property
    def kept(self) -> int:
        return sum(1 for e in self.entries if e.kept)


def game_digest(session) -> str:
    """A short digest of what makes a game itself: game, seats, options, seed and every decision."""
    return _digest(session.spec.id, session.seats, session.options, session.seed, [e.action for e in session.log])


def _digest(game: str, seats, options, seed, actions) -> str:
    data = [game, [s.to_dict() for s in seats], dict(options), int(seed), [a.to_dict() for a in actions]]
    return hashlib.blake2b(pack(data), digest_size=8).hexdigest()


RECORD_NAME = re.compile(r"([a-z0-9][a-z0-9-]*)-([0-9a-f]{16})" + re.escape(SAVE_SUFFIX))
"""An unmarked game's file name in the record: ``<game>-<digest>.tycoons``."""


def is_own_record_file(path: Path) -> bool:
    """Whether `path` is a game this record wrote, read to be sure: a save (a regular file whose
    envelope and checksum hold) named after its own content. What prune may delete, and nothing
    else (whatever the index says of it)."""
    match = RECORD_NAME.fullmatch(path.name)
    if match is None or path.is_symlink() or not path.is_file():
        return False
    try:
        saved, _ = decode_save(read_bytes(path))
    except Exception:  # noqa: BLE001 - anything unreadable is not known to be ours
        return False
    return saved.game == match[1] and _digest(saved.game, saved.seats, saved.options, saved.seed,
                                               saved.actions) == match[2]


def record_stem(session) -> str:
    """The record's file name for a game, without suffix: ``<game>-<digest>``."""
    return f"{session.spec.id}-{game_digest(session)}"


def recorded_path(session, folder: str | os.PathLike | None = None) -> Path | None:
    """The record's file of `session` (marked to keep or not), or None if it is not recorded."""
    folder = Path(folder) if folder is not None else record_dir()
    stem = record_stem(session)
    for path in (folder / (stem + SAVE_SUFFIX), folder / (stem + KEPT_SUFFIX)):
        if path.is_file():
            return path
    return None


def record_game(session, folder: str | os.PathLike | None = None, limit: int = DEFAULT_LIMIT) -> Path:
    """Keep a finished game in the record (once), then prune to `limit` unmarked games.

    Returns the record file. Raises ValueError for an unfinished game and SaveWriteError if the
    file cannot be written.
    """
    if not session.is_over():
        raise ValueError("only finished games are recorded")
    stem = record_stem(session)
    return write_record(stem, encode_for_save(session, stem + SAVE_SUFFIX), folder, limit)


def write_record(stem: str, data: bytes, folder: str | os.PathLike | None = None,
                 limit: int = DEFAULT_LIMIT) -> Path:
    """The file half of `record_game` (save bytes from `encode_for_save`), which the app runs off
    the GUI thread: write unless the game is there already, then prune."""
    folder = Path(folder) if folder is not None else record_dir()
    for existing in (folder / (stem + SAVE_SUFFIX), folder / (stem + KEPT_SUFFIX)):
        if existing.is_file():
            return existing
    path = write_encoded(data, folder / (stem + SAVE_SUFFIX))
    # a record file is named after its content, so it needs no backup; one is made when another
    # Tycoons recorded the same game between the look above and the write (two on one folder)
    with contextlib.suppress(OSError):
        os.unlink(backup_path(path))
    try:
        note_recorded(folder, path, _entry_of(path, decode_save(data)[0]))
    except SaveError:
        pass  # listed (unchecked) at the next refresh
    prune(folder, limit, keep=path)
    return path


def read_record(folder: str | os.PathLike | None = None, progress=None, stop=None) -> Record:
    """Every finished game in the record, newest first; what cannot be read is noted, never raised.

    Through the index (see the module docstring): only files new since it was written are
    decoded. `progress(done, total)` and `stop()` as for `record_index.refresh`."""
    folder = Path(folder) if folder is not None else record_dir()
    listing = refresh(folder, progress=progress, stop=stop)
    record = Record(left_out=listing.left_out, decoded=listing.decoded)
    for row in listing.rows:
        record.bytes += row.size
        if row.entry is not None:
            record.entries.append(row.entry)
        else:
            record.notes.append(row.note or f"Skipped {row.name}")
    record.entries.sort(key=lambda e: (e.created, e.name), reverse=True)
    if listing.left_out:
        record.notes.append(f"{listing.left_out:,} older files in {folder.name} are not listed (the record "
                            f"lists the newest {MAX_LISTED:,})")
    return record


def verify(entry: RecordEntry, store: bool = True) -> RecordEntry:
    """Replay `entry`'s file and give its real outcome, checked; the index keeps it. SaveError
    if the file does not replay (the index then notes it as skipped). `entry` is not changed.
    With `store` False the index is left for the caller to update (`update_entries`, once for
    a batch)."""
    try:
        loaded = read_save(entry.path)
        outcome = loaded.session.state.outcome() if loaded.session.is_over() else None
        if outcome is None:
            raise SaveError("it is not a finished game")
    except SaveError as exc:
        exc.path = os.fspath(entry.path)
        if store:
            update_entry(entry.folder, entry, note=f"Skipped {exc.reason}")
        raise
    checked = replace(entry, winners=list(outcome.winners), scores=[float(x) for x in outcome.scores],
                      seats=list(loaded.session.seats), checked=True)
    if store:
        update_entry(entry.folder, checked)
    return checked


def claim_held(before: RecordEntry, after: RecordEntry) -> bool:
    """Whether a file's claimed result was its real one."""
    return before.winners == after.winners and before.scores == after.scores


def set_kept(path: str | os.PathLike, kept: bool) -> Path:
    """Mark (or unmark) a recorded game to keep; returns its new path. OSError if it cannot be."""
    path = Path(path)
    is_kept = path.name.endswith(KEPT_SUFFIX)
    if is_kept == kept:
        return path
    stem = path.name[: -len(KEPT_SUFFIX if is_kept else SAVE_SUFFIX)]
    target = path.with_name(stem + (KEPT_SUFFIX if kept else SAVE_SUFFIX))
    if target.exists():
        raise FileExistsError(f"{target.name} is in the way")
    os.rename(path, target)
    for suffix in SIDECAR_SUFFIXES:  # the analysis follows its game (a missing one is no error)
        with contextlib.suppress(OSError):
            os.rename(f"{path}{suffix}", f"{target}{suffix}")
    return target


def prune(folder: str | os.PathLike | None = None, limit: int = DEFAULT_LIMIT,
          keep: Path | None = None) -> list[Path]:
    """Delete the oldest unmarked games beyond `limit` (kept games and unreadable files are never
    touched, nor `keep`, nor a file not read to be one of the record's own games: the listing
    comes through the index, which is never the files' authority); returns the files deleted."""
    record = read_record(folder)
    unmarked = [e for e in record.entries if not e.kept]  # newest first
    excess = unmarked[max(0, int(limit)):]
    deleted = []
    for entry in excess:
        if (keep is not None and entry.path == keep) or not is_own_record_file(entry.path):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            deleted.append(entry.path)
            for suffix in SIDECAR_SUFFIXES:
                with contextlib.suppress(OSError):
                    os.unlink(f"{entry.path}{suffix}")
    return deleted


@dataclass
class WinRate:
    """The player's results against one AI level in one game."""

    wins: float
    games: int

    @property
    def percent(self) -> float:
        return 100.0 * self.wins / self.games if self.games else 0.0


def win_rates(entries: list[RecordEntry], checked_only: bool = False) -> dict[str, dict[str, WinRate]]:
    """Per game title and AI level: how often the player (the one human seat of a game against AI)
    won when that level sat at the table. A shared victory counts as a win; hot-seat games with
    several humans and all-AI games are left out, and with `checked_only` the games whose result
    is only what their file claims."""
    out: dict[str, dict[str, WinRate]] = {}
    for e in entries:
        if checked_only and not e.checked:
            continue
        humans = e.human_seats()
        if len(humans) != 1:
            continue
        levels = sorted({s.level or "normal" for s in e.seats if s.is_ai})
        won = 1.0 if humans[0] in e.winners else 0.0
        per_game = out.setdefault(e.title, {})
        for level in levels:
            rate = per_game.setdefault(level, WinRate(0.0, 0))
            rate.wins += won
            rate.games += 1
    return out
