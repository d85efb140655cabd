"""How well a board uses its view (issue 27), measured the same way by the test over every game
(tests/ui/test_board_room.py) and by the bench (tests/bench/run_bench.py --only-layout):

- fill: the drawn board's area (the union of the pieces drawn, as `BoardView.board_rect`)
  on the screen, inside the viewport, over the viewport's area, as the player sees it (the view
  as it is, not fitted again);
- undrawn: the share of the texts the board asked to draw that the legibility rule
  (ui/board/legible.py) left to the tooltip, over one full repaint of what the view shows.

It needs no pytest: `wait_until` spins the event loop itself, so the bench can use it too.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

SIZES = [(1024, 700), (1280, 720), (1366, 768), (1600, 1000), (1920, 1080), (2560, 1440)]
"""The window sizes measured (issue 27): laptops at 150 % (1280×720) and 1366×768 are the most
common screens."""

DECISIONS = 24
"""The human's decisions taken (at random, the AIs answering) before a board is measured."""


@dataclass
class Measure:
    fill: float
    undrawn: float
    texts: int
    left_out: list[str] = field(default_factory=list)
    scale: float = 1.0
    where: dict = field(default_factory=dict)
    """With `measure(trace=True)`: the pieces that left each text out."""
    on_targets: list = field(default_factory=list)
    """With `measure(trace=True)`: texts left out by pieces that take a decision now."""
    cut_on_targets: list = field(default_factory=list)
    """With `measure(trace=True)`: texts drawn cut short ("Give not…") by pieces that take a
    decision now, and drawn whole nowhere else on the board."""

    def row(self) -> str:
        return f"{self.fill:4.0%} / {self.undrawn:4.1%}"


def wait_until(app, predicate, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError("the board never became ready")
        app.processEvents()
        time.sleep(0.001)


def settle(app, ms: int = 30) -> None:
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.002)


def seats():
    from engine.core.contract import SeatInfo

    return [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]


def played_window(shell, game_id: str, size: tuple[int, int], decisions: int = DECISIONS, seed: int = 3,
                  rng_seed: int = 5):
    """The game window of `size` with You and two Easy AIs, after `decisions` of yours chosen at
    random (the AIs answering in between), when you are to move again."""
    from PySide6.QtWidgets import QApplication

    window = shell.start_game(game_id, seats(), {}, seed)
    window.resize(*size)
    window.show()
    settle(QApplication.instance())
    window._measure_rng = rng_seed
    return play_on(window, decisions)


def play_on(window, decisions: int):
    """`decisions` more of yours in `window`'s game, chosen at random (the AIs answering)."""
    from PySide6.QtWidgets import QApplication

    from engine.core.rng import Rng

    app = QApplication.instance()
    c = window.controller
    rng = getattr(window, "_measure_rng_state", None) or Rng(getattr(window, "_measure_rng", 5))
    window._measure_rng_state = rng
    for _ in range(decisions):
        wait_until(app, lambda: c.human_to_move() or c.session.is_over())
        if c.session.is_over():
            break
        c.take(rng.choice(c.legal))
    wait_until(app, lambda: c.human_to_move() or c.session.is_over())
    settle(app)
    return window


def measure(view, trace: bool = False) -> Measure:
    """Fill and undrawn texts of the board in `view` (a BoardView) as it is shown now."""
    from PySide6.QtCore import QRectF

    from ui.board import legible

    port = QRectF(view.viewport().rect())
    board = view.viewportTransform().mapRect(view.board_rect()).intersected(port)
    fill = board.width() * board.height() / (port.width() * port.height())
    scene = view.scene()
    for item in scene.items():
        item.update()  # every cached piece paints again, now
    tally = legible.Tally(trace)
    legible.TALLY = tally
    try:
        view.viewport().grab()
    finally:
        legible.TALLY = None
    left_out = tally.undrawn()
    asked = len(tally.asked)
    found = Measure(fill, len(left_out) / asked if asked else 0.0, asked, left_out, view.transform().m11())
    found.where = tally.where
    found.on_targets = tally.on_targets
    found.cut_on_targets = tally.cut_unread()
    return found
