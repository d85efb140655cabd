#!/usr/bin/env bash
# Build the Linux installers of Tycoons (run from anywhere; needs PyInstaller, dpkg-deb, objdump):
#
#   packaging/build_linux.sh            # -> dist/tycoons_<version>_<arch>.deb
#                                       #    dist/tycoons-<version>-linux-<machine>.tar.gz
#   SKIP_BUNDLE=1 packaging/build_linux.sh   # reuse dist/tycoons from a previous run
#   FAST=1 packaging/build_linux.sh          # quick compression (the packaging test; bigger files)
#
# The .deb puts the one-folder app under /opt/tycoons, links /usr/bin/tycoons to it, adds a
# .desktop entry and the hicolor icons, and Depends on the system libraries the bundle links
# (checked with ldd/objdump by `build.py check-linux`). The bundle needs at least the glibc of
# the build host, so release builds run on the oldest distribution supported (see README).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
[ -x "$PY" ] || PY=python3

VERSION=$("$PY" packaging/build.py version)
ARCH=$(dpkg --print-architecture 2>/dev/null || echo amd64)
MACHINE=$(uname -m)
DEB=dist/tycoons_${VERSION}_${ARCH}.deb
TARBALL=dist/tycoons-${VERSION}-linux-${MACHINE}.tar.gz
DEB_BUDGET_MB=45
# Release builds compress hard (xz -9: the smallest download); FAST=1 trades size for minutes.
if [ "${FAST:-0}" = 1 ]; then XZ_LEVEL=1; GZIP_LEVEL=1; else XZ_LEVEL=9; GZIP_LEVEL=9; fi

if [ "${SKIP_BUNDLE:-0}" != 1 ]; then
    "$PY" packaging/build.py bundle
fi
[ -x dist/tycoons/tycoons ] || { echo "no bundle in dist/tycoons" >&2; exit 1; }

# Libraries: nothing may be unresolved except the ones the Depends below provide, which a build
# host may lack (apt installs them with the package).
mkdir -p build
"$PY" packaging/build.py check-linux dist/tycoons >build/linux-libs.json || true
GLIBC=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["glibc"])' build/linux-libs.json)

# What the bundle links from the system (objdump NEEDED of every file, see build/linux-libs.json),
# as Debian/Ubuntu package names.
DEPENDS="libc6 (>= ${GLIBC}), libstdc++6, libgcc-s1, libzstd1, libglib2.0-0, libdbus-1-3,
 libgl1, libegl1, libfontconfig1, libfreetype6, libx11-6, libx11-xcb1, libxcb1, libxcb-cursor0,
 libxcb-glx0, libxcb-icccm4, libxcb-image0, libxcb-keysyms1, libxcb-randr0, libxcb-render0,
 libxcb-render-util0, libxcb-shape0, libxcb-shm0, libxcb-sync1, libxcb-util1, libxcb-xfixes0,
 libxcb-xkb1, libxkbcommon0, libxkbcommon-x11-0"
DEPENDS=$(echo "$DEPENDS" | tr -s ' \n' ' ' | sed 's/^ //; s/ $//')
# Every package the check found must be listed (a new Qt version may link something new).
"$PY" - "$DEPENDS" build/linux-libs.json <<'PYEOF'
import json, re, sys
listed = {re.sub(r"\s*\(.*\)", "", d).strip() for d in sys.argv[1].split(",")}
found = json.load(open(sys.argv[2]))["packages"]
unlisted = sorted(set(found) - listed - {"?"})
if unlisted:
    sys.exit(f"Depends lacks {unlisted}: the bundle links libraries from them ({[found[p] for p in unlisted]})")
if "?" in found:
    print(f"note: no package found for {found['?']} on this host", file=sys.stderr)
PYEOF

# -- .deb ----------------------------------------------------------------------------------------
ROOTFS=build/deb/tycoons_${VERSION}_${ARCH}
rm -rf "$ROOTFS"
mkdir -p "$ROOTFS/DEBIAN" "$ROOTFS/opt" "$ROOTFS/usr/bin" "$ROOTFS/usr/share/applications" \
         "$ROOTFS/usr/share/doc/tycoons"
cp -a dist/tycoons "$ROOTFS/opt/tycoons"
ln -s /opt/tycoons/tycoons "$ROOTFS/usr/bin/tycoons"
install -m 644 packaging/linux/tycoons.desktop "$ROOTFS/usr/share/applications/tycoons.desktop"
for n in 16 22 24 32 48 64 128 256 512; do
    install -D -m 644 "assets/icons/tycoons-$n.png" "$ROOTFS/usr/share/icons/hicolor/${n}x${n}/apps/tycoons.png"
done
install -D -m 644 assets/icons/tycoons.svg "$ROOTFS/usr/share/icons/hicolor/scalable/apps/tycoons.svg"
install -m 644 assets/fonts/LICENSE-DejaVu.txt "$ROOTFS/usr/share/doc/tycoons/LICENSE-DejaVu.txt"
install -m 644 packaging/THIRD-PARTY-NOTICES.txt "$ROOTFS/usr/share/doc/tycoons/copyright"
# Files 644, directories and programs 755, whatever the umask of the build host.
chmod -R u+rwX,go+rX,go-w "$ROOTFS"
INSTALLED_SIZE=$(du -sk --exclude=DEBIAN "$ROOTFS" | cut -f1)
sed -e "s/@VERSION@/${VERSION}/" -e "s/@ARCH@/${ARCH}/" -e "s/@INSTALLED_SIZE@/${INSTALLED_SIZE}/" \
    -e "s/@DEPENDS@/${DEPENDS}/" packaging/linux/control.in >"$ROOTFS/DEBIAN/control"
# The hicolor and .desktop caches are refreshed by the dpkg triggers of hicolor-icon-theme and
# desktop-file-utils, so the package needs no maintainer scripts.
rm -f "$DEB"
dpkg-deb --root-owner-group -Zxz "-z${XZ_LEVEL}" --build "$ROOTFS" "$DEB"

# -- .tar.gz -------------------------------------------------------------------------------------
# A folder to unpack anywhere and run ./tycoons; the desktop entry and icons are beside it.
STAGE=build/tarball/tycoons-${VERSION}
rm -rf "build/tarball"
mkdir -p "$STAGE/share/applications" "$STAGE/share/icons/hicolor/scalable/apps"
cp -a dist/tycoons/. "$STAGE/"
cp -a "$ROOTFS/usr/share/icons/hicolor/." "$STAGE/share/icons/hicolor/"
install -m 644 packaging/linux/tycoons.desktop "$STAGE/share/applications/tycoons.desktop"
sed "s/@GLIBC@/${GLIBC}/" packaging/linux/README-tarball.txt >"$STAGE/README.txt"
chmod -R u+rwX,go+rX,go-w "$STAGE"
tar -C build/tarball --owner=0 --group=0 --numeric-owner -cf - "tycoons-${VERSION}" | gzip "-${GZIP_LEVEL}" >"$TARBALL"

DEB_MB=$(( $(stat -c %s "$DEB") / 1000000 ))
echo "built $DEB ($(du -h "$DEB" | cut -f1), budget ${DEB_BUDGET_MB} MB), installed size ${INSTALLED_SIZE} KiB"
echo "built $TARBALL ($(du -h "$TARBALL" | cut -f1))"
if [ "$DEB_MB" -ge "$DEB_BUDGET_MB" ]; then
    echo "the .deb is over its ${DEB_BUDGET_MB} MB budget" >&2
    exit 1
fi
