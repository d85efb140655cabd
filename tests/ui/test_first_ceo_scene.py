"""The 1st CEO board scene: every legal action has a clickable item that emits it, candidates
that are not legal still emit (the controller explains the refusal) but never glow, nothing of
another seat's secrets shows, and 3–6 players all fit."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsView

from engine.core.contract import Action, SeatInfo
from engine.core.rng import Rng
from engine.core.session import Session
from ui.games import game_ui
from ui.games.first_ceo import player_summary, prompt
from ui.games.first_ceo.items import AssetCardItem
from ui.games.first_ceo.scene import FirstCeoScene, make_scene

NAMES = ["Ada", "Ben", "Cora", "Dan", "Eva", "Finn"]


def play(players: int, seed: int, moves: int) -> Session:
    """A session after `moves` uniformly random decisions (seeded)."""
    session = Session.new("first-ceo", [SeatInfo(n, "human") for n in NAMES[:players]], seed=seed)
    rng = Rng.derive(seed, "test-scene")
    for _ in range(moves):
        if session.is_over():
            break
        legal = session.legal_actions()
        session.apply(legal[rng.randbelow(len(legal))])
    return session


def shown(session: Session, viewer: int | None = "mover", legal: bool = True) -> FirstCeoScene:
    scene = make_scene("first-ceo")
    scene.set_animation_speed(0)
    mover = session.to_move()
    if viewer == "mover":
        viewer = mover if mover >= 0 else None
    acts = session.legal_actions() if legal and viewer is not None and viewer == mover else []
    scene.show(session.state.view(viewer), acts, session.names, viewer)
    return scene


def test_package_contract(qapp):
    ui = game_ui("first-ceo")
    scene = ui.make_scene()
    assert isinstance(scene, FirstCeoScene) and scene.game_id == "first-ceo"
    assert callable(ui.player_summary) and callable(ui.prompt)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("moves", [0, 9, 30, 200])
def test_every_legal_action_has_a_glowing_item_that_emits_it(qtbot, players, moves):
    session = play(players, seed=players * 10 + moves, moves=moves)
    scene = shown(session)
    legal = session.legal_actions()
    if session.is_over():
        assert legal == []
    for action in legal:
        item = scene.item_for(action)
        assert item is not None, action
        assert item.legal and item.action == action
        with qtbot.waitSignal(scene.intent, timeout=500) as blocker:
            assert item.click()
        assert blocker.args == [action]
    # every piece fits in the scene, and the board is laid out to fit a desktop's room large
    rect = scene.sceneRect()
    assert scene.arrangement.scale >= 0.85
    mats = [scene.panel_rect(f"mat{i}") for i in range(players)]
    board = scene.panel_rect("board")
    for key, item in scene.pool.items.items():
        m = getattr(item, "GLOW_MARGIN", 0)
        box = item.sceneBoundingRect().adjusted(m, m, -m, -m)
        assert rect.contains(box), key
        if key[0] in ("corp", "strip", "asset", "share", "held", "nocomp"):
            assert any(m.adjusted(-1, -1, 1, 1).contains(box) for m in mats), (key, box)
        elif key[0] in ("company", "price", "pile", "rank", "countdown", "round"):
            assert board.contains(box), (key, box)


def test_a_real_click_on_a_company_emits_acquire(qtbot):
    session = play(4, seed=5, moves=0)
    scene = shown(session)
    me = session.to_move()
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.resize(1700, 1000)
    view.show()
    qtbot.waitExposed(view)
    card = scene.item_for(Action("acquire", me, (1,)))
    point = view.mapFromScene(card.mapToScene(QPointF(card.w / 2, card.h / 2)))
    with qtbot.waitSignal(scene.intent, timeout=1000) as blocker:
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert blocker.args == [Action("acquire", me, (1,))]


def test_unaffordable_company_emits_its_candidate_without_glowing(qtbot):
    # find a position where the mover cannot afford some company in the market
    for seed in range(40):
        session = play(4, seed=seed, moves=12)
        if session.is_over():
            continue
        me = session.to_move()
        view = session.state.view(me)
        poor = [m["slot"] for m in view["market"] if m["card"] and m["price"] > view["seats"][me]["money"]]
        if poor:
            break
    else:
        pytest.skip("no unaffordable company in the sampled positions")
    scene = shown(session)
    candidate = Action("acquire", me, (poor[0],))
    assert candidate not in session.legal_actions()
    item = scene.item_for(candidate)
    assert item is not None and not item.legal and item.dimmed
    with qtbot.waitSignal(scene.intent, timeout=500) as blocker:
        item.click()
    assert blocker.args == [candidate]
    assert session.state.illegal_reason(candidate)  # the controller has words for the refusal


def test_share_and_dividend_targets(qtbot):
    session = play(5, seed=3, moves=4)
    scene = shown(session)
    me = session.to_move()
    for target in range(5):
        item = scene.item_for(Action("buy_share", me, (target,)))
        if target == me:
            assert item is None  # your own shares are not for sale to you
        else:
            assert item is not None and item.next  # the leftmost share still to issue
    assert scene.item_for(Action("dividends", me, ())) is not None
    assert scene.item_for(Action("dividends", (me + 1) % 5, ())) is None


def test_final_round_share_clicks_are_candidates_only(qtbot):
    for seed in range(60):
        session = play(3, seed=seed, moves=0)
        rng = Rng.derive(seed, "final")
        while not session.is_over() and not session.state.view(None)["final_round"]:
            legal = session.legal_actions()
            session.apply(legal[rng.randbelow(len(legal))])
        if not session.is_over():
            break
    else:
        pytest.skip("no final round reached")
    scene = shown(session)
    me = session.to_move()
    other = (me + 1) % 3
    item = scene.item_for(Action("buy_share", me, (other,)))
    if item is not None:  # shares left: a candidate, refused with the final-round reason
        assert not item.legal
        assert "final round" in session.state.illegal_reason(item.action)
    assert "final round" in prompt(session.state.view(me), session.legal_actions(), session.names)


def test_not_my_turn_items_carry_my_candidates_and_nothing_glows(qtbot):
    session = play(4, seed=8, moves=6)
    mover = session.to_move()
    viewer = (mover + 1) % 4
    scene = shown(session, viewer=viewer)
    acting = scene.items_with_actions()
    assert acting and all(not it.legal and it.action.seat == viewer for it in acting)


def test_spectator_scene_is_inert(qtbot):
    session = play(4, seed=8, moves=6)
    scene = shown(session, viewer=None)
    assert scene.items_with_actions() == []
    with qtbot.assertNotEmitted(scene.intent, wait=20):
        for item in scene.items():
            if hasattr(item, "click"):
                item.click()


def _all_texts(scene) -> list[str]:
    out = []
    for item in scene.items():
        out.append(item.toolTip())
        if hasattr(item, "texts"):
            out.extend(t for t in item.texts() if t)
    return out


@pytest.mark.parametrize("players", [3, 6])
def test_no_secret_of_another_seat_appears(qtbot, players):
    for seed in range(30):
        session = play(players, seed=seed, moves=40)
        cards = session.state.asset_cards
        if sum(1 for s in range(1, players) for _ in cards[s]) >= 2 and cards[0]:
            break
    viewer = 0
    scene = shown(session, viewer=viewer)
    own, others = [], []
    for key, item in sorted(scene.pool.items.items(), key=lambda kv: str(kv[0])):
        if isinstance(item, AssetCardItem):
            (own if key[1] == viewer else others).append(item)
    assert len(own) == len(cards[viewer])
    assert len(others) == sum(len(cards[s]) for s in range(players) if s != viewer) > 0
    for item in others:
        assert item.value is None
        assert not any(ch.isdigit() for t in item.texts() for ch in t), item.texts()
    for item, (_, value) in zip(own, cards[viewer], strict=True):
        assert item.value == value and f"{value:+d}" in " ".join(item.texts())
    # the scene depends on the view only: re-dealing what seat 0 cannot see changes no text
    other_state = session.state.determinize(viewer, Rng(99))
    assert other_state.asset_cards != session.state.asset_cards or players == 3
    scene2 = make_scene()
    scene2.set_animation_speed(0)
    scene2.show(other_state.view(viewer), [], session.names, viewer)
    assert sorted(_all_texts(scene)) == sorted(_all_texts(scene2))


def test_player_summary_and_prompt(qapp):
    session = play(4, seed=2, moves=30)
    me = session.to_move()
    view = session.state.view(me)
    rows = dict(player_summary(view, me))
    assert rows["Money"] == f"${session.state.money[me]}"
    assert set(rows) >= {"Corporation", "Money", "Assets", "Income", "Shares to issue", "Shares held",
                         "Companies", "Asset cards"}
    for seat in range(4):
        text = dict(player_summary(view, seat))["Asset cards"]
        if seat != me and session.state.asset_cards[seat]:
            assert "face down" in text and "+" not in text
    line = prompt(view, session.legal_actions(), session.names)
    assert line.startswith(session.names[me] + ":") and "dividends" in line
    assert prompt(view, [], session.names).startswith("Waiting for")
    end = play(3, seed=1, moves=400)
    assert end.is_over()
    assert prompt(end.state.view(None), [], end.names).startswith("Game over")
    assert "Final score" in dict(player_summary(end.state.view(None), 0))


def test_show_reuses_items(qtbot):
    session = play(6, seed=4, moves=0)
    scene = make_scene()
    scene.set_animation_speed(0)
    rng = Rng(7)
    counts = []
    while not session.is_over():
        mover = session.to_move()
        scene.show(session.state.view(mover), session.legal_actions(), session.names, mover)
        counts.append(len(scene.items()))
        legal = session.legal_actions()
        session.apply(legal[rng.randbelow(len(legal))])
    # the number of items follows the game (no leak of removed pieces)
    assert max(counts) < 400
    # a piece shown again is the same item: no new item for a view shown before
    scene.show(session.state.view(None), [], session.names, None)
    made = scene.pool.created
    scene.show(session.state.view(None), [], session.names, None)
    assert scene.pool.created == made


@pytest.mark.parametrize("players", [3, 6])
def test_no_text_smaller_than_9_points_at_default_zoom(qtbot, monkeypatch, players):
    """Every string the board paints goes through draw_text (or paint_coin); record their sizes."""
    from PySide6.QtGui import QImage, QPainter

    import ui.board.items as board_items
    from ui.board import style

    sizes = []
    original = board_items.draw_text

    def recording(p, rect, text, font, *args, **kwargs):
        if text:
            sizes.append((font.pixelSize(), text))
        return original(p, rect, text, font, *args, **kwargs)

    # every module of the board that paints words: the shared pieces and the game's own
    painters = [module for name, module in sys.modules.items()
                if name.startswith("ui.games.first_ceo") and hasattr(module, "draw_text")]
    assert len(painters) >= 3, painters  # the pieces, the printed board, the mats
    for module in (board_items, *painters):
        monkeypatch.setattr(module, "draw_text", recording)
    session = play(players, seed=11, moves=25)
    scene = shown(session)
    img = QImage(scene.sceneRect().size().toSize(), QImage.Format.Format_ARGB32_Premultiplied)
    p = QPainter(img)
    scene.render(p)
    p.end()
    assert len(sizes) > 200
    small = [(px, t) for px, t in sizes if px < style.px(style.MIN_PT)]
    assert not small, small[:5]


def test_hover_reports_and_new_cards_come_from_the_deck(qtbot):
    session = play(4, seed=5, moves=0)
    scene = shown(session)
    me = session.to_move()
    card = scene.item_for(Action("acquire", me, (0,)))
    with qtbot.waitSignal(scene.hovered, timeout=500) as blocker:
        card.hoverEnterEvent(None)
    assert blocker.args[0].startswith("Acquire ")
    card.hoverLeaveEvent(None)
    # after an acquisition the refill is a new card item that starts on the deck and slides in
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.show()
    scene.set_animation_speed(1.0)
    session.apply(Action("acquire", me, (0,)))
    mover = session.to_move()
    scene.show(session.state.view(mover), session.legal_actions(), session.names, mover)
    slot5 = scene._layout.slots[5].topLeft()
    newest = scene.item_for(Action("acquire", mover, (5,)))
    assert newest.pos() != slot5  # still travelling
    assert not newest.transform().isIdentity()  # and turning over
    qtbot.waitUntil(lambda: newest.pos() == slot5 and newest.transform().isIdentity(), timeout=2000)
    assert newest.cacheMode() == newest.CacheMode.DeviceCoordinateCache  # crisp again once settled


def test_every_printed_space_explains_itself(qtbot):
    session = play(4, seed=2, moves=8)
    scene = shown(session)
    lay = scene._layout
    points = [QPointF(r.center().x(), r.top() - 19) for r in lay.slots]
    points += [r.center() for r in lay.endgame] + [r.center() for r in lay.ranks]
    points = [scene.frame("board").mapToScene(p) for p in points]  # the board panel's own coordinates
    for point in points:
        tips = [it.toolTip() for it in scene.items(point) if it.toolTip()]
        assert tips, point
    assert "discards the leftmost" in scene.items(points[3])[0].toolTip() or any(
        "discards the leftmost" in it.toolTip() for it in scene.items(points[3]))
    # the asset track's tooltip follows the mouse from space to space
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.resize(1700, 1000)
    view.show()
    qtbot.waitExposed(view)
    track = scene._track
    for space in (5, 100):
        # (near the outer edge of the space: an NPC marker may sit in its middle)
        r = track.spaces[space]
        QTest.mouseMove(view.viewport(), view.mapFromScene(track.mapToScene(QPointF(r.center().x(), r.bottom() - 2))))
        qtbot.waitUntil(lambda space=space: track.toolTip().startswith(f"Asset track: {space}"), timeout=1000)
    assert "triggers the end" in track.toolTip()


def test_game_over_marks_the_winner_and_nothing_glows(qtbot):
    session = play(4, seed=1, moves=400)
    assert session.is_over()
    scene = shown(session, viewer=0)
    outcome = session.state.outcome()
    for seat in range(4):
        header = scene.pool[("mat", seat)].header
        assert header.winner == (seat in outcome.winners)
        assert header.score == outcome.scores[seat]
    assert all(not it.legal for it in scene.items_with_actions())
