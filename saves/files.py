"""Where Tycoons keeps its files, and the one way it writes and reads them. Standard library only
(no Qt, no engine, no `ui`), so the start screen, the online core and worker processes import it
before anything else.

**Where.** `data_dir()` is the per-user data folder (``$TYCOONS_DATA_DIR`` when set, which tests
and portable installs use; else platformdirs' user data folder for "tycoons"); `saves_dir()` the
folder Save As offers inside it. Nothing here creates a folder until a write needs it.

**Writing** (`write_atomic`). The bytes go to a temporary file beside the target, named
``.<target>.<random>.tmp`` with 64 random bits and created exclusively (``O_CREAT | O_EXCL``, and
``O_NOFOLLOW`` where the system has it): a name planted in a folder others can write to (a link
to a file of the player's, a FIFO, anything) makes the open fail instead of writing through it,
and another random name is tried. The file is flushed and fsync'd, given its mode before any
byte is written (0600 stays 0600 whatever the umask), then moved over the target with
`os.replace`, and the folder is fsync'd. A target that is a link is replaced by the new file, never
followed (a caller that wants to write through a link resolves it first, as saves do); a target
that is a folder, a FIFO or a device is refused. On any failure the temporary file is removed and
an OSError says why (`reason` gives its one line); the target is the complete old file or the
complete new one, never a mix.

**Reading** (`read_bounded`). Only a regular file is read, opened without blocking (a FIFO is
refused, never waited on; a link to ``/dev/zero`` is a device and refused) and never past its
limit, so a planted name costs neither a hang nor memory. Every failure but a missing file is an
`Unreadable` with a one-line reason and a `kind`.

**Sweeping** (`remove_stale_temps`). A write killed midway leaves its temporary file; the next
write to the same target, and the app at start, remove those older than a minute (a live
writer's file is never that old), without following links.
"""

from __future__ import annotations

import contextlib
import fnmatch
import os
import secrets
import stat
import time
from collections.abc import Callable
from pathlib import Path

APP_NAME = "tycoons"
TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60
"""A write takes milliseconds: a temporary file this old was left by a write that was killed."""
_TEMP_TRIES = 16
"""Exclusive creates tried before giving up: each clash means someone planted or raced a name of
64 random bits, so one retry is already a wonder; the bound keeps a hostile folder from looping us."""

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


# -- where ---------------------------------------------------------------------------------------
def data_dir() -> Path:
    """The user data folder: ``$TYCOONS_DATA_DIR`` if set, else platformdirs' user data dir."""
    env = os.environ.get("TYCOONS_DATA_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs  # only when needed: it costs a few milliseconds at start

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    """The default folder offered by Save As and Load: ``data_dir()/saves``."""
    return data_dir() / "saves"


def reason(exc: BaseException) -> str:
    """One line saying why a file operation failed ("No space left on device", "Permission
    denied", or the message of a refusal made here)."""
    text = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return " ".join(str(text).split())


def write_failure(exc: BaseException) -> str:
    """Why a write failed, in a few words for the player: the system's reason when an OSError lies
    under `exc` ("No space left on device", "Read-only file system"), else `exc`'s own detail (a
    save error's, which names what is in the way)."""
    cause = exc if isinstance(exc, OSError) else exc.__cause__
    if isinstance(cause, OSError):
        return reason(cause)
    return reason(Exception(getattr(exc, "detail", None) or exc))


# -- writing -------------------------------------------------------------------------------------
class NotWritable(OSError):
    """The target cannot be written for a reason the OS would put less clearly ("File exists",
    "Is a directory"): a folder, a FIFO or a device at its name, a file where a folder should be."""

    def __str__(self) -> str:
        return self.args[0] if self.args else "it cannot be written"


def temp_name(target: Path, tag: str = "") -> Path:
    """A fresh, unpredictable temporary name beside `target`: ``.<name>.<tag><16 hex>.tmp``."""
    return target.with_name(f".{target.name}.{tag}{secrets.token_hex(8)}{TEMP_SUFFIX}")


def temp_pattern(target_name: str) -> str:
    """The shell pattern of `temp_name`'s names for a target called `target_name`."""
    return f".{_glob_escape(target_name)}.*{TEMP_SUFFIX}"


def _glob_escape(text: str) -> str:
    return "".join(f"[{c}]" if c in "*?[" else c for c in text)


def create_exclusive(target: Path, mode: int = 0o644, tag: str = "") -> tuple[int, Path]:
    """Create a new temporary file beside `target` for writing: (its descriptor, its name).

    Never opens a name that exists (a link, a FIFO, another writer's file): a clash tries another
    random name. `mode` is set on the descriptor before the caller writes, so a mode narrower than
    the umask would give (0600 for a token) holds from the first byte."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY | _CLOEXEC
    for _ in range(_TEMP_TRIES):
        tmp = temp_name(target, tag)
        try:
            fd = os.open(tmp, flags, mode)
        except FileExistsError:
            continue
        if os.name == "posix":
            try:
                os.fchmod(fd, mode)
            except OSError:
                os.close(fd)
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        return fd, tmp
    raise NotWritable(f"no temporary file could be made beside {target.name} (every name tried exists)")


def write_problem(target: Path) -> str | None:
    """Why `target` cannot be written, when the OS would only say "File exists" or "Is a
    directory" (a folder on the way that is a file, a folder or a special file at its name);
    None when nothing is in the way."""
    for folder in [target.parent, *target.parent.parents]:
        if os.path.lexists(folder):
            if not folder.is_dir():
                return f"{folder} should be a folder but is a file"
            break
    try:
        info = os.lstat(target)
    except OSError:
        return None
    if stat.S_ISDIR(info.st_mode):
        return f"{target} is a folder, not a file"
    if not stat.S_ISREG(info.st_mode) and not stat.S_ISLNK(info.st_mode):
        return f"{target} is not a regular file"
    return None


def write_atomic(path: str | os.PathLike, data: bytes, mode: int = 0o644, *,
                 before_replace: Callable[[Path], None] | None = None, make_folder: bool = True,
                 create_only: bool = False) -> Path:
    """Write `data` to `path` atomically and durably (see the module docstring); the absolute path.

    `before_replace(target)` runs once the new bytes are safely on disk, just before they replace
    the old file (saves keep their backup there). With `create_only` the file is put in place only
    if nothing is at `path` (FileExistsError otherwise: two processes making one key agree on the
    first), by a hard link, or where the file system has none, a rename after a look. Raises
    OSError on any failure (NotWritable when something is in the way), the old file untouched
    and no temporary file left."""
    target = Path(os.path.abspath(os.fspath(path)))
    problem = write_problem(target)
    if problem:
        raise NotWritable(problem)
    folder = target.parent
    if make_folder:
        folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = create_exclusive(target, mode)
    try:
        try:
            f = os.fdopen(fd, "wb")
        except BaseException:
            os.close(fd)
            raise
        with f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if before_replace is not None:
            before_replace(target)
        if create_only:
            _link_new(tmp, target)
        else:
            os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_folder(folder)
    remove_stale_temps(folder, temp_pattern(target.name))
    return target


def _link_new(tmp: Path, target: Path) -> None:
    """Give the finished `tmp` the name `target` only if that name is free."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise
    except OSError:  # no hard links here
        if os.path.lexists(target):
            raise FileExistsError(f"{target} exists") from None
        os.replace(tmp, target)
        return
    os.unlink(tmp)


def fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable. Not possible on Windows (nor needed there): skipped."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- sweeping ------------------------------------------------------------------------------------
def remove_stale_temps(folder: str | os.PathLike, pattern: str) -> int:
    """Remove the files and links in `folder` whose names match the shell `pattern` (one of
    `temp_pattern`'s) and that are older than STALE_TEMP_SECONDS; how many went. Never follows a
    link (the link itself goes), never removes a folder."""
    now, removed = time.time(), 0
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if not fnmatch.fnmatchcase(entry.name, pattern):
                continue
            with contextlib.suppress(OSError):
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISDIR(info.st_mode) or now - info.st_mtime <= STALE_TEMP_SECONDS:
                    continue
                os.unlink(entry.path)
                removed += 1
    return removed


# -- reading -------------------------------------------------------------------------------------
class Unreadable(OSError):
    """The file cannot be taken as it is; the message says why in one line, for a notice. An
    OSError, so callers that treat a failed read as "none" catch it. `kind` is one of "folder",
    "special" (a FIFO, a device, a socket), "large", "dangling" (a link to nothing), "denied" and
    "error"."""

    def __init__(self, message: str, kind: str = "error"):
        super().__init__(message)
        self.kind = kind

    def __str__(self) -> str:
        return self.args[0] if self.args else "it cannot be read"


def read_bounded(path: str | os.PathLike, limit: int, magic: bytes | None = None, *,
                 follow_links: bool = True,
                 require: Callable[[os.stat_result], str | None] | None = None) -> bytes:
    """The bytes of the regular file at `path`, never blocking and never more than `limit`.

    Raises FileNotFoundError if there is none, Unreadable for anything else. With `magic`, a file
    that does not start with it is not read further: its first bytes are returned (enough to tell
    "not ours" from "truncated"). Without `follow_links` a link at `path` is refused. `require`
    looks at the opened file's status and names what is wrong with it, or None (a secret must be
    this user's and private)."""
    try:
        # follows a link: a link to /dev/zero is a device here
        info = os.stat(path) if follow_links else os.lstat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise Unreadable("it is a link to nothing", "dangling") from None
        raise
    except OSError as exc:
        raise _unreadable(exc) from None
    if stat.S_ISLNK(info.st_mode):
        raise Unreadable("it is a link", "special")
    _check_regular(info)
    if info.st_size > limit:
        raise Unreadable(f"it is far too large ({info.st_size:,} bytes)", "large")
    try:
        # O_NONBLOCK: a name that became a FIFO since the stat must not hold us until a writer comes
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _BINARY | _CLOEXEC | (0 if follow_links else _NOFOLLOW))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise _unreadable(exc) from None
    try:
        opened = os.fstat(fd)
        _check_regular(opened)
        problem = require(opened) if require is not None else None
        if problem:
            raise Unreadable(problem, "error")
        if magic is not None:
            head = _read_up_to(fd, len(magic))
            if head != magic:
                return head
            return head + _read_up_to(fd, limit + 1 - len(head))
        data = _read_up_to(fd, limit + 1)
    except Unreadable:
        raise
    except OSError as exc:
        raise _unreadable(exc) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise Unreadable("it is far too large", "large")  # it grew since the stat
    return data


def open_regular(path: str | os.PathLike):
    """`path` opened for binary reading if it is a regular file (never blocking on a FIFO), else
    None; for a copy of a file of any size (read it in pieces)."""
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _BINARY | _CLOEXEC)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            return None
        return os.fdopen(fd, "rb")
    except BaseException:
        with contextlib.suppress(OSError):
            os.close(fd)
        raise


def open_append(path: str | os.PathLike):
    r"""`path` opened for appending text lines (a resumable tool's log of results), created if
    missing: never through a link (O_NOFOLLOW), never onto a FIFO, a device or a folder (OSError
    then, with the reason). Each line is whole once flushed, so a killed run loses at most the one
    being written.

    >>> import tempfile, pathlib
    >>> log = pathlib.Path(tempfile.mkdtemp()) / "results.jsonl"
    >>> with open_append(log) as fh:
    ...     _ = fh.write("{}\n")
    >>> log.read_text()
    '{}\n'
    """
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NOFOLLOW | _NONBLOCK | _CLOEXEC, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{os.fspath(path)} is not a regular file")
        return os.fdopen(fd, "a", encoding="utf-8")
    except BaseException:
        with contextlib.suppress(OSError):
            os.close(fd)
        raise


def _check_regular(info: os.stat_result) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise Unreadable("it is a folder, not a file", "folder")
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable("it is not a regular file", "special")


def _read_up_to(fd: int, size: int) -> bytes:
    chunks, got = [], 0
    while got < size:
        chunk = os.read(fd, min(size - got, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def _unreadable(exc: OSError) -> Unreadable:
    if isinstance(exc, PermissionError):
        return Unreadable("it cannot be opened (permission denied)", "denied")
    if isinstance(exc, IsADirectoryError):
        return Unreadable("it is a folder, not a file", "folder")
    return Unreadable(f"it cannot be read ({reason(exc)})", "error")
