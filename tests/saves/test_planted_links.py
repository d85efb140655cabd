"""No writer follows a name planted where it puts its temporary file.

In a folder another user can write to, someone who can guess the temporary name a writer will use
plants a link there to a file of the player's (or to a place outside the folder): a writer that
opens that name without exclusive create writes through the link. Here the "guess" is made
certain: the random part of every temporary name is forced to known values, and at each of them
(and at the process-id name an older writer used) a link to a victim file is planted, a dangling
link and a FIFO as well. Every writer must leave the victim and the planted names alone, and still
write its file.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

import pytest

from ai.analysis import Analysis, write_analysis
from saves import files
from saves.record import write_record
from saves.record_index import load_index, save_index
from saves.store import encode_for_save, write_session
from tests.saves.helpers import finished_game, new_game, play
from ui.online import credentials, records
from ui.services.settings import Settings

GUESSES = ["0123456789abcdef", "00000000", "deadbeefdeadbeef", "cafe"]
VICTIM = b"the player's own file\n"


@pytest.fixture
def guessed(monkeypatch):
    """`arm()`: from then on, the random part of temporary names is the guesses, twice over,
    before it is random again."""
    real = secrets.token_hex
    queue = []

    def token_hex(n=None):
        return queue.pop(0) if queue else real(n)

    monkeypatch.setattr(secrets, "token_hex", token_hex)
    return lambda: queue.extend(GUESSES * 2)


def plant(folder: Path, target_name: str, victim: Path, outside: Path) -> list[Path]:
    """Links and FIFOs at every temporary name a writer of `target_name` could pick."""
    folder.mkdir(parents=True, exist_ok=True)
    planted = []
    tags = [""] + ["bak."]
    middles = [f"{tag}{g}" for tag in tags for g in GUESSES] + [str(os.getpid())]
    for i, middle in enumerate(middles):
        name = folder / f".{target_name}.{middle}{files.TEMP_SUFFIX}"
        kind = i % 3
        if kind == 0:
            os.symlink(victim, name)
        elif kind == 1:
            os.symlink(outside / f"made-{i}", name)  # would create a file outside the folder
        else:
            os.mkfifo(name)
        planted.append(name)
    return planted


def _analysis() -> Analysis:
    return Analysis("first-ceo", "0" * 32, 10, 100, [0], [])


def _settings_write(path: Path) -> None:
    Settings(path).set("animations", False)


def _settings_check(path: Path) -> None:
    assert json.loads(path.read_text())["animations"] is False


def _index_write(path: Path) -> None:
    save_index(path.parent / "games", [])


def _no_links(monkeypatch):
    def refuse(src, dst):
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", refuse)


WRITERS = {
    # name: (target file name, write(path), check(path))
    "save": ("g.tycoons", lambda p: write_session(new_game(), p),
             lambda p: files.read_bounded(p, 1 << 24)),
    "save over a save (backup)": ("g.tycoons", lambda p: write_session(play(new_game(), 3), p),
                                  lambda p: files.read_bounded(Path(str(p) + ".bak"), 1 << 24)),
    "save over a save (backup copied)": ("g.tycoons", lambda p: write_session(play(new_game(), 3), p),
                                         lambda p: files.read_bounded(Path(str(p) + ".bak"), 1 << 24)),
    "finished game's record": ("rec.tycoons",
                               lambda p: write_record("rec", encode_for_save(finished_game(), p), p.parent),
                               lambda p: files.read_bounded(p, 1 << 24)),
    "analysis": ("g.tycoons.analysis", lambda p: write_analysis(p, _analysis()),
                 lambda p: json.loads(p.read_text())["kind"] == "tycoons-analysis" or pytest.fail("not written")),
    "settings": ("settings.json", _settings_write, _settings_check),
    "games index": ("games.index", _index_write, lambda p: load_index(p.parent / "games") == {}
                    and p.stat().st_size > 0 or pytest.fail("not written")),
    "online record": ("abc.json", lambda p: records.write_json_atomic(p, {"x": 1}),
                      lambda p: json.loads(p.read_text()) == {"x": 1} or pytest.fail("not written")),
    "sign-in": (credentials.FILE_NAME,
                lambda p: credentials.save_credentials(credentials.Credentials("https://h", "@a:h", "tok"), p),
                lambda p: credentials.load_credentials(p) is not None or pytest.fail("not written")),
}


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_link_at_any_temporary_name_is_never_followed(tmp_path, guessed, writer, monkeypatch):
    target_name, write, check = WRITERS[writer]
    folder, outside = tmp_path / "shared", tmp_path / "outside"
    outside.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_bytes(VICTIM)
    if target_name == "games.index":
        (folder / "games").mkdir(parents=True)
    if "backup" in writer:
        write_session(new_game(), folder / target_name)  # a save to keep as the backup
    if "copied" in writer:
        _no_links(monkeypatch)  # a file system without hard links: the backup is a copy
    planted = plant(folder, target_name, victim, outside)
    before = {p: os.readlink(p) if p.is_symlink() else "fifo" for p in planted}

    guessed()
    write(folder / target_name)

    assert victim.read_bytes() == VICTIM
    assert list(outside.iterdir()) == []
    assert {p: os.readlink(p) if p.is_symlink() else "fifo" for p in planted} == before
    check(folder / target_name)
    left = sorted(p.name for p in folder.iterdir() if p.name.endswith(files.TEMP_SUFFIX) and p not in before)
    assert left == []  # nothing of its own left behind either


def test_a_write_over_a_fifo_or_a_folder_is_refused_without_waiting(tmp_path):
    fifo, folder = tmp_path / "pipe.analysis", tmp_path / "dir.analysis"
    os.mkfifo(fifo)
    folder.mkdir()
    for path, why in ((fifo, "not a regular file"), (folder, "is a folder")):
        with pytest.raises(OSError, match=why):
            write_analysis(path, _analysis())
    assert [p.name for p in sorted(tmp_path.iterdir())] == ["dir.analysis", "pipe.analysis"]


def test_a_link_at_the_target_is_replaced_not_followed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(VICTIM)
    target = tmp_path / "g.tycoons.analysis"
    os.symlink(victim, target)
    write_analysis(target, _analysis())
    assert victim.read_bytes() == VICTIM
    assert not target.is_symlink() and json.loads(target.read_text())["kind"] == "tycoons-analysis"


def test_a_narrow_mode_holds_from_the_first_byte_whatever_the_umask(tmp_path, monkeypatch):
    seen = []
    real_fdopen = os.fdopen

    def fdopen(fd, *args, **kwargs):
        seen.append(os.fstat(fd).st_mode & 0o777)
        return real_fdopen(fd, *args, **kwargs)

    old = os.umask(0)
    try:
        monkeypatch.setattr(os, "fdopen", fdopen)
        path = files.write_atomic(tmp_path / "secret.json", b"{}", 0o600)
    finally:
        os.umask(old)
    assert seen == [0o600] and path.stat().st_mode & 0o777 == 0o600


def test_the_sweep_removes_old_temporaries_and_links_but_never_follows_them(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(VICTIM)
    folder = tmp_path / "data"
    folder.mkdir()
    old = [folder / ".a.json.1111.tmp", folder / ".a.json.2222.tmp"]
    old[0].write_bytes(b"x")
    os.symlink(victim, old[1])
    for p in old:
        os.utime(p, (1, 1), follow_symlinks=False)
    live = folder / ".a.json.3333.tmp"
    live.write_bytes(b"y")
    (folder / ".a.json.4444.tmp").mkdir()
    os.utime(folder / ".a.json.4444.tmp", (1, 1))
    assert files.remove_stale_temps(folder, files.temp_pattern("a.json")) == 2
    assert victim.read_bytes() == VICTIM
    assert sorted(p.name for p in folder.iterdir()) == [".a.json.3333.tmp", ".a.json.4444.tmp"]
