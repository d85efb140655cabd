"""A hint says why (ui/game/hint.py, ui/game/reasons.py): each suggested move carries its reason in
the game's words, moves the search cannot tell apart are said to be about as good (one win chance,
not two equal ones), and a seat near certain to win or lose is told it is far ahead or behind
instead of a percentage. And a runner kept through several games, as the app keeps one for its
lifetime, answers a hint in each."""

from __future__ import annotations

import pytest

from ai.analysis import hint_task
from ai.core.compare import Part
from engine.core.rng import Rng
from tests.ui.test_hint import open_game, press_ctrl_h
from ui.board.marks import marks_on
from ui.game.reasons import NO_REASON, reason_text
from ui.games import game_ui, playable_specs

GAMES = [s.id for s in playable_specs()]


class Answering:
    """A runner whose worker answers `answer(legal)` (a worker's answer made for the position)."""

    def __init__(self, answer):
        self.answer = answer

    def call(self, fn, args, callback, convert=None):
        self.legal = args  # what the window sent: the game, a determinized state, the seat…
        callback(self.answer)


def answer(moves, standing="", calibrated=True) -> dict:
    """A worker's answer (ai.analysis.hint_task) for `moves`: (action, win, z, why) each."""
    return {"calibrated": calibrated, "worlds": 40, "standing": standing,
            "candidates": [{"action": a.to_dict(), "win": w, "se": 0.01, "z": z, "points": 0.0, "worlds": 40,
                            "why": why} for a, w, z, why in moves]}


def ask(qtbot, window, reply) -> str:
    window.hinter.runner = Answering(reply)
    press_ctrl_h(qtbot, window)
    qtbot.waitUntil(lambda: window.prompt.hint_line.isVisible(), timeout=10_000)
    return window.prompt.hint_line.whole  # the whole hint, a line a move (shown in one line)


def test_two_moves_about_as_good_are_said_so_with_their_reasons(shell, qtbot):
    """Big Shoulders, where a hint once offered two moves at "98 % / 98 %" and no reason: two moves
    whose difference is within their standard errors are about as good, with one win chance; each
    says what it gains, in the game's words; a third, surely worse, keeps its own percentage."""
    window, c = open_game(shell, qtbot, "big-shoulders")
    a, b = c.legal[0], c.legal[1]
    third = c.legal[2] if len(c.legal) > 2 else None
    moves = [(a, 0.62, 0.0, [["cash", 28.0, 0.0, 4.0], ["goals", 2.0, 0.0, 9.0]]),
             (b, 0.61, 0.4, [["certificates:swift", 45.0, -2.0, 6.0]])]
    if third is not None:
        moves.append((third, 0.30, 5.0, [["cash", -3.0, 0.0, 1.0]]))
    text = ask(qtbot, window, answer(moves))
    la, lb = c.session.label(a), c.session.label(b)
    assert text.startswith("Suggested (1 and 2 are about as good, 62 % to win):\n1. ")
    assert f"1. {la}: more cash (+$28)" in text
    assert f"2. {lb}: more worth in Swift and Company shares (+$47)" not in text  # the seat's own gain is said
    assert f"2. {lb}: more worth in Swift and Company shares (+$45)" in text
    assert text.count("62 %") == 1 and "61 %" not in text  # never two equal-looking percentages
    if third is not None:
        assert f"3. {c.session.label(third)} (30 % to win): {NO_REASON}" in text
    badges = [m.mark.text for m in marks_on(c.scene)]
    assert all("≈ 62 %" in t for t in badges if t[:1] in "12")


def test_a_move_that_stands_out_gets_its_own_chance_and_reason(shell, qtbot):
    window, c = open_game(shell, qtbot, "first-ceo")
    a, b = c.legal[0], c.legal[1]
    text = ask(qtbot, window, answer([(a, 0.55, 0.0, [["companies", 40.0, -3.0, 10.0]]),
                                      (b, 0.31, 4.2, [["shares:novideo", 2.0, 30.0, 20.0]])]))
    assert "about as good" not in text
    assert f"1. {c.session.label(a)} (55 % to win): more worth in company cards (+40 points)" in text
    # its only gain is unsure (less than two standard errors): said with "perhaps"
    assert f"2. {c.session.label(b)} (31 % to win): perhaps" not in text  # the rival gains: no gain at all
    assert f"2. {c.session.label(b)} (31 % to win): {NO_REASON}" in text


@pytest.mark.parametrize(("standing", "head"), [("far ahead", "You are far ahead. Suggested:\n"),
                                                ("far behind", "You are far behind: the moves that gain the most")])
def test_near_certain_chances_say_far_ahead_or_behind_not_a_percentage(shell, qtbot, standing, head):
    window, c = open_game(shell, qtbot, "robber-barons")
    win = 0.98 if standing == "far ahead" else 0.01
    text = ask(qtbot, window, answer([(c.legal[0], win, 0.0, [["philanthropy", 4.0, 0.0, 1.0]]),
                                      (c.legal[1], win - 0.005, 3.0, [["bad_legacy", 2.0, 0.0, 0.5]])], standing))
    assert text.startswith(head) and "%" not in text
    assert "more Legacy from philanthropy (+4 points)" in text and "less bad legacy (+2 points)" in text
    assert all("%" not in m.mark.text for m in marks_on(c.scene))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_games_real_hint_gives_each_move_a_reason_in_its_words(shell, qtbot, game_id):
    """The real search, through the window: every suggested move has a reason after its label, and
    the worker's answer carries the categories it was worded from."""
    window, c = open_game(shell, qtbot, game_id)
    window.hinter.think_ms = 300
    press_ctrl_h(qtbot, window)
    qtbot.waitUntil(lambda: window.prompt.hint_line.isVisible(), timeout=30_000)
    h = window.hinter
    text = window.prompt.hint_line.full_text()
    for i, m in enumerate(h.suggested, start=1):
        line = f"{i}. {c.session.label(m.action)}"
        assert line in text and m.reason
        assert text.split(line, 1)[1].split(": ", 1)[1].startswith(m.reason)
    seat = c.session.to_move()
    raw = hint_task(game_id, c.session.state.determinize(seat, Rng(1)).to_data(), seat, 7, 150)
    assert all(isinstance(x["why"], list) and x["se"] >= 0 for x in raw["candidates"])


def test_a_reason_is_the_largest_gain_over_the_rival_plainly_when_sure():
    reason = game_ui("big-shoulders").reason
    sure = Part("cash", 30.0, 0.0, 5.0)
    unsure = Part("goals", 60.0, 0.0, 40.0)
    assert reason_text([sure, unsure], reason) == "perhaps more money from Public Goals (+$60)"
    assert reason_text([sure], reason) == "more cash (+$30)"
    # most of the gain is what the strongest rival loses
    assert reason_text([Part("certificates:swift", 5.0, -50.0, 8.0)], reason) == \
        "less worth in Swift and Company shares for your top rival (−$50)"
    both = [Part("cash", 30.0, 0.0, 5.0), Part("goals", 20.0, 0.0, 2.0)]
    assert reason_text(both, reason) == "more cash (+$30) and more money from Public Goals (+$20)"
    assert reason_text([Part("cash", -5.0, 0.0, 1.0)], reason) == NO_REASON


def test_one_runner_kept_through_every_game_answers_a_hint_in_each(shell, qtbot):
    """The app keeps one runner (a worker process) for its lifetime: a hint is answered in every
    game played one after the other with it."""
    from ui.services.ai_runner import AiRunner

    runner = AiRunner("process", shell)
    shell._runner = runner  # the shell's runner, as the app's: every window's AIs and hints use it
    runner.start()
    try:
        assert runner.started_mode == "process"
        for seed, game_id in enumerate(GAMES, start=3):
            window, c = open_game(shell, qtbot, game_id, seed)
            h = window.hinter
            assert h.runner is runner
            h.think_ms = 200
            press_ctrl_h(qtbot, window)
            qtbot.waitUntil(lambda h=h, w=window: bool(h.candidates) or "No hint" in w.statusBar().currentMessage(),
                            timeout=60_000)
            assert h.candidates, f"{game_id}: {window.statusBar().currentMessage()}"
            assert window.prompt.hint_line.isVisible()
    finally:
        runner.shutdown()



def test_the_games_words_say_a_loss_as_well_as_a_gain():
    assert game_ui("big-shoulders").reason("cash", -40, False) == "less cash (−$40)"
    assert game_ui("robber-barons").reason("bad_legacy", -2, False) == "more bad legacy (−2 points)"
    assert game_ui("first-ceo").reason("money", 12, True) == "more money for your top rival (+$12)"
