"""`tycoons render GAME --players N --seed S --moves M --out F.png [--scale 2]`: draw a board offscreen.

The game is played by AI seats ("easy", through `ai.core.worker.decide` when the AI package is
there, else uniformly random legal actions from a seeded generator) for M decisions, then the
game's scene is drawn for a spectator (no hidden cards, nothing highlighted) into a QImage at
the given device-pixel ratio and saved as PNG. Works without a display (Qt's offscreen platform).
"""

from __future__ import annotations

import os
import sys

RENDER_NAMES = ("Ada", "Ben", "Cora", "Dan", "Eva", "Finn", "Gus")


def _ensure_app():
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication([])


def _decider():
    """`decide(session)` from the AI package if present, else None."""
    try:
        from ai.core.worker import decide
    except ImportError:  # the AI package is optional for drawing
        return None
    return decide


def play_session(game_id: str, players: int, seed: int, moves: int, level: str = "easy",
                 names: list[str] | None = None):
    """A session of `players` AI seats after `moves` player decisions (or the end of the game);
    `names` replace the first seats' default names."""
    from engine.core.contract import SeatInfo
    from engine.core.rng import Rng
    from engine.core.session import Session

    names = list(names or ())
    seats = [SeatInfo(names[i] if i < len(names) else RENDER_NAMES[i % len(RENDER_NAMES)], "ai", level)
             for i in range(players)]
    session = Session.new(game_id, seats, seed=seed)
    decide = _decider()
    for k in range(moves):
        if session.is_over():
            break
        if decide is not None:
            action = decide(session)
        else:
            legal = session.legal_actions()
            action = legal[Rng.derive(seed, "render", k).randbelow(len(legal))]
        session.apply(action, by_ai=True)
    return session


def render_scene_image(scene, scale: float = 1.0):
    """The whole scene rect drawn into a QImage at device-pixel ratio `scale`."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter

    rect = scene.sceneRect()
    w, h = round(rect.width() * scale), round(rect.height() * scale)
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.setDevicePixelRatio(scale)
    img.fill(Qt.GlobalColor.black)
    p = QPainter(img)
    p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                     | QPainter.RenderHint.SmoothPixmapTransform)
    scene.render(p, QRectF(0, 0, rect.width(), rect.height()), rect)
    p.end()
    return img


def write_png(image, path: str | os.PathLike, compression: int = -1) -> str:
    """Encode `image` (a QImage) as PNG and write it to `path` through the safe path
    (`saves.files.write_atomic`); the absolute path. OSError (one line, `saves.files.reason`) if
    it cannot be encoded or written: a folder, a FIFO or a device at `path` is refused, never
    written into or waited on."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    from saves.files import write_atomic

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    ok = image.save(buffer, "PNG", compression)
    buffer.close()
    if not ok:
        raise OSError("the picture could not be encoded as PNG")
    return os.fspath(write_atomic(path, bytes(data.data())))


def render_session(session, out: str, scale: float = 1.0, viewer: int | None = None,
                   with_legal: bool = False) -> str:
    """Draw `session` as `viewer` sees it (None: a spectator) into the PNG `out`; with
    `with_legal` the seat to move's legal targets glow (for screenshots)."""
    _ensure_app()
    from PySide6.QtGui import QImage

    from ui.board.items import pulse_for
    from ui.games import game_ui

    scene = game_ui(session.spec.id).make_scene(session.spec.id)
    scene.set_animation_speed(0)
    pulse_for(scene).frozen = 0.85
    legal = session.legal_actions() if with_legal else []
    scene.show(session.state.view(viewer), legal, session.names, viewer)
    # the table is opaque: RGB and full compression keep screenshots small
    img = render_scene_image(scene, scale).convertToFormat(QImage.Format.Format_RGB32)
    write_png(img, out, 0)
    return out


def render_from_args(args) -> int:
    """The `tycoons render` command: 0, 2 for a setup the game refuses (one line), 1 if the picture
    cannot be written (one line)."""
    from engine.command_line import printable
    from engine.core.errors import TycoonsError
    from engine.core.registry import get_spec
    from saves.files import reason
    from ui.games import has_board

    if not has_board(args.game):
        print(f"tycoons render: {args.game} has no board to draw yet", file=sys.stderr)
        return 2
    spec = get_spec(args.game)
    if not spec.min_players <= args.players <= spec.max_players:
        print(f"tycoons render: {spec.title} takes {spec.min_players}–{spec.max_players} players, "
              f"not {args.players}", file=sys.stderr)
        return 2
    _ensure_app()
    try:
        session = play_session(args.game, args.players, args.seed, args.moves, names=args.names)
    except (TycoonsError, ValueError) as exc:
        print(f"tycoons render: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    try:
        path = render_session(session, args.out, float(args.scale or 1.0))
    except OSError as exc:
        print(f"tycoons render: {printable(args.out)} could not be written ({reason(exc)})", file=sys.stderr)
        return 1
    print(printable(path))
    return 0
