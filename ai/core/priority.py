"""The AI worker yields the processor to the app (ARCHITECTURE §9: while an AI thinks, the UI's 16 ms
timer gaps stay ≤ 33 ms). A searching AI keeps one core busy for its whole time budget; on a
machine with two cores and other work, the scheduler would otherwise share the app's core
with it as an equal, and the board stutters. At a lower priority the worker takes only what
the app leaves: the search loses nothing measurable, the UI thread is served first."""

from __future__ import annotations

import os
import sys

NICENESS = 10
"""How much nicer than the app the worker runs on POSIX (0 = equal, 19 = the nicest)."""


def lower_priority() -> None:
    """Run this process below normal priority (never fails: a refusal leaves it as it is)."""
    try:
        if sys.platform == "win32":
            import ctypes

            below_normal = 0x00004000  # BELOW_NORMAL_PRIORITY_CLASS
            kernel32 = ctypes.windll.kernel32
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), below_normal)
        else:
            os.nice(NICENESS)
    except (OSError, AttributeError, ValueError):
        pass


def start_worker(parent_pid: int) -> None:
    """The AI pool's initializer: lower the priority, then watch the app's life (lifeline)."""
    from ai.core.lifeline import watch_parent

    lower_priority()
    watch_parent(parent_pid)
