"""AI workers end with the app: after the app is killed outright (kill -9), no worker stays behind."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ai.core import lifeline

ROOT = Path(__file__).resolve().parents[2]

# The app's own runner, in a process of its own: start the spawn pool, make sure the worker is up
# (it answers with its pid), print the pids of every process the "app" started, then wait forever.
APP = r"""
import os, sys, time
from ui.services.ai_runner import AiRunner
runner = AiRunner("process")
runner.start()
assert runner.started_mode == "process", runner.started_mode
worker = runner._pool.submit(os.getpid).result(timeout=120)
print(worker, flush=True)
time.sleep(600)
"""


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for a reaper that never comes in a container counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _children(pid: int) -> set[int]:
    kids = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.add(int(entry.name))
    return kids


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_workers_exit_after_the_app_is_killed():
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    app = subprocess.Popen([sys.executable, "-c", APP], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, env=env, cwd=ROOT)
    try:
        worker = int(app.stdout.readline() or 0)
        assert worker, app.stderr.read()
        started = _children(app.pid)
        assert worker in started  # the worker is the app's own child
        assert all(_alive(p) for p in started)
        os.kill(app.pid, signal.SIGKILL)
        app.wait(timeout=30)
        # bounded wait, generous for a busy machine: the lifeline polls every half second
        deadline = time.monotonic() + 30
        while any(_alive(p) for p in started) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [p for p in started if _alive(p)]
        assert not left, f"processes of the killed app still running: {left}"
    finally:
        for pid in [app.pid, *(_children(app.pid) if app.poll() is None else ())]:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        app.wait(timeout=30)


def test_without_the_lifeline_a_killed_parent_leaves_its_worker(tmp_path):
    """The reason for the lifeline: a plain spawn-pool worker does not notice its parent's death
    (checked here so that the test above proves the lifeline, not the executor's own behaviour)."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("reads /proc (Linux)")
    code = ("import os, time, multiprocessing\n"
            "from concurrent.futures import ProcessPoolExecutor\n"
            "pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context('spawn'))\n"
            "print(pool.submit(os.getpid).result(timeout=120), flush=True)\n"
            "time.sleep(600)\n")
    app = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    worker = int(app.stdout.readline())
    started = _children(app.pid)
    try:
        os.kill(app.pid, signal.SIGKILL)
        app.wait(timeout=30)
        time.sleep(3 * lifeline.POLL_S + 1)
        assert _alive(worker)
    finally:
        for pid in started:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass

