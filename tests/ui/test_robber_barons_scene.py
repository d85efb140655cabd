"""The Robber Barons board scene: every legal action of every decision kind has a glowing item that
emits it, spectators get an inert board, monopolies and trusts are marked, the dice tumble and
everything fits in the scene."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsView

from engine.core.contract import CHANCE, Action, SeatInfo
from engine.core.rng import Rng
from engine.core.session import Session
from engine.games.robber_barons import SPEC
from engine.games.robber_barons.data import INDUSTRIES
from ui.games import game_ui
from ui.games.robber_barons import player_summary, prompt
from ui.games.robber_barons.items import BandLabel, DiceItem
from ui.games.robber_barons.scene import RobberBaronsScene, make_scene

NAMES = ["Ada", "Ben", "Cora", "Dan", "Eva", "Finn"]


def play(players: int, seed: int, moves: int) -> Session:
    session = Session.new("robber-barons", [SeatInfo(n, "human") for n in NAMES[:players]], seed=seed)
    rng = Rng.derive(seed, "test-scene")
    for _ in range(moves):
        if session.is_over():
            break
        legal = session.legal_actions()
        session.apply(legal[rng.randbelow(len(legal))])
    return session


def started(players=4):
    st = SPEC.new_state(players)
    for s in range(players):
        st.apply(Action("first_roll", CHANCE, (s, 6 if s == 0 else 1)))
    return st


def show_state(st, viewer="mover", speed=0.0) -> RobberBaronsScene:
    scene = make_scene()
    scene.set_animation_speed(speed)
    mover = st.to_move()
    if viewer == "mover":
        viewer = mover if mover >= 0 else None
    legal = st.legal_actions() if viewer is not None and viewer == mover else []
    scene.show(st.view(viewer), legal, NAMES[:st.players], viewer)
    return scene


def assert_all_legal_clickable(qtbot, scene, legal):
    for action in legal:
        item = scene.item_for(action)
        assert item is not None, action
        assert item.legal and item.action == action
        with qtbot.waitSignal(scene.intent, timeout=500) as blocker:
            assert item.click()
        assert blocker.args == [action]


def crafted(kind: str):
    """A state whose seat 0 faces a decision of `kind`."""
    st = started(4)
    lumber = INDUSTRIES["Lumber"][0]
    for s in (1, 2):
        st._place(s, lumber)
    st._place(0, INDUSTRIES["Coal"][0])
    st._place(3, INDUSTRIES["Coal"][0])
    st._place(0, INDUSTRIES["Sugar"][0])
    st._place(1, INDUSTRIES["Gold"][0])
    frames = {
        "bonus": ["bonus"], "invest": ["invest", lumber, 0], "target": ["target", "target_lose_d6", "overproduction"],
        "demand": ["place", "demand"], "production": ["place", "production"], "anti": ["place", "anti_trust"],
        "monopolize": ["monopolize"], "goto": ["goto", "any"], "ore": ["goto", "ore"],
    }
    st.current = 0
    if kind == "offer":
        st.legacy_deck.remove("museum")
        st.offer = "museum"
        st.stack = [["end"], ["offer"]]
    else:
        st.stack = [["end"], frames[kind]]
    st.pos[0] = lumber if kind == "invest" else 5
    assert st.legal_actions(), kind
    return st


def test_package_contract(qapp):
    ui = game_ui("robber-barons")
    scene = ui.make_scene()
    assert isinstance(scene, RobberBaronsScene) and scene.game_id == "robber-barons"
    assert callable(ui.player_summary) and callable(ui.prompt)


@pytest.mark.parametrize("kind", ["bonus", "offer", "invest", "target", "demand", "production", "anti",
                                  "monopolize", "goto", "ore"])
def test_every_decision_kind_has_clickable_items(qtbot, kind):
    st = crafted(kind)
    scene = show_state(st)
    assert_all_legal_clickable(qtbot, scene, st.legal_actions())


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("moves", [0, 7, 60, 400])
def test_every_legal_action_has_a_glowing_item_and_all_fits(qtbot, players, moves):
    session = play(players, seed=players * 10 + moves, moves=moves)
    st = session.state
    scene = show_state(st)
    legal = session.legal_actions()
    assert_all_legal_clickable(qtbot, scene, legal)
    glowing = [i for i in scene.items_with_actions() if i.legal]
    assert len(glowing) == len(legal)
    rect = scene.sceneRect()
    assert scene.arrangement.scale >= 0.85  # laid out to fit a desktop's room large
    for key, item in scene.pool.items.items():
        assert rect.contains(item.sceneBoundingRect().adjusted(3, 3, -3, -3)), key


def test_a_real_click_on_a_dice_button(qtbot):
    session = play(3, seed=2, moves=0)
    scene = show_state(session.state)
    me = session.to_move()
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.resize(1600, 1150)
    view.show()
    qtbot.waitExposed(view)
    button = scene.item_for(Action("dice", me, (2,)))
    point = view.mapFromScene(button.mapToScene(QPointF(button.w / 2, button.h / 2)))
    with qtbot.waitSignal(scene.intent, timeout=1000) as blocker:
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert blocker.args == [Action("dice", me, (2,))]


def test_spectator_and_waiting_player_boards_are_inert(qtbot):
    st = crafted("monopolize")
    for viewer in (None, 1):
        scene = show_state(st, viewer=viewer)
        assert scene.items_with_actions() == []


def test_trusts_and_monopolies_are_marked(qtbot):
    st = started(3)
    for sp in INDUSTRIES["Railroads"]:
        st._place(0, sp)
    for sp in INDUSTRIES["Shipping"]:
        st._place(1, sp)
    st._place(2, INDUSTRIES["Coal"][0])
    scene = show_state(st)
    labels = [i for i in scene.items() if isinstance(i, BandLabel)]
    assert sorted(label.text for label in labels) == ["GREAT MONOPOLY · A", "MONOPOLY · B"]
    coal = scene._spaces[INDUSTRIES["Coal"][0]]
    assert coal.trust_colour is not None and "Trust of Cora" in coal.toolTip()
    assert scene._spaces[INDUSTRIES["Lumber"][0]].trust_colour is None


def test_dice_tumble_then_show_the_roll(qtbot):
    session = play(2, seed=4, moves=0)
    scene = make_scene()
    scene.set_animation_speed(1.0)
    st = session.state
    scene.show(st.view(None), [], NAMES[:2], None)
    me = session.to_move()
    session.apply(Action("dice", me, (3,)))
    scene.show(session.state.view(None), [], NAMES[:2], None)
    dice = next(i for i in scene.items() if isinstance(i, DiceItem))
    assert dice.faces == session.state.last_dice and len(dice.faces) == 3
    assert dice.tumbling()
    qtbot.waitUntil(lambda: not dice.tumbling(), timeout=3000)
    assert dice.shown == dice.faces


def test_show_reuses_items(qtbot):
    session = play(4, seed=9, moves=300)
    scene = show_state(session.state)
    before = dict(scene.pool.items.items())
    made = scene.pool.created
    for _ in range(5):
        scene.show(session.state.view(None), [], NAMES[:4], None)
    # the same view again: the very same pieces, nothing made anew
    assert scene.pool.created == made
    assert all(scene.pool[key] is item for key, item in before.items())


def test_player_summary_and_prompt(qapp):
    st = crafted("offer")
    view = st.view(0)
    rows = dict(player_summary(view, 0))
    assert rows["Money"] == "$10M" and "Sugar" in rows["Trusts"]
    text = prompt(view, st.legal_actions(), NAMES[:4])
    assert text.startswith("Ada: buy Museum for $4M")
    assert prompt(view, [], NAMES[:4]).startswith("Waiting for Ada")
    st2 = crafted("goto")
    assert "any space" in prompt(st2.view(0), st2.legal_actions(), NAMES[:4])


def test_pawn_walks_round_the_corner_and_ends_on_its_space(qtbot):
    st = started(2)
    st.pos = [36, 20]
    scene = make_scene()
    scene.set_animation_speed(1.0)
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    scene.show(st.view(None), [], NAMES[:2], None)
    pawn = scene.pool[("pawn", 0)]
    st.pos[0] = 3  # passes the Start corner
    scene.show(st.view(None), [], NAMES[:2], None)
    assert pawn.motions.get("_walk_anim") is not None
    space = scene._spaces[3]
    qtbot.waitUntil(lambda: "_walk_anim" not in pawn.motions
                    or pawn.motions["_walk_anim"].state() == pawn.motions["_walk_anim"].State.Stopped,
                    timeout=3000)
    assert space.sceneBoundingRect().contains(pawn.scenePos())


def test_a_long_legacy_pile_ends_with_a_count_of_the_rest(qtbot):
    st = started(6)
    cards = list(st.legacy_deck[:20])
    for c in cards:
        st.legacy_deck.remove(c)
    st.philanthropy[2] = cards
    scene = show_state(st, viewer=None)
    scene.set_room(1340, 1000)  # a squarish room: six mats stacked beside the board, each too low for it
    shown = [k for k in scene.pool if k[0] == "mini" and k[1] == 2]
    more = scene.pool[("more", 2)]
    assert len(shown) + int(more.text.lstrip("+")) == 20
