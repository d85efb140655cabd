#!/usr/bin/env bash
# Build the macOS installer of Tycoons: dist/tycoons-<version>-macos-<arch>.dmg holding
# Tycoons.app (Info.plist from packaging/macos/Info.plist) and a link to /Applications.
#
#   packaging/build_macos.sh              # bundle with PyInstaller, then the .dmg
#   SKIP_BUNDLE=1 packaging/build_macos.sh
#
# Needs Python with the project and PyInstaller (pip install -e '.[packaging]') and hdiutil.
# The app is signed ad hoc by PyInstaller, not notarized: the first start needs right-click →
# Open (or `xattr -dr com.apple.quarantine /Applications/Tycoons.app`). The app is built for the
# architecture of the build machine (arm64 on Apple silicon runners).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
[ -x "$PY" ] || PY=python3

VERSION=$("$PY" packaging/build.py version)
ARCH=$(uname -m)
DMG=dist/tycoons-${VERSION}-macos-${ARCH}.dmg

if [ "${SKIP_BUNDLE:-0}" != 1 ]; then
    "$PY" packaging/build.py bundle
fi
[ -x dist/Tycoons.app/Contents/MacOS/tycoons ] || { echo "no dist/Tycoons.app" >&2; exit 1; }
plutil -lint dist/Tycoons.app/Contents/Info.plist
codesign --verify --deep --verbose=1 dist/Tycoons.app || echo "warning: codesign verification failed" >&2

STAGE=build/dmg
rm -rf "$STAGE"
mkdir -p "$STAGE"
ditto dist/Tycoons.app "$STAGE/Tycoons.app"
ln -s /Applications "$STAGE/Applications"
rm -f "$DMG"
hdiutil create -volname "Tycoons ${VERSION}" -srcfolder "$STAGE" -fs HFS+ -format UDZO -imagekey zlib-level=9 -ov "$DMG"
echo "built $DMG ($(du -h "$DMG" | cut -f1)); app $(du -sh dist/Tycoons.app | cut -f1)"
