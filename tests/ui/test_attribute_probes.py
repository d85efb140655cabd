"""The UI asks what its parts can do through declared members (the driver's protocol, the board
scene's base class, a piece's class), not by probing for attributes: at most PROBES_AT_MOST
`getattr`/`hasattr` calls are left in ui/, each for something truly optional (a Qt or platform
feature, a game's optional hook, any exception's reason), with a comment saying why."""

from __future__ import annotations

import re
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "ui"
PROBES_AT_MOST = 40
PROBE = re.compile(r"\b(?:getattr|hasattr)\(")
NEVER_PROBE = ("game/window.py", "game/controller.py", "game/driver.py", "game/turn.py", "game/keyboard.py",
               "game/undo.py")
"""The window, its driver and the turn's status ask the protocol, never an attribute's presence."""


def probes() -> list[tuple[str, int, list[str]]]:
    """(module, line number, that line and the six above it) of every probe in ui/."""
    found = []
    for path in sorted(UI.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for n, line in enumerate(lines):
            for _ in PROBE.finditer(line.split("#", 1)[0]):
                found.append((path.relative_to(UI).as_posix(), n + 1, lines[max(0, n - 6): n + 1]))
    return found


def test_few_probes_are_left_in_ui_and_each_says_why():
    found = probes()
    assert 0 < len(found) <= PROBES_AT_MOST, f"{len(found)} getattr/hasattr in ui/: " + ", ".join(
        f"{m}:{n}" for m, n, _ in found)
    unexplained = [f"{m}:{n}" for m, n, lines in found if not any("#" in line for line in lines)]
    assert not unexplained, f"say why the attribute is optional, in a comment: {unexplained}"


def test_the_window_and_its_driver_never_probe():
    assert not [f"{m}:{n}" for m, n, _ in probes() if m in NEVER_PROBE]


def test_the_count_sees_a_probe():
    """The count is no test that cannot fail: a probe written anywhere in ui/ is counted."""
    assert PROBE.search('x = getattr(scene, "hovered", None)') and PROBE.search("hasattr(a, 'b')")
    assert not PROBE.search("setattr(a, 'b', 1)") and not PROBE.search("scene.hovered")
