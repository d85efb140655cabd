"""Shared board pieces: clicks become intents, legal targets pulse on one shared clock, slides
finish on their target, face-down cards show nothing of their face."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsView

from engine.core.contract import Action
from tests.ui.views import shown_board_view
from ui.board import items, style
from ui.board.items import CardItem, PulseDriver, TokenItem, TrackItem, fit_font, pulse_for, slide, stroke_glow
from ui.board.scene import GameScene


class _Scene(GameScene):
    def show(self, view, legal, names, viewer):  # pragma: no cover - not used
        pass

    def item_for(self, action):  # pragma: no cover - not used
        return None


def _scene_with_card(action=None, legal=False):
    scene = _Scene()
    scene.setSceneRect(0, 0, 400, 300)
    card = CardItem(120, 168)
    scene.addItem(card)
    card.setPos(100, 60)
    card.set_face("Pixelar", icon_names=["entertainment", "income"], big="21", caption="50 points")
    card.set_target(action, legal)
    return scene, card


def test_click_emits_the_items_action(qtbot):
    action = Action("acquire", 0, (2,))
    scene, card = _scene_with_card(action, legal=True)
    with qtbot.waitSignal(scene.intent, timeout=1000) as blocker:
        assert card.click()
    assert blocker.args == [action]
    assert isinstance(blocker.args[0], Action)


def test_real_mouse_click_through_a_view(qtbot):
    action = Action("acquire", 1, (0,))
    scene, card = _scene_with_card(action, legal=True)
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.resize(500, 400)
    view.show()
    qtbot.waitExposed(view)
    pos = view.mapFromScene(card.mapToScene(QPointF(60, 84)))
    with qtbot.waitSignal(scene.intent, timeout=1000) as blocker:
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert blocker.args == [action]
    # a click on empty board emits nothing
    with qtbot.assertNotEmitted(scene.intent, wait=50):
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(QPointF(10, 10)))


def test_inert_item_never_emits(qtbot):
    scene, card = _scene_with_card(None)
    with qtbot.assertNotEmitted(scene.intent, wait=20):
        assert not card.click()


def test_candidate_that_is_not_legal_emits_but_does_not_glow(qtbot):
    action = Action("acquire", 0, (5,))
    scene, card = _scene_with_card(action, legal=False)
    assert not card.legal
    driver = pulse_for(scene)
    assert card not in driver._items and not driver.active()
    with qtbot.waitSignal(scene.intent, timeout=1000) as blocker:
        card.click()
    assert blocker.args == [action]


def test_one_shared_pulse_runs_only_while_something_glows(qtbot):
    scene, card = _scene_with_card(Action("dividends", 0, ()), legal=True)
    other = CardItem(60, 84)
    scene.addItem(other)
    other.set_target(Action("dividends", 1, ()), True)
    driver = pulse_for(scene)
    assert isinstance(driver, PulseDriver) and pulse_for(scene) is driver
    assert driver.active() and {card._glow, other._glow} <= driver._items
    assert card._glow.isVisible()
    # a pulse frame changes only the overlays' opacity: the cards keep their cached painting
    driver._tick()
    assert 0.4 <= card._glow.opacity() <= 1.0
    card.set_target(None, False)
    other.set_target(Action("dividends", 1, ()), False)
    assert not driver.active() and not card._glow.isVisible()
    # the level is a slow sine between 0 and 1
    assert 0.0 <= driver.level() <= 1.0
    assert driver.PERIOD_MS == 1200


def _paint_glow(card, scale: float) -> QImage:
    image = QImage(int(200 * scale), int(240 * scale), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    p = QPainter(image)
    p.scale(scale, scale)
    p.translate(20, 20)
    card._glow.paint(p, None)
    p.end()
    return image


def test_pieces_of_one_shape_share_one_glow_image_drawn_where_the_outline_is(qtbot):
    items._GLOW_IMAGES.clear()
    scene, card = _scene_with_card(Action("dividends", 0, ()), legal=True)
    twin = CardItem(120, 168)
    scene.addItem(twin)
    twin.set_target(Action("dividends", 1, ()), True)
    drawn = _paint_glow(card, 2.0)
    _paint_glow(twin, 2.0)
    assert len(items._GLOW_IMAGES) == 1  # one stroke of the wide outline for both cards
    _paint_glow(card, 2.03)  # within a zoom step (a card turning over): the same image
    assert len(items._GLOW_IMAGES) == 1
    _paint_glow(card, 1.0)
    assert len(items._GLOW_IMAGES) == 2
    # the image lands where stroking the outline would: gold on the card's edge, nothing inside
    vectors = QImage(drawn.size(), drawn.format())
    vectors.fill(0)
    p = QPainter(vectors)
    p.scale(2.0, 2.0)
    p.translate(20, 20)
    stroke_glow(p, card.outline())
    p.end()
    edge, inside = (2 * (20 + 60), 2 * 20), (2 * (20 + 60), 2 * (20 + 84))
    for x, y in (edge, inside):
        assert abs(drawn.pixelColor(x, y).alpha() - vectors.pixelColor(x, y).alpha()) <= 8
    assert drawn.pixelColor(*edge).alpha() > 100 and drawn.pixelColor(*inside).alpha() == 0


def test_face_down_card_shows_no_face_text(qtbot):
    scene, card = _scene_with_card()
    card.set_back("Companies")
    assert card.face_down
    assert "Pixelar" not in " ".join(card.texts()) and "21" not in " ".join(card.texts())


def test_track_stacks_markers_visibly(qtbot):
    spaces = [QRectF(i * 26, 0, 26, 30) for i in range(10)]
    track = TrackItem(spaces, [str(i) for i in range(10)], [QPointF(0, 1)] * 10)
    scene = _Scene()
    scene.addItem(track)
    positions = track.place_markers({3: [20.0] * 4})[3]
    for i, a in enumerate(positions):
        for b in positions[i + 1:]:
            # every marker's mark stays visible: the next disc covers its rim only
            assert (a - b).manhattanLength() >= TrackItem.FAN * 20 - 0.01


def test_slide_is_instant_at_speed_zero_and_ends_on_target(qtbot):
    scene = _Scene()
    tok = TokenItem(20, style.seat_colour(0), "A")
    scene.addItem(tok)
    slide(tok, QPointF(50, 40), speed=0)
    assert tok.pos() == QPointF(50, 40)
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.show()
    slide(tok, QPointF(200, 10), speed=4.0)
    assert tok.motions.get("_slide_anim") is not None  # animated, not blocking
    qtbot.waitUntil(lambda: tok.pos() == QPointF(200, 10), timeout=1000)
    # a new slide replaces an unfinished one and still ends on its own target
    slide(tok, QPointF(0, 0), speed=1.0)
    slide(tok, QPointF(30, 30), speed=2.0)
    qtbot.waitUntil(lambda: tok.pos() == QPointF(30, 30), timeout=1000)


def test_a_piece_that_moved_is_freed_when_the_board_drops_it(qtbot):
    """An animation is the piece's child; a slot that held the piece made a cycle through Qt
    that the collector cannot see, so every piece that had ever slid or turned over outlived
    its removal from the board (the soak's steady growth, tests/bench/soak.py)."""
    import gc
    import weakref

    from PySide6.QtCore import QAbstractAnimation, QCoreApplication, QEvent

    scene = _Scene()
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.show()
    tok = TokenItem(20, style.seat_colour(0), "A")
    scene.addItem(tok)
    for x in range(5):  # finished animations do not pile up as the piece's children
        slide(tok, QPointF(40 * x + 40, 10), speed=4.0)
        qtbot.waitUntil(lambda x=x, t=tok: t.pos() == QPointF(40 * x + 40, 10), timeout=1000)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    assert tok.findChildren(QAbstractAnimation) == []
    card = CardItem(60, 80)
    scene.addItem(card)
    items.flip_in(card, speed=1.0)
    slide(tok, QPointF(0, 0), speed=1.0)  # both still running when the board drops them
    gone = [weakref.ref(tok), weakref.ref(card)]
    scene.removeItem(tok)
    scene.removeItem(card)
    del tok, card
    gc.collect()
    assert [r() is None for r in gone] == [True, True]


def test_pieces_paint_at_small_and_large_zoom(qtbot):
    scene, card = _scene_with_card(Action("x", 0, ()), legal=True)
    tok = TokenItem(20, style.NPC_GREY, "N", npc=True)
    scene.addItem(tok)
    for size in (60, 800):  # level of detail below and above the fine-text threshold
        img = QImage(size, size * 3 // 4, QImage.Format.Format_ARGB32)
        p = QPainter(img)
        scene.render(p)
        p.end()
        assert not img.isNull()


def test_fit_font_never_goes_below_the_minimum(qapp):
    f = fit_font("An extremely long company name indeed", style.serif(12, bold=True), 20)
    assert f.pixelSize() == style.px(style.MIN_PT)


def test_a_piece_targeted_before_joining_the_scene_still_pulses(qtbot):
    card = CardItem(60, 84)
    card.set_target(Action("x", 0, ()), True)  # no scene yet: no clock to join
    scene = _Scene()
    scene.addItem(card)
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    driver = pulse_for(scene)
    qtbot.waitUntil(lambda: card._glow in driver._items and driver.active(), timeout=1000)


def test_scene_place_slides_an_item_that_already_stood_elsewhere(qtbot):
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QGraphicsView

    from ui.board.items import TokenItem
    from ui.board.scene import GameScene

    scene = GameScene()
    view = QGraphicsView(scene)  # a slide runs only on a shown board
    qtbot.addWidget(view)
    view.show()
    item = TokenItem(20)
    scene.addItem(item)
    scene.place(item, QPointF(10, 10))
    assert item.pos() == QPointF(10, 10)  # the first placing is direct
    scene.place(item, QPointF(200, 10))
    assert item.pos() == QPointF(10, 10)  # then it slides, and ends on its spot
    qtbot.waitUntil(lambda: item.pos() == QPointF(200, 10), timeout=2000)
    scene.set_animation_speed(0)
    scene.place(item, QPointF(50, 50))
    assert item.pos() == QPointF(50, 50)  # no motion at the instant speed


def test_a_piece_showing_earlier_content_again_is_copied_not_painted(qtbot, qapp):
    """A review step back, or an undo, shows a piece's earlier content: its picture is reused
    (LookCache), drawn exactly as a fresh paint; an `update()` that does not come from new
    content paints afresh."""
    scene = _Scene()
    scene.setSceneRect(0, 0, 400, 300)
    token = TokenItem(30)
    scene.addItem(token)
    token.setPos(100.3, 60.7)
    view = shown_board_view(qtbot, scene, 500, 400)
    painted = []
    body = token.paint_body
    token.paint_body = lambda p, lod: (painted.append(token._content), body(p, lod))[1]

    def drawn() -> QImage:
        qapp.processEvents()  # the scene handles its changed pieces
        view.viewport().repaint()
        return view.viewport().grab().toImage()

    def shown(colour: str) -> QImage:
        token.set_look(colour, "A", tooltip="Ann")
        return drawn()

    red = shown("#b03020")
    blue = shown("#2050b0")
    assert len(painted) == 2
    assert shown("#b03020") == red  # red again: the same pixels, from the kept picture
    assert shown("#2050b0") == blue
    assert len(painted) == 2
    token.update()
    assert drawn() == blue and len(painted) == 3
