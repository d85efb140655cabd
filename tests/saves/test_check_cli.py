"""`tycoons check-save FILE` through the real command-line entry point."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from saves import write_session
from saves.envelope import MAGIC, build_payload, encode_container
from tests.saves.helpers import REAL_GAME, finished_game, new_game, play
from ui.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, path) -> tuple[int, str, str]:
    code = main(["check-save", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_good_finished_save(tmp_path, capsys):
    session = finished_game(REAL_GAME, seed=4)
    path = write_session(session, tmp_path / "done.tycoons")
    code, out, err = run(capsys, path)
    assert code == 0 and err == ""
    assert out.count("\n") == 1
    winners = " and ".join(session.names[w] for w in session.state.outcome().winners)
    assert out.startswith(f"OK {path}: 1st CEO; 3 players: Ann (human), Bob (AI, easy), Cy (AI, normal); ")
    assert f"finished, won by {winners}; saved " in out


def test_good_save_in_progress(tmp_path, capsys):
    path = write_session(play(new_game(REAL_GAME), 3), tmp_path / "mid.tycoons")
    code, out, _ = run(capsys, path)
    assert code == 0
    assert "; 3 decisions; in progress; saved " in out


def _bad_files(tmp_path) -> dict[str, Path]:
    good = write_session(finished_game(REAL_GAME, seed=4), tmp_path / "good.tycoons").read_bytes()
    payload = build_payload(finished_game(REAL_GAME, seed=4))
    files = {
        "missing": tmp_path / "missing.tycoons",
        "not a save": tmp_path / "notes.txt",
        "truncated": tmp_path / "cut.tycoons",
        "corrupted": tmp_path / "flip.tycoons",
        "foreign": tmp_path / "foreign.tycoons",
        "newer": tmp_path / "future.tycoons",
        "mismatch": tmp_path / "mismatch.tycoons",
    }
    files["not a save"].write_text("shopping list\n")
    files["truncated"].write_bytes(good[: len(good) // 3])
    flipped = bytearray(good)
    flipped[len(good) // 2] ^= 0x10
    files["corrupted"].write_bytes(bytes(flipped))
    files["foreign"].write_bytes(MAGIC + b"\x81\xa3abc\x01")
    files["newer"].write_bytes(encode_container(payload, format_version=5, app="3.2.1"))
    payload["state_hash"] = "0" * 32
    files["mismatch"].write_bytes(encode_container(payload))
    return files


EXPECTED = {
    "missing": "there is no such file",
    "not a save": "it is not a Tycoons save",
    "truncated": "truncated",
    "corrupted": "corrupted",
    "foreign": "corrupted",
    "newer": "newer Tycoons (3.2.1, save format 5)",
    "mismatch": "does not reach the saved position",
}


@pytest.mark.parametrize("kind", list(EXPECTED))
def test_bad_saves(tmp_path, capsys, kind):
    path = _bad_files(tmp_path)[kind]
    before = path.read_bytes() if path.exists() else None
    code, out, err = run(capsys, path)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"BAD {path.name}: ")
    assert EXPECTED[kind] in err
    assert (path.read_bytes() if path.exists() else None) == before


def test_console_script_runs_headless(tmp_path):
    """The real process: exit codes, and no Qt module is imported by check-save."""
    path = write_session(play(new_game(REAL_GAME), 5), tmp_path / "g.tycoons")
    code = ("import sys; from ui.cli import main; rc = main(sys.argv[1:]); "
            "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt imported'; sys.exit(rc)")
    good = subprocess.run([sys.executable, "-c", code, "check-save", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert good.returncode == 0, good.stderr
    assert good.stdout.startswith("OK ")
    bad = subprocess.run([sys.executable, "-c", code, "check-save", str(tmp_path / "none.tycoons")],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2
    assert bad.stderr == "BAD none.tycoons: there is no such file\n"
