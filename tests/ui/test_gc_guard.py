"""Garbage is collected on the GUI thread only (ui/app/gc_guard.py)."""

import gc
import threading
import weakref

from ui.app.gc_guard import install_gc_guard


class Cycle:
    def __init__(self):
        self.me = self


def test_automatic_collector_off_and_gui_timer_collects(qapp, qtbot):
    install_gc_guard(qapp)
    assert not gc.isenabled()
    ref = weakref.ref(Cycle())
    assert ref() is not None  # only the cyclic collector can free it
    keep = [[] for _ in range(2000)]  # push generation 0 over its threshold
    qtbot.waitUntil(lambda: ref() is None, timeout=3000)
    del keep


def test_other_threads_never_collect(qapp, qtbot):
    install_gc_guard(qapp)
    ref = weakref.ref(Cycle())

    kept = []

    def churn():
        kept.extend({} for _ in range(5000))  # far past every threshold, in another thread

    t = threading.Thread(target=churn)
    t.start()
    t.join()
    assert ref() is not None, "a worker thread's allocations must not run the collector"
    qtbot.waitUntil(lambda: ref() is None, timeout=3000)
