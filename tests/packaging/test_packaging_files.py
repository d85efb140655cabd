"""Quick checks of the installer recipes that need no build (part of the default run): the
icon files, the .desktop entry, Info.plist, the Inno Setup script, the shared build helpers,
and the frozen entry point's AI-pool self-test run from source."""

from __future__ import annotations

import importlib.util
import json
import os
import plistlib
import struct
import subprocess
import sys
import tomllib
from configparser import ConfigParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "assets" / "icons"
# packaging/build.py (the shared build steps), loaded by path: "build" is also the name of the
# build output folder at the top of the checkout.
_spec = importlib.util.spec_from_file_location("tycoons_packaging_build", ROOT / "packaging" / "build.py")
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)


def test_version_comes_from_pyproject():
    with open(ROOT / "pyproject.toml", "rb") as fh:
        assert build.version() == tomllib.load(fh)["project"]["version"]


def test_hicolor_pngs_have_their_sizes():
    for n in (16, 22, 24, 32, 48, 64, 128, 256, 512):
        assert build.png_size(ICONS / f"tycoons-{n}.png") == (n, n)
    assert build.png_size(ICONS / "tycoons.png") == (256, 256)


def test_ico_holds_every_windows_size_as_png():
    data = (ICONS / "tycoons.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = set()
    for i in range(count):
        w, h, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i: 22 + 16 * i])
        blob = data[offset: offset + length]
        assert blob[:8] == b"\x89PNG\r\n\x1a\n"
        sizes.add(w or 256)
    assert sizes == {16, 24, 32, 48, 64, 128, 256}


def test_icns_is_well_formed_up_to_1024():
    data = (ICONS / "tycoons.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    pos, kinds = 8, {}
    while pos < len(data):
        kind, length = data[pos: pos + 4], struct.unpack(">I", data[pos + 4: pos + 8])[0]
        kinds[kind] = data[pos + 8: pos + 8 + 24]
        pos += length
    assert pos == len(data)
    assert {b"icp4", b"ic07", b"ic08", b"ic09", b"ic10"} <= set(kinds)
    assert struct.unpack(">II", kinds[b"ic10"][16:24]) == (1024, 1024)


def test_desktop_entry():
    cp = ConfigParser(interpolation=None)
    cp.optionxform = str
    cp.read(ROOT / "packaging" / "linux" / "tycoons.desktop", encoding="utf-8")
    entry = cp["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Exec"] == "tycoons" and entry["Icon"] == "tycoons"
    assert entry["Terminal"] == "false" and "Game" in entry["Categories"].split(";")


def test_info_plist():
    with open(ROOT / "packaging" / "macos" / "Info.plist", "rb") as fh:
        plist = plistlib.load(fh)
    assert plist["CFBundleExecutable"] == "tycoons" and plist["CFBundleIconFile"] == "tycoons.icns"
    assert plist["NSHighResolutionCapable"] is True
    assert tuple(int(x) for x in plist["LSMinimumSystemVersion"].split(".")) >= (13, 0)


def test_inno_setup_script_has_start_menu_and_uninstaller():
    iss = (ROOT / "packaging" / "windows" / "tycoons.iss").read_text(encoding="utf-8")
    assert 'Name: "{group}\\Tycoons"; Filename: "{app}\\tycoons.exe"' in iss
    assert "{uninstallexe}" in iss and "AppVersion={#AppVersion}" in iss
    assert "SetupIconFile=..\\..\\assets\\icons\\tycoons.ico" in iss
    assert (ROOT / "packaging" / "windows" / ".." / ".." / "assets" / "icons" / "tycoons.ico").exists()


def test_exe_command_resolves_app_folder_and_bundle(tmp_path):
    app = tmp_path / "Tycoons.app"
    assert build.exe_command(str(app)) == [str(app / "Contents" / "MacOS" / "tycoons")]
    folder = tmp_path / "tycoons"
    folder.mkdir()
    (folder / "tycoons").write_text("")
    assert build.exe_command(str(folder)) == [str(folder / "tycoons")]
    (folder / "tycoons-cli.exe").write_text("")  # Windows: the console twin has the output
    assert build.exe_command(str(folder)) == [str(folder / "tycoons-cli.exe")]


def test_entry_point_ai_pool_selftest_from_source(tmp_path):
    """The frozen app's entry script, run from source: freeze_support first, then a whole AI game
    through the spawn pool, the autosave written and read back, the rules text found."""
    env = dict(os.environ, TYCOONS_SELFTEST="ai-pool", TYCOONS_DATA_DIR=str(tmp_path),
               PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    res = subprocess.run([sys.executable, str(ROOT / "packaging" / "tycoons_main.py")], capture_output=True,
                         text=True, env=env, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    report = json.loads(res.stdout.strip().splitlines()[-1])
    assert report["finished"] and report["mode"] == "process" and report["decisions"] > 0
    assert report["autosave_ok"] and Path(report["autosave"]).parent == tmp_path
    assert report["rules_chars"] > 500
    assert report["app_version"] == build.version()
