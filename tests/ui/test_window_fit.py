"""Every window fits a laptop: on screens of 1024×700 and 1280×720 (Qt's offscreen platform, in a
process of its own: the screen's size is chosen when the application starts), every window and
dialog the app opens, opened as a player opens it (tests/ui/window_fit.py), lies within the
screen's available area, its frame included. Before one watcher fitted every window
(ui/services/window_fit.py) and the start screen put its two panels in tabs on a narrow screen,
the start screen asked for 1549 pixels, the game and review windows opened at 1360×880 and
1360×900, the rules at 760×820, and dialogs centred over the too-wide start screen opened beyond
the screen's edge: 12 of 29 windows fitted 1280×720, 7 of 29 fitted 1024×700."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def windows_on(width: int, height: int) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-m", "tests.ui.window_fit", str(width), str(height)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert rows, f"the probe opened nothing:\n{done.stderr[-3000:]}"
    return rows


@pytest.mark.parametrize("screen", [(1024, 700), (1280, 720)])
def test_every_window_opens_within_a_laptops_screen(screen):
    rows = windows_on(*screen)
    names = {row["window"] for row in rows}
    # the probe reached every kind of window (a probe that stopped early would pass)
    for kind in ("start screen", "new game", "rules", "preferences", "keyboard", "about", "message box",
                 "game window: big-shoulders", "end of game: first-ceo", "review: captains-of-industry"):
        assert kind in names, f"{kind} was not opened: {sorted(names)}"
    outside = [f"{row['window']}: {row.get('frame')} {row.get('error', '')}" for row in rows if not row["fits"]]
    assert not outside, f"on {screen[0]}×{screen[1]}, beyond the available area {rows[0]['available']}:\n" + \
        "\n".join(outside)
