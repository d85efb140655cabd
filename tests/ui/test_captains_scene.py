"""The Captains of Industry board scene: it builds and repaints for 3, 4 and 5 players over random
games; every legal decision has a board piece that emits it; a click on a pricing-track space
prices there and a click on the wrong track is refused with the reason; a seat's view never draws
another seat's Captain hand or Player Bank (R18); the last purchase and the age end are shown."""

from __future__ import annotations

import pytest

from engine.core.contract import Action, SeatInfo
from engine.core.rng import Rng
from engine.core.session import Session
from engine.games.captains_of_industry.data import CAPTAINS, MARKET_IDS, MARKETS
from ui.board.items import pulse_for
from ui.board.render import play_session, render_scene_image
from ui.board.scene import PanelFrame
from ui.games import game_ui, has_board, playable_specs
from ui.games.captains_of_industry import player_summary, prompt
from ui.games.captains_of_industry.items import StackChip
from ui.games.captains_of_industry.scene import CaptainsScene, make_scene

GAME = "captains-of-industry"
NAMES = ["Ada", "Ben", "Cora", "Dan", "Eva"]


def play(players: int, seed: int, moves: int) -> Session:
    """A session after `moves` seeded random decisions."""
    return play_session(GAME, players, seed, moves, level="random")


def shown(session: Session, viewer: int | None) -> CaptainsScene:
    """A fresh scene showing `session` to `viewer`, with its legal pieces lit if it is to move."""
    scene = make_scene()
    scene.set_animation_speed(0)
    pulse_for(scene).frozen = 0.85
    legal = session.legal_actions() if viewer is not None and viewer == session.to_move() else []
    scene.show(session.state.view(viewer), legal, session.names, viewer)
    return scene


def all_texts(scene) -> str:
    out = []
    for item in scene.items():
        out.append(item.toolTip())
        if hasattr(item, "texts"):
            out.extend(str(t) for t in item.texts())
        if hasattr(item, "hover_text"):
            out.append(item.hover_text())
    return "\n".join(out)


def test_registered_with_a_board():
    assert has_board(GAME) and GAME in [s.id for s in playable_specs()]
    assert isinstance(game_ui(GAME).make_scene(GAME), CaptainsScene)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_builds_and_repaints_over_random_games_with_a_piece_for_every_legal_decision(qapp, players):
    seen_kinds: set[str] = set()
    for seed in range(3):
        session = Session.new(GAME, [SeatInfo(n, "human") for n in NAMES[:players]], seed=seed)
        rng = Rng.derive(seed, "coi-repaint")
        scene = make_scene()  # one scene follows the game, as in the window
        scene.set_animation_speed(0)
        for step in range(400):
            if session.is_over():
                break
            mover = session.to_move()
            legal = session.legal_actions() if mover >= 0 else []
            scene.show(session.state.view(mover if mover >= 0 else None), legal, session.names,
                       mover if mover >= 0 else None)
            for action in legal:
                item = scene.item_for(action)
                assert item is not None, f"no piece for {action} ({session.state.prompt()})"
                assert item.legal and item.action == action
                seen_kinds.add(action.kind)
            if step % 40 == 0:
                image = render_scene_image(scene, 0.5)
                assert not image.isNull() and image.width() > 100
            assert prompt(session.state.view(mover), legal, session.names)
            session.apply(legal[rng.randbelow(len(legal))] if legal else session.legal_actions()[0])
        r = scene.sceneRect()
        for item in scene.items():
            # every piece, on its own or in a panel's frame (the frames themselves draw nothing)
            if item.isVisible() and not isinstance(item, PanelFrame) and (
                    item.parentItem() is None or isinstance(item.parentItem(), PanelFrame)):
                assert r.contains(item.sceneBoundingRect().adjusted(3, 3, -8, -8)), item
    assert {"build", "run", "price", "research", "real_estate", "manipulate"} <= seen_kinds


def test_a_click_on_a_track_space_prices_and_the_wrong_track_is_refused(shell, qtbot):
    from PySide6.QtCore import Qt

    seats = [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]
    window = shell.start_game(GAME, seats, {}, 5)
    window.resize(1600, 1000)
    qtbot.waitExposed(window)
    c = window.controller
    messages: list[str] = []
    window.statusBar().messageChanged.connect(lambda m: messages.append(m) if m else None)
    view = window.view

    def click(item):
        view.ensureVisible(item)
        point = item.mapToScene(item.shape().boundingRect().center())
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(point))

    for _ in range(60):
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=20_000)
        p = c.session.state.prompt() or {}
        if p.get("kind") == "price":
            break
        runs = [a for a in c.legal if a.kind == "run" and a.args[1] == "normal"]
        c.take(runs[0] if runs else c.legal[0])
    else:
        pytest.fail("the human never had to price")
    asked = p["market"]
    other = next(m for m in MARKET_IDS if m != asked)
    wrong = view.scene().pool.items[("space", other, 5)]
    assert wrong.action == Action("price", 0, (other, 5)) and not wrong.legal
    n = len(c.session.log)
    click(wrong)
    qtbot.waitUntil(lambda: bool(messages), timeout=2000)
    assert messages[-1].startswith(f"Set your price in {MARKETS[asked].name} now, not in {MARKETS[other].name}")
    assert len(c.session.log) == n
    right = view.scene().item_for(Action("price", 0, (asked, 7)))
    assert right is view.scene().pool.items[("space", asked, 7)]
    click(right)
    qtbot.waitUntil(lambda: len(c.session.log) > n, timeout=5000)
    assert c.session.log[n].action == Action("price", 0, (asked, 7))


def test_a_seat_never_sees_another_seats_captain_hand_or_bank(qapp):
    checked = 0
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        session = play(players, seed, 0)
        rng = Rng.derive(seed, "coi-hidden")
        for step in range(600):
            if session.is_over():
                break
            if step % 60 == 0:
                st = session.state
                for viewer in (*range(players), None):
                    text = all_texts(shown(session, viewer))
                    own = {CAPTAINS[c].name for c in st.hands[viewer]} if viewer is not None else set()
                    secret = {CAPTAINS[c].name for s in range(players) if s != viewer for c in st.hands[s]} - own
                    for name in secret:
                        assert name not in text, f"seat {viewer} sees {name}"
                    if viewer is None:
                        assert "Player Bank:" not in text
                    else:
                        assert text.count("Player Bank:") == 1  # the viewer's own, and no other
                        assert f"Player Bank: {sum(st.ms[viewer].values())}" in text
                        for s in range(players):
                            rows = dict(player_summary(st.view(viewer), s))
                            if s != viewer:
                                assert rows["Market Share"] == "secret"
                                assert rows["Captain cards"] == f"{len(st.hands[s])} (hidden)"
                    checked += 1
            legal = session.legal_actions()
            session.apply(legal[rng.randbelow(len(legal))])
    assert checked >= 20


def test_a_purchase_shows_which_tokens_were_taken_and_who_was_paid(qapp):
    """After a purchase from another player, the seller's stack leaves a dashed ghost at its price
    whose words are the log's: who bought how much from whom, at what price, paid to whom."""
    import re

    session = play(4, 4, 0)
    rng = Rng.derive(4, "coi-buy")
    scene = make_scene()
    scene.set_animation_speed(0)
    checked = 0
    for _ in range(1500):
        if session.is_over() or checked >= 3:
            break
        scene.show(session.state.view(None), [], session.names, None)
        legal = session.legal_actions()
        session.apply(legal[rng.randbelow(len(legal))])
        scene.show(session.state.view(None), [], session.names, None)
        tips = {it.toolTip() for it in scene.items() if isinstance(it, StackChip) and it.look[3] == "taken"}
        for event in session.log[-1].events:
            m = re.fullmatch(r"\{p(\d)\} buys (.+) from \{p(\d)\} at \$(\d+) and pays \{p\d\} \$(\d+)\.", event.text)
            if m:
                buyer, seller = session.names[int(m[1])], session.names[int(m[3])]
                words = f"{buyer} bought {m[2]} from {seller} at ${m[4]} and paid {seller} ${m[5]}."
                assert any(words in tip for tip in tips), (words, tips)
                checked += 1
    assert checked >= 3, "too few purchases from another player in the sampled game"


def test_the_age_end_is_shown_on_the_tracks_and_stepped_market_by_market(qapp):
    session = play(3, 6, 0)
    rng = Rng.derive(6, "coi-age")
    while not session.state.report and not session.is_over():
        legal = session.legal_actions()
        session.apply(legal[rng.randbelow(len(legal))])
    report = session.state.report
    assert report
    scene = shown(session, None)
    # every market's tokens bought (✓) and discarded (✗) stand as ghosts at their price
    ghosts = {(it.look[3], it.toolTip()) for it in scene.items() if isinstance(it, StackChip) and it.look[3]}
    for e in report:
        for s, kept in e["kept"].items():
            if kept:
                assert ("bought", f"Age end: the consumers bought {kept} of {session.names[int(s)]}'s tokens in "
                        f"{MARKETS[e['market']].name} at ${e['price'][s]}.") in ghosts
            if e["discarded"][s]:
                assert any(kind == "discarded" and MARKETS[e["market"]].name in tip for kind, tip in ghosts)
    body = scene.pool.items[("text", "report", "body")]
    assert body.text.startswith("Age 1 end: the consumers bought")
    nxt = scene.pool.items[("report-btn", "next")]
    for k, e in enumerate(report):
        nxt.on_click()
        body = scene.pool.items[("text", "report", "body")]
        assert body.text.startswith(f"{MARKETS[e['market']].name}: demand {e['demand']}")
        lit = [m for m in MARKET_IDS if scene.pool.items[("mlabel", m)].look[5]]
        assert lit == [e["market"]], k
    nxt.on_click()  # past the last market: back to the whole age end
    assert scene.pool.items[("text", "report", "body")].text.startswith("Age 1 end")
