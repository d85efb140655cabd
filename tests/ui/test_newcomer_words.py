"""Words a newcomer reads without hovering (DESIGN §5, a calm table): the codes the boards drew
and the log wrote ("20/fin", "10/T·H", "Dur. W", "B1 (CCD) on IND-B", "C→P") are spelt out or
drawn as the game's own icons, and a prompt names where a gain comes from. Through the real
window: the texts the board draws are read as it paints them (ui/board/legible.py's tally)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from engine.core.contract import SeatInfo
from engine.core.rng import Rng
from engine.core.session import Session
from tests.engine.recorded_games import FIXTURES, entries_of, load

CODES = {
    "first-ceo": ("/fin", "T·H", "/pair"),
    "captains-of-industry": ("Dur. W", "Dur. E", "En. N", "En. S"),
}
"""Abbreviations a newcomer had to hover for, by game."""


def drawn_texts(view) -> list[str]:
    """Every text the board in `view` draws now, as drawn (a short form where it is used)."""
    from ui.board import legible

    for item in view.scene().items():
        item.update()
    tally = legible.Tally()
    legible.TALLY = tally
    try:
        view.viewport().grab()
    finally:
        legible.TALLY = None
    return tally.shown


@pytest.mark.parametrize("size", [(1280, 720), (1024, 700)], ids=["1280x720", "1024x700"])
@pytest.mark.parametrize("game_id", sorted(CODES))
def test_the_board_draws_no_code_to_hover_for(shell, qtbot, settings, game_id, size):
    window = shell.start_game(game_id, [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")],
                              {}, 5)
    qtbot.waitExposed(window)
    window.resize(*size)
    c = window.controller
    rng = Rng(2)
    seen: set[str] = set()
    for _ in range(12):
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=30_000)
        qtbot.wait(30)
        seen.update(drawn_texts(window.view))
        if c.session.is_over():
            break
        c.take(rng.choice(c.legal))
    assert seen
    found = sorted({(code, text) for text in seen for code in CODES[game_id] if code in text})
    assert not found, f"{game_id} draws codes a newcomer must hover for: {found[:6]}"


def _opened_at(shell, qtbot, fixture: dict, seats: list, entries: list, size: tuple[int, int]):
    """A recorded Big Shoulders game replayed through `entries` and opened in the real window of
    `size`, once its human is to move: (session, window)."""
    session = Session.replay("big-shoulders", seats, fixture["options"], fixture["seed"],
                             [a for a, _ in entries], [True] * len(entries))
    window = shell.open_session(session)
    qtbot.waitExposed(window)
    window.resize(*size)
    qtbot.waitUntil(window.controller.human_to_move, timeout=5000)
    qtbot.wait(50)
    return session, window


def test_captains_real_estate_is_told_in_words():
    """The log says what a Real Estate card brings, not its codes ("places B4 (CDE) on RES-B")."""
    fixture = load(FIXTURES / "captains-of-industry" / "3p-normal-easy.json")
    seats = [SeatInfo.from_dict(s) for s in fixture["seats"]]
    session = Session.replay("captains-of-industry", seats, fixture["options"], fixture["seed"],
                             [a for a, _ in entries_of(fixture)])
    lines = [line for line in session.render_log(None) if "Real Estate in the" in line and "demand" in line]
    assert lines, "no Real Estate was built in the recorded game"
    for line in lines:
        assert " on " not in line.split("(card")[0] and "-B" not in line and "-S" not in line, line
        assert any(word in line for word in ("Consumables", "Durables", "Energy")), line


def test_after_buying_a_capital_asset_the_prompt_speaks_of_its_bonus(shell, qtbot, settings):
    # Big Shoulders, 3 players, seed 52: at decision 127 P2 buys Cincinnati Steel through the
    # Merchants' Bank; its bonus (automate a Worker) is placed next
    fixture = load(FIXTURES / "big-shoulders" / "3p-default.json")
    entries = entries_of(fixture)
    seats = [SeatInfo("P1", "ai", "easy"), SeatInfo("P2"), SeatInfo("P3", "ai", "easy")]
    session = Session.replay("big-shoulders", seats, fixture["options"], fixture["seed"],
                             [a for a, _ in entries[:127]], [True] * 127)
    window = shell.open_session(session)
    qtbot.waitExposed(window)
    window.resize(1280, 720)
    c = window.controller
    qtbot.waitUntil(c.human_to_move, timeout=5000)
    bought = entries[127][0]
    label = c.session.label(bought)
    button = next((b for b in window.prompt.buttons if b.text() == label), None)
    if button is not None:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    else:
        piece = window.view.scene().item_for(bought)
        at = window.view.mapFromScene(piece.sceneBoundingRect().center())
        qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    qtbot.waitUntil(lambda: len(c.session.log) > 127, timeout=5000)
    qtbot.waitUntil(lambda: c.human_to_move() or c.confirm_pending(), timeout=5000)
    prompt = window.prompt.label.text()
    assert "the bonus of the Capital Asset Swift just bought" in prompt, prompt
    assert "building" not in prompt


@pytest.mark.parametrize("size", [(1280, 720), (1024, 700)], ids=["1280x720", "1024x700"])
def test_big_shoulders_buildings_read_by_name_and_who_pays_in_words(shell, qtbot, settings, size):
    """Late in a game (Decade 5, twelve buildings played), every building played reads its name,
    as the prompt and the buttons call it (its first word at least), and who pays for its use is
    said in words, never "C→P" / "B→P"; the action spaces say what they cost or give, not "pays
    $60" beside "gets $40"."""
    import re

    from engine.games.big_shoulders.data import BUILDINGS

    fixture = load(FIXTURES / "big-shoulders" / "3p-default.json")
    entries = entries_of(fixture)
    n = next(k for k in range(int(len(entries) * 0.8), len(entries)) if entries[k][0].seat == 1)
    seats = [SeatInfo("P1", "ai", "easy"), SeatInfo("P2"), SeatInfo("P3", "ai", "easy")]
    session, window = _opened_at(shell, qtbot, fixture, seats, entries[:n], size)
    drawn = drawn_texts(window.view)
    view = session.state.view(1)
    played = [int(b) for seat in view["played"] for _, b in seat]
    assert len(played) >= 10, played
    for bid in played:
        first = BUILDINGS[bid].name.split()[0]
        assert any(text.startswith(first) for text in drawn), f"{BUILDINGS[bid].name} is not named"
    assert not [t for t in drawn if "→P" in t], "who pays is a code"
    assert not [t for t in drawn if re.fullmatch(r"(pays|gets) \$\d+", t)], "a cost reads like a payment"
    assert any(re.fullmatch(r"(company pays|costs) \$\d+", t) for t in drawn)


# Big Shoulders, 3 players, seed 52: P2 (seat 1) to move in Decade 3 (producing), 4 (buying
# resources) and 5 (a Capital Asset's bonus), with six, five and seven buildings used this Decade;
# 4 players: seat 1's first decisions after 60, 75 and 90 % of the game (Decades 4 and 5)
LATE = {"3p-default": (218, 332, 422), "4p-no-goals-unfriendly": (0.6, 0.75, 0.9)}


@pytest.mark.parametrize("size", [(1024, 700), (1280, 720), (1600, 1000)], ids=["1024x700", "1280x720", "1600x1000"])
@pytest.mark.parametrize("name", sorted(LATE))
def test_big_shoulders_buildings_read_whole_through_the_late_decades(shell, qtbot, settings, name, size):
    """Decades 3 to 5: every building played reads its name (its first word at least), what its
    use costs, its effect (at 1024x700 the name and the effect of all but one in five) and, once
    used this Decade, "used"; and the board leaves at most 2 % of its texts to tooltips from
    1280x720 up, 5 % at 1024x700."""
    from engine.games.big_shoulders.data import BUILDINGS
    from tests.ui.board_measure import measure
    from ui.games.big_shoulders.items import _plain, pay_words

    fixture = load(FIXTURES / "big-shoulders" / f"{name}.json")
    entries = entries_of(fixture)
    seats = [SeatInfo(f"P{i + 1}", "ai", "easy") if i != 1 else SeatInfo("P2") for i in range(len(fixture["seats"]))]
    small = size == (1024, 700)
    for at in LATE[name]:
        k = at if isinstance(at, int) else next(j for j in range(int(len(entries) * at), len(entries))
                                                if entries[j][0].seat == 1)
        assert entries[k][0].seat == 1
        session, window = _opened_at(shell, qtbot, fixture, seats, entries[:k], size)
        view = session.state.view(1)
        assert int(view["decade"]) >= 3
        shown = drawn_texts(window.view)
        played = [int(b) for seat in view["played"] for _, b in seat]
        unnamed = [BUILDINGS[bid].name for bid in played
                   if not any(t.startswith(BUILDINGS[bid].name.split()[0]) for t in shown)]
        assert len(unnamed) <= (len(played) // 5 if small else 0), f"unnamed at {k}: {unnamed}"
        for bid in played:
            b = BUILDINGS[bid]
            pay, pay_short = pay_words(b.cost, b.pay)
            assert any(t in (pay, *pay_short) for t in shown), f"{b.name}: no cost at {k}"
        unsaid = [BUILDINGS[bid].name for bid in played
                  if not any(t in (BUILDINGS[bid].text, *_plain(BUILDINGS[bid].text)) for t in shown)]
        assert len(unsaid) <= (len(played) // 5 if small else 0), f"no effect at {k}: {unsaid}"
        used = set(view.get("used_buildings") or [])
        assert used or isinstance(at, float)
        assert shown.count("used") >= len(used), (k, sorted(used))
        undrawn = measure(window.view).undrawn
        assert undrawn <= (0.05 if small else 0.02), f"{undrawn:.1%} to tooltips at {k}"
        window.controller.close()
        window.close()
        shell.window = None


@pytest.mark.parametrize("size", [(1280, 720), (1024, 700)], ids=["1280x720", "1024x700"])
def test_vti_products_read_in_words_beside_their_glyphs(shell, qtbot, settings, size):
    """The cards and recipes show a product by its glyph ("Fe", "Ni", "Kn"); the bank's legend
    reads every glyph once in words, with its value, on a laptop's screen."""
    from engine.games.victory_through_industry.data import PRODUCTS
    from ui.games.victory_through_industry.items import PRODUCT_SHORT

    window = shell.start_game("victory-through-industry",
                              [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")], {}, 5)
    qtbot.waitExposed(window)
    window.resize(*size)
    qtbot.waitUntil(window.controller.human_to_move, timeout=30_000)
    qtbot.wait(50)
    shown = drawn_texts(window.view)
    unread = [p.name for p in PRODUCTS.values() if not ({p.name, *PRODUCT_SHORT.get(p.name, ())} & set(shown))]
    assert not unread, f"products a newcomer must hover for: {unread}"
