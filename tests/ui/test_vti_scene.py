"""The Victory Through Industry board scene: every legal action of the seat at the screen has an
item that glows and emits it (including trade answers by the other seat), a spectator's board is
inert, overviews open other complexes, and the package's panel rows and prompts read the view."""

from __future__ import annotations

import pytest

from engine.core.contract import Action, SeatInfo
from engine.core.rng import Rng
from engine.core.session import Session
from ui.games import game_ui
from ui.games.victory_through_industry import player_summary, prompt
from ui.games.victory_through_industry.regions.geometry import grid_extent
from ui.games.victory_through_industry.scene import VtiScene, make_scene

GAME = "victory-through-industry"
NAMES = ["Ada", "Ben", "Cora", "Dan", "Eva", "Finn"]


def play(players: int, seed: int, moves: int) -> Session:
    session = Session.new(GAME, [SeatInfo(n, "human") for n in NAMES[:players]], seed=seed)
    rng = Rng.derive(seed, "test-scene")
    for _ in range(moves):
        if session.is_over():
            break
        legal = session.legal_actions()
        session.apply(legal[rng.randbelow(len(legal))])
    return session


def shown(session: Session, viewer="mover") -> VtiScene:
    scene = make_scene(GAME)
    scene.set_animation_speed(0)
    mover = session.to_move()
    if viewer == "mover":
        viewer = mover if mover >= 0 else None
    acts = session.legal_actions() if viewer is not None and viewer == mover else []
    scene.show(session.state.view(viewer), acts, session.names, viewer)
    return scene


def test_package_contract(qapp):
    ui = game_ui(GAME)
    scene = ui.make_scene()
    assert isinstance(scene, VtiScene) and scene.game_id == GAME
    assert callable(ui.player_summary) and callable(ui.prompt)


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("moves", [0, 40, 400])
def test_every_legal_action_has_a_glowing_item_that_emits_it(qtbot, players, moves):
    session = play(players, seed=players * 7 + moves, moves=moves)
    scene = shown(session)
    legal = session.legal_actions()
    for action in legal:
        item = scene.item_for(action)
        assert item is not None, action
        assert item.legal and item.action == action
        with qtbot.waitSignal(scene.intent, timeout=500) as blocker:
            assert item.click()
        assert blocker.args == [action]
    view = session.state.view(session.to_move() if session.to_move() >= 0 else None)
    assert prompt(view, legal, session.names)
    for seat in range(players):
        rows = player_summary(view, seat)
        assert rows and all(isinstance(k, str) and isinstance(v, str) for k, v in rows)


def test_many_positions_map_every_action(qtbot):
    """A long sweep over random positions: no legal action without its item."""
    scene = make_scene(GAME)
    scene.set_animation_speed(0)
    for seed in range(2):
        session = play(3, seed=seed, moves=0)
        rng = Rng.derive(seed, "sweep")
        for _ in range(250):
            if session.is_over():
                break
            mover = session.to_move()
            legal = session.legal_actions()
            scene.show(session.state.view(mover), legal, session.names, mover)
            missing = [a for a in legal if scene.item_for(a) is None]
            assert not missing, missing
            session.apply(legal[rng.randbelow(len(legal))])


def test_trade_offer_is_answered_on_screen_by_the_other_seat(qtbot):
    for seed in range(40):
        session = play(3, seed=seed, moves=0)
        rng = Rng.derive(seed, "trade")
        for _ in range(2000):
            if session.is_over():
                break
            legal = session.legal_actions()
            offer = [a for a in legal if a.kind == "offer"]
            pick = offer[0] if offer and rng.randbelow(2) else legal[rng.randbelow(len(legal))]
            session.apply(pick)
            if any(a.kind == "accept" for a in session.legal_actions()):
                break
        if any(a.kind == "accept" for a in session.legal_actions()):
            break
    else:
        pytest.skip("no trade offer reached")
    target = session.to_move()
    assert target != session.state.current
    scene = shown(session, viewer=target)
    accept = scene.item_for(Action("accept", target, ()))
    refuse = scene.item_for(Action("refuse", target, ()))
    assert accept is not None and refuse is not None and accept.legal
    view = session.state.view(target)
    assert "offers" in prompt(view, session.legal_actions(), session.names)


def test_spectator_scene_is_inert_and_overview_opens_a_complex(qtbot):
    session = play(4, seed=8, moves=60)
    scene = shown(session, viewer=None)
    assert scene.items_with_actions() == []
    with qtbot.assertNotEmitted(scene.intent, wait=20):
        for item in scene.items():
            if hasattr(item, "click"):
                item.click()
    # open seat 2's complex through its overview
    overview = scene.pool[("overview", 2)]
    overview.on_click()
    panel = scene.pool[("complex-panel",)]
    assert panel.title.startswith("Cora's complex")


def test_complex_items_sit_on_their_cells(qtbot):
    session = play(2, seed=1, moves=120)
    mover = session.to_move()
    scene = shown(session)
    seat = session.state.view(mover)["seats"][mover]
    tiles = {k[1]: it for k, it in scene.pool.items.items() if k[0] == "fac"}
    assert set(tiles) == {(f["x"], f["y"]) for f in seat["factories"]}
    cards = {k[1]: it for k, it in scene.pool.items.items() if k[0] == "prod"}
    assert set(cards) == {(p["x"], p["y"]) for p in seat["products"]}
    # neighbouring cells are exactly one cell apart on screen
    for (x, y), tile in tiles.items():
        if (x + 1, y) in tiles:
            assert tiles[(x + 1, y)].pos().x() - tile.pos().x() == pytest.approx(110.0)


def walk_to(kind: str, seed: int = 4, nth: int = 1) -> Session:
    """A game played at random until the mover's `nth` position offering a `kind` decision."""
    session = Session.new(GAME, [SeatInfo(n, "human") for n in NAMES[:3]], seed=seed)
    rng = Rng(seed)
    seen = 0
    for _ in range(3000):
        legal = session.legal_actions()
        if any(a.kind == kind for a in legal) and session.state.phase == "play":
            seen += 1
            if seen >= nth:
                return session
        session.apply(rng.choice(legal))
    pytest.skip(f"no {kind} decision reached")


def test_factory_being_turned_is_previewed_in_its_cell_and_turned_on_the_board(qtbot):
    session = walk_to("rotate")
    scene = shown(session)
    step = session.state.view(session.to_move())["step"]
    ghost = scene._ghost
    assert ghost is not None and ghost.isVisible() and ghost.ftype == step["f"]
    # it stands exactly where the chosen cell's factory will stand
    site = tuple(step["site"])
    cells = {(f["x"], f["y"]) for f in session.state.view(session.to_move())["seats"][session.to_move()]["factories"]}
    first = scene.item_for(Action("rotate", session.to_move(), (0,)))
    assert first is not None and first.w >= 90  # large rotation choices
    rot0 = ghost.rot
    emitted = []
    scene.intent.connect(emitted.append)
    # the ↻ badge turns the preview (no decision taken), a click on the preview takes it
    badge = scene.pool[("ghost-turn",)]
    badge.on_click()
    assert ghost.rot == (rot0 + 1) % 4 and not emitted
    assert ghost.click() and emitted[-1] == Action("rotate", session.to_move(), (ghost.rot,))
    # hovering a large choice shows that rotation in the cell
    third = scene.item_for(Action("rotate", session.to_move(), (3,)))
    third.hover_hook(True)
    assert ghost.rot == 3
    assert site in cells or ghost.pos() != first.pos()


def test_a_factory_that_cannot_run_says_why_in_its_tooltip(qtbot):
    for nth in range(1, 30):
        session = walk_to("produce", nth=nth)
        me, state = session.to_move(), session.state
        idle = [c for c in state.fac[me] if not state.can_operate(me, c)]
        if idle:
            break
    assert idle, "no idle factory met"
    running = [c for c in state.fac[me] if state.can_operate(me, c)]
    scene = shown(session)
    for c in idle:
        tip = scene.pool[("fac", c)].toolTip()
        assert "Cannot run now: its " in tip, tip
    for c in running:
        assert "Cannot run" not in scene.pool[("fac", c)].toolTip()


def test_a_factory_moved_into_another_complex_is_previewed_there(qtbot):
    # walk games until a factory moved between complexes is being turned
    for seed in range(40):
        session = Session.new(GAME, [SeatInfo(n, "human") for n in NAMES[:3]], seed=seed)
        rng = Rng(seed)
        for _ in range(1500):
            if session.is_over():
                break
            legal = session.legal_actions()
            step = session.state.view(session.to_move())["step"] or {}
            if any(a.kind == "rotate" for a in legal) and step.get("mode") == "xmove":
                scene = shown(session)
                assert scene.focus is None
                assert scene._active == step["dst"]
                assert scene._ghost.isVisible()
                return
            # prefer the moves that lead to a factory moving between complexes
            pick = [a for a in legal if a.kind in ("lend", "borrow", "accept")] or legal
            session.apply(rng.choice(pick))
    pytest.skip("no factory moved between complexes in these games")


def test_factory_tooltip_and_refusal_give_the_same_reason():
    """The board's tooltip ('Cannot run now: …') and the click's refusal read the same rule in
    the same words (engine/games/victory_through_industry/words.py), at random positions."""
    from engine.core import Rng, get_spec
    from tests.engine.test_contract import random_step
    from ui.games.victory_through_industry.words import idle_reason

    state = get_spec("victory-through-industry").new_state(3)
    rng = Rng(8)
    compared = 0
    while not state.is_terminal() and compared < 200:
        for seat in range(state.players):
            view = state.view(seat)["seats"][seat]
            for cell in state.fac[seat]:
                engine_words = state.idle_reason(seat, cell)
                board_words = idle_reason(view, cell)
                assert (engine_words is None) == state.can_operate(seat, cell)
                assert board_words == (engine_words[0].upper() + engine_words[1:] if engine_words else None)
                compared += 1
        state.apply(random_step(state, rng))
    assert compared >= 200


def test_the_large_complex_keeps_its_size_when_another_complex_is_opened(qtbot):
    """The panel is as large as the largest complex shown so far: opening a smaller one (or, in
    hot-seat play, the next player's turn showing theirs) leaves the board where it was. It was
    the size of the complex shown, and every panel after it moved at each change (the scene
    update of a 4-seat game then took 3× as long: all their pieces painted again)."""
    session = play(4, seed=3, moves=1500)  # two complexes five cells tall, one three
    scene = shown(session, viewer=None)
    sizes = {}
    for seat in range(4):
        scene.pool[("overview", seat)].on_click()
        sizes[seat] = scene.arrangement.rects["complex"][2:]
    extents = {seat: grid_extent(session.state.view(None)["seats"][seat], []) for seat in range(4)}
    assert len({(e[2] - e[0], e[3] - e[1]) for e in extents.values()}) > 1, "the complexes are all alike"
    heights = [sizes[seat][1] for seat in range(4)]
    assert heights == sorted(heights), "the panel shrank when a smaller complex was opened"
    largest = scene.arrangement.rects["complex"]
    others = {k: v for k, v in scene.arrangement.rects.items() if k != "complex"}
    for seat in range(4):  # every complex again: nothing moves any more
        scene.pool[("overview", seat)].on_click()
        assert scene.arrangement.rects["complex"] == largest
        assert {k: v for k, v in scene.arrangement.rects.items() if k != "complex"} == others
