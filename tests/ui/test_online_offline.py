"""The offline app does not grow by online play (ARCHITECTURE §12): with nobody signed in, the app
starts, shows its start screen with "Online games", and opens a game without importing the
Matrix library or anything of the online services."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from ui.services.settings import reset_for_tests
settings = reset_for_tests()
settings.set("ai_mode", "inline")
from ui.app.shell import Shell
shell = Shell(settings, start_pool=False)
shell.show_start()
shell._after_first_paint()
assert shell.online.panel is not None and not shell.online.panel.signed_in
shell.start_game("first-ceo", ["Ann", "Bob", "Cyd"], {}, 1)
app.processEvents()
loaded = sorted(m for m in sys.modules if m == "nio" or m.startswith(("nio.", "aiohttp", "ui.online.matrix",
                                                                      "ui.online.service", "ui.online.gui.game")))
print("LOADED", loaded)
"""


def test_the_offline_app_never_imports_the_matrix_library(tmp_path):
    env = {"QT_QPA_PLATFORM": "offscreen", "TYCOONS_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin",
           "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", CHILD], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "LOADED []" in done.stdout, done.stdout


PARSER_CHILD = r"""
import sys
from ui.cli import build_parser
build_parser().parse_args([])
print("LOADED", sorted(m for m in ("asyncio", "ssl", "getpass", "signal", "subprocess") if m in sys.modules))
"""


def test_the_command_line_parser_does_not_import_what_only_tycoons_host_needs(tmp_path):
    """Every launch of the app, the GUI too, builds the command line's parser first, with
    `tycoons host`'s subcommands: the host's module once imported asyncio (with ssl and
    subprocess) for it, ~40 ms before the start screen's first paint (ARCHITECTURE §9 cold start; the
    GUI loads asyncio after that paint)."""
    env = {"QT_QPA_PLATFORM": "offscreen", "TYCOONS_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin",
           "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", PARSER_CHILD], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "LOADED []" in done.stdout, done.stdout
