"""Garbage collection only on the GUI thread.

Python's cyclic collector runs in whichever thread happens to allocate when a threshold is
crossed. If that is the autosave thread or an AI fallback thread, it may finalize Qt wrappers
(scene items and controllers of a closed game) there, off the GUI thread, and Qt crashes. So the
automatic collector is switched off and the GUI thread collects on a timer instead, with the same
generation thresholds (the pattern pyqtgraph uses for the same reason).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

_guard = None


class GcGuard(QObject):
    """Collects garbage from a GUI-thread timer; installed once per application."""

    def __init__(self, interval_ms: int = 500, parent: QObject | None = None):
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(interval_ms)

    def check(self) -> None:
        l0, l1, l2 = gc.get_count()
        t0, t1, t2 = self.thresholds
        if l0 > t0:
            gc.collect(0)
            if l1 > t1:
                gc.collect(1)
                if l2 > t2:
                    gc.collect(2)


def install_gc_guard(app) -> GcGuard:
    """Switch `app` to GUI-thread garbage collection (idempotent)."""
    global _guard
    if _guard is None:
        _guard = GcGuard(parent=app)
    return _guard


def uninstall_gc_guard() -> None:
    """Back to Python's automatic collector (tests that leave Qt behind)."""
    global _guard
    if _guard is not None:
        _guard.timer.stop()
        _guard.deleteLater()
        _guard = None
    gc.enable()
