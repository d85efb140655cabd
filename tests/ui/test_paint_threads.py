"""Painting stays on the UI thread (ui/__init__.py): Qt's raster painter would hand large fills
to a thread pool of its own and wait for it, which cost a review step 2-4 ms of waiting on a
busy machine. Checked in a fresh process, where Qt has not painted yet."""

from __future__ import annotations

import os
import subprocess
import sys

CHILD = r"""
import os
import ui  # the package sets the painting up before Qt paints
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QApplication

app = QApplication([])
before = len(os.listdir("/proc/self/task"))
picture = QPixmap(1200, 900)
for _ in range(10):  # antialiased fills of hundreds of scanlines: what Qt would split
    p = QPainter(picture)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(QColor(0, 0, 0, 80))
    p.drawEllipse(QRectF(3.3, 3.3, 1100, 800))
    p.end()
print(before, len(os.listdir("/proc/self/task")))
"""


def test_large_fills_are_painted_without_a_thread_pool():
    if not os.path.isdir("/proc/self/task"):
        import pytest

        pytest.skip("counts threads through /proc")
    env = {k: v for k, v in os.environ.items() if k != "QT_NO_GUI_THREADPOOL"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=60,
                         check=True).stdout.split()
    before, after = int(out[-2]), int(out[-1])
    assert after == before, f"painting started {after - before} thread(s)"
