"""Writing and reading save files (ARCHITECTURE §7).

`write_session` is atomic: the bytes go to a temporary file in the same folder, which is flushed
and fsync'd and then moved over the target with `os.replace`; just before that, the previous
save is kept as ``<path>.bak``. If anything fails (encoding, a full disk, a crash or a kill at
any point) the file at `path` is either the complete old save or the complete new one, never a
mix, and a failed write removes its temporary file. Temporary files are named
``.<name>.<random>.tmp``, so nothing that looks for ``*.tycoons`` files ever mistakes one for a
save. The writing and the bounded reading are `saves.files`', as for every file the app keeps.

`read_session` checks the file (magic, format version, checksum, layout), migrates an older
format, checks the game and its rules version, replays the log and compares the final state
hash. Every problem becomes a `SaveError` subclass with a one-line `.reason` naming the file;
reading never changes the file.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from engine.core.contract import CHANCE
from engine.core.errors import ReplayMismatch, UnknownGame
from engine.core.registry import get_spec
from engine.core.session import Session, setup_problem
from saves import files
from saves.envelope import FORMAT_VERSION, MAGIC, SavedGame, encode_session, open_envelope, parse_payload
from saves.errors import (
    CorruptSave,
    NotASave,
    ReplayFailed,
    SaveError,
    SaveNotFound,
    SaveTooNew,
    SaveWriteError,
    UnknownSavedGame,
    WrongGame,
    one_line,
)
from saves.migrations import upgrade

SAVE_SUFFIX = ".tycoons"
BACKUP_SUFFIX = ".bak"
TEMP_SUFFIX = files.TEMP_SUFFIX
MAX_SAVE_BYTES = 16 * 1024 * 1024
"""Far above any real save (a long game is tens of kilobytes; 16 MB holds some 350,000 decisions);
stops us reading a huge file, and with the decoder's limits keeps a load's memory bounded."""


def backup_path(path: str | os.PathLike) -> Path:
    """Where the previous version of `path` is kept: ``<path>.bak``."""
    return Path(os.fspath(path) + BACKUP_SUFFIX)


# -- writing ------------------------------------------------------------------------------------
def write_session(session: Session, path: str | os.PathLike) -> Path:
    """Save `session` to `path` atomically, keeping the previous file as ``<path>.bak``.

    Returns the absolute path written. Raises SaveWriteError (the old file untouched, no
    temporary file left behind) if the game cannot be encoded or the file cannot be written.
    """
    return write_encoded(encode_for_save(session, path), path)


def encode_for_save(session: Session, path: str | os.PathLike) -> bytes:
    """The bytes `write_session` would write for `session` (SaveWriteError naming `path` if the
    game cannot be encoded, or would give a file this version could not read back: a name, an
    option or the seed outside its range, or a log beyond MAX_SAVE_BYTES). Split from the write
    so a caller can encode on one thread and write on another."""
    where = Path(os.path.abspath(os.fspath(path)))
    try:
        problem = setup_problem(session.seats, session.seed)
        if problem is None:
            session.spec.resolve_options(session.options)
    except ValueError as exc:
        problem = str(exc)
    if problem:
        raise SaveWriteError(f"could not be saved ({problem}); the previous save is unchanged", where)
    try:
        data = encode_session(session)
    except Exception as exc:  # noqa: BLE001 - any encoding failure must leave the old save alone
        raise SaveWriteError(f"could not be saved (the game could not be encoded: {exc}); "
                             "the previous save is unchanged", where) from exc
    if len(data) > MAX_SAVE_BYTES:
        raise SaveWriteError(f"could not be saved (its log of {len(session.log):,} decisions is longer than a "
                             "save holds); the previous save is unchanged", where)
    return data


def write_encoded(data: bytes, path: str | os.PathLike) -> Path:
    """Write save bytes from `encode_for_save` to `path` atomically, keeping ``<path>.bak``.

    A `path` that is a symbolic link is written through to the file it points to (the link stays
    a link). Returns the path as given, made absolute."""
    target = Path(os.path.abspath(os.fspath(path)))
    real = Path(os.path.realpath(target)) if os.path.islink(target) else target
    try:
        problem = _layout_problem(real)
        if problem:
            raise SaveWriteError(f"could not be saved: {problem}; the previous save is unchanged", target)
        files.write_atomic(real, data, before_replace=_keep_backup)
    except OSError as exc:
        raise SaveWriteError(f"could not be saved ({files.reason(exc)}); the previous save is unchanged",
                             target) from exc
    return target


def _layout_problem(target: Path) -> str | None:
    """The real reason a save cannot go to `target`, when the OS would only say "File exists" or
    "Is a directory": a folder on the way that is a file, the save or its backup a folder."""
    problem = files.write_problem(target)
    if problem:
        return problem
    bak = backup_path(target)
    if bak.is_dir():
        return f"the backup of the previous save, {bak}, is a folder; move it away to save here"
    return None


def _keep_backup(target: Path) -> None:
    """Make ``<target>.bak`` a copy of the current `target`, itself atomically.

    A hard link costs nothing and leaves `target` in place (so there is never a moment without
    a save at `target`); file systems without links get a copy, written through the safe path.

    Another process may save to the same file at the same time (a second Tycoons on one data
    folder). If it kept the same version as ``.bak`` first, the link and ``.bak`` are one file,
    and renaming one name of a file over another does nothing (POSIX): the link is then left
    over, so it is removed here. If the other process removed `target` meanwhile (a finished
    game's autosave cleared), there is nothing to back up.
    """
    if not target.is_file():
        return
    bak = backup_path(target)
    tmp = files.temp_name(target, "bak.")
    try:
        try:
            os.link(target, tmp)  # a new name: fails (never follows) if anything is there
        except FileNotFoundError:
            return
        except OSError:
            tmp = _copy_beside(target)
            if tmp is None:
                return
        os.replace(tmp, bak)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)  # gone after a real rename; left when it and .bak were one file


def _copy_beside(target: Path) -> Path | None:
    """A durable copy of `target` under a new temporary name (exclusively created), or None if
    `target` went meanwhile (or is no longer a regular file)."""
    fd, tmp = files.create_exclusive(target, tag="bak.")
    try:
        with os.fdopen(fd, "wb") as out:
            source = files.open_regular(target)
            if source is not None:
                with source:
                    shutil.copyfileobj(source, out)
                out.flush()
                os.fsync(out.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if source is None:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return None
    return tmp


def remove_leftover_temps(folder: str | os.PathLike) -> int:
    """Remove the temporary files that writes killed midway left in `folder` (any save's:
    ``.<name>.tycoons.<random>.tmp``); the app calls it at start. Returns how many went."""
    return files.remove_stale_temps(folder, ".*" + SAVE_SUFFIX + ".*" + files.TEMP_SUFFIX)


def list_saves(folder: str | os.PathLike) -> list[Path]:
    """The ``*.tycoons`` files in `folder`, newest first (temporary and backup files excluded)."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    files = [p for p in folder.iterdir()
             if p.suffix == SAVE_SUFFIX and not p.name.startswith(".") and p.is_file()]
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


# -- reading ------------------------------------------------------------------------------------
@dataclass
class LoadedSave:
    """A save that passed every check: the replayed session and what the file recorded."""

    session: Session
    saved: SavedGame
    format: int
    path: Path


def read_bytes(path: str | os.PathLike) -> bytes:
    """The file's bytes, refusing missing, unreadable, non-regular or absurdly large files.

    A file that does not start with the magic is not read further (it may be huge, or a device).
    """
    try:
        return files.read_bounded(path, MAX_SAVE_BYTES, magic=MAGIC)
    except FileNotFoundError:
        raise SaveNotFound("there is no such file", path) from None
    except files.Unreadable as exc:
        if exc.kind == "folder":
            raise NotASave("it is a folder, not a save file", path) from None
        if exc.kind == "special":
            raise NotASave("it is not a regular file, so not a save", path) from None
        if exc.kind == "large":
            raise CorruptSave("the file is far too large to be a save", path) from None
        if exc.kind == "dangling":
            raise SaveNotFound("there is no such file (it is a link to nothing)", path) from None
        raise SaveNotFound(f"the file {exc}", path) from None
    except OSError as exc:
        raise SaveNotFound(f"the file cannot be read ({files.reason(exc)})", path) from None


def decode_save(data: bytes) -> tuple[SavedGame, int]:
    """Check and decode file bytes into a current-format SavedGame (migrating older formats).

    Returns the SavedGame and the format the file was written in. No replay.
    """
    env = open_envelope(data)
    payload = env.payload
    if env.format < FORMAT_VERSION:
        payload = upgrade(payload, env.format)
    return parse_payload(payload), env.format


def replay_saved(saved: SavedGame, expect_game: str | None = None) -> Session:
    """Check the game and rules version, replay the log and compare the final state hash."""
    try:
        spec = get_spec(saved.game)
    except UnknownGame:
        raise UnknownSavedGame(f"it is a save of a game this version of Tycoons does not have "
                               f"({saved.game!r}); a newer Tycoons may open it") from None
    if expect_game is not None and saved.game != expect_game:
        try:
            wanted = get_spec(expect_game).title
        except UnknownGame:
            wanted = expect_game
        raise WrongGame(f"it is a save of {spec.title}, not of {wanted}")
    if saved.rules_version < spec.oldest_rules_version:
        raise CorruptSave(f"the save is malformed (rules version {saved.rules_version:,}; {spec.title} has "
                          f"rules versions {spec.oldest_rules_version}–{spec.rules_version})")
    if saved.rules_version > spec.rules_version:
        raise SaveTooNew(f"it was saved with newer rules of {spec.title} (version {saved.rules_version}; "
                         f"this Tycoons has version {spec.rules_version}): please update Tycoons")
    rules_note = ""
    if saved.rules_version < spec.rules_version:
        rules_note = (f" (it was saved with rules version {saved.rules_version} of {spec.title}; "
                      f"this Tycoons has version {spec.rules_version})")
    if not spec.min_players <= len(saved.seats) <= spec.max_players:
        raise CorruptSave(f"the save is malformed ({len(saved.seats)} seats; {spec.title} takes "
                          f"{spec.min_players}–{spec.max_players} players)")
    try:
        spec.resolve_options(saved.options)
    except ValueError as exc:
        raise CorruptSave(f"the save is malformed (its game options are not valid: {exc})") from None
    try:
        session = Session.replay(saved.game, saved.seats, saved.options, saved.seed, saved.actions,
                                 saved.ai_flags)
    except ReplayMismatch as exc:
        raise ReplayFailed(f"its decisions do not replay{rules_note}: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a damaged log must never crash the caller
        raise ReplayFailed(f"its decisions do not replay{rules_note}: {type(exc).__name__}: {exc}") from None
    if session.state.state_hash() != saved.state_hash:
        raise ReplayFailed(f"replaying its {len(saved.actions)} decisions does not reach the saved "
                           f"position{rules_note}")
    # A log that ends at a chance decision (a save written between a move and its dice) would
    # leave the game waiting for a roll no one makes: the seed decides it, now.
    session.resolve_chance(notify=False)
    session.hints = list(saved.hints)
    return session


def read_save(path: str | os.PathLike, expect_game: str | None = None) -> LoadedSave:
    """Read, check and replay a save; the session plus what the file recorded."""
    try:
        data = read_bytes(path)
        saved, fmt = decode_save(data)
        del data  # the bytes are not needed during the replay
        session = replay_saved(saved, expect_game)
    except SaveError as exc:
        exc.path = os.fspath(path)
        raise
    except Exception as exc:  # noqa: BLE001 - the promise: only SaveError leaves read_session
        raise CorruptSave(f"the file could not be read ({type(exc).__name__}: {exc})", path) from None
    return LoadedSave(session, saved, fmt, Path(path))


def read_session(path: str | os.PathLike, expect_game: str | None = None) -> Session:
    """Load a save into a Session, after every check (see the module docstring).

    Raises a SaveError subclass with a one-line `.reason` for any bad file; with `expect_game`,
    a good save of another game raises WrongGame. The file is never changed.
    """
    return read_save(path, expect_game).session


# -- a one-line description -------------------------------------------------------------------
def _seat_text(seat) -> str:
    name = one_line(seat.name, 60)  # names come from the file: control characters escaped
    if seat.kind == "ai":
        return f"{name} (AI{', ' + one_line(seat.level, 20) if seat.level else ''})"
    return f"{name} (human)"


def _join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _saved_time(created: str) -> str:
    if not created:
        return "saved at an unknown time"
    try:
        when = datetime.fromisoformat(created.replace("Z", "+00:00"))
    except ValueError:
        return "saved at an unknown time"
    try:
        when = when.astimezone()  # local time, as players read clocks
    except (OverflowError, ValueError, OSError):
        pass  # year 1 or 9999 shifted out of range by the time zone: shown as the file has it
    return f"saved {when.strftime('%Y-%m-%d %H:%M')}"


def summarize(session: Session, created: str = "") -> str:
    """One line about a game: title, players and kinds, decisions, finished and winners, time."""
    seats = session.seats
    decisions = sum(1 for e in session.log if e.action.seat != CHANCE)
    parts = [f"{session.spec.title}", f"{len(seats)} players: " + ", ".join(_seat_text(s) for s in seats),
             f"{decisions} decision{'s' if decisions != 1 else ''}"]
    outcome = session.state.outcome() if session.is_over() else None
    if outcome is not None:
        winners = [one_line(seats[w].name, 60) for w in outcome.winners if 0 <= w < len(seats)]
        parts.append(f"finished, won by {_join_names(winners)}" if winners else "finished")
    else:
        parts.append("in progress")
    if created is not None:
        parts.append(_saved_time(created))
    return "; ".join(parts)


def describe_save(path: str | os.PathLike, verify: bool = True) -> str:
    """A one-line summary of a good save.

    Example: ``1st CEO; 3 players: Ann (human), Bob (AI, easy), Cy (AI, normal); 57 decisions;
    finished, won by Bob; saved 2026-11-29 13:20``. With `verify` (the default) the save gets
    every check, replay included; without it (a quick listing of many files) the file's checksum
    is checked and the summary it recorded is used. Raises SaveError for a bad file.
    """
    if verify:
        loaded = read_save(path)
        return summarize(loaded.session, loaded.saved.created)
    try:
        saved, _ = decode_save(read_bytes(path))
    except SaveError as exc:
        exc.path = os.fspath(path)
        raise
    except Exception as exc:  # noqa: BLE001 - as in read_save
        raise CorruptSave(f"the file could not be read ({type(exc).__name__}: {exc})", path) from None
    return _summary_from_record(saved)


def _summary_from_record(saved: SavedGame) -> str:
    """The summary line from what the file recorded (no replay)."""
    rec = saved.summary
    try:
        title = get_spec(saved.game).title
    except UnknownGame:
        title = one_line(rec.get("title") if isinstance(rec.get("title"), str) else saved.game, 60)
    seats = saved.seats
    decisions = rec.get("decisions")
    if type(decisions) is not int:
        decisions = sum(1 for a in saved.actions if a.seat != CHANCE)
    parts = [title, f"{len(seats)} players: " + ", ".join(_seat_text(s) for s in seats),
             f"{decisions} decision{'s' if decisions != 1 else ''}"]
    if rec.get("finished") is True:
        winners = [one_line(seats[w].name, 60) for w in rec.get("winners", [])
                   if type(w) is int and 0 <= w < len(seats)]
        parts.append(f"finished, won by {_join_names(winners)}" if winners else "finished")
    elif rec.get("finished") is False:
        parts.append("in progress")
    parts.append(_saved_time(saved.created))
    return "; ".join(parts)
