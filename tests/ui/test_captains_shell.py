"""A whole Captains of Industry game in the real game window: one human against three AI
opponents, every human decision taken by clicking the board (a track space, a stack, a zone, an
Advance, a facility button or a choice button), saved part-way, loaded and played to the end."""

from __future__ import annotations

from engine.core.contract import SeatInfo
from engine.core.rng import Rng
from tests.ui.test_robber_barons_shell import play_by_clicks

GAME = "captains-of-industry"


def test_four_player_game_by_clicks_saved_loaded_and_finished(shell, qtbot, tmp_path, monkeypatch):
    seats = [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "normal"),
             SeatInfo("Cyd", "ai", "easy")]
    window = shell.start_game(GAME, seats, {}, 8)
    qtbot.waitExposed(window)
    window.resize(1700, 1100)
    rng = Rng(5)

    def choose(legal):
        # a player who mostly runs and builds, so the game moves on as a person's would
        preferred = [a for a in legal if a.kind in ("run", "build", "expand", "real_estate")]
        pool = preferred if preferred and rng.randbelow(3) else legal
        return pool[rng.randbelow(len(pool))]

    window, clicks, saved_at, kinds = play_by_clicks(shell, qtbot, window, choose, 20, tmp_path / "captains",
                                                     monkeypatch)
    state = window.controller.session.state
    assert saved_at is not None and state.outcome() is not None and clicks > 20
    assert {"price", "run"} <= kinds
    assert window.prompt.label.text().startswith("Game over")


def test_the_status_bar_never_names_a_card_an_ai_returns(shell, qtbot):
    """At an age end each AI returns a Captain card (secret, R18): the status bar says what the
    log says ("Ann returns a Captain card to the deck"), never which card."""
    seats = [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]
    window = shell.start_game(GAME, seats, {}, 4)
    c = window.controller
    messages: list[str] = []
    c.status.connect(messages.append)
    rng = Rng(9)
    while not any("returns a Captain card" in m for m in messages):
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=20_000)
        assert not c.session.is_over()
        c.take(c.legal[rng.randbelow(len(c.legal))])
    assert not [m for m in messages if m.startswith(("Ann: Return", "Bob: Return"))]
    assert any(m in ("Ann returns a Captain card to the deck.", "Bob returns a Captain card to the deck.")
               for m in messages)
