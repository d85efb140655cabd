"""A worker process ends when the app that started it is gone.

A `ProcessPoolExecutor` worker blocks reading its call queue; if the app is killed outright
(kill -9, a crash, the task manager) nothing tells the worker, and on some systems it keeps
running, holding memory and perhaps a core, until the machine restarts. `watch_parent` runs as the
pool's initializer: a daemon thread checks every `POLL_S` seconds that the parent is still alive
and ends the worker at once (`os._exit`, no clean-up: there is nobody left to report to) when it
is not.
"""

from __future__ import annotations

import os
import sys
import threading

POLL_S = 0.5
"""How often a worker looks for its parent: it is gone within about this long after the app."""


def _parent_alive_posix(parent_pid: int) -> bool:
    # A process whose parent dies is adopted (by init or a sub-reaper), so its parent id changes.
    return os.getppid() == parent_pid


def _wait_windows(parent_pid: int) -> None:
    import ctypes

    synchronize, infinite = 0x00100000, 0xFFFFFFFF
    kernel32 = ctypes.windll.kernel32
    handle = kernel32.OpenProcess(synchronize, False, parent_pid)
    if not handle:  # already gone (or not ours to watch): nothing to wait for
        os._exit(0)
    kernel32.WaitForSingleObject(handle, infinite)
    os._exit(0)


def _watch_posix(parent_pid: int, stop: threading.Event) -> None:
    while not stop.wait(POLL_S):
        if not _parent_alive_posix(parent_pid):
            os._exit(0)


def watch_parent(parent_pid: int) -> threading.Event:
    """Start watching `parent_pid` (the app's pid, passed by the app through `initargs`).

    Returns an event that stops the watch on POSIX (tests use it); on Windows the watch lasts as
    long as the worker.
    """
    stop = threading.Event()
    if sys.platform == "win32":
        target, args = _wait_windows, (parent_pid,)
    else:
        if not _parent_alive_posix(parent_pid):
            os._exit(0)
        target, args = _watch_posix, (parent_pid, stop)
    threading.Thread(target=target, args=args, name="lifeline", daemon=True).start()
    return stop
