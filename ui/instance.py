"""One Tycoons per data folder (issue 30): the first app to start on a data folder holds its lock
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
import time
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QLockFile, QObject, Signal

LOCK_NAME = "tycoons.lock"
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
        """Take the lock if no other live Tycoons holds it; then watch for a hand-over."""
        if self.lock.isLocked():
            return True
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return False
        if not self.lock.tryLock(0):
            return False
        with contextlib.suppress(OSError):
            os.unlink(self.folder / RAISE_NAME)  # a request to an app that is gone
        self.watcher = QFileSystemWatcher([str(self.folder)], self)
        self.watcher.directoryChanged.connect(self._changed)
        return True

    def _changed(self, _path: str = "") -> None:
        request = self.folder / RAISE_NAME
        if request.is_file():
            with contextlib.suppress(OSError):
                os.unlink(request)
            self.raise_requested.emit()

    def other(self) -> str:
        """Who holds the lock, in words ("process 4242 on this computer")."""
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
            request.write_text(str(os.getpid()), encoding="ascii")
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
