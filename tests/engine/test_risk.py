"""What a costly move risks, in its game's words (engine/core/risk.py): every game has `risk` in
its words module, it answers on any position without failing, in words that read right, and City
of the Big Shoulders names the cash a company will lack for its resources."""

from __future__ import annotations

import pytest

from ai.core.request import window_decision
from engine.core.contract import Action
from engine.core.registry import game_ids, get_spec
from engine.core.risk import risk_of, risk_words
from engine.core.session import Session
from engine.core.text import wording_problems


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_says_what_a_move_risks_without_failing(game_id):
    spec = get_spec(game_id)
    assert callable(risk_of(game_id))
    session = Session.new(game_id, [f"P{i}" for i in range(spec.min_players + 1)], seed=5)
    for _ in range(120):
        if session.is_over():
            break
        legal = session.legal_actions()
        seat = session.to_move()
        if len(legal) >= 2:
            for other in legal[1:4]:
                words = risk_of(game_id)(session.state, seat, other, legal[0])
                assert words is None or (isinstance(words, str) and words and not wording_problems(words)), words
        session.apply(window_decision(session), by_ai=True)


PASS = Action("pass_action", 0, ())
FUND = Action("place", 0, ("fund_40", "libby"))


def libby_after_hiring() -> Session:
    """City of the Big Shoulders at its lesson's seed, as the lesson plays it, up to the step where
    Libby, its four Workers hired and $5 left, places its second Partner: Fundraising $40 (the cash
    its factories' resources cost in the Operating Phase) or passing for the rest of the phase."""
    from engine.core.tutorial import Tutor, load_lesson
    from engine.core.tutorial.check import learner_move, play_ais

    lesson = load_lesson("big-shoulders")
    session = lesson.session()
    tutor = Tutor(lesson, session)

    class Count:
        ai_decisions = 0

    while True:
        play_ais(session, lesson.learner, window_decision, Count)
        place = tutor.place()
        step = lesson.steps[place.step]
        if step.options and any(o.moves[0] == PASS for o in step.options):
            return session
        move, _ = learner_move(session, tutor, step, place, {}, window_decision)
        session.apply(move)
        tutor.read()


def test_big_shoulders_names_the_cash_a_company_will_lack():
    session = libby_after_hiring()
    words = risk_words(session.state, 0, PASS, FUND)
    assert words.startswith("Libby will have only $5 left to buy ") and "in the Operating Phase" in words
    assert risk_words(session.state, 0, FUND, FUND) == ""
    assert risk_words(session.state, 0, Action("withhold", 0, ()), FUND) == ""  # not legal: the words fail quietly
