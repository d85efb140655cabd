#!/usr/bin/env python3
"""Steps shared by the installer builds of all three systems (run with the project's Python,
PyInstaller installed: `pip install -e '.[packaging]'`).

    python packaging/build.py version              # the version, from pyproject.toml
    python packaging/build.py bundle               # PyInstaller one-folder app in dist/tycoons (+ checks)
    python packaging/build.py check-linux DIR      # every library resolves; the system ones it needs
    python packaging/build.py smoke EXE            # run a built or installed app offscreen
    python packaging/build.py startup EXE          # cold start to first paint: frozen vs source

The per-system scripts (build_linux.sh, build_windows.ps1, build_macos.sh) call `bundle`, wrap
the folder in their installer and call `smoke` on the result; the release workflow and the
packaging test call the same commands.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "tycoons.spec"
BUNDLE_BUDGET_MB = 130
# Qt pieces that must never be in the bundle (PySide6-Essentials only, trimmed).
FORBIDDEN = re.compile(r"(Qt6?(Qml|Quick|Network|Pdf|WebEngine|Wayland|Sql|Test|Designer|VirtualKeyboard|Multimedia)"
                       r"|/translations/|opengl32sw)", re.IGNORECASE)


def version() -> str:
    """The project version from pyproject.toml (the single source of it)."""
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def dir_size(path: Path) -> int:
    """Bytes of every regular file under `path` (symlinks not followed, not counted twice)."""
    total = 0
    for p in path.rglob("*"):
        if p.is_file() and not p.is_symlink():
            total += p.stat().st_size
    return total


def bundle_dir() -> Path:
    """The one-folder app PyInstaller leaves (on macOS the folder inside the .app is checked)."""
    return ROOT / "dist" / "tycoons"


# -- bundle --------------------------------------------------------------------------------------
def cmd_bundle(args) -> int:
    """Run PyInstaller on the spec, then check the result against the budget and the trim list."""
    dist, work = ROOT / "dist", ROOT / "build" / "pyinstaller"
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", args.log_level,
           "--distpath", str(dist), "--workpath", str(work), str(SPEC)]
    print("+", " ".join(cmd), flush=True)
    started = time.monotonic()
    subprocess.run(cmd, cwd=ROOT, check=True)
    print(f"PyInstaller took {time.monotonic() - started:.0f} s")
    return check_bundle(bundle_dir())


def check_bundle(folder: Path) -> int:
    """Size within budget, no forbidden Qt pieces, fonts and game data inside."""
    problems = []
    size_mb = dir_size(folder) / 1e6
    files = [p for p in folder.rglob("*") if p.is_file()]
    print(f"bundle {folder}: {size_mb:.1f} MB in {len(files)} files (budget {BUNDLE_BUDGET_MB} MB)")
    if size_mb > BUNDLE_BUDGET_MB:
        problems.append(f"bundle is {size_mb:.1f} MB, over the {BUNDLE_BUDGET_MB} MB budget")
    for p in files:
        rel = p.relative_to(folder).as_posix()
        if FORBIDDEN.search(rel):
            problems.append(f"should have been left out: {rel}")
    names = {p.name for p in files}
    for needed in ("DejaVuSans.ttf", "DejaVuSerif.ttf", "tycoons.svg", "rules.md", "THIRD-PARTY-NOTICES.txt",
                   "LGPL-3.0.txt", "Python-LICENSE.txt"):
        if needed not in names:
            problems.append(f"missing from the bundle: {needed}")
    if not any(p.suffix == ".toml" and "games" in p.parts for p in files):
        problems.append("missing from the bundle: assets/games/*/*.toml")
    for line in problems:
        print("PROBLEM:", line)
    return 1 if problems else 0


# -- Linux library check ---------------------------------------------------------------------------
def elf_files(folder: Path) -> list[Path]:
    out = []
    for p in folder.rglob("*"):
        if p.is_file() and not p.is_symlink():
            with open(p, "rb") as fh:
                if fh.read(4) == b"\x7fELF":
                    out.append(p)
    return out


def linux_system_libraries(folder: Path) -> tuple[dict[str, str], list[str]]:
    """The libraries the bundle takes from the system: ({soname: path} of those some bundled file
    links directly (DT_NEEDED), [unresolved "file: soname" anywhere in the ldd closure])."""
    files = elf_files(folder)
    bundled = {p.name for p in folder.rglob("*")}
    internal = [str(d) for d in {p.parent for p in files}]
    env = dict(os.environ, LD_LIBRARY_PATH=os.pathsep.join(internal))
    system: dict[str, str] = {}
    missing: list[str] = []
    for f in files:
        needed = re.findall(r"^\s*NEEDED\s+(\S+)", subprocess.run(["objdump", "-p", str(f)], capture_output=True,
                                                                   text=True).stdout, re.M)
        res = subprocess.run(["ldd", str(f)], capture_output=True, text=True, env=env)
        for line in res.stdout.splitlines():
            m = re.match(r"\s*(\S+) => (not found|(\S+) \(0x)", line)
            if not m:
                continue
            soname, path = m.group(1), m.group(3)
            if m.group(2) == "not found":
                missing.append(f"{f.relative_to(folder)}: {soname}")
            elif soname in needed and soname not in bundled:
                system[soname] = path
    return system, sorted(set(missing))


def glibc_needed(folder: Path) -> str:
    """The newest GLIBC_x.y symbol version any binary of the bundle asks for."""
    best = (2, 0)
    for f in elf_files(folder):
        res = subprocess.run(["objdump", "-T", str(f)], capture_output=True, text=True)
        for major, minor in re.findall(r"GLIBC_(\d+)\.(\d+)", res.stdout):
            best = max(best, (int(major), int(minor)))
    return f"{best[0]}.{best[1]}"


def debian_package(path: str) -> str:
    """The Debian package that ships the library at `path` ("?" if none does). Tries the path as
    found, its real path, and both with and without /usr (merged-/usr systems know only one)."""
    candidates = []
    for p in (path, os.path.realpath(path)):
        candidates += [p, p[4:] if p.startswith("/usr/") else "/usr" + p]
    for p in candidates:
        res = subprocess.run(["dpkg", "-S", p], capture_output=True, text=True)
        if res.returncode == 0:
            return res.stdout.split(":")[0].strip()
    return "?"


def cmd_check_linux(args) -> int:
    """Print the system libraries (and their Debian packages) the bundle needs; fail on any
    library that resolves nowhere (something the trim dropped that is still needed)."""
    folder = Path(args.folder)
    system, missing = linux_system_libraries(folder)
    packages: dict[str, set[str]] = {}
    for soname, path in sorted(system.items()):
        pkg = debian_package(path)
        packages.setdefault(pkg, set()).add(soname)
    result = {"glibc": glibc_needed(folder), "packages": {k: sorted(v) for k, v in sorted(packages.items())},
              "unresolved": missing}
    print(json.dumps(result, indent=1))
    return 1 if missing else 0


# -- smoke -----------------------------------------------------------------------------------------
def _env(extra: dict | None = None) -> dict:
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env.update(extra or {})
    return env


def _run(cmd: list[str], env: dict, timeout: float, what: str) -> subprocess.CompletedProcess:
    started = time.monotonic()
    res = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    print(f"[{what}] exit {res.returncode} in {time.monotonic() - started:.1f} s")
    if res.returncode != 0:
        print(res.stdout[-2000:], res.stderr[-4000:], sep="\n")
    return res


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG header (0, 0 if the file is not a PNG)."""
    with open(path, "rb") as fh:
        head = fh.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n":
        return 0, 0
    return struct.unpack(">II", head[16:24])


def smoke(exe: list[str], gui: bool = True, platform: str | None = None) -> list[str]:
    """Run the app `exe` (a command list) the ways the installers' users will; returns the
    failures (empty if all is well). Data goes to a temporary folder, never the user's."""
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="tycoons-smoke-") as tmp:
        env = _env({"TYCOONS_DATA_DIR": str(Path(tmp) / "data")})
        if platform:
            env["QT_QPA_PLATFORM"] = platform

        # 1. A board drawn to PNG (Qt, fonts, assets, the 1st CEO scene).
        out = Path(tmp) / "board.png"
        res = _run(exe + ["render", "first-ceo", "--players", "4", "--seed", "1", "--moves", "60",
                          "--out", str(out)], env, 180, "render")
        if res.returncode != 0:
            failures.append(f"render exited {res.returncode}")
        elif not out.exists() or min(png_size(out)) < 200:
            failures.append(f"render left no sensible PNG at {out} ({png_size(out) if out.exists() else 'none'})")
        else:
            print(f"  board.png {png_size(out)[0]}x{png_size(out)[1]}, {out.stat().st_size} bytes")

        # 2. All-AI games played to the end, headless, with their saves checked back.
        saves = Path(tmp) / "saves"
        res = _run(exe + ["simulate", "first-ceo", "--players", "4", "--games", "2", "--seed", "1",
                          "--ai", "easy", "--save-dir", str(saves)], env, 300, "simulate")
        try:
            summary = json.loads(res.stdout.strip().splitlines()[-1])
            print(f"  simulate: {summary.get('finished')}/{summary.get('games')} finished, "
                  f"{summary.get('decisions')} decisions")
            if res.returncode != 0 or summary.get("finished") != summary.get("games") or summary.get("games") != 2:
                failures.append(f"simulate did not finish every game: {summary}")
        except (ValueError, IndexError):
            failures.append(f"simulate printed no JSON summary (exit {res.returncode})")
        files = sorted(saves.glob("*.tycoons")) if saves.exists() else []
        if not files:
            failures.append("simulate --save-dir wrote no save")
        else:
            res = _run(exe + ["check-save", str(files[0])], env, 60, "check-save")
            if res.returncode != 0:
                failures.append(f"check-save refused a save the app just wrote: {res.stdout} {res.stderr}")

        # 3. AI decisions through the app's own spawn process pool; the autosave in the user data
        # folder (platformdirs: a temporary HOME stands in for the user's on Linux and macOS;
        # Windows asks the shell for the folder, so $TYCOONS_DATA_DIR is used there); the rules.
        pool_env = _env({**env, "TYCOONS_SELFTEST": "ai-pool"})
        home = Path(tmp) / "home"
        if sys.platform != "win32":
            home.mkdir()
            pool_env["HOME"] = str(home)
            for var in ("TYCOONS_DATA_DIR", "XDG_DATA_HOME"):
                pool_env.pop(var, None)
        res = _run(exe, pool_env, 300, "ai-pool")
        try:
            report = json.loads(res.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            report = {}
        if res.returncode != 0 or not report:
            failures.append(f"AI process pool self-test failed: {res.stdout.strip()} {res.stderr[-800:]}")
        else:
            print(f"  {res.stdout.strip()}")
            expected_root = home if sys.platform != "win32" else Path(env["TYCOONS_DATA_DIR"])
            if report.get("app_version") != version():
                failures.append(f"the app calls itself version {report.get('app_version')}, not {version()}")
            if not Path(report["data_dir"]).is_relative_to(expected_root):
                failures.append(f"saves went to {report['data_dir']}, not under {expected_root}")
            res = _run(exe + ["check-save", report["autosave"]], env, 60, "check-save autosave")
            if res.returncode != 0:
                failures.append(f"check-save refused the autosave: {res.stdout} {res.stderr}")

        # 4. The GUI itself: up to the painted start screen.
        if gui:
            secs = first_paint_seconds(exe, env)
            if secs is None:
                failures.append("the GUI never painted its start screen")
            else:
                print(f"  start screen painted after {secs:.2f} s")
    return failures


def first_paint_seconds(exe: list[str], env: dict, timeout: float = 60) -> float | None:
    """Seconds from launching `exe` to its first painted window (None if it never paints)."""
    env = dict(env, TYCOONS_PROBE_FIRST_PAINT="1")
    started = time.time()
    try:
        res = subprocess.run(exe, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    m = re.search(r"FIRST_PAINT (\d+\.\d+)", res.stdout)
    if not m:
        print(res.stdout[-1000:], res.stderr[-2000:], sep="\n")
        return None
    return float(m.group(1)) - started


def exe_command(path: str) -> list[str]:
    """A command list for an app path: an executable, a .app bundle or a one-folder directory."""
    p = Path(path)
    if p.suffix == ".app":
        return [str(p / "Contents" / "MacOS" / "tycoons")]
    if p.is_dir():
        for name in ("tycoons-cli.exe", "tycoons.exe", "tycoons"):
            if (p / name).exists():
                return [str(p / name)]
    return [str(p)]


def cmd_smoke(args) -> int:
    failures = smoke(exe_command(args.exe), gui=not args.no_gui, platform=args.platform)
    for f in failures:
        print("FAILED:", f)
    print("smoke: " + ("FAILED" if failures else "ok"))
    return 1 if failures else 0


# -- start-up --------------------------------------------------------------------------------------
def cmd_startup(args) -> int:
    """Cold start to the first painted start screen, frozen vs from source, measured the same way
    (the entry script's first-paint probe) in alternation; prints medians."""
    frozen = exe_command(args.exe)
    source = [sys.executable, str(ROOT / "packaging" / "tycoons_main.py")]
    times: dict[str, list[float]] = {"frozen": [], "source": []}
    with tempfile.TemporaryDirectory(prefix="tycoons-start-") as tmp:
        # PYTHONPATH: the source run imports the checkout itself (the frozen app ignores it).
        env = _env({"TYCOONS_DATA_DIR": tmp, "PYTHONPATH": str(ROOT)})
        for cmd in (frozen, source):  # warm the page cache once each, as a player's second start
            first_paint_seconds(cmd, env)
        for _ in range(args.runs):
            for name, cmd in (("frozen", frozen), ("source", source)):
                secs = first_paint_seconds(cmd, env)
                if secs is not None:
                    times[name].append(secs)
    result = {k: {"median_s": round(statistics.median(v), 3), "min_s": round(min(v), 3), "runs": len(v)}
              for k, v in times.items() if v}
    print(json.dumps(result))
    if len(result) < 2:
        return 1
    return 0 if result["frozen"]["median_s"] <= result["source"]["median_s"] * args.tolerance else 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("version")
    b = sub.add_parser("bundle")
    b.add_argument("--log-level", default="WARN")
    c = sub.add_parser("check-linux")
    c.add_argument("folder", nargs="?", default=str(bundle_dir()))
    s = sub.add_parser("smoke")
    s.add_argument("exe", help="the app: an executable, a .app or the one-folder directory")
    s.add_argument("--no-gui", action="store_true", help="skip the start-screen check")
    s.add_argument("--platform", default=None, help="QT_QPA_PLATFORM for the run (default offscreen)")
    t = sub.add_parser("startup")
    t.add_argument("exe", nargs="?", default=str(bundle_dir()))
    t.add_argument("--runs", type=int, default=5)
    t.add_argument("--tolerance", type=float, default=1.10, help="frozen may be this much slower (noise)")
    args = p.parse_args(argv)
    if args.command == "version":
        print(version())
        return 0
    return {"bundle": cmd_bundle, "check-linux": cmd_check_linux, "smoke": cmd_smoke,
            "startup": cmd_startup}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
