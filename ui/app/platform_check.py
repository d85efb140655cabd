"""Before Qt starts on Linux: is there a display, and the X11 libraries Qt's window plugin needs?

Without this, Qt aborts with a core dump and a message about plugins. A player deserves one clear
sentence saying what is missing and the command that installs it.
"""

from __future__ import annotations

import ctypes
import os
import sys

# library file -> Debian/Ubuntu package (Qt 6.5+ needs these for its xcb platform plugin)
XCB_LIBRARIES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}


def missing_packages() -> list[str]:
    """Debian packages of the xcb libraries that cannot be loaded."""
    missing = []
    for lib, package in XCB_LIBRARIES.items():
        try:
            ctypes.CDLL(lib)
        except OSError:
            missing.append(package)
    return missing


def display_problem(environ=os.environ, platform: str = sys.platform) -> str | None:
    """A one-paragraph explanation if the GUI cannot open a window here, else None."""
    if not platform.startswith("linux"):
        return None
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen and not chosen.startswith("xcb"):
        return None  # offscreen, wayland… chosen on purpose
    if not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
        return ("Tycoons cannot open a window: no display was found (DISPLAY is not set). Start it from a "
                "desktop session. Headless commands work without one: tycoons simulate, check-save, render.")
    missing = missing_packages()
    if missing and environ.get("DISPLAY"):
        return ("Tycoons cannot open a window: Qt's X11 plugin needs system libraries that are missing. "
                "Install them with:\n  sudo apt-get install -y " + " ".join(missing))
    return None
