"""What the rules reveal is shown everywhere at once, and what a player takes shows at once where
it went: 1st CEO's asset cards at the end of the game on every mat (readable,
none under another), in the players panel, the end-of-game dialog and the review; the asset
track's values beside the markers that stand on them; the starting factory a Victory Through
Industry player drafts on the board and in the panel."""

from __future__ import annotations

import pytest

from engine.core.contract import SeatInfo
from engine.core.rng import Rng
from tests.ui.board_measure import measure

SEATS = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cy", "ai", "easy")]


def asset_cards(scene) -> dict[int, list]:
    """Each seat's asset card pieces on the board (shown), by seat."""
    from ui.games.first_ceo.items import AssetCardItem

    out: dict[int, list] = {}
    for key, item in scene.pool.items.items():
        if key[0] == "asset" and isinstance(item, AssetCardItem) and item.isVisible():
            out.setdefault(key[1], []).append(item)
    return out


def check_cards_shown(view, scene, names, where: str) -> None:
    found = measure(view, trace=True)
    cards = asset_cards(scene)
    state_view = scene.view
    for seat, s in enumerate(state_view["seats"]):
        values = [c["value"] for c in s["asset_cards"]]
        items = sorted(cards.get(seat, []), key=lambda it: (it.pos().y(), it.pos().x()))
        assert [it.value for it in items] == values and None not in values, f"{where}: {names[seat]}'s cards"
        for it in items:
            text = f"{it.value:+d}"
            assert "AssetCardItem" not in found.where.get(text, set()), \
                f"{where}: {names[seat]}'s {text} card is blank (left to its tooltip)"
            assert it.toolTip().startswith(f"{names[seat]}'s asset"), it.toolTip()
        rects = [it.mapRectToScene(it.rect()).adjusted(1, 1, -1, -1) for it in items]
        assert not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1:]), \
            f"{where}: {names[seat]}'s asset cards lie one over another"


def play_to_the_end(shell, qtbot, game_id, size):
    window = shell.start_game(game_id, SEATS, {}, 7)
    window.resize(*size)
    qtbot.waitExposed(window)
    c = window.controller
    rng = Rng(5)
    while True:
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=30_000)
        if c.session.is_over():
            break
        c.take(rng.choice(c.legal))
    qtbot.waitUntil(lambda: window.end_dialog is not None, timeout=5000)
    qtbot.wait(50)
    return window


@pytest.mark.parametrize("size", [(1360, 880), (1280, 720)], ids=["1360x880", "1280x720"])
def test_first_ceo_shows_every_asset_card_at_the_end(shell, qtbot, settings, size):
    settings.set("confirm_turn", False)
    window = play_to_the_end(shell, qtbot, "first-ceo", size)
    session = window.controller.session
    names = session.names
    check_cards_shown(window.view, window.view.scene(), names, "the board at the end")
    # the players panel and the end-of-game dialog list them too
    for seat, s in enumerate(session.state.view(0)["seats"]):
        listed = " ".join(f"{c['value']:+d}" for c in s["asset_cards"])
        assert any(listed in v for v in window.players.cards[seat].values()), f"{names[seat]} in the panel"
        table = window.end_dialog.table
        rows = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
        row = next(r for r, text in enumerate(rows) if text.startswith("Asset cards"))
        assert listed in table.item(row, seat).text() and "total" not in table.item(row, seat).text()
        # below the Total, and it says it is not in it (the scores above already count what it moved)
        assert row > rows.index("Total") and "not in Total" in rows[row]
        assert "not added to the Total" in table.verticalHeaderItem(row).toolTip()


def test_first_ceo_review_of_a_finished_game_shows_every_asset_card(shell, qtbot, settings):
    settings.set("confirm_turn", False)
    window = play_to_the_end(shell, qtbot, "first-ceo", (1360, 880))
    review = shell.review_session(window.controller.session)
    review.resize(1360, 880)
    qtbot.waitExposed(review)
    qtbot.wait(50)
    check_cards_shown(review.view, review.scene, window.controller.session.names, "the review")
    review.close()


def test_a_marker_on_the_asset_track_leaves_the_value_under_it_readable(shell, qtbot, settings):
    """A corporation's marker stands on its space's centre; shown small, the track prints every
    tenth or fifth value on a plate, which went under the marker ("1MS0"): it goes beside it."""
    settings.set("confirm_turn", False)
    window = play_to_the_end(shell, qtbot, "first-ceo", (1360, 880))
    scene = window.view.scene()
    track = scene._track
    markers = [it for key, it in scene.pool.items.items() if key[0] == "marker" and it.isVisible()]
    # (the markers of one space stand in a row along the track, not all on the space itself)
    spaces = {c["assets"] % len(track.spaces) for c in window.controller.view["corporations"]}
    assert track.occupied == spaces and markers
    numbered = [i for i in track.occupied if int(track.labels[i]) % 5 == 0]  # the values printed small
    assert numbered, "no marker stands on a numbered space in this game"
    for i in numbered:
        for w, h in ((24.0, 14.0), (40.0, 20.0)):  # plates of two sizes (of two zooms)
            centre = track.plate_centre(i, w, h)
            for m in markers:
                mark = track.mapFromScene(m.mapToScene(m.rect().center()))
                radius = m.w / 2
                dx, dy = abs(centre.x() - mark.x()), abs(centre.y() - mark.y())
                assert dx >= w / 2 + radius - 2 or dy >= h / 2 + radius - 2, \
                    f"a marker covers the value {track.labels[i]}"


def test_a_drafted_starting_factory_shows_at_once_on_the_board_and_in_the_panel(shell, qtbot, settings):
    settings.set("confirm_turn", False)
    window = shell.start_game("victory-through-industry", SEATS, {}, 7)
    qtbot.waitExposed(window)
    c = window.controller
    qtbot.waitUntil(c.human_to_move, timeout=30_000)
    assert c.session.state.phase == "draft"
    action = c.legal[0]
    c.take(action)
    qtbot.waitUntil(lambda: c.human_to_move() or c.session.state.phase != "draft", timeout=30_000)
    from engine.games.victory_through_industry.data import FACTORIES

    name = FACTORIES[action.args[0]].name
    me = action.seat
    assert any(name in v for v in window.players.cards[me].values()), "the panel says 'none'"
    chip = window.view.scene().pool.items.get(("drafted", me))
    assert chip is not None and chip.isVisible() and name in chip.text, "the board shows it nowhere"
