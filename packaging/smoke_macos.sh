#!/usr/bin/env bash
# Smoke test of the macOS .dmg: mount it, check its layout, copy Tycoons.app out as a user
# would, run it offscreen (packaging/build.py smoke), and check its Info.plist.
#
#   packaging/smoke_macos.sh [dist/tycoons-<version>-macos-<arch>.dmg]
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
[ -x "$PY" ] || PY=python3
dmgs=(dist/tycoons-*-macos-*.dmg)
DMG=${1:-${dmgs[0]}}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tycoons-smoke.XXXXXX")
MNT="$WORK/mnt"

hdiutil attach -nobrowse -readonly -mountpoint "$MNT" "$DMG"
trap 'hdiutil detach "$MNT" >/dev/null 2>&1 || true' EXIT
test -L "$MNT/Applications" || { echo "the .dmg has no /Applications link" >&2; exit 1; }
ditto "$MNT/Tycoons.app" "$WORK/Applications/Tycoons.app"
hdiutil detach "$MNT"
trap - EXIT

APP="$WORK/Applications/Tycoons.app"
plutil -lint "$APP/Contents/Info.plist"
version=$(/usr/libexec/PlistBuddy -c "Print :CFBundleShortVersionString" "$APP/Contents/Info.plist")
[ "$version" = "$("$PY" packaging/build.py version)" ] || { echo "Info.plist version $version" >&2; exit 1; }
test -f "$APP/Contents/Resources/tycoons.icns"
"$PY" packaging/build.py smoke "$APP"
rm -rf "$WORK"
echo "macos smoke: ok"
