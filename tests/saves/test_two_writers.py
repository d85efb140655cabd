"""Two processes saving to one file at once (two Tycoons on one data folder): every
write lands whole, the save and its backup read back, and no temporary file is left behind,
however the two interleave (renaming a hard link over ``.bak`` when ``.bak`` already is that
file does nothing, which used to leave up to 60 ``.bak.*.tmp`` files)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from saves import backup_path, read_session
from saves.store import _keep_backup
from tests.saves.helpers import new_game, play

ROOT = Path(__file__).resolve().parents[2]

WRITER = textwrap.dedent("""
    import sys
    from engine.core import Session
    from tests.saves.helpers import play
    import saves

    target, writes, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    session = play(Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=seed), 20, seed)
    print(session.state.state_hash(), flush=True)
    sys.stdin.readline()  # both start writing together
    for _ in range(writes):
        saves.write_session(session, target)
    print("DONE", flush=True)
""")


def test_two_processes_writing_one_save_at_once_leave_no_temporary_file(tmp_path):
    target = tmp_path / "autosave.tycoons"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(target), "150", str(seed)], cwd=ROOT, env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for seed in (1, 2)]
    try:
        hashes = {w.stdout.readline().strip() for w in writers}
        for w in writers:
            w.stdin.write("go\n")
            w.stdin.flush()
        outs = [w.communicate(timeout=300)[0] for w in writers]
    finally:
        for w in writers:
            if w.poll() is None:
                w.kill()
    assert all(w.returncode == 0 and "DONE" in out for w, out in zip(writers, outs, strict=True))
    assert len(hashes) == 2
    assert sorted(os.listdir(tmp_path)) == ["autosave.tycoons", "autosave.tycoons.bak"]
    assert read_session(target).state.state_hash() in hashes
    assert read_session(backup_path(target)).state.state_hash() in hashes


def test_a_backup_that_already_is_the_save_leaves_no_link_behind(tmp_path):
    """The interleaving itself, in one process: the other writer's backup step ran first."""
    from saves import write_session

    target = tmp_path / "game.tycoons"
    write_session(play(new_game(seed=1), 5), target)
    os.unlink(backup_path(target)) if backup_path(target).exists() else None
    os.link(target, backup_path(target))  # .bak and the save are one file, as after the other's step
    _keep_backup(target)
    assert sorted(os.listdir(tmp_path)) == ["game.tycoons", "game.tycoons.bak"]
    os.unlink(target)  # the other process cleared the autosave: nothing to back up, no error
    _keep_backup(target)
    assert sorted(os.listdir(tmp_path)) == ["game.tycoons.bak"]


BOTH = textwrap.dedent("""
    import sys
    from pathlib import Path
    from saves.record import read_record
    from saves.record_index import load_index, save_index
    from ui.services.settings import Settings

    data, writes, me = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    games = data / "games"
    rows = list(load_index(games).values())
    settings = Settings(data / "settings.json")
    print("READY", flush=True)
    sys.stdin.readline()  # both start writing together
    for i in range(writes):
        settings.set("player_name", f"{me} {i}")
        save_index(games, rows)
    print("DONE", len(read_record(games).entries), flush=True)
""")


def test_two_processes_writing_the_settings_and_the_record_index_at_once(tmp_path):
    """The other files two Tycoons on one data folder both write: every write whole, each file
    read back cleanly, no temporary file left."""
    from saves.record import read_record
    from tests.saves.helpers import big_record
    from ui.services.settings import Settings

    big_record(tmp_path / "games", 40)
    assert read_record(tmp_path / "games").decoded == 40  # the index written once
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    writers = [subprocess.Popen([sys.executable, "-c", BOTH, str(tmp_path), "150", me], cwd=ROOT, env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for me in ("Ann", "Bob")]
    try:
        assert [w.stdout.readline().strip() for w in writers] == ["READY", "READY"]
        for w in writers:
            w.stdin.write("go\n")
            w.stdin.flush()
        outs = [w.communicate(timeout=300)[0] for w in writers]
    finally:
        for w in writers:
            if w.poll() is None:
                w.kill()
    assert all(w.returncode == 0 and out.strip() == "DONE 40" for w, out in zip(writers, outs, strict=True)), outs
    assert sorted(os.listdir(tmp_path)) == ["games", "games.index", "games.key", "settings.json"]
    settings = Settings(tmp_path / "settings.json")
    assert not settings.notice and settings.get("player_name") in ("Ann 149", "Bob 149")
    again = read_record(tmp_path / "games")
    assert again.decoded == 0 and len(again.entries) == 40
