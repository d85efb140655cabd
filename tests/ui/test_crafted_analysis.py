"""A `.analysis` file beside a save is checked against its game, field by field, before the review
uses it: one that does not fit (a seat that does not exist, a best move no rule allows, 23,000
copies of one decision, a NaN, a mistake charged to another player...) is not shown, the review
says so and steps through the whole game as without it, and Analyse makes a good one again.
Such a file once made the review refuse a good save ("list index out of range") or raise on the
step it named, leaving the board half drawn."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from ai.analysis import Analysed, Analysis, analysis_path, write_analysis
from engine.core import Rng, Session
from engine.core.contract import SeatInfo
from engine.core.review import Review
from saves import write_session
from tests.ui.test_review_analysis import short_rollouts  # noqa: F401 - a fixture

SEATS = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cy", "ai", "easy")]


@pytest.fixture(scope="module")
def game():
    s = Session.new("first-ceo", SEATS, seed=5)
    rng = Rng(5)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()), by_ai=s.seats[s.to_move()].is_ai)
    return s


def good_analysis(session) -> Analysis:
    """What Analyse would keep for Ann's decisions (the numbers made up, the moves real): a
    blunder at her first decision with a choice, small losses elsewhere."""
    review = Review.of_session(session)
    decisions = []
    for index, entry in enumerate(review.decision_entries, start=1):
        action = review.actions[entry]
        if action.seat != 0:
            continue
        legal = review.state_at(entry).legal_actions(0)
        if len(legal) < 2:
            continue
        best = next(a for a in legal if a != action)
        before, after = (0.6, 0.2) if not decisions else (0.4, 0.38)
        shares = (after, 0.5 - after / 2, 0.5 - after / 2)
        decisions.append(Analysed(index, entry, 0, action, best, before, after, shares, 9.0,
                                  ((best, before), (action, after))))
    return Analysis("first-ceo", session.state.state_hash(), len(session.log), 400, [0], decisions)


def _raw(session) -> dict:
    return json.loads(good_analysis(session).to_json())


def _first(d: dict) -> dict:
    return d["decisions"][0]


def _seat(d, value):
    _first(d)["seat"] = value


def _best(d, value):
    _first(d)["best"] = value


def _duplicates(d):
    d["decisions"] = [_first(d)] * 23_000


def _gap(d, value):
    _first(d)["gap_z"] = value


def _second_as_ai(d):
    """Ann's mistake charged to Bob: the decision's seat and the analysis' seats say Bob."""
    d["seats"] = [0, 1]
    _first(d)["seat"] = 1


def _top(d):
    """The candidates' first is not the best move."""
    first = _first(d)
    first["top"] = list(reversed(first["top"]))


def _shares(d):
    _first(d)["shares"] = [0.1]


def _entry(d):
    _first(d)["entry"] = d["decisions"][1]["entry"]


def _seats(d):
    d["seats"] = [99]


CRAFTED = {
    "seat 99": lambda d: _seat(d, 99),
    "negative seat": lambda d: _seat(d, -1),
    "a dict as the best move": lambda d: _best(d, {"kind": "acquire", "seat": 0, "args": [{"a": 1}]}),
    "200,000 arguments": lambda d: _best(d, {"kind": "acquire", "seat": 0, "args": list(range(200_000))}),
    "a move no rule allows": lambda d: _best(d, {"kind": "acquire", "seat": 0, "args": [987654]}),
    "23,000 duplicate decisions": _duplicates,
    "NaN gap": lambda d: _gap(d, float("nan")),
    "infinite gap": lambda d: _gap(d, float("inf")),
    "a mistake charged to another player": _second_as_ai,
    "candidates that are not the best": _top,
    "shares of one seat": _shares,
    "another decision's place": _entry,
    "a seat the game has not": _seats,
}


@pytest.fixture
def saved(game, tmp_path):
    path = write_session(game, tmp_path / "g.tycoons")
    return path


def _open(qtbot, settings, path):
    from ui.review import review_file

    window = review_file(path, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_a_good_analysis_is_shown(qtbot, settings, game, saved):
    write_analysis(analysis_path(saved), good_analysis(game))
    w = _open(qtbot, settings, saved)
    assert w.analysis is not None and len(w.analysis.decisions) == len(good_analysis(game).decisions)
    assert not w.analyse_button.isEnabled()


@pytest.mark.parametrize("case", list(CRAFTED))
def test_a_crafted_analysis_is_not_used_and_the_review_works(qtbot, settings, game, saved, case):
    d = _raw(game)
    CRAFTED[case](d)
    analysis_path(saved).write_text(json.dumps(d))
    w = _open(qtbot, settings, saved)  # the good save opens
    assert w.analysis is None
    assert w.analyse_button.isEnabled()
    assert "does not fit" in w.statusBar().currentMessage()
    qtbot.keyClick(w, Qt.Key.Key_Home)
    for step in range(w.review.steps):  # every step draws: nothing is half drawn
        qtbot.keyClick(w, Qt.Key.Key_Right)
        assert w.step == step + 1
    assert w.win_chart.marked == [] and w.mistakes.count() == 0


@pytest.mark.usefixtures("short_rollouts")
def test_analyse_makes_a_good_one_again_over_a_crafted_one(qtbot, settings, game, saved):
    from ai.analysis import read_analysis
    from ai.core.estimate import EstimateBudget

    d = _raw(game)
    _seat(d, 99)
    path = analysis_path(saved)
    path.write_text(json.dumps(d))
    w = _open(qtbot, settings, saved)
    w.analysis_budget = EstimateBudget(None, "cpu", rollouts=3)
    qtbot.mouseClick(w.analyse_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.analysis is not None, timeout=120_000)
    again = read_analysis(path, "first-ceo", game.state.state_hash(), len(game.log))
    assert again is not None and again.decisions == w.analysis.decisions
