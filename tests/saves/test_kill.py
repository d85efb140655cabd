"""A process killed in the middle of a save never costs the previous save (ARCHITECTURE §7, §10).

The writer runs in a child process that is SIGKILLed (TerminateProcess on Windows): once at a
random moment while it saves in a loop, and once paused exactly before the final `os.replace`.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from saves import backup_path, list_saves, read_session, write_session
from tests.saves.helpers import TOY_GAME, finished_game, new_game, play

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent("""
    import os, sys, time
    from engine.core import registry
    registry.GAME_MODULES["toy-race"] = "tests.saves.toy_game"
    from engine.core import Session
    from tests.saves.helpers import play
    import saves

    target, mode = sys.argv[1], sys.argv[2]
    # big saves (thousands of decisions) so that a kill often lands inside a write
    games = [play(Session.new("toy-race", ["A", "B"], {"goal": g}, seed=s), None, s)
             for g, s in ((1200, 1), (1300, 2))]
    if mode == "pause":
        real_replace = os.replace

        def paused_replace(src, dst):
            if os.fspath(dst) == target:
                print("PAUSED", flush=True)
                time.sleep(120)
            return real_replace(src, dst)

        os.replace = paused_replace
        saves.write_session(games[0], target)
    else:
        for n in range(100000):
            saves.write_session(games[n % 2], target)
            print("WROTE", n, flush=True)
""")


@functools.cache
def _loop_hashes() -> set[str]:
    from engine.core import Session

    return {play(Session.new(TOY_GAME, ["A", "B"], {"goal": g}, seed=s), None, s).state.state_hash()
            for g, s in ((1200, 1), (1300, 2))}


def _spawn(target: Path, mode: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", CHILD, str(target), mode], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, text=True)


def _wait_for(proc: subprocess.Popen, word: str, count: int = 1) -> None:
    seen = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        if line.startswith(word):
            seen += 1
            if seen >= count:
                return
    proc.kill()
    proc.wait()
    pytest.fail(f"child never printed {word} x{count} (exit {proc.poll()})")


def _kill(proc: subprocess.Popen) -> None:
    proc.kill()  # SIGKILL: no cleanup, no finally blocks, no atexit
    proc.wait(timeout=30)
    proc.stdout.close()


def test_kill_right_before_replace_keeps_previous_save(tmp_path):
    target = tmp_path / "game.tycoons"
    previous = play(new_game(TOY_GAME, seed=4), 6)
    write_session(previous, target)
    old = target.read_bytes()
    proc = _spawn(target, "pause")
    _wait_for(proc, "PAUSED")
    _kill(proc)
    # the save on disk is the previous one, byte for byte, and it loads
    assert target.read_bytes() == old
    assert read_session(target).state.state_hash() == previous.state.state_hash()
    # the backup step had run: the .bak holds the same good save
    assert backup_path(target).read_bytes() == old
    # the complete-but-unpublished temp file is left, and nothing takes it for a save
    leftovers = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(leftovers) == 1 and leftovers[0].name.startswith(".game.tycoons.")
    assert list_saves(tmp_path) == [target]
    # the next save works normally
    write_session(previous, target)
    assert read_session(target).state.state_hash() == previous.state.state_hash()


@pytest.mark.parametrize("delay", [0.0, 0.017])
def test_kill_during_save_loop_never_breaks_the_save(tmp_path, delay):
    hashes = _loop_hashes()
    target = tmp_path / "game.tycoons"
    proc = _spawn(target, "loop")
    _wait_for(proc, "WROTE", 3)
    time.sleep(delay)
    _kill(proc)
    # whichever write was cut short, the file is one complete save and so is its backup
    assert read_session(target).state.state_hash() in hashes
    assert read_session(backup_path(target)).state.state_hash() in hashes
    assert list_saves(tmp_path) == [target]
    assert all(p.name.startswith(".game.tycoons.") for p in tmp_path.iterdir() if p.name.endswith(".tmp"))


def test_finished_game_save_is_not_disturbed_by_a_killed_writer_of_another_file(tmp_path):
    """A crash while autosaving must not touch other saves in the same folder."""
    keep = tmp_path / "keep.tycoons"
    write_session(finished_game(TOY_GAME, seed=5), keep)
    old = keep.read_bytes()
    proc = _spawn(tmp_path / "other.tycoons", "loop")
    _wait_for(proc, "WROTE", 2)
    _kill(proc)
    assert keep.read_bytes() == old
