"""A missing display or missing X11 libraries give one clear message instead of Qt's abort."""

from ui.app import platform_check
from ui.app.platform_check import display_problem


def test_no_display_is_explained():
    msg = display_problem({}, "linux")
    assert "no display" in msg and "tycoons simulate" in msg


def test_offscreen_or_other_systems_need_nothing():
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert display_problem({}, "win32") is None
    assert display_problem({}, "darwin") is None


def test_missing_xcb_libraries_named_with_the_install_command(monkeypatch):
    monkeypatch.setattr(platform_check, "missing_packages", lambda: ["libxcb-cursor0", "libxcb-icccm4"])
    msg = display_problem({"DISPLAY": ":0"}, "linux")
    assert "apt-get install -y libxcb-cursor0 libxcb-icccm4" in msg


def test_all_present_is_fine(monkeypatch):
    monkeypatch.setattr(platform_check, "missing_packages", lambda: [])
    assert display_problem({"DISPLAY": ":0"}, "linux") is None


def test_gui_command_exits_cleanly_without_a_display():
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    out = subprocess.run([sys.executable, "-m", "ui.cli"], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "no display" in out.stderr
