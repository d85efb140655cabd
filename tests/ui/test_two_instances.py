"""Two Tycoons on one data folder: the first holds the folder's lock; the second says a
game is open elsewhere and runs read-only (its Continue reviews the autosave, it never writes it),
or hands over to the first, which comes to the front; a lock left by a process that died is
stale and taken; the real entry point, run twice, does all this across two processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from engine.core.contract import SeatInfo
from ui.app.instance import RAISE_NAME, Instance

ROOT = Path(__file__).resolve().parents[2]

HOLDER = textwrap.dedent("""
    import sys, time
    from PySide6.QtCore import QCoreApplication, QTimer
    from ui.app.instance import Instance

    app = QCoreApplication([])
    instance = Instance(sys.argv[1])
    print("LOCKED" if instance.claim() else "BUSY", flush=True)
    instance.raise_requested.connect(lambda: (print("RAISED", flush=True), app.quit()))
    QTimer.singleShot(60_000, app.quit)
    app.exec()
""")


def _holder(folder):
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "LOCKED"
    return child


def test_a_second_process_finds_the_folder_taken_and_hands_over(qapp, tmp_path):
    child = _holder(tmp_path)
    try:
        second = Instance(tmp_path)
        assert not second.claim()
        assert f"process {child.pid}" in second.other()
        assert second.hand_over(timeout_s=10)
        assert child.stdout.readline().strip() == "RAISED"
        child.wait(10)
        assert not (tmp_path / RAISE_NAME).exists()
        assert second.claim()  # the first has closed: this one may play now
        second.release()
    finally:
        child.kill()
        child.wait()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_the_lock_of_a_killed_process_is_stale_and_taken(qapp, tmp_path):
    child = _holder(tmp_path)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    instance = Instance(tmp_path)
    assert instance.claim()
    instance.release()
    assert not (tmp_path / RAISE_NAME).exists()


@pytest.mark.parametrize("damage", ["garbage", "empty", "folder", "fifo", "link to /dev/zero", "huge"])
def test_a_damaged_lock_file_does_not_lock_every_tycoons_out(qapp, tmp_path, damage):
    lock = tmp_path / "tycoons.lock"
    if damage == "folder":
        lock.mkdir()
    elif damage == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(lock)
    elif damage == "link to /dev/zero":
        if not os.path.exists("/dev/zero"):
            pytest.skip("no /dev/zero here")
        os.symlink("/dev/zero", lock)
    else:
        lock.write_text("garbage\n" if damage == "garbage" else "x" * 100_000 if damage == "huge" else "")
    if damage in ("garbage", "empty"):
        assert not Instance(tmp_path).claim()  # a moment old: it may be another Tycoons' being written
        os.utime(lock, (time.time() - 60, time.time() - 60), follow_symlinks=False)
    instance = Instance(tmp_path)
    assert instance.claim()
    assert (tmp_path / "tycoons.lock.bad").exists()
    assert not Instance(tmp_path).claim()  # and now it is a real lock
    instance.release()


def test_a_folder_where_no_lock_can_be_made_is_no_sign_of_another_tycoons(qapp, tmp_path):
    (tmp_path / "file").write_text("not a folder")
    instance = Instance(tmp_path / "file" / "data")
    assert instance.claim() and not instance.held


def test_in_one_process_the_second_is_refused_and_the_first_hears_the_hand_over(qtbot, tmp_path):
    first, second = Instance(tmp_path), Instance(tmp_path)
    assert first.claim() and not second.claim()
    with qtbot.waitSignal(first.raise_requested, timeout=5000):
        (tmp_path / RAISE_NAME).write_text("1")  # what hand_over writes (it then waits for it to go)
    assert not (tmp_path / RAISE_NAME).exists()
    first.release()
    assert second.claim()
    second.release()


def test_a_read_only_shell_reviews_and_never_writes_the_autosave(shell, qtbot, data_dir):
    from saves import write_session
    from saves.autosaving import autosave_path
    from tests.saves.helpers import new_game, play

    session = play(new_game(seed=4), 15)
    write_session(session, autosave_path())
    before = autosave_path().read_bytes()
    shell.set_read_only("process 4242 on this computer")
    shell.show_start()
    qtbot.waitExposed(shell.start)
    start = shell.start
    assert start.notice.isVisible() and "already open" in start.notice.text()
    assert start.switch_button.isVisible() and not start.new_button.isEnabled()
    assert start.continue_button.text() == "Review the last game"
    review = shell.continue_game()  # Continue: the last game, for review
    assert review is not None and shell.window is None
    qtbot.addWidget(review)
    assert list(review.review.actions[: len(session.log)]) == [e.action for e in session.log]
    assert shell.new_game(start) is None and "already open" in shell.reports[-1]
    assert shell.start_game("first-ceo", [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"),
                                          SeatInfo("Cy", "ai", "easy")], {}, 1) is None
    assert shell.window is None and "already open" in shell.reports[-1]
    assert autosave_path().read_bytes() == before
    shell.set_read_only("")  # the other one closed
    assert start.new_button.isEnabled() and not start.switch_button.isVisible()
    assert start.continue_button.text() == "Continue"


def test_switch_hands_over_and_closes(shell, qtbot, data_dir, monkeypatch):
    shell.instance = Instance(data_dir)
    shell.set_read_only("process 4242 on this computer")
    shell.show_start()
    qtbot.waitExposed(shell.start)
    quit_called = []
    monkeypatch.setattr(shell, "quit", lambda: quit_called.append(True))
    monkeypatch.setattr(shell.instance, "hand_over", lambda: False)  # the other one does not answer
    qtbot.mouseClick(shell.start.switch_button, Qt.MouseButton.LeftButton)
    assert not quit_called and "did not answer" in shell.reports[-1]
    monkeypatch.setattr(shell.instance, "hand_over", lambda: True)
    qtbot.mouseClick(shell.start.switch_button, Qt.MouseButton.LeftButton)
    assert quit_called == [True]


def test_the_real_app_twice_on_one_folder(tmp_path):
    """`run_gui` in two processes: the second says the first has the folder and is read-only."""
    child = textwrap.dedent("""
        import sys
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        import ui.app.shell as A
        def report():
            sh = A.current_shell()
            if sh is None or not sh.first_painted:
                QTimer.singleShot(100, report)
                return
            print("READ_ONLY" if sh.read_only else "HOLDER", sh.start.new_button.isEnabled(), flush=True)
            if sh.read_only:
                sh.quit()
            else:
                QTimer.singleShot(int(sys.argv[1]), sh.quit)
        QTimer.singleShot(200, report)
        sys.exit(A.run_gui([]))
    """)
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen", TYCOONS_DATA_DIR=str(tmp_path))
    first = subprocess.Popen([sys.executable, "-c", child, "20000"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert first.stdout.readline().split() == ["HOLDER", "True"]
        second = subprocess.run([sys.executable, "-c", child, "0"], cwd=ROOT, env=env, capture_output=True,
                                text=True, timeout=120)
        assert second.stdout.split() == ["READ_ONLY", "False"], second.stderr[-2000:]
        assert f"already open (process {first.pid}" in second.stderr
    finally:
        first.kill()
        first.wait()
