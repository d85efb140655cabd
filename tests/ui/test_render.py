"""`tycoons render`: a PNG of the board after M AI decisions, at 1× and 2× device-pixel ratio."""

from __future__ import annotations

from argparse import Namespace

from PySide6.QtGui import QImage

from ui.board.layout import arrange
from ui.board.render import play_session, render_from_args
from ui.board.scene import BOARD_PAD
from ui.cli import main
from ui.games.first_ceo.scene import board_tree


class _Size:
    """The scene rect of a 1st CEO board of `players` laid out outside a window."""

    def __init__(self, players: int):
        w, h = arrange(board_tree(players), None).size
        self.w, self.h = w + 2 * BOARD_PAD, h + 2 * BOARD_PAD

    def width(self) -> float:
        return self.w

    def height(self) -> float:
        return self.h


def test_render_png_at_scale_one_and_two(qapp, tmp_path, capsys):
    expected = _Size(4)
    sizes = {}
    for scale in (1, 2):
        out = tmp_path / f"board{scale}.png"
        args = Namespace(game="first-ceo", players=4, seed=3, moves=12, out=str(out), scale=scale, names=None)
        assert render_from_args(args) == 0
        assert capsys.readouterr().out.strip() == str(out)
        img = QImage(str(out))
        assert not img.isNull()
        sizes[scale] = (img.width(), img.height())
        assert sizes[scale] == (round(expected.width() * scale), round(expected.height() * scale))
    # a real drawing, not a blank: the paper board and the dark table both appear
    img = QImage(str(tmp_path / "board1.png"))
    colours = {img.pixelColor(x, y).name() for x in range(0, img.width(), 37) for y in range(0, img.height(), 29)}
    assert len(colours) > 20


def test_render_through_the_command_line(qapp, tmp_path, capsys):
    out = tmp_path / "six.png"
    assert main(["render", "first-ceo", "--players", "6", "--seed", "1", "--moves", "30", "--out", str(out)]) == 0
    assert QImage(str(out)).width() == round(_Size(6).width())


def test_moves_are_played_and_seeded(qapp):
    a = play_session("first-ceo", 3, seed=5, moves=10)
    b = play_session("first-ceo", 3, seed=5, moves=10)
    assert sum(1 for e in a.log if e.action.seat >= 0) == 10
    assert a.state.state_hash() == b.state.state_hash()
