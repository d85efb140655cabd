"""The index of the record of games: each finished game's summary, kept in one file beside the
record folder (``data_dir()/games.index`` for ``data_dir()/games``), so that listing 10,000
games reads one file instead of decoding 10,000. Qt-free.

The files stay the truth; the index is a cache of what they say, never their authority. Each row is keyed by the
file's name, size and modification time (names are digests of the games' contents, so a name
with its size and time stands for one content); `refresh` lists the folder (a directory scan and
one `stat` a file), keeps the rows that still match, decodes only new or changed files, drops
rows of files that went, and writes the index again (atomically: a temporary file moved over it)
when anything changed. A missing, damaged, foreign or older index is simply rebuilt from the
files. Marking a game Keep renames its file; a row whose file was renamed so (same digest, size
and time) is carried over, not decoded again.

**Checked results.** A summary records its winners as the file claims them. A game the app
itself recorded (`note_recorded`, from the session it played) is *checked*; a row decoded from a
file found in the folder (copied in, an index rebuilt) is *unchecked* until `verify` replays the
file, which replaces the claim by the real outcome (or notes the file as broken). The list shows
an unchecked winner as such, and the win rates count checked games only.

**Bounds and costs.** At most MAX_LISTED files are listed (the newest by time; a note says how
many were left out), so memory is bounded whatever lies in the folder. Measured on the shared
2-core development machine (tests/bench/record_bench.py): a 10,000-game index is about 1.4 MB,
read and checked against the folder in 0.25–0.7 s, off the GUI thread; building it from 10,000
files (first start, or the index deleted) takes 3–7 s, also off the GUI thread; the entries hold
some 11 MB and 40,000 objects the garbage collector walks (a full collection some 12 ms).
The index is written and read a row at a time, so the worker thread never holds the
interpreter long enough to freeze the GUI (one 10,000-row decode held it some 100 ms).

**Only this app's rows count.** Every row carries a keyed digest (BLAKE2b) made with a secret of
this data folder (``games.key`` beside the index, readable by its user only); a row whose digest
does not hold (an index written by hand or elsewhere, an older index) is dropped, so its file is
decoded again and its result is unchecked until replayed. A crafted row once made a false winner
count as checked in the win rates, and called `notes.txt` a game for the next prune to delete.
Without a key (none could be made: a read-only folder) nothing is trusted and nothing written.

Several threads of one process share a lock per index; two processes (two Tycoons on one data
folder) may each write the index, the last one winning: a row the other process added is then
missing and the file is decoded again at the next refresh, nothing worse.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import stat
import threading
from dataclasses import dataclass
from pathlib import Path

import msgpack

from engine.core.contract import SeatInfo
from engine.core.errors import UnknownGame
from engine.core.names import name_problem
from engine.core.registry import get_spec
from saves import files
from saves.record_entry import KEPT_SUFFIX, RecordEntry, is_candidate, read_entry
from saves.store import SAVE_SUFFIX

INDEX_SUFFIX = ".index"
INDEX_VERSION = 3
KEY_SUFFIX = ".key"
KEY_BYTES = 32
MAC_BYTES = 16
MAX_LISTED = 20_000
"""Most files the record lists (newest first by file time); the rest are noted, not read."""
MAX_INDEX_BYTES = 64 * 1024 * 1024
"""Largest index read (20,000 rows of six 40-character names would be some 30 MB)."""
_ROW_LIMITS = {"max_str_len": 4096, "max_bin_len": MAC_BYTES, "max_array_len": 64, "max_map_len": 16,
               "max_ext_len": 0}

_locks: dict[str, threading.Lock] = {}
_locks_guard = threading.Lock()
_keys: dict[str, bytes] = {}


def index_path(folder: str | os.PathLike) -> Path:
    """The index beside `folder`: ``<parent>/<folder name>.index``."""
    folder = Path(folder)
    return folder.with_name(folder.name + INDEX_SUFFIX)


def _lock(folder: Path) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(os.path.abspath(folder), threading.Lock())


# -- the key its rows are signed with ----------------------------------------------------------------
def key_path(folder: str | os.PathLike) -> Path:
    """The secret beside `folder`'s index: ``<parent>/<folder name>.key``."""
    folder = Path(folder)
    return folder.with_name(folder.name + KEY_SUFFIX)


def _read_key(path: Path) -> bytes | None:
    """The key in `path` if it is one: a regular file (never a link) of KEY_BYTES bytes that only
    its owner, this user, may read; None otherwise."""
    try:
        data = files.read_bounded(path, KEY_BYTES, follow_links=False, require=_private)
    except OSError:
        return None
    return data if len(data) == KEY_BYTES else None


def _private(info: os.stat_result) -> str | None:
    if hasattr(os, "getuid") and (info.st_uid != os.getuid() or info.st_mode & 0o077):
        return "another user could read it, or wrote it"  # its signatures would prove nothing
    return None


def _make_key(path: Path) -> bytes | None:
    """A new key in `path` (written whole, then put in place only if no key is there, so no reader
    ever sees half a key and two processes agree on one); the key another process made first if
    it did; None if none can be made. A key that is not one (see `_read_key`) is replaced."""
    key = secrets.token_bytes(KEY_BYTES)
    try:
        files.write_atomic(path, key, 0o600, create_only=True, make_folder=False)
    except FileExistsError:
        other = _read_key(path)
        if other is not None:
            return other
        try:
            files.write_atomic(path, key, 0o600, make_folder=False)
        except OSError:
            return None
    except OSError:
        return None
    return _read_key(path)


def _key(folder: Path, make: bool) -> bytes | None:
    """`folder`'s key (made with `make` when there is none); None when there is none to use."""
    path = key_path(folder)
    where = os.path.abspath(path)
    with _locks_guard:
        key = _keys.get(where)
    if key is None:
        key = _read_key(path) or (_make_key(path) if make else None)
        if key is not None:
            with _locks_guard:
                key = _keys.setdefault(where, key)
    return key


def forget_keys() -> None:
    """Read every folder's key afresh at next use (tests that replace a key)."""
    with _locks_guard:
        _keys.clear()


def _mac(key: bytes, packed: bytes) -> bytes:
    return hashlib.blake2b(packed, key=key, digest_size=MAC_BYTES).digest()


@dataclass(slots=True)
class Row:
    """One file of the record as the index knows it: its summary (`entry`) or why it was skipped."""

    name: str
    size: int
    mtime: int
    entry: RecordEntry | None = None
    note: str | None = None


# -- the index file ------------------------------------------------------------------------------------
def _encode(rows: list[Row], key: bytes) -> bytes:
    """A header, then per row a msgpack object and its keyed digest (of the object's bytes, as
    written): written and read a row at a time, so that a worker thread handling a large index never holds the
    interpreter for long (one call decoding a 10,000-row list held it some 100 ms, a frozen GUI
    meanwhile)."""
    packer = msgpack.Packer(use_bin_type=True)
    out = [packer.pack({"version": INDEX_VERSION, "rows": len(rows)})]
    for r in rows:
        e = r.entry
        if e is None:
            body = [r.name, r.size, r.mtime, 0, r.note or ""]
        else:
            body = [r.name, r.size, r.mtime, 1, e.game, e.created, [[s.name, s.kind, s.level] for s in e.seats],
                    list(e.winners), [float(x) for x in e.scores], e.decisions, bool(e.checked)]
        packed = packer.pack(body)
        out.append(packed)
        out.append(packer.pack(_mac(key, packed)))
    return b"".join(out)


def _decode(data: bytes, folder: Path, key: bytes | None) -> dict[str, Row]:
    """The rows of an index file; {} if it is not one (it is then rebuilt). Bad rows, and rows
    whose digest does not hold under `key`, are dropped (their files are decoded again)."""
    if key is None:
        return {}
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=max(1, len(data)), **_ROW_LIMITS)
    unpacker.feed(data)
    rows: dict[str, Row] = {}
    shared: dict[str, str] = {}  # the same names and levels recur in every game: one copy each,
    titles: dict[str, str] = {}  # checked once
    try:
        top = unpacker.unpack()
        if type(top) is not dict or top.get("version") != INDEX_VERSION or type(top.get("rows")) is not int \
                or not 0 <= top["rows"] <= MAX_LISTED * 2:
            return {}
        for _ in range(top["rows"]):
            start = unpacker.tell()
            raw = unpacker.unpack()
            end = unpacker.tell()
            if unpacker.unpack() != _mac(key, data[start:end]):
                continue  # not a row this app wrote
            row = _row(raw, folder, shared, titles)
            if row is not None:
                rows[row.name] = row
    except Exception:  # noqa: BLE001 - a damaged index is only a cache to rebuild
        return {}
    return rows


def _name(text, shared: dict) -> str | None:
    """`text` as a shared copy if it is a valid name (each distinct text checked once), else None."""
    known = shared.get(text) if type(text) is str else None
    if known is None:
        if name_problem(text):
            return None
        known = shared[text] = text
    return known


def _row(raw, folder: Path, shared: dict, titles: dict) -> Row | None:
    try:
        name, size, mtime, kind = raw[:4]
        if type(name) is not str or not name or "/" in name or "\\" in name or type(size) is not int \
                or type(mtime) is not int:
            return None
        if kind == 1 and not name.endswith(SAVE_SUFFIX):
            return None  # only a save is a game
        if kind == 0 and len(raw) == 5 and type(raw[4]) is str:
            return Row(name, size, mtime, None, raw[4][:300])
        if kind != 1 or len(raw) != 11:
            return None
        game, created, seats_raw, winners, scores, decisions, checked = raw[4:]
        if type(game) is not str or type(created) is not str or len(created) > 64 or type(seats_raw) is not list \
                or not 1 <= len(seats_raw) <= 8 or type(decisions) is not int or type(checked) is not bool:
            return None
        seats = []
        for s in seats_raw:
            if type(s) is not list or len(s) != 3 or s[1] not in ("human", "ai", "online") \
                    or not (s[2] is None or (type(s[2]) is str and len(s[2]) <= 20)):
                return None
            key = (s[0], s[1], s[2])
            seat = shared.get(key)  # one SeatInfo for each player over all their games
            if seat is None:
                if _name(s[0], shared) is None:
                    return None
                seat = shared[key] = SeatInfo(*key)
            seats.append(seat)
        n = len(seats)
        if type(winners) is not list or not all(type(w) is int and 0 <= w < n for w in winners) \
                or type(scores) is not list or len(scores) != n \
                or not all(type(x) in (int, float) for x in scores):
            return None
        title = titles.get(game)
        if title is None:
            title = titles[game] = get_spec(game).title
    except (ValueError, TypeError, IndexError, UnknownGame):
        return None
    entry = RecordEntry(folder, name, shared.setdefault(game, game), title, created, seats, winners,
                        [float(x) for x in scores], decisions, name.endswith(KEPT_SUFFIX), checked)
    return Row(name, size, mtime, entry)


def load_index(folder: Path) -> dict[str, Row]:
    """The rows of `folder`'s index ({} when there is none, or it is unreadable or damaged)."""
    try:
        data = files.read_bounded(index_path(folder), MAX_INDEX_BYTES)
    except OSError:
        return {}
    return _decode(data, folder, _key(folder, make=False))


def save_index(folder: Path, rows: list[Row]) -> None:
    """Write `folder`'s index atomically (a cache: a failure is silent, the files stay the truth;
    without a key, nothing is written: no row could be trusted)."""
    key = _key(folder, make=True)
    if key is None:
        return
    with contextlib.suppress(OSError):
        files.write_atomic(index_path(folder), _encode(rows, key), make_folder=False)


# -- keeping it in step with the folder ----------------------------------------------------------------
@dataclass
class Listing:
    """What `refresh` found: the rows of the listed files (newest file first) and what it did."""

    rows: list[Row]
    decoded: int = 0
    left_out: int = 0


def _listed(folder: Path) -> tuple[list[tuple[str, int, int, bool]], int]:
    found = []
    try:
        with os.scandir(folder) as it:
            for d in it:
                if not is_candidate(d.name):
                    continue
                try:
                    info = d.stat()
                except OSError:
                    continue
                found.append((d.name, info.st_size, info.st_mtime_ns, stat.S_ISREG(info.st_mode)))
    except OSError:
        return [], 0
    found.sort(key=lambda f: (f[2], f[0]), reverse=True)
    return found[:MAX_LISTED], max(0, len(found) - MAX_LISTED)


def _stem(name: str) -> str:
    for suffix in (KEPT_SUFFIX, SAVE_SUFFIX):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def refresh(folder: str | os.PathLike, decode=None, progress=None, stop=None) -> Listing:
    """The rows of every file in `folder`, the index brought in step with it (see the module
    docstring). `decode(path)` gives a file's RecordEntry or raises (its message becomes the
    row's note); by default `saves.record_entry.read_entry`. `progress(done, total)` hears of the files
    decoded; `stop()` true ends the work early (the rows decoded so far are kept in the index).

    The files are decoded outside the index's lock, so a game being recorded meanwhile (on the
    autosave thread) never waits for a long rebuild."""
    folder = Path(folder)
    decode = decode or read_entry
    if not folder.is_dir():
        return Listing([])
    with _lock(folder):
        known = load_index(folder)
    files, left_out = _listed(folder)
    names = {f[0] for f in files}
    by_stem = {(_stem(r.name), r.size, r.mtime): r for r in known.values()
               if r.name not in names and r.entry is not None}
    rows, todo, changed = [], [], len(known) != len(files)
    for name, size, mtime, regular in files:
        row = known.get(name)
        if row is not None and row.size == size and row.mtime == mtime:
            rows.append(row)
            continue
        changed = True
        moved = by_stem.pop((_stem(name), size, mtime), None)
        if moved is not None:  # a Keep mark given or taken: the same game under its new name
            moved.name = name
            moved.entry.name = name
            moved.entry.kept = name.endswith(KEPT_SUFFIX)
            rows.append(moved)
            continue
        rows.append(None)
        todo.append((len(rows) - 1, name, size, mtime, regular))
    decoded = 0
    for i, name, size, mtime, regular in todo:
        if stop is not None and stop():
            break
        rows[i] = _decoded_row(folder, name, size, mtime, regular, decode)
        decoded += 1
        if progress is not None and decoded % 100 == 0:
            progress(decoded, len(todo))
    if changed:
        with _lock(folder):
            # what was written meanwhile (a game recorded, checked results, another refresh)
            # is kept: its checked rows win, and rows this one did not get to are taken from it
            latest = load_index(folder)
            undecoded = {t[0]: t[1:4] for t in todo}
            for k, row in enumerate(rows):
                if row is None:
                    name, size, mtime = undecoded[k]
                    other = latest.get(name)
                    rows[k] = other if other is not None and (other.size, other.mtime) == (size, mtime) else None
                    continue
                other = latest.get(row.name)
                if other is not None and other.entry is not None and other.entry.checked \
                        and (other.size, other.mtime) == (row.size, row.mtime):
                    rows[k] = other
            rows = [r for r in rows if r is not None]
            save_index(folder, rows + [r for n, r in latest.items() if n not in names and _unchanged(folder, r)])
    rows = [r for r in rows if r is not None]
    return Listing(rows, decoded, left_out)


def _unchanged(folder: Path, row: Row) -> bool:
    """Whether `row`'s file is still there as the row knows it."""
    try:
        info = os.stat(folder / row.name)
    except OSError:
        return False
    return (info.st_size, info.st_mtime_ns) == (row.size, row.mtime)


def _decoded_row(folder: Path, name: str, size: int, mtime: int, regular: bool, decode) -> Row:
    from saves.errors import SaveError

    path = folder / name
    try:
        if not regular:
            raise SaveError("it is not a file" if not path.is_dir() else "it is a folder, not a save")
        return Row(name, size, mtime, decode(path))
    except SaveError as exc:
        exc.path = os.fspath(path)
        return Row(name, size, mtime, None, f"Skipped {exc.reason}")
    except Exception as exc:  # noqa: BLE001 - a bad file never takes the record down
        return Row(name, size, mtime, None, f"Skipped {name}: it could not be read ({type(exc).__name__})")


def note_recorded(folder: str | os.PathLike, path: Path, entry) -> None:
    """Add the game the app has just recorded at `path` to the index, its summary checked (it
    came from the session that was played)."""
    folder = Path(folder)
    with _lock(folder):
        try:
            info = os.stat(path)
        except OSError:
            return
        rows = load_index(folder)
        entry.checked = True
        rows[path.name] = Row(path.name, info.st_size, info.st_mtime_ns, entry)
        save_index(folder, list(rows.values()))


def update_entry(folder: str | os.PathLike, entry, note: str | None = None) -> None:
    """Store a checked entry (or, with `note`, the file's fault) for `entry`'s file."""
    update_entries(folder, [(entry, note)])


def update_entries(folder: str | os.PathLike, updates: list) -> None:
    """`update_entry` for many files at once, reading and writing the index once (checking
    the results of thousands of games one index write each would cost minutes)."""
    folder = Path(folder)
    with _lock(folder):
        rows = load_index(folder)
        changed = False
        for entry, note in updates:
            row = rows.get(entry.name)
            if row is None:
                continue
            try:
                info = os.stat(entry.path)
            except OSError:
                continue
            if (info.st_size, info.st_mtime_ns) != (row.size, row.mtime):
                continue  # the file changed meanwhile: the next refresh reads it again
            rows[row.name] = Row(row.name, row.size, row.mtime, None if note else entry, note)
            changed = True
        if changed:
            save_index(folder, list(rows.values()))
