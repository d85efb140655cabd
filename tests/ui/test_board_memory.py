"""What a board must remember is in the game's view: a board shown every position of a game in
order, and a board shown only the last one (as opening a saved game or jumping to a position in
review shows it), draw the same pieces in the same places with the same words. Victory Through
Industry's grid that never shrinks (each complex's reach) and Captains of Industry's ghosts of the
last lap's purchases come from the view; opening a game shows its scene no earlier position."""

from __future__ import annotations

import pytest

from engine.core.contract import CHANCE, SeatInfo
from engine.core.rng import Rng
from engine.core.session import Session
from ui.games import game_ui, playable_specs

NAMES = ["Ann", "Bob", "Cy"]
DECISIONS = {"victory-through-industry": 260}
"""Decisions played per game (Victory Through Industry's set-up is long: its play must be reached)."""


def pieces(scene) -> set:
    """Every visible piece: its panel, kind, content, words and place in its panel. Where the
    panels stand, and how tall a panel that only grows during a sitting has grown (so the view
    fitted to the board need not zoom back in), are the screen's, not the game's: the panels'
    frames and backgrounds are left out."""
    out = set()
    for item in scene.items():
        frame = item
        while frame.parentItem() is not None:
            frame = frame.parentItem()
        if not item.isVisible() or item is frame or type(item).__name__ == "Panel":
            continue
        r = frame.mapRectFromScene(item.sceneBoundingRect())
        out.add((getattr(frame, "name", ""), type(item).__name__, repr(getattr(item, "_content", None)),
                 item.toolTip(), round(r.x()), round(r.y()), round(r.width()), round(r.height())))
    return out


def shown(scene, session, viewer) -> None:
    state = session.state
    legal = list(state.legal_actions(viewer)) if viewer is not None and state.to_move() == viewer else []
    scene.show(state.view(viewer), legal, session.names, viewer)


@pytest.mark.parametrize("viewer", [None, 0], ids=["spectator", "seat0"])
@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_a_board_shown_only_the_last_position_draws_what_the_board_that_saw_the_game_draws(qapp, game_id, viewer):
    session = Session.new(game_id, [SeatInfo(n) for n in NAMES], seed=12)
    rng = Rng.derive(12, "board-memory")
    live = game_ui(game_id).make_scene()
    live.set_animation_speed(0)
    for _ in range(DECISIONS.get(game_id, 120)):
        if session.is_over():
            break
        legal = session.legal_actions()
        session.apply(legal[rng.randbelow(len(legal))])
        if session.to_move() != CHANCE:
            shown(live, session, viewer)
    opened = game_ui(game_id).make_scene()
    opened.set_animation_speed(0)
    shown(opened, session, viewer)
    only_live, only_opened = pieces(live) - pieces(opened), pieces(opened) - pieces(live)
    assert not only_live and not only_opened, (sorted(only_live)[:3], sorted(only_opened)[:3])


@pytest.mark.parametrize("game_id", ["victory-through-industry", "captains-of-industry"])
def test_opening_a_saved_game_shows_its_board_no_earlier_position(shell, qtbot, tmp_path, monkeypatch, game_id):
    """A loaded game's board is drawn from its current position only: the log is replayed into
    the session (a save is its log), never into the board: no view of an earlier position is
    made while the game opens."""
    from saves.store import write_session

    window = shell.start_game(game_id, [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"),
                                        SeatInfo("Cy", "ai", "easy")], {}, 7)
    c = window.controller
    rng = Rng(5)
    for _ in range(40):
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=30_000)
        if c.session.is_over():
            break
        c.take(rng.choice(c.legal))
    qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=30_000)
    final = c.session.state.state_hash()
    path = tmp_path / "game.tycoons"
    write_session(c.session, str(path))
    c.saved_length = len(c.session.log)
    state_class = type(c.session.state)
    viewed = []
    real_view = state_class.view

    def view(state, seat):
        viewed.append(state.state_hash())
        return real_view(state, seat)

    monkeypatch.setattr(state_class, "view", view)
    loaded = shell.load_game(path=str(path))
    qtbot.waitUntil(lambda: loaded.controller.human_to_move() or loaded.controller.session.is_over(),
                    timeout=30_000)
    monkeypatch.setattr(state_class, "view", real_view)
    assert viewed, "the loaded game's board was never drawn"
    assert set(viewed) == {final}, "a view of an earlier position was made while the game opened"
