"""The Linux installers end to end: build the .deb and .tar.gz with packaging/build_linux.sh,
install the .deb with dpkg (apt-get -f install for missing dependencies), run the installed
program offscreen and under Xvfb (render a board, play all-AI games to the end and check their
saves, take AI decisions in the frozen spawn pool, paint the start screen), then uninstall.

Skipped by the default run (marker `packaging`); run with `pytest -m packaging` as root on a
Debian-like system. Builds with quick compression (FAST=1) so that the whole test stays within
10 minutes on two shared cores; `TYCOONS_DEB=path.deb` tests an existing package instead.
It installs xvfb with apt-get when it is missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "packaging" / "build.py"
BUNDLE_BUDGET_MB = 130
DEB_BUDGET_MB = 45

pytestmark = [
    pytest.mark.packaging,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the .deb is built and installed on Linux"),
    pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="needs dpkg-deb (Debian or Ubuntu)"),
    pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() != 0, reason="installs a .deb: run as root"),
]


def run(cmd, timeout=600, check=True, **kw) -> subprocess.CompletedProcess:
    started = time.monotonic()
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)
    print(f"$ {' '.join(map(str, cmd))}  -> {res.returncode} in {time.monotonic() - started:.0f} s")
    if check and res.returncode != 0:
        pytest.fail(f"{cmd} exited {res.returncode}\n{res.stdout[-3000:]}\n{res.stderr[-3000:]}")
    return res


def version() -> str:
    return run([sys.executable, str(BUILD), "version"]).stdout.strip()


@pytest.fixture(scope="module")
def artifacts() -> tuple[Path, Path | None]:
    """(.deb, .tar.gz or None): built now, or the .deb named by $TYCOONS_DEB."""
    given = os.environ.get("TYCOONS_DEB")
    if given:
        return Path(given), None
    run(["bash", str(ROOT / "packaging" / "build_linux.sh")], timeout=480,
        env=dict(os.environ, FAST="1", PYTHON=sys.executable))
    ver = version()
    arch = run(["dpkg", "--print-architecture"]).stdout.strip()
    deb = ROOT / "dist" / f"tycoons_{ver}_{arch}.deb"
    tarball = ROOT / "dist" / f"tycoons-{ver}-linux-{os.uname().machine}.tar.gz"
    assert deb.exists() and tarball.exists()
    return deb, tarball


def test_deb_metadata_budget_and_depends(artifacts):
    deb, tarball = artifacts
    size_mb = deb.stat().st_size / 1e6
    print(f".deb {size_mb:.1f} MB")
    assert size_mb <= DEB_BUDGET_MB
    fields = run(["dpkg-deb", "-f", str(deb), "Package", "Version", "Architecture", "Depends",
                  "Installed-Size"]).stdout
    assert "Package: tycoons" in fields
    assert f"Version: {version()}" in fields
    installed_kib = int(re.search(r"Installed-Size: (\d+)", fields).group(1))
    assert installed_kib * 1024 / 1e6 <= BUNDLE_BUDGET_MB + 1  # the app plus icons and the .desktop file
    depends = {re.sub(r"\s*\(.*?\)", "", d).strip() for d in re.search(r"Depends: (.*)", fields).group(1).split(",")}
    for needed in ("libc6", "libgl1", "libegl1", "libfontconfig1", "libxcb1", "libxcb-cursor0", "libxkbcommon-x11-0"):
        assert needed in depends
    listing = run(["dpkg-deb", "-c", str(deb)]).stdout
    for path in ("./opt/tycoons/tycoons", "./usr/bin/tycoons -> /opt/tycoons/tycoons",
                 "./usr/share/applications/tycoons.desktop", "./usr/share/icons/hicolor/48x48/apps/tycoons.png",
                 "./usr/share/icons/hicolor/scalable/apps/tycoons.svg", "/_internal/assets/fonts/DejaVuSans.ttf",
                 "/_internal/assets/games/first-ceo/", "./usr/share/doc/tycoons/copyright",
                 "/_internal/licenses/LGPL-3.0.txt", "/_internal/THIRD-PARTY-NOTICES.txt"):
        assert path in listing, path
    assert "translations/" not in listing and "libQt6Qml" not in listing and "libQt6Network" not in listing
    if tarball is not None:
        with tarfile.open(tarball) as tf:
            names = tf.getnames()
        top = f"tycoons-{version()}"
        assert f"{top}/tycoons" in names and f"{top}/share/applications/tycoons.desktop" in names
        assert f"{top}/_internal/assets/fonts/DejaVuSerif.ttf" in names


def _ensure_xvfb() -> str:
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        run(["apt-get", "install", "-y", "-q", "--no-install-recommends", "xvfb"], timeout=300,
            env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        xvfb = shutil.which("Xvfb")
    assert xvfb, "xvfb could not be installed"
    return xvfb


def _smoke(exe: str, platform: str, env: dict | None = None) -> str:
    res = run([sys.executable, str(BUILD), "smoke", exe, "--platform", platform], timeout=300, check=False,
              env=env)
    print(res.stdout)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-2000:]
    return res.stdout


def test_install_run_offscreen_and_under_xvfb_then_uninstall(artifacts, tmp_path):
    deb, _ = artifacts
    apt_env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    installed = False
    xvfb_proc = None
    try:
        res = run(["dpkg", "-i", str(deb)], check=False, env=apt_env)
        installed = True
        if res.returncode != 0:  # dependencies missing on this host: let apt fetch them
            run(["apt-get", "-f", "install", "-y", "-q"], timeout=300, env=apt_env)
        status = run(["dpkg-query", "-W", "-f", "${Status} ${Version}", "tycoons"]).stdout
        assert status == f"install ok installed {version()}"
        assert Path("/usr/bin/tycoons").resolve() == Path("/opt/tycoons/tycoons")
        assert Path("/usr/share/applications/tycoons.desktop").exists()
        assert Path("/usr/share/icons/hicolor/256x256/apps/tycoons.png").exists()

        # Offscreen: render, simulate + check-save, the AI spawn pool, the start screen.
        out = _smoke("/usr/bin/tycoons", "offscreen")
        assert "board.png" in out and "2/2 finished" in out and '"mode": "process"' in out

        # Under a real X server through the xcb plugin and the system X libraries.
        xvfb = _ensure_xvfb()
        display = f":{90 + os.getpid() % 9}"
        xvfb_proc = subprocess.Popen([xvfb, display, "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.5)
        assert xvfb_proc.poll() is None, "Xvfb did not start"
        out = _smoke("/usr/bin/tycoons", "xcb", env=dict(os.environ, DISPLAY=display))
        assert "start screen painted" in out

        # Check the frozen app chose xcb (not a silent fallback): a window on the X display.
        probe = run(["/usr/bin/tycoons"], check=False, timeout=60,
                    env=dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb",
                             TYCOONS_PROBE_FIRST_PAINT="1", TYCOONS_DATA_DIR=str(tmp_path)))
        assert probe.returncode == 0 and "FIRST_PAINT" in probe.stdout, probe.stderr[-2000:]
        assert "could not load the Qt platform plugin" not in probe.stderr.lower()
    finally:
        if xvfb_proc is not None:
            xvfb_proc.terminate()
            xvfb_proc.wait(timeout=10)
        if installed:
            run(["dpkg", "--purge", "tycoons"], check=False, env=apt_env)
    # Uninstalled: nothing of the package is left.
    assert run(["dpkg-query", "-W", "-f", "${Status}", "tycoons"], check=False).stdout.strip() in (
        "", "unknown ok not-installed", "deinstall ok config-files")
    assert not Path("/opt/tycoons").exists()
    assert not Path("/usr/bin/tycoons").exists() and not Path("/usr/bin/tycoons").is_symlink()
    assert not Path("/usr/share/applications/tycoons.desktop").exists()


def test_linux_libraries_resolve(artifacts, tmp_path):
    """Every library of the bundle resolves (inside it or from a Depends package) once the
    package's dependencies are installed; reports the glibc the build needs."""
    deb, _ = artifacts
    run(["dpkg-deb", "-x", str(deb), str(tmp_path)])
    res = run([sys.executable, str(BUILD), "check-linux", str(tmp_path / "opt" / "tycoons")], check=False)
    info = json.loads(res.stdout)
    print("glibc needed:", info["glibc"], "system packages:", sorted(info["packages"]))
    assert info["unresolved"] == [], info["unresolved"]
