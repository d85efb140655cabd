"""One Tycoons per data folder: the first app to start on a data folder holds its lock
(Qt's `QLockFile`, ``<data folder>/tycoons.lock``, which knows a lock left by a process that died
as stale) and watches the folder for a hand-over request. A second app on the same folder finds
the lock taken, so it says that a game is open elsewhere and runs read-only (it never writes the
autosave), or hands over: it asks the first to come to the front, and closes. It takes the lock
(and may play) as soon as the first one closes.

Saves themselves are safe with two writers whatever happens (saves/store.py); the lock is what
keeps two apps from taking turns writing one autosave of two different games.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QLockFile, QObject, Signal

from saves.files import write_atomic

LOCK_NAME = "tycoons.lock"
UNREADABLE_LOCK_AGE = 10.0
"""Seconds after which a lock file that names no process is taken for damaged (QLockFile writes
its content the moment it creates the file, so a live one is never unreadable for long)."""
RAISE_NAME = ".tycoons-raise"
"""A file a second app writes to ask the first to come to the front (QtCore only: the bundle
ships no QtNetwork for a local socket)."""


class Instance(QObject):
    """The data folder's lock and the hand-over of this app."""

    raise_requested = Signal()
    """Another Tycoons on this data folder asked this one to come to the front."""

    def __init__(self, folder: Path, parent: QObject | None = None):
        super().__init__(parent)
        self.folder = Path(folder)
        self.lock = QLockFile(str(self.folder / LOCK_NAME))
        self.lock.setStaleLockTime(0)  # only a dead owner makes a lock stale, never its age
        self.watcher: QFileSystemWatcher | None = None

    @property
    def held(self) -> bool:
        return self.lock.isLocked()

    def claim(self) -> bool:
        """Take the lock if no other live Tycoons holds it; then watch for a hand-over.

        False only when another Tycoons holds the folder: a folder where no lock can be made
        (read-only, a file in its place) is no sign of one, so this app goes on (True, `held`
        False) and its saves report their own trouble."""
        if self.lock.isLocked():
            return True
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return True
        if not self._lock_path_is_a_lock_file():
            return True
        if not self.lock.tryLock(0):
            held = self.lock.error() == QLockFile.LockError.LockFailedError
            if not held:
                return True
            if not self._set_aside_unreadable_lock() or not self.lock.tryLock(0):
                return False
        with contextlib.suppress(OSError):
            os.unlink(self.folder / RAISE_NAME)  # a request to an app that is gone
        self.watcher = QFileSystemWatcher([str(self.folder)], self)
        self.watcher.directoryChanged.connect(self._changed)
        return True

    def _lock_path_is_a_lock_file(self) -> bool:
        """QLockFile reads whatever lies at its path, and would wait forever on a FIFO or read a
        link to /dev/zero without end: anything but a small regular file there (QLockFile never
        makes one) is moved aside first. False if it cannot be."""
        path = self.folder / LOCK_NAME
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            return True
        except OSError:
            return False
        if stat.S_ISREG(info.st_mode) and info.st_size <= 4096:
            return True
        return self._move_aside(path)

    def _move_aside(self, path: Path) -> bool:
        bad = path.with_name(LOCK_NAME + ".bad")
        try:
            if bad.is_dir() and not bad.is_symlink():
                import shutil

                shutil.rmtree(bad)
            os.replace(path, bad)
        except OSError:
            return False
        return True

    def _set_aside_unreadable_lock(self) -> bool:
        """A lock file that names no process (damaged, empty, a folder in its place) never goes
        stale by itself and would keep every Tycoons read-only: once it is old enough not to be
        one being written right now, it is moved aside as ``tycoons.lock.bad``. True if it was."""
        path = self.folder / LOCK_NAME
        info = self.lock.getLockInfo()
        if info and len(info) >= 3 and info[0]:
            return False  # a live Tycoons (a dead one's lock is stale, and QLockFile takes it)
        try:
            if time.time() - os.lstat(path).st_mtime < UNREADABLE_LOCK_AGE:
                return False
        except OSError:
            return False
        return self._move_aside(path)

    def _changed(self, _path: str = "") -> None:
        request = self.folder / RAISE_NAME
        if request.is_file():
            with contextlib.suppress(OSError):
                os.unlink(request)
            self.raise_requested.emit()

    def other(self) -> str:
        """Who holds the lock, in words ("process 4242 on this computer")."""
        if not self._lock_path_is_a_lock_file():
            return "another Tycoons"
        info = self.lock.getLockInfo()  # PySide6: (pid, host, app), or a falsy value when unknown
        if not info or len(info) < 2 or not info[-3 if len(info) > 3 else 0]:
            return "another Tycoons"
        pid, host = info[-3], info[-2]
        import socket

        here = host in ("", socket.gethostname())
        return f"process {pid}" + (" on this computer" if here else f" on {host}")

    def hand_over(self, timeout_s: float = 2.0) -> bool:
        """Ask the Tycoons holding the lock to come to the front; True if it heard in time."""
        request = self.folder / RAISE_NAME
        try:
            write_atomic(request, str(os.getpid()).encode("ascii"), make_folder=False)
        except OSError:
            return False
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if not request.exists():
                return True
            time.sleep(0.02)
        with contextlib.suppress(OSError):
            os.unlink(request)  # nobody listened: leave nothing behind
        return False

    def release(self) -> None:
        if self.watcher is not None:
            self.watcher.deleteLater()
            self.watcher = None
        if self.lock.isLocked():
            self.lock.unlock()
