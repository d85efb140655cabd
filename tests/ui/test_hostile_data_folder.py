"""Whatever lies in the data folder, the app starts, paints its start screen and loses nothing:
the real entry point, in a subprocess, on a data folder where every name the app reads at start is
something hostile (a FIFO, a link to /dev/zero, a folder, a huge sparse file, garbage), all at
once. Each reader has its own tests; this one is the app's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHILD = r'''
import sys, time


def main():
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    import ui.app.shell as A

    def check():
        sh = A.current_shell()
        panel = sh.start.past_games if sh is not None and sh.first_painted else None
        online = getattr(sh.start, "online_games", None) if sh is not None else None
        if panel is None or not panel.loaded:
            QTimer.singleShot(50, check)
            return
        print("PAINTED", sh.start.isVisible(), flush=True)
        print("CONTINUE", sh.start.continue_button.isEnabled(), flush=True)
        print("ROWS", panel.model.rowCount(), flush=True)
        print("NOTES", panel.notes.text().replace("\n", " "), flush=True)
        print("NOTICE", sh.start.notice.text().replace("\n", " "), flush=True)
        print("ONLINE", online is not None, flush=True)
        print("READONLY", bool(sh.read_only), flush=True)
        sh.quit()

    QTimer.singleShot(100, check)
    QTimer.singleShot(60_000, lambda: (print("TIMEOUT", flush=True), app.quit()))
    print("EXIT", A.run_gui([]), flush=True)


if __name__ == "__main__":  # spawn workers import this file: only the parent runs the GUI
    main()
'''


def _hostile(folder: Path) -> None:
    """Every name the app reads at start, made hostile."""
    games = folder / "games"
    games.mkdir(parents=True)
    os.mkfifo(folder / "settings.json")
    os.mkfifo(folder / "autosave.tycoons")
    os.symlink("/dev/zero", folder / "autosave.tycoons.bak")
    os.symlink("/dev/zero", folder / "tycoons.lock")
    os.mkfifo(folder / "games.index")
    os.mkfifo(folder / "games.key")
    os.mkfifo(folder / "matrix-signin.json")
    (folder / "saves").write_text("not a folder")
    hosted = folder / "online" / "hosted"
    hosted.mkdir(parents=True)
    os.mkfifo(hosted / "fifo.json")
    os.symlink("/dev/zero", hosted / "zero.json")
    (hosted / "deep.json").write_text("[" * 100_000)
    os.mkfifo(games / "robber-barons-0000000000000001.tycoons")
    os.symlink("/dev/zero", games / "robber-barons-0000000000000002.tycoons")
    (games / "robber-barons-0000000000000003.tycoons").mkdir()
    with open(games / "robber-barons-0000000000000004.tycoons", "wb") as f:
        f.truncate(8 * 1024**3)  # sparse: 8 GB by its size, nothing on disk
    (games / "robber-barons-0000000000000005.tycoons").write_bytes(os.urandom(3000))
    os.mkfifo(games / "robber-barons-0000000000000006.tycoons.analysis")


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"), reason="POSIX file kinds")
def test_the_app_starts_on_a_data_folder_of_fifos_devices_and_garbage(tmp_path):
    data = tmp_path / "data"
    _hostile(data)
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TYCOONS_DATA_DIR=str(data), PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, cwd=ROOT,
                         timeout=120)
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines() if " " in line)
    assert "TIMEOUT" not in out.stdout, out.stdout + out.stderr[-2000:]
    assert lines.get("PAINTED") == "True", out.stdout + out.stderr[-3000:]
    assert lines["CONTINUE"] == "False"  # a FIFO is no saved game
    assert lines["ROWS"] == "0"  # the five odd games noted, the sidecar beside them not a game
    assert lines["NOTES"].startswith("5 files in the record could not be read and were skipped")
    assert "settings.json.bad" in lines["NOTICE"]
    assert lines["ONLINE"] == "True" and lines["READONLY"] == "False"
    assert lines["EXIT"] == "0"
    # nothing the player had was removed: the odd files are where they were, or set aside beside them
    assert (data / "settings.json.bad").exists() and (data / "tycoons.lock.bad").is_symlink()
    for name in ("autosave.tycoons", "autosave.tycoons.bak", "matrix-signin.json", "saves"):
        assert os.path.lexists(data / name), name
    assert len(list((data / "games").iterdir())) == 6
    assert len(list((data / "online" / "hosted").iterdir())) == 3


def _odd(path: Path, kind: str) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        os.symlink("/dev/zero", path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "huge":
        with open(path, "wb") as f:
            f.truncate(9 * 1024**2)
    else:
        path.write_text("[" * 100_000)


KINDS = ["fifo", "zero", "folder", "huge", "deep"]


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"), reason="POSIX file kinds")
@pytest.mark.parametrize("kind", KINDS)
def test_the_online_sign_in_and_records_read_as_none_whatever_lies_there(tmp_path, monkeypatch, kind):
    """Read at start for the Online games panel: a FIFO there used to hang the app."""
    from ui.online.credentials import credentials_path, load_credentials
    from ui.online.records import hosted_dir, hosted_games, read_json

    monkeypatch.setenv("TYCOONS_DATA_DIR", str(tmp_path))
    _odd(credentials_path(), kind)
    hosted_dir().mkdir(parents=True)
    _odd(hosted_dir() / "odd.json", kind)
    assert load_credentials() is None and hosted_games() == [] and read_json(tmp_path / "missing.json") is None
    assert os.path.lexists(credentials_path())  # left as it was


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"), reason="POSIX file kinds")
@pytest.mark.parametrize("kind", KINDS)
def test_an_analysis_beside_a_game_reads_as_none_whatever_lies_there(tmp_path, kind):
    """Read when a past game is reviewed: a FIFO there would have hung the review."""
    from ai.analysis import read_analysis

    path = tmp_path / "g.tycoons.analysis"
    _odd(path, kind)
    assert read_analysis(path, "first-ceo", "0" * 16, 3) is None
