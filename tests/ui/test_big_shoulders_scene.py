"""The City of the Big Shoulders board: it builds and repaints over random games at 2, 3 and 4
players (as the seat to move and as a spectator); every legal action of the seat at the screen has
a piece that glows and emits it (a general space for the acting company chosen on its charter, the
building to discard once the one to play is marked); a click on a general action space makes that
decision in the real window, and a refused click shows the engine's own reason; another seat's
buildings in hand never appear in a seat's board; the forecast line says what a company makes and
where its goods can go.

The engine is registered here for the test if it is not yet (the scene was built before the engine was
in the registry).
"""

from __future__ import annotations

import re

import pytest

from engine.core import registry
from engine.core.contract import Action, SeatInfo
from engine.core.rng import Rng
from engine.core.session import Session
from engine.games.big_shoulders.data import BUILDINGS
from ui.board.render import render_scene_image
from ui.games import game_ui, has_board
from ui.games.big_shoulders import player_summary, prompt
from ui.games.big_shoulders.forecast import forecast, summary_line
from ui.games.big_shoulders.items import BuildingTile, SpaceTile
from ui.games.big_shoulders.scene import BigShouldersScene, make_scene

GAME = "big-shoulders"
NAMES = ["Ada", "Ben", "Cora", "Dan"]


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    if GAME not in registry.GAME_MODULES:
        monkeypatch.setitem(registry.GAME_MODULES, GAME, "engine.games.big_shoulders")


def new_session(players: int, seed: int) -> Session:
    return Session.new(GAME, [SeatInfo(n) for n in NAMES[:players]], seed=seed)


def step(session: Session, rng: Rng) -> bool:
    """One random legal decision; False when the game is over or the engine offers nothing."""
    if session.is_over():
        return False
    legal = session.legal_actions()
    if not legal:
        return False
    session.apply(legal[rng.randbelow(len(legal))])
    return True


def shown(scene: BigShouldersScene, session: Session, viewer="mover") -> list[Action]:
    """Show the board to `viewer` (the seat to move by default, None for a spectator) with the
    legal actions when that seat is to move; returns them."""
    at_screen = {"mover": session.to_move()}.get(viewer, viewer)
    if at_screen is not None and at_screen < 0:
        at_screen = None
    acts = [] if at_screen is None or at_screen != session.to_move() else session.legal_actions()
    scene.show(session.state.view(at_screen), acts, session.names, at_screen)
    return acts


def item_of(scene: BigShouldersScene, action: Action):
    """The piece that emits `action`, after the screen choices a player would make first (the
    acting company, the building to play, the two resources offered at Haymarket)."""
    if action.kind in ("place", "use_building") and scene.acting != action.args[1]:
        scene.choose_company(action.args[1])
    if action.kind == "trade" and scene.trade_give != action.args[:2]:
        scene.choose_trade(action.args[:2])
    if action.kind == "build" and scene.to_play != action.args[0]:
        scene.choose_building(action.args[0])
    return scene.item_for(action)


def test_package_contract(qapp):
    assert has_board(GAME)
    ui = game_ui(GAME)
    scene = ui.make_scene()
    assert isinstance(scene, BigShouldersScene) and scene.game_id == GAME
    assert callable(ui.player_summary) and callable(ui.prompt)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_builds_and_repaints_over_random_games(qtbot, players):
    scene = make_scene(GAME)
    scene.set_animation_speed(0)
    session = new_session(players, seed=players)
    rng = Rng.derive(players, "bs-board")
    mapped = 0
    for k in range(260):
        legal = shown(scene, session)
        for action in legal:
            item = item_of(scene, action)
            assert item is not None, action
            assert item.legal and item.action == action
            with qtbot.waitSignal(scene.intent, timeout=500) as blocker:
                assert item.click()
            assert blocker.args == [action]
            mapped += 1
        view = session.state.view(session.to_move() if session.to_move() >= 0 else None)
        if legal:
            # every decision is named in plain words ('choose.' told nothing in the Operating Phase)
            text = prompt(view, legal, session.names)
            assert text and not text.endswith(": choose."), (view.get("frame"), text)
        for seat in range(players):
            rows = player_summary(view, seat)
            assert rows and all(isinstance(a, str) and isinstance(b, str) for a, b in rows)
        if k % 40 == 0:
            shown(scene, session, viewer=None)  # a spectator's board: nothing glows
            assert not scene.items_with_actions()
            assert not render_scene_image(scene, 0.5).isNull()
        if not step(session, rng):
            break
    assert mapped > 50
    image = render_scene_image(scene, 0.5)
    assert image.width() > 500 and image.height() > 400


PIECE_OF_KIND = {"place": "SpaceTile", "use_building": "BuildingTile", "buy_resource": "CubeButton",
                 "take_resource": "CubeButton", "trade": "CubeButton", "buy_asset": "AssetTile",
                 "produce": "FactoryItem", "hire": "FactoryItem", "start": "Chip", "buy": "ChoiceChip",
                 "sell": "ChoiceChip", "build": "HandTile"}


def test_each_decision_is_taken_where_it_happens_on_the_board(qtbot):
    """A Partner on a space or a building, a resource bought or taken on its cube, an asset on its
    tile, a factory run or staffed on the factory, a share on its charter, the building pick on the
    hand: each on its own piece, never in the strip of leftover choices."""
    scene = make_scene(GAME)
    scene.set_animation_speed(0)
    met: dict[str, set[str]] = {}
    for seed in (1, 2):
        session = new_session(3, seed=seed)
        rng = Rng.derive(seed, "where")
        for _ in range(500):
            for action in shown(scene, session):
                if action.kind in PIECE_OF_KIND or action.kind == "ship":
                    met.setdefault(action.kind, set()).add(type(item_of(scene, action)).__name__)
            if not step(session, rng):
                break
    assert {"place", "use_building", "buy_resource", "buy_asset", "produce", "buy", "build"} <= set(met)
    ship = met.pop("ship", set())
    assert ship <= {"DemandTileItem", "Chip"}, ship   # a demand tile, or its row's half-price bank
    for kind, pieces in met.items():
        assert pieces == {PIECE_OF_KIND[kind]}, (kind, pieces)


def test_a_click_on_a_general_space_is_that_placement(qtbot):
    session = new_session(3, seed=5)
    rng = Rng.derive(5, "to-action")
    while not any(a.kind == "place" for a in session.legal_actions()):
        assert step(session, rng)
    scene = make_scene(GAME)
    scene.set_animation_speed(0)
    legal = shown(scene, session)
    place = next(a for a in legal if a.kind == "place" and a.args[0] == "fund_40")
    scene.choose_company(place.args[1])
    tile = scene.item_for(place)
    assert isinstance(tile, SpaceTile) and tile.legal
    with qtbot.waitSignal(scene.intent, timeout=500) as blocker:
        assert tile.click()
    assert blocker.args == [place]


def _to_action_phase(shell, qtbot, seed: int):
    """A 3-player game (the human and two random AIs) played on by random clicks of the human's
    legal decisions until the human may place a Partner."""
    seats = [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]
    window = shell.start_game(GAME, seats, {}, seed)
    c = window.controller
    rng = Rng(seed)
    for _ in range(400):
        qtbot.waitUntil(lambda: c.human_to_move() or not c.session.legal_actions(), timeout=20_000)
        if any(a.kind == "place" for a in c.legal):
            return window
        assert c.legal, "the game stopped before the human's Action Phase"
        c.on_intent(c.legal[rng.randbelow(len(c.legal))])
    raise AssertionError("no Action Phase turn for the human")


def test_clicks_in_the_window_place_and_refuse_with_the_engines_reason(shell, qtbot):
    window = _to_action_phase(shell, qtbot, seed=3)
    c = window.controller
    scene = window.view.scene()
    messages: list[str] = []
    c.status.connect(messages.append)
    # a refused click: a space the acting company may not use now says why, and nothing changes
    tiles = [t for t in scene.items() if isinstance(t, SpaceTile) and t.action is not None and not t.legal]
    assert tiles, "every general space is open to the acting company"
    tile = tiles[0]
    reason = c.session.illegal_reason(tile.action)
    assert reason and reason != "That is not allowed now."
    before = len(c.session.log)
    assert tile.hover_text() == reason
    tile.click()
    qtbot.waitUntil(lambda: bool(messages), timeout=2000)
    assert messages[-1] == reason and len(c.session.log) == before
    # a legal click on a space is that very placement
    legal = [t for t in scene.items() if isinstance(t, SpaceTile) and t.legal]
    assert legal
    action = legal[0].action
    legal[0].click()
    qtbot.waitUntil(lambda: any(e.action == action for e in c.session.log[before:]), timeout=5000)


def _hidden_buildings(session: Session, seat: int) -> set[int]:
    """Buildings of the other seats that `seat` may not see: in their hands, discarded, or picked
    and not yet revealed."""
    st = session.state
    hidden: set[int] = set()
    for other in range(st.players):
        if other == seat:
            continue
        hidden.update(st.hands[other])
        hidden.update(st.discards[other])
        if st.picks[other] is not None:
            hidden.update(st.picks[other])
    shown_ = {b for seat_played in st.played for _, b in seat_played}
    return hidden - shown_


BUILDING_REF = re.compile(r"(?:#|Building |building )(\d+)\b")


@pytest.mark.parametrize("players", [2, 4])
def test_another_seats_hand_never_appears(qtbot, players):
    scene = make_scene(GAME)
    scene.set_animation_speed(0)
    session = new_session(players, seed=11 + players)
    rng = Rng.derive(players, "hidden")
    checked = 0
    for _ in range(160):
        for seat in range(players):
            shown(scene, session, viewer=seat)
            hidden = _hidden_buildings(session, seat)
            seen: set[int] = set()
            for item in scene.items():
                if not item.isVisible():
                    continue  # a piece parked by the pool for a later redraw: nobody sees it
                texts = item.texts() if hasattr(item, "texts") else [item.toolTip()]
                for text in texts:
                    seen.update(int(n) for n in BUILDING_REF.findall(text or ""))
                if isinstance(item, BuildingTile) and item.look and item.look[0] is not None:
                    seen.add(item.look[0])
            leak = hidden & seen & set(BUILDINGS)
            assert not leak, f"seat {seat} sees buildings {leak} of another seat"
            own = set(session.state.hands[seat])
            assert own <= seen, "a seat sees its own hand"
            checked += 1
        if not step(session, rng):
            break
    assert checked >= 10 * players


def test_forecast_counts_staffed_factories_in_order_and_demand_room():
    session = new_session(3, seed=2)
    rng = Rng.derive(2, "forecast")
    while session.state.phase in ("setup", "found"):
        assert step(session, rng)
    view = session.state.view(None)
    cid = next(c for c, v in view["companies"].items() if v["started"])
    c = view["companies"][cid]
    from engine.games.big_shoulders.data import COMPANIES, DEMAND, GOODS_ROWS

    data = COMPANIES[cid]
    # nothing staffed: nothing made, and the line says which factory waits for Workers
    c["workers"] = [0] * len(data.factories)
    c["automated"] = [0] * len(data.factories)
    f = forecast(view, cid)
    assert f.goods == 0 and f.runs == 0 and "its first factory needs" in f.idle_reason
    # staff every factory and give it the resources of one run each: all run, in order
    c["workers"] = [fac.workers for fac in data.factories]
    need: dict[str, int] = {}
    for fac in data.factories:
        for r, n in fac.uses:
            need[r] = need.get(r, 0) + n
    c["resources"] = dict(need)
    c["managers"] = [0] * len(data.factories)
    c["tokens"] = 1
    f = forecast(view, cid)
    assert f.runs == len(data.factories) and not f.idle_reason
    assert f.goods == sum(fac.makes for fac in data.factories) + 1
    # the room left on its row's demand tiles
    row = GOODS_ROWS.index(data.goods)
    room = sum(DEMAND[t].demand - g for t, g in zip(view["demand_grid"][row], view["demand_goods"][row], strict=True)
               if t is not None and DEMAND[t].demand > g)
    assert f.room == room
    line = summary_line(view, cid)
    assert line.startswith(f"Makes {f.goods} ") and f"${data.prices[c['sales']]} each" in line
    # one resource short of the first factory: production stops there
    first = dict(data.factories[0].uses)
    r0 = next(iter(first))
    c["resources"][r0] -= 1
    f = forecast(view, cid)
    assert f.runs == 0 and f.goods == 1 and "its first factory lacks" in f.idle_reason and f.short.get(r0, 0) >= 1


def test_forecast_texts_read_a_forecast_passed_in_as_they_would_compute_it():
    """The board computes a charter's forecast once and hands it to every text made from it."""
    from ui.games.big_shoulders.forecast import detail_lines, part_forms, summary_parts, summary_short

    session = new_session(3, seed=2)
    rng = Rng.derive(2, "forecast texts")
    for _ in range(200):
        if not step(session, rng):
            break
    view = session.state.view(None)
    started = [cid for cid, c in view["companies"].items() if c["started"]]
    assert started
    for cid in started:
        f = forecast(view, cid)
        for text in (summary_parts, part_forms, summary_short, detail_lines):
            assert text(view, cid, f) == text(view, cid)


def test_the_finished_board_says_game_over_once(qtbot):
    """At the end the header's title says "Game over"; the line below it said it again."""
    scene = make_scene(GAME)
    scene.set_animation_speed(0)
    session = new_session(2, seed=5)
    rng = Rng.derive(5, "bs-over")
    while step(session, rng):
        pass
    assert session.is_over()
    shown(scene, session, viewer=None)
    texts = [t for item in scene.items() if hasattr(item, "texts") for t in item.texts()[:1]]
    texts += [item.title for item in scene.items() if hasattr(item, "title") and isinstance(item.title, str)]
    assert sum(t.count("Game over") for t in texts) == 1, texts


def test_a_player_called_you_reads_your_in_the_players_rows(qapp):
    """A building played, a Partner and a Partner sent to a building say whose they are with
    `whose`: a player who calls themselves "You" reads "Your Building 1", never "You's"."""
    session = Session.new(GAME, [SeatInfo(n) for n in ("You", "Ann", "Bob")], seed=4)
    rng = Rng(3)
    scene = make_scene(GAME)
    built = False
    for _ in range(400):
        if not step(session, rng):
            break
        if any(int(b) for _d, b in session.state.view(0)["played"][0]):
            built = True
            break
    assert built, "You never played a building"
    shown(scene, session, viewer=0)
    tips = [item.toolTip() for item in scene.items() if hasattr(item, "toolTip") and item.isVisible()]
    assert any(t.startswith("Your ") and ", building " in t for t in tips), [t for t in tips if "building" in t][:5]
    assert not [t for t in tips if "You's" in t]
