"""How well a board uses its view, measured the same way by the test over every game
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
"""The window sizes measured: laptops at 150 % (1280×720) and 1366×768 are the most
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
    on_target_kinds: list = field(default_factory=list)
    """The kind of piece (its class's name) that left out each of `on_targets`."""
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
    found.on_target_kinds = tally.on_target_kinds
    found.cut_on_targets = tally.cut_unread()
    return found


# -- what lies over the board's words -----------------------------------------------------------------
COVERED = 0.2
"""A text more than this share of whose box something is drawn over counts as covered."""
WORDS_OVER_WORDS = 0.5
"""A word more than this share of whose box lies under another word's box is drawn over by it
(less: two boxes of whole lines touching, their letters clear of each other)."""


@dataclass
class Cover:
    """The board's texts on the screen now, and those something drawn over the board covers."""

    texts: int
    covered: list = field(default_factory=list)
    """(text, share covered, what covers it most: a kind of `overlay_kind`, or a widget's name)."""

    def by_kind(self) -> dict[str, int]:
        from collections import Counter

        return dict(Counter(kind for _t, _s, kind in self.covered))

    def row(self) -> str:
        return f"{len(self.covered)} of {self.texts} texts covered {self.by_kind()}"


def overlay_kind(item) -> str | None:
    """What `item` is, if it is drawn over the board's pieces rather than one of them: "change"
    (the rings and marks of what another player changed, and of an AI's move), "hint" (a hint's or
    a review's mark), "focus" (the keyboard's ring); None for a piece."""
    from ui.board.marks import BadgeItem, MarkItem
    from ui.board.spotlight import Badge, Ring

    if isinstance(item, Badge):
        item = item.parentItem()
    if isinstance(item, Ring):
        return "focus" if item.layer == "focus" else "change"
    if isinstance(item, (MarkItem, BadgeItem)):
        return "hint"
    return None


def widget_kind(widget) -> str:
    """What a widget over the board's view is (the Since-your-turn card, a callout)."""
    return {"SinceTurn": "since"}.get(widget.objectName(), type(widget).__name__)


_HALF = bytes(0 if v < 128 else 1 for v in range(256))


def _mask(view, paint) -> tuple[bytes, int]:
    """An alpha mask of the viewport: what `paint(painter)` draws, as bytes and bytes a line."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter

    size = view.viewport().size()
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint(p)
    p.end()
    alpha = image.convertToFormat(QImage.Format.Format_Alpha8)
    return bytes(alpha.constBits())[: alpha.bytesPerLine() * alpha.height()].translate(_HALF), alpha.bytesPerLine()


LETTERS = 2.0
"""A long line counts as covered where something covers a share of the stretch of it this many
letters' squares wide (its height squared each), not only of the whole line: a disc over the first
letters of 'Click the building to play this Decade' hides the word Click, though it covers less
than a fifth of the line."""


def _share(mask: tuple[bytes, int], rect) -> float:
    """The share of `rect` (viewport pixels) the mask covers; of a long line, the most it covers
    of any stretch `LETTERS` letters' squares wide (a thin line along the whole box counts as
    its share of the box's height, a disc over two letters as much of those two)."""
    import math

    data, line = mask
    x0, x1 = max(0, math.floor(rect.left())), min(line, math.ceil(rect.right()))
    y0, y1 = max(0, math.floor(rect.top())), min(len(data) // line, math.ceil(rect.bottom()))
    if x1 <= x0 or y1 <= y0:
        return 0.0
    h = y1 - y0
    width = min(x1 - x0, max(1, round(LETTERS * h)))
    if width == x1 - x0:
        hit = sum(data[y * line + x0: y * line + x1].count(1) for y in range(y0, y1))
        return hit / (width * h)
    end = y1 * line
    columns = [data[y0 * line + x: end: line].count(1) for x in range(x0, x1)]
    run = best = sum(columns[:width])
    for i in range(width, len(columns)):
        run += columns[i] - columns[i - width]
        best = max(best, run)
    return best / (width * h)


def cover(view, share: float = COVERED, over_words: bool = False) -> Cover:
    """Count the board's texts on the screen in `view` (a BoardView) that something drawn over
    the board covers more than `share` of: a mark (`overlay_kind`), a widget over the view
    (the Since-your-turn card, a callout), or a piece's own badge over its words ("badge":
    ui/board/text_boxes.py's `note_over`); with `over_words`, also the words of the board drawn
    over one another (`words_over_words`: a piece's signs over its own words). The texts are where
    the pieces drew them at this repaint (ui/board/text_boxes.py); each overlay is drawn alone
    into a mask of its kind."""
    from PySide6.QtCore import QRectF
    from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

    from ui.board.text_boxes import boxes_in_view, covered_words

    scene = view.scene()
    for item in scene.items():
        item.update()  # every cached piece paints again, now: its words where they are now
    view.viewport().grab()
    to_view = view.viewportTransform()
    kinds: dict[str, list] = {}
    for item in scene.items():
        kind = overlay_kind(item)
        if kind is not None and item.isVisible() and item.effectiveOpacity() > 0.05:
            kinds.setdefault(kind, []).append(item)
    widgets = [w for w in view.viewport().children() if isinstance(w, QWidget) and w.isVisible()]
    for w in widgets:
        kinds.setdefault(widget_kind(w), []).append(w)

    def painter_of(members):
        def paint(p):
            for member in members:
                if hasattr(member, "deviceTransform"):
                    p.setTransform(member.deviceTransform(to_view))
                    member.paint(p, QStyleOptionGraphicsItem(), None)
                else:
                    p.resetTransform()
                    p.fillRect(QRectF(member.geometry()), "black")
        return paint

    masks = {kind: _mask(view, painter_of(members)) for kind, members in kinds.items()}
    every = _mask(view, painter_of([m for members in kinds.values() for m in members]))
    pieces = [item for item in scene.items() if overlay_kind(item) is None]
    found = Cover(0)
    port = QRectF(view.viewport().rect())
    for piece in pieces:  # a piece's own badge (a count on a tile's corner) over its own words
        if piece.isVisible() and piece.deviceTransform(to_view).mapRect(piece.boundingRect()).intersects(port):
            found.covered += [(text, round(hidden, 2), "badge") for text, hidden in covered_words(piece)
                              if hidden > share]
    words = boxes_in_view(view, pieces)
    for rect, text, _piece in words:
        found.texts += 1
        shares = {kind: _share(mask, rect) for kind, mask in masks.items()}
        if not shares:
            continue
        kind = max(shares, key=shares.get)
        together = _share(every, rect)  # a card's edge and a ring over the same word
        if together > share:
            found.covered.append((text, round(together, 2), kind))
    if over_words:
        found.covered += [(f"{small} under {big}", s, "text") for small, big, s in words_over_words(words)]
    return found


def words_over_words(words: list, share: float = WORDS_OVER_WORDS) -> list[tuple[str, str, float]]:
    """The pairs of `words` (`boxes_in_view`'s) drawn over one another: the smaller word's box
    more than `share` under the other's (a sign's letters over a cost, a chip's number over a
    card's name): (the smaller word, the other, the share). A box of several lines takes the
    room round its shorter lines too, so a word merely tucked into a wrapped word's corner is
    left out by the share."""
    out = []
    ordered = sorted(words, key=lambda w: w[0].left())
    for i, (a, text_a, _pa) in enumerate(ordered):
        for b, text_b, _pb in ordered[i + 1:]:
            if b.left() >= a.right():
                break
            inter = a.intersected(b)
            if inter.isEmpty():
                continue
            (small_rect, small), big = ((a, text_a), text_b) if a.width() * a.height() <= b.width() * b.height() \
                else ((b, text_b), text_a)
            covered = inter.width() * inter.height() / max(1.0, small_rect.width() * small_rect.height())
            if covered > share:
                out.append((small, big, round(covered, 2)))
    return out


UNDER_TOKEN = 1 / 3
"""A word more than this share of whose box lies under a token drawn over it is hidden by it."""


def words_under_tokens(view, share: float = UNDER_TOKEN) -> list[tuple[str, str, float]]:
    """The board's words in `view` that a token (ui/board/items.py `TokenItem`: a marker on a
    track, a partner on a building) drawn over them covers more than `share` of: (the word, the
    token's mark, the share of the word's box under the token's disc). A word is under a token
    drawn after it (above it in the scene's order); the token's own mark is not. The words are
    where the pieces drew them at the last paint (`cover` and `words_over_words` repaint first)."""
    from PySide6.QtCore import QPointF

    from ui.board.items import TokenItem
    from ui.board.text_boxes import boxes_in_view

    scene = view.scene()
    order = {item: i for i, item in enumerate(scene.items())}  # (the topmost first)
    to_view = view.viewportTransform()
    tokens = [(t, t.deviceTransform(to_view).map(t.outline())) for t in order
              if isinstance(t, TokenItem) and t.isVisible() and t.effectiveOpacity() > 0.05]
    pieces = [item for item in order if overlay_kind(item) is None]
    out = []
    for rect, text, piece in boxes_in_view(view, pieces):
        if rect.width() <= 1 or rect.height() <= 1:
            continue
        # the share of the word's box under a disc: counted on a grid of points in the box
        points = [QPointF(rect.left() + (i + 0.5) * rect.width() / 12, rect.top() + (j + 0.5) * rect.height() / 6)
                  for i in range(12) for j in range(6)]
        for token, disc in tokens:
            if token is piece or order[token] > order[piece] or not disc.boundingRect().intersects(rect):
                continue
            hidden = sum(1 for pt in points if disc.contains(pt)) / len(points)
            if hidden > share:
                out.append((text, token.mark, round(hidden, 2)))
    return out


def moving(view) -> bool:
    """True while a piece of the board slides or turns over (ui/board/items.py)."""
    from ui.board.items import BoardItem

    pool = view.scene().pool
    return any(p.motions for p in pool.items.values() if isinstance(p, BoardItem))


def at_rest(app, view) -> None:
    """Wait until no piece moves, and the board has painted where they stopped."""
    wait_until(app, lambda: not moving(view), timeout_s=10)
    settle(app, 40)


def turn_starts(window, decisions: int = DECISIONS):
    """Play `decisions` of yours in `window`'s game at random (the AIs answering) and stop at the
    start of each of your turns, once the AIs moved and the board shows what they changed (the
    Since-your-turn marks and card): a generator, yielding each time."""
    from PySide6.QtWidgets import QApplication

    from engine.core.rng import Rng

    app = QApplication.instance()
    c = window.controller
    rng = getattr(window, "_measure_rng_state", None) or Rng(getattr(window, "_measure_rng", 5))
    window._measure_rng_state = rng
    seen = None
    for _ in range(decisions):
        wait_until(app, lambda: c.human_to_move() or c.session.is_over())
        if c.session.is_over():
            return
        settle(app, 40)  # the follower's report comes on the next pass of the event loop
        at_rest(app, window.view)  # as the player sees it once the pieces stopped
        report = window.follower.report if window.follower is not None else None
        if report is not None and report is not seen:
            seen = report
            yield
        c.take(rng.choice(c.legal))


def with_hint(window) -> bool:
    """Ask for a hint (Ctrl+H's action) and wait until its marks are on the board; False if the
    game gives none now."""
    from PySide6.QtWidgets import QApplication

    from ui.board.marks import marks_on

    app = QApplication.instance()
    if not window.act_hint.isEnabled():
        return False
    window.act_hint.trigger()
    try:
        wait_until(app, lambda: marks_on(window.view.scene()) or window.hinter.text, timeout_s=120)
    except TimeoutError:
        return False
    settle(app, 40)
    return bool(marks_on(window.view.scene()))


# -- nothing moves under the cursor -------------------------------------------------------------------
def _places(view) -> dict:
    """Where each piece of the board is on the screen now (the window's pixels: the view may
    move inside the window while the board holds still), by its pool key."""
    from PySide6.QtCore import QPoint, QPointF

    pool = view.scene().pool
    to_view = view.viewportTransform()
    origin = QPointF(view.viewport().mapTo(view.window(), QPoint(0, 0)))
    return {key: piece.deviceTransform(to_view).mapRect(piece.boundingRect()).translated(origin)
            for key, piece in pool.items.items() if piece.isVisible()}


def click_piece(view, piece) -> None:
    """A left click on `piece` where the player sees it (its outline's centre)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    outline = piece.outline() if hasattr(piece, "outline") else None
    local = outline.boundingRect() if outline is not None and not outline.isEmpty() else piece.boundingRect()
    point = view.mapFromScene(piece.mapToScene(local.center()))
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)


def second_click(window, rng) -> tuple[list, int] | None:
    """Click a piece that takes a decision now (one at random); if the same player is asked again
    at once (the second click of one decision: a factory's type, then its cell; a building to
    play, then one to discard), the pieces that take that second click and stood elsewhere on the
    screen before the first, and how many take it. None if the click ended the player's part (or
    no piece takes a decision)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    c, view = window.controller, window.view
    scene = view.scene()
    at_rest(app, view)
    pieces = [p for p in scene.items_with_actions() if p.isVisible()]
    if not pieces or not c.human_to_move():
        return None
    seat = c.viewer
    before = _places(view)
    told = {key: piece.toolTip() for key, piece in scene.pool.items.items()}
    n = len(c.session.log)
    click_piece(view, rng.choice(pieces))
    settle(app, 60)
    at_rest(app, view)
    log = c.session.log
    if not c.human_to_move() or c.viewer != seat or any(e.action.seat != seat for e in log[n:]):
        return None
    keys = {key for key, piece in scene.pool.items.items() if piece in set(scene.items_with_actions())}
    after = _places(view)
    # a piece pooled by its place in a row (a strip of choices) that says another thing now is
    # another choice, not one that moved: only a piece that says the same is compared
    same = {key for key, piece in scene.pool.items.items() if told.get(key) == piece.toolTip()}

    def away(a, b) -> bool:
        return abs(a.x() - b.x()) > 1 or abs(a.y() - b.y()) > 1

    # a piece that took the place of one of its kind the first click removed (a row of cards
    # closing up) stands where a piece of the row stood: the row's way, not a move of the layout
    gone = [rect for key, rect in before.items() if key not in after]
    moved = [key for key in keys if key in before and key in after and key in same
             and away(before[key], after[key])
             and not any(not away(after[key], rect) for rect in gone)
             and not any(k[0] == key[0] and k != key and not away(after[key], r) for k, r in before.items())]
    return moved, len(keys)


def panels_overlapping(view) -> list[tuple[str, str]]:
    """The pairs of the board's panels whose pieces are drawn over one another now (a panel laid
    out for another room, drawn over its neighbour)."""
    from PySide6.QtCore import QRectF

    from ui.board.badge_room import is_overlay

    scene = view.scene()
    boxes = {}
    for name in scene.panel_order():
        box = QRectF()
        for piece in scene.pieces_of(name):
            if not is_overlay(piece):
                box = box.united(piece.sceneBoundingRect())
        if not box.isEmpty():
            boxes[name] = box.adjusted(2, 2, -2, -2)  # (a shadow or a glow may touch a neighbour)
    names = list(boxes)
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:] if boxes[a].intersects(boxes[b])]


def stale_marks(view) -> list:
    """The rings and marks drawn round another outline than their piece's now (a piece laid out
    anew for another room, its ring left at its old size)."""
    from ui.board.marks import marks_on
    from ui.board.spotlight import spotlight

    scene = view.scene()
    stale = []
    for ring in spotlight(scene).all_rings():
        piece = ring.parentItem()
        outline = piece.outline() if hasattr(piece, "outline") else None
        now = outline.boundingRect() if outline is not None and not outline.isEmpty() else piece.boundingRect()
        if ring.outline.boundingRect() != now:
            stale.append(ring)
    for mark in marks_on(scene):
        piece = mark.parentItem()
        now = piece.rect() if hasattr(piece, "rect") else piece.boundingRect()
        if mark.piece_rect != now:
            stale.append(mark)
    return stale


def late_window(shell, game_id: str, size: tuple[int, int], turns_left: int = 4, seed: int = 3, rng_seed: int = 11,
                level: str | None = None):
    """The game window of `size` late in a game: a game of `seats()` played to its end at random
    (quick, without a window), then opened where You have just finished the turn that comes
    `turns_left` of your turns before its end, so the AIs answer in the window (Easy from there:
    the game goes its own way, but late, in its last round, era or decade) and the Since-your-turn
    report has something to tell. With `level` ("easy"), every seat plays the game to its end as
    that AI level does, a game as players make it (random moves leave Victory Through Industry's
    complexes nearly empty in round 98)."""
    from PySide6.QtWidgets import QApplication

    from engine.core.contract import CHANCE
    from engine.core.rng import Rng
    from engine.core.session import Session

    rng = Rng(rng_seed)
    session = Session.new(game_id, seats(), {}, seed)
    movers = [CHANCE] * len(session.log)  # who decided each entry of the log (CHANCE: a draw)
    agent = None
    if level is not None:
        from ai.core.agents import get_agent

        agent = get_agent(game_id, level)
    while not session.is_over():
        seat, state = session.to_move(), session.state
        movers.append(seat)
        before = len(session.log)
        if agent is None:
            session.apply(rng.choice(session.legal_actions()))
        else:
            from ai.core.agent import Budget, Observation

            seen = Observation(game_id, seat, state.view(seat), session.legal_actions(),
                               lambda r, state=state, seat=seat: state.determinize(seat, r))
            session.apply(agent.choose(seen, rng, Budget()))
        movers += [CHANCE] * (len(session.log) - before - 1)
    # the first decision of each of your turns: yours, after another player's
    starts = [i for i, seat in enumerate(movers) if seat == 0
              and next((s for s in reversed(movers[:i]) if s != CHANCE), None) not in (0, None)]
    start = starts[max(0, len(starts) - turns_left)]
    # just after your last decision before that turn: the AIs are to move
    cut = max(i for i in range(start) if movers[i] == 0) + 1
    while cut < len(movers) and movers[cut] == CHANCE:
        cut += 1  # (the draws after it belong to it)
    actions = [e.action for e in session.log[:cut]]
    late = Session.replay(game_id, seats(), {}, seed, actions, [m not in (0, CHANCE) for m in movers[:cut]])
    window = shell.open_session(late)
    window.resize(*size)
    window.show()
    settle(QApplication.instance())
    window._measure_rng = rng_seed
    return window


def late_board_at_rest(shell, game_id: str, size: tuple[int, int], level: str = "easy"):
    """`late_window` played by `level`, once the AIs have answered and the board rests: the board
    as the player sees it at the start of their turn."""
    from PySide6.QtWidgets import QApplication

    window = late_window(shell, game_id, size, level=level)
    c = window.controller
    app = QApplication.instance()
    wait_until(app, lambda: c.human_to_move() or c.session.is_over(), 60)
    at_rest(app, window.view)
    settle(app, 100)
    return window


def words_beyond(view, share: float = 0.25) -> list[tuple[str, str, float]]:
    """The words the board's pieces drew at their last paint (`measure` paints every one) whose
    lines reach beyond their piece's own rect by more than `share` of a line's height
    (ui/board/text_boxes.py `beyond_piece`): a line half under a card's edge is read as cut,
    though the legibility rule counted it as drawn. Each as (the piece's kind, the text, how far
    it reaches out in lines' heights)."""
    from ui.board import text_boxes
    from ui.board.items import BoardItem

    found = []
    for item in view.scene().items():
        if isinstance(item, BoardItem) and item.isVisible():
            found += [(type(item).__name__, text, round(reach, 2))
                      for text, reach in text_boxes.beyond_piece(item, item.rect(), share)]
    return sorted(set(found))
