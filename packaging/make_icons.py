#!/usr/bin/env python3
"""Render the app icon (assets/icons/tycoons.svg) to every size the three systems need.

    .venv/bin/python packaging/make_icons.py            # writes into assets/icons/

Writes `tycoons-<n>.png` for the Linux hicolor theme (16…512), `tycoons.png` (256, the window icon
when SVG support is missing), `tycoons.ico` (Windows: 16…256, PNG-compressed entries) and
`tycoons.icns` (macOS: 16…1024 including the @2x variants). Uses QtSvg offscreen, so it runs
without a display. The outputs are committed, so a build never needs to run this; run it again
after editing the SVG.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ICONS = Path(__file__).resolve().parents[1] / "assets" / "icons"
SOURCE = ICONS / "tycoons.svg"
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size (several types share a size: @2x variants).
ICNS_TYPES = (
    (b"icp4", 16), (b"ic11", 32), (b"icp5", 32), (b"ic12", 64), (b"icp6", 64), (b"ic07", 128),
    (b"ic13", 256), (b"ic08", 256), (b"ic14", 512), (b"ic09", 512), (b"ic10", 1024),
)


def render_png(size: int) -> bytes:
    """The icon as PNG bytes, `size` × `size` pixels, transparent outside the card."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {SOURCE}")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buf, "PNG")
    buf.close()
    return bytes(data)


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico with one PNG-compressed image per size (supported since Windows Vista)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for n in sizes:
        blob = pngs[n]
        dim = 0 if n >= 256 else n  # 0 means 256 in the directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset)
        blobs += blob
        offset += len(blob)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns whose elements are PNG images (supported since OS X 10.7)."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[n])) + pngs[n] for kind, n in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - QtSvg needs one
    sizes = sorted(set(HICOLOR_SIZES) | set(ICO_SIZES) | {n for _, n in ICNS_TYPES})
    pngs = {n: render_png(n) for n in sizes}
    for n in HICOLOR_SIZES:
        (ICONS / f"tycoons-{n}.png").write_bytes(pngs[n])
    (ICONS / "tycoons.png").write_bytes(pngs[256])
    (ICONS / "tycoons.ico").write_bytes(ico_bytes({n: pngs[n] for n in ICO_SIZES}))
    (ICONS / "tycoons.icns").write_bytes(icns_bytes(pngs))
    print(f"wrote {len(HICOLOR_SIZES) + 3} files to {ICONS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
