"""The coach of a player's first games of a title (ui/game/caution.py), in the real window.

City of the Big Shoulders at the lesson's seed: Libby has just hired its four Workers and has $5
left; its second Partner may take Fundraising $40 (the cash its factories' resources cost in the
Operating Phase) or pass for the rest of the Action Phase. The search (a fixed seed and a fixed
budget of rollouts) judges passing to cost far more than 25 points of win chance, surely: the
coach asks once, in the game's words, with "Take it anyway" and "Choose again"; Fundraising is
taken without a question. The coach is on for the first three games of a title, never blocks (a
judgement that does not come in time lets the move be taken), and is off after the third game.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.engine.test_risk import FUND, PASS, libby_after_hiring
from ui.game.caution import FIRST_GAMES

ROLLOUTS = 120
"""The judgement's budget in the tests: reproducible, and enough to be sure of this loss."""


def open_coached(shell, qtbot, started: int = 1):
    shell.settings.set("coach_first_games", True)  # the default (the tests' settings turn it off)
    shell.settings.set("games_started", {"big-shoulders": started})
    window = shell.open_session(libby_after_hiring())
    qtbot.waitExposed(window)
    c = window.controller
    qtbot.waitUntil(lambda: c.human_to_move(), timeout=30_000)
    if window.caution is not None:
        window.caution.think_ms, window.caution.rollouts = None, ROLLOUTS
    return window, c


def click_move(qtbot, window, action) -> None:
    """A move as a player makes it: its prompt-bar button."""
    button = window.prompt.button_for(action)
    assert button is not None and button.isVisible(), action
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_the_coach_asks_once_before_a_costly_move(shell, qtbot):
    window, c = open_coached(shell, qtbot)
    caution = window.caution
    assert caution is not None and PASS in c.legal and FUND in c.legal
    length = len(c.session.log)
    click_move(qtbot, window, PASS)
    qtbot.waitUntil(lambda: caution.box is not None, timeout=60_000)
    box = caution.box
    assert len(c.session.log) == length, "the costly move was taken before the player answered"
    # what it risks, in the game's words: Libby's cash and the resources it cannot buy
    assert "Libby will have only $5 left to buy" in box.text() and "Operating Phase" in box.text()
    assert "It prefers: Send a Partner to Fundraising $40 for Libby." in box.text()
    assert box.textFormat() == Qt.TextFormat.PlainText
    qtbot.mouseClick(caution.again_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: caution.box is None, timeout=5_000)
    assert len(c.session.log) == length  # "Choose again": nothing taken
    # asked once: the same move chosen again is taken without a second question
    click_move(qtbot, window, PASS)
    qtbot.waitUntil(lambda: len(c.session.log) > length, timeout=10_000)
    assert caution.box is None and c.session.log[length].action == PASS


def test_take_it_anyway_takes_the_move(shell, qtbot):
    window, c = open_coached(shell, qtbot)
    caution = window.caution
    length = len(c.session.log)
    click_move(qtbot, window, PASS)
    qtbot.waitUntil(lambda: caution.box is not None, timeout=60_000)
    qtbot.mouseClick(caution.take_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(c.session.log) > length, timeout=10_000)
    assert c.session.log[length].action == PASS and caution.box is None


def test_a_good_move_is_taken_without_a_question(shell, qtbot):
    window, c = open_coached(shell, qtbot)
    caution = window.caution
    asked: list[str] = []
    caution.asked.connect(asked.append)
    length = len(c.session.log)
    click_move(qtbot, window, FUND)
    qtbot.waitUntil(lambda: len(c.session.log) > length, timeout=60_000)
    assert c.session.log[length].action == FUND
    assert asked == [] and caution.box is None


def test_a_judgement_that_comes_late_lets_the_move_be_taken(shell, qtbot):
    """It never blocks: the worker that never answers (busy, or slow) does not keep the move."""
    window, c = open_coached(shell, qtbot)
    caution = window.caution

    class Silent:
        def call(self, fn, args, callback, convert=None):
            self.calls = getattr(self, "calls", 0) + 1

    caution.runner = Silent()
    caution.judged.clear()  # as if the position were still being judged when the move comes
    caution.judging = None
    caution.wait_ms = 200
    length = len(c.session.log)
    click_move(qtbot, window, PASS)
    assert len(c.session.log) == length and caution.runner.calls == 1
    assert window.statusBar().currentMessage() == "Checking the move…"
    qtbot.waitUntil(lambda: len(c.session.log) > length, timeout=5_000)
    assert c.session.log[length].action == PASS and caution.box is None
    assert "Checking" not in window.statusBar().currentMessage()  # the check is over: the move is said


def test_the_coach_is_on_for_the_first_three_games_of_a_title(shell, qtbot):
    window, c = open_coached(shell, qtbot, started=FIRST_GAMES + 1)
    assert window.caution is None and c.caution is None
    length = len(c.session.log)
    click_move(qtbot, window, PASS)
    assert len(c.session.log) == length + 1  # taken at once: no coach after the third game


def test_starting_a_game_counts_it_and_the_preference_turns_the_coach_off(shell, qtbot):
    from engine.core.contract import SeatInfo
    from ui.game.caution import coached

    settings = shell.settings
    from ui.services.settings import SCHEMA

    assert SCHEMA["coach_first_games"].default is True and SCHEMA["coach_first_games"].preference
    settings.set("coach_first_games", True)
    assert settings.get("games_started") == {}
    seats = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cy", "ai", "easy")]
    for n in range(1, FIRST_GAMES + 2):
        window = shell.start_game("first-ceo", seats, {}, seed=n)
        assert settings.get("games_started") == {"first-ceo": n}
        assert (window.caution is not None) == (n <= FIRST_GAMES)
    settings.set("games_started", {})
    settings.set("coach_first_games", False)
    assert not coached(settings, "first-ceo")


def test_the_status_bar_says_the_move_once_it_is_checked(shell, qtbot):
    """A move clicked while its position is still being judged (on the worker, a thread here)
    says "Checking the move…" in the status bar; once the judgement came and the move was taken,
    the status bar says the move, not that it is still being checked."""
    from ui.services.ai_runner import AiRunner

    window, c = open_coached(shell, qtbot)
    caution = window.caution
    runner = AiRunner(mode="thread")
    caution.runner = runner
    caution.judged.clear()  # the position not judged yet when the move comes
    caution.judging = None
    caution.wait_ms = 600_000  # the judgement, not the wait, ends the check
    status = window.statusBar()
    length = len(c.session.log)
    try:
        click_move(qtbot, window, FUND)
        assert status.currentMessage() == "Checking the move…" and len(c.session.log) == length
        qtbot.waitUntil(lambda: len(c.session.log) > length, timeout=120_000)
        assert c.session.log[length].action == FUND
        said = status.currentMessage()
        assert said.startswith(f"{c.session.names[FUND.seat]}: ") and "Fundraising" in said, said
    finally:
        runner.shutdown()
