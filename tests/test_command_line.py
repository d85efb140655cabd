"""Every `tycoons` subcommand refuses a bad argument with one line and exit 2, before it starts
anything, and never echoes a control character: invalid player counts, seeds, scales, counts of
games, iterations and processes, output paths that are a FIFO, a folder or under a file, a save
folder that is a file, malformed homeserver addresses and user ids, bad names and levels, and
names holding terminal escape sequences.

All the hostile commands run through the real entry point (`ui.cli.main`) in one child process,
each under an alarm: a command that hangs (a FIFO as --out waited for a reader for ever) or runs
away (10^30 players) is reported as such instead of hanging the test run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ESC = "\x1b]0;owned\x07\x1b[31m"

CHILD = textwrap.dedent(r'''
    import contextlib, io, json, os, resource, signal, sys, traceback

    # a runaway command must not take the machine's memory with it
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
    from ui.cli import main

    class Hang(BaseException):
        pass

    def alarm(*_):
        raise Hang()

    signal.signal(signal.SIGALRM, alarm)
    results = {}
    for key, argv in json.loads(sys.argv[1]).items():
        out, err = io.StringIO(), io.StringIO()
        signal.alarm(20)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(argv)
        except Hang:
            code = "hang"
        except BaseException:
            code = "raised"
            err.write(traceback.format_exc())
        finally:
            signal.alarm(0)
        results[key] = [code, out.getvalue(), err.getvalue()]
    print(json.dumps(results))
''')


def places(folder: Path) -> Path:
    """A FIFO, a file and a folder where the hostile commands point."""
    os.mkfifo(folder / "fifo.png")
    (folder / "a-file").write_text("not a folder")
    (folder / "a-folder").mkdir()
    return folder


def hostile(folder: Path) -> dict[str, list[str]]:
    fifo, a_file, a_folder = folder / "fifo.png", folder / "a-file", folder / "a-folder"
    out = str(folder / "ok.png")
    render = ["render", "first-ceo", "--out", out]
    sim = ["simulate", "first-ceo", "--players", "3"]
    bal = ["balance", "first-ceo", "--players", "3", "--games", "1"]
    new = ["host", "new", "first-ceo", "--seat", "Ann=@ann:example.org", "--seat", "Bob=ai:normal"]
    signin = ["host", "signin", "--user", "@bot:example.org", "--token", "t", "--homeserver"]
    return {
        # render
        "render players 0": [*render, "--players", "0"],
        "render players 99": [*render, "--players", "99"],
        "render players 10^30": [*render, "--players", str(10**30)],
        "render players for the game": [*render, "--players", "2"],
        "render players text": [*render, "--players", "four"],
        "render seed negative": [*render, "--seed", "-1"],
        "render seed 2^70": [*render, "--seed", str(2**70)],
        "render scale 0": [*render, "--scale", "0"],
        "render scale nan": [*render, "--scale", "nan"],
        "render scale inf": [*render, "--scale", "inf"],
        "render scale 1e9": [*render, "--scale", "1e9"],
        "render moves negative": [*render, "--moves", "-1"],
        "render moves 10^30": [*render, "--moves", str(10**30)],
        "render out fifo": ["render", "first-ceo", "--out", str(fifo)],
        "render out folder": ["render", "first-ceo", "--out", str(a_folder)],
        "render out under a file": ["render", "first-ceo", "--out", str(a_file / "x.png")],
        "render game escape": ["render", ESC, "--out", out],
        "render names escape": [*render, "--names", f"Ann,{ESC}"],
        # simulate
        "simulate players 10^30": ["simulate", "first-ceo", "--players", str(10**30)],
        "simulate players 0": ["simulate", "first-ceo", "--players", "0"],
        "simulate players for the game": ["simulate", "first-ceo", "--players", "2"],
        "simulate games 10^30": [*sim, "--games", str(10**30)],
        "simulate seed 2^70": [*sim, "--seed", str(2**70)],
        "simulate iterations 10^30": [*sim, "--ai", "hard", "--iterations", str(10**30)],
        "simulate iterations negative": [*sim, "--ai", "hard", "--iterations", "-5"],
        "simulate think negative": [*sim, "--ai", "hard", "--think-ms", "-5"],
        "simulate jobs 1000": [*sim, "--jobs", "1000"],
        "simulate jobs 0": [*sim, "--jobs", "0"],
        "simulate save-dir a file": [*sim, "--save-dir", str(a_file)],
        "simulate save-dir under a file": [*sim, "--save-dir", str(a_file / "saves")],
        "simulate level escape": [*sim, "--ai", ESC],
        "simulate game escape": ["simulate", ESC, "--players", "3"],
        # balance
        "balance players 10^30": ["balance", "first-ceo", "--players", str(10**30), "--games", "1"],
        "balance games 0": ["balance", "first-ceo", "--players", "3", "--games", "0"],
        "balance seed 2^70": [*bal, "--seed", str(2**70)],
        "balance jobs 1000": [*bal, "--jobs", "1000"],
        "balance level escape": [*bal, "--ai", ESC],
        # analyse
        "analyse jobs 1000": ["analyse", str(a_file), "--jobs", "1000"],
        "analyse jobs 0": ["analyse", str(a_file), "--jobs", "0"],
        "analyse budget negative": ["analyse", str(a_file), "--budget-ms", "-1"],
        "analyse seat 10^30": ["analyse", str(a_file), "--seat", str(10**30)],
        "analyse a fifo": ["analyse", str(fifo)],
        # check-save, tutorial
        "check-save a fifo": ["check-save", str(fifo)],
        "tutorial check escape": ["tutorial", ESC, "--check"],
        "tutorial check unknown": ["tutorial", "no-such-game", "--check"],
        # host
        "host new seed 2^70": [*new, "--seat", "Cy=ai:easy", "--seed", str(2**70)],
        "host new seed negative": [*new, "--seat", "Cy=ai:easy", "--seed", "-1"],
        "host new name escape": [*new, "--seat", f"{ESC}=ai:easy"],
        "host new name too long": [*new, "--seat", "W" * 41 + "=ai:easy"],
        "host new name blank": [*new, "--seat", " =ai:easy"],
        "host new same names": [*new, "--seat", "ann=ai:easy"],
        "host new level unknown": [*new, "--seat", "Cy=ai:godlike"],
        "host new level escape": [*new, "--seat", f"Cy=ai:{ESC}"],
        "host new user malformed": [*new, "--seat", "Cy=bob"],
        "host new players for the game": new,
        "host new game escape": ["host", "new", ESC, "--seat", "Ann=@ann:example.org"],
        "host new option": [*new, "--seat", "Cy=ai:easy", "--option", "nonsense"],
        "host signin not a url": [*signin, "not a url"],
        "host signin ipv6": [*signin, "https://[::1"],
        "host signin ftp": [*signin, "ftp://matrix.example.org"],
        "host signin no server": [*signin, "https://"],
        "host signin port": [*signin, "https://example.org:99999"],
        "host signin escape": [*signin, f"https://example.org/{ESC}"],
        "host signin user": ["host", "signin", "--homeserver", "https://example.org", "--user", "bob"],
        "host run max-s nan": ["host", "run", "--max-s", "nan"],
        "host run think negative": ["host", "run", "--think-ms", "-1"],
    }


@pytest.fixture(scope="module")
def refused(tmp_path_factory):
    folder = places(tmp_path_factory.mktemp("cli"))
    cases = hostile(folder)
    env = dict(os.environ, PYTHONPATH=str(ROOT), TYCOONS_DATA_DIR=str(folder / "data"),
               QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(cases)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("case", list(hostile(Path("/cases"))))
def test_a_bad_argument_is_refused_in_one_line_with_exit_2(refused, case):
    code, out, err = refused[case]
    assert code == 2, f"exit {code}: {err[-600:]}"
    assert "Traceback" not in out + err
    assert not any(c in out + err for c in "\x1b\x07\x9b"), "a control character reached the terminal"
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(("tycoons", "BAD ")), err  # check-save says BAD <file>
    assert out == ""  # nothing was started


def test_the_one_line_says_what_was_wrong(refused):
    said = {case: refused[case][2] for case in refused}
    assert "1 to 16" in said["render players 10^30"]
    assert "3–6 players, not 2" in said["render players for the game"]
    assert "a seed" in said["render seed 2^70"] and "0 to" in said["render seed negative"]
    assert "FIFO" in said["render out fifo"] and "folder" in said["render out folder"]
    assert "is a file" in said["simulate save-dir a file"]
    assert "1 to 64" in said["analyse jobs 1000"]
    assert "no AI level" in said["host new level unknown"] and "different name" in said["host new same names"]
    assert "https://" in said["host signin ftp"] and "Matrix user id" in said["host signin user"]
    assert "no game called" in said["tutorial check escape"] and "\\x1b" in said["tutorial check escape"]


def test_a_command_starts_no_more_processes_than_the_machine_has_cores(monkeypatch):
    import concurrent.futures

    from ai.analysis import run_tasks
    from engine.command_line import process_count

    started = []

    class Counting(concurrent.futures.ProcessPoolExecutor):
        def __init__(self, max_workers=None, *args, **kwargs):
            started.append(max_workers)
            raise RuntimeError("counted")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Counting)
    tasks = [object()] * 500  # a process per decision was started before
    with pytest.raises(RuntimeError, match="counted"):
        run_tasks("first-ceo", tasks, None, jobs=64)
    assert started and started[0] <= (os.cpu_count() or 1)
    assert process_count(1000, 3) <= 3 and process_count(1, 500) == 1


def test_good_arguments_still_pass(tmp_path):
    from ui.cli import build_parser

    args = build_parser().parse_args(["render", "first-ceo", "--players", "4", "--seed", str(2**64 - 1),
                                      "--scale", "2", "--out", str(tmp_path / "new" / "b.png"),
                                      "--names", "Ann,Bob"])
    assert (args.players, args.seed, args.scale, args.names) == (4, 2**64 - 1, 2.0, ["Ann", "Bob"])
    args = build_parser().parse_args(["host", "signin", "--homeserver", "https://matrix.example.org:8448/",
                                      "--user", "@bot:example.org"])
    assert args.homeserver == "https://matrix.example.org:8448"
    args = build_parser().parse_args(["host", "new", "big-shoulders", "--seat", "Ann=@ann:example.org",
                                      "--seat", "Robo=ai:hard"])
    assert [s.kind for s in args.seat] == ["online", "ai"] and args.seat[1].level == "hard"


