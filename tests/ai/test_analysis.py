"""Analysis of a finished game (ai/analysis.py) and `tycoons analyse`."""

import json
import math
import subprocess
import sys

import pytest

from ai import analysis as an
from ai.analysis import (
    Analysed,
    Analysis,
    analyse_review,
    analysis_path,
    matches,
    plan,
    read_analysis,
    write_analysis,
)
from ai.core.agent import Budget
from ai.core.agents import get_agent
from ai.core.estimate import Calibration, EstimateBudget
from ai.core.observe import observe
from engine.core.contract import Action, SeatInfo
from engine.core.review import Review
from engine.core.session import Session
from engine.core.text import fill_names
from saves import write_session

FAST = EstimateBudget(None, "cpu", rollouts=6)


def finished_game(game_id="first-ceo", seed=3):
    """Ann (human, played by Normal) against two Normal AIs, to the end."""
    seats = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "normal"), SeatInfo("Cy", "ai", "normal")]
    s = Session.new(game_id, seats, seed=seed)
    agent = get_agent(game_id, "normal")
    while not s.is_over():
        seat = s.to_move()
        s.apply(agent.choose(observe(s.state, seat), s.ai_rng(), Budget()), by_ai=seats[seat].is_ai)
    return s


@pytest.fixture(scope="module")
def game():
    return finished_game()


@pytest.fixture(scope="module")
def analysed(game):
    review = Review.of_session(game)
    return review, analyse_review(review, game.state.state_hash(), budget=FAST)


def test_plan_takes_the_human_decisions_that_offered_a_choice(game):
    review = Review.of_session(game)
    tasks = plan(review)
    assert tasks and all(t.seat == 0 for t in tasks)
    humans = [i for i, e in enumerate(review.decision_entries, 1) if review.actions[e].seat == 0]
    assert {t.index for t in tasks} <= set(humans)
    spec = game.spec
    for t in tasks:
        assert review.info(t.index).entry == t.entry and review.actions[t.entry] == t.chosen
        true = review.state_at(t.entry)
        assert len(true.legal_actions(0)) > 1
        dealt = spec.state_from_data(t.state_data)
        assert dealt.view(0) == true.view(0)  # the decider's view, the rest re-dealt
    assert {t.seat for t in plan(review, [1, 2])} == {1, 2}


def test_a_game_without_humans_is_analysed_for_every_seat():
    seats = [SeatInfo("A", "ai", "normal"), SeatInfo("B", "ai", "easy")]
    assert an.default_seats(seats) == [0, 1]
    assert an.default_seats([SeatInfo("Ann"), SeatInfo("B", "ai", "easy")]) == [0]


def test_analysis_measures_each_move_made_against_the_best_found(analysed):
    review, analysis = analysed
    assert analysis.decisions and analysis.seats == [0] and analysis.log_length == len(review.actions)
    for d in analysis.decisions:
        assert d.chosen == review.actions[d.entry]
        assert 0.0 <= d.win_after <= d.win_before <= 1.0
        assert abs(sum(d.shares) - 1.0) < 1e-4 and d.shares[d.seat] == d.win_after  # kept to five places
        assert d.top[0] == (d.best, d.win_before)
    assert matches(analysis, review)


def test_the_analysis_is_reproducible_and_the_same_in_worker_processes(game, analysed):
    review, analysis = analysed
    again = analyse_review(review, game.state.state_hash(), budget=FAST, jobs=2)
    assert [d.to_dict() for d in again.decisions] == [d.to_dict() for d in analysis.decisions]


def test_the_file_beside_the_save_round_trips_and_belongs_to_its_save(tmp_path, game, analysed):
    _, analysis = analysed
    save = write_session(game, tmp_path / "g.tycoons")
    path = write_analysis(analysis_path(save), analysis)
    assert path.name == "g.tycoons.analysis"
    h, n = game.state.state_hash(), len(game.log)
    back = read_analysis(path, "first-ceo", h, n)
    assert back is not None and [d.to_dict() for d in back.decisions] == [d.to_dict() for d in analysis.decisions]
    assert read_analysis(path, "first-ceo", "0" * len(h), n) is None  # another save's
    assert read_analysis(path, "first-ceo", h, n + 1) is None
    assert read_analysis(path, "robber-barons", h, n) is None
    assert read_analysis(tmp_path / "missing.analysis", "first-ceo", h, n) is None
    assert not list(tmp_path.glob(".*"))  # no temporary file left


@pytest.mark.parametrize("damage", [
    lambda t: t[: len(t) // 2],
    lambda t: "[]",
    lambda t: "null",
    lambda t: t.replace('"win_after": 0', '"win_after": 7'),
    lambda t: t.replace('"chosen": {', '"chosen": {"x": 1, "y": {'),
    lambda t: t.replace('"seats": [', '"seats": ["a", '),
    lambda t: t.replace('"format": 1', '"format": 99'),
    lambda t: t.replace('"entry": ', '"entry": 10000'),
    lambda t: "[" * 100000,
])
def test_a_damaged_analysis_counts_as_none(tmp_path, game, analysed, damage):
    _, analysis = analysed
    path = write_analysis(tmp_path / "g.tycoons.analysis", analysis)
    path.write_text(damage(path.read_text()))
    assert read_analysis(path, "first-ceo", game.state.state_hash(), len(game.log)) is None


BEST, CHOSEN = Action("b", 0, ()), Action("c", 0, ())


def decision(before, after, z=5.0, best=BEST, chosen=CHOSEN):
    return Analysed(1, 0, 0, chosen, best, before, after, (after, 1 - after), z)


def test_mistakes_and_blunders():
    assert decision(0.60, 0.49).severity() == "mistake"
    assert decision(0.60, 0.51).severity() == ""
    assert decision(0.60, 0.35).severity() == "blunder"
    assert decision(0.60, 0.35, z=1.0).severity() == ""  # the loss may be noise
    same = Action("b", 0, ())
    assert decision(0.60, 0.35, best=same, chosen=same).severity() == ""
    assert decision(0.60, 0.35).severity(marks=False) == ""
    assert decision(0.60, 0.49).loss == pytest.approx(11.0)


def test_no_marks_for_a_game_whose_estimates_do_not_beat_the_base_rate(monkeypatch):
    """The game's estimates.toml decides (ai/ANALYSIS.md); marks off means none at all."""
    a = Analysis("first-ceo", "h", 10, 400, [0], [decision(0.6, 0.2)])
    monkeypatch.setattr(an, "calibration", lambda gid: Calibration(1.0, 0.2, 0.19, 1500, False))
    assert not a.marks() and a.marked() == []
    monkeypatch.setattr(an, "calibration", lambda gid: Calibration(1.0, 0.15, 0.19, 1500, True))
    assert a.marks() and len(a.marked()) == 1
    monkeypatch.setattr(an, "calibration", lambda gid: None)
    assert not a.marks() and a.marked() == []


def run_cli(*args):
    code = ("import sys; from ui.cli import main; rc = main(sys.argv[1:]); "
            "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt imported'; sys.exit(rc)")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def save_file(tmp_path_factory, game):
    return write_session(game, tmp_path_factory.mktemp("an") / "ann.tycoons")


def test_cli_json_has_a_decision_list_with_exactly_the_promised_keys(save_file, game):
    r = run_cli("analyse", str(save_file), "--json", "--budget-ms", "5")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    rows = out["decisions"]
    review = Review.of_session(game)
    assert rows and [row["index"] for row in rows] == [t.index for t in plan(review)]
    for row in rows:
        assert set(row) == {"index", "seat", "chosen", "best", "win_before", "win_after", "loss", "se", "mark",
                            "points_best", "points_loss", "points_se"}
        assert row["seat"] == 0 and isinstance(row["chosen"], str) and isinstance(row["best"], str)
        assert 0 <= row["win_after"] <= row["win_before"] <= 1
        assert row["loss"] == pytest.approx(100 * (row["win_before"] - row["win_after"]), abs=0.02)
        assert (row["se"] is None or row["se"] >= 0) and row["mark"] in (None, "mistake", "blunder")
        if row["mark"] is not None:
            assert row["loss"] >= an.MISTAKE and row["chosen"] != row["best"]
        assert row["points_loss"] >= 0 and (row["points_se"] is None or row["points_se"] >= 0)
        assert isinstance(row["points_best"], str)
        entry = review.info(row["index"]).entry
        said = fill_names(review.state_at(entry).label(review.actions[entry]), review.names)
        assert row["chosen"] == said
    said = out["summary"]["0"]
    assert said["decisions"] == len(rows)
    assert said["win_chance_given_away"] == pytest.approx(sum(r["loss"] for r in rows), abs=0.1 * len(rows))
    assert said["mistakes"] == sum(r["mark"] == "mistake" for r in rows)
    assert said["blunders"] == sum(r["mark"] == "blunder" for r in rows)
    assert 0 <= said["sure"] <= said["win_chance_given_away"] + 0.05 and said["se"] >= 0


def first_choice_game(game_id="first-ceo", seed=7):
    """Ann (human) always takes the first choice offered, against two Normal AIs: she finishes
    last, far behind (268 to the winner's 796)."""
    seats = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "normal"), SeatInfo("Cy", "ai", "normal")]
    s = Session.new(game_id, seats, seed=seed)
    agent = get_agent(game_id, "normal")
    while not s.is_over():
        seat = s.to_move()
        s.apply(s.legal_actions()[0] if seat == 0 else agent.choose(observe(s.state, seat), s.ai_rng(), Budget()),
                by_ai=seat != 0)
    return s


def test_json_says_each_decisions_mark_and_error_and_sums_up_the_win_chance_given_away(monkeypatch):
    """What `tycoons analyse --json` says of an analysis whose results are known: a blunder, a
    mistake, a loss too unsure to mark, a loss seen in one world (no error to give: null), and a
    decision where the best move was played; the summary adds the losses and their errors, and
    names the decisions that cost Ann, last and far behind, the most points."""
    monkeypatch.setattr(an, "calibration", lambda gid: Calibration(1.0, 0.1, 0.2, 1500, True))
    game = first_choice_game()
    review = Review.of_session(game)
    assert an.far_behind_seats(game.state.outcome(), [0]) == {0}
    tasks = [t for t in plan(review) if len(review.state_at(t.entry).legal_actions(0)) > 1][:5]
    assert len(tasks) == 5

    def other(t):
        return next(a for a in review.state_at(t.entry).legal_actions(0) if a != t.chosen)

    # (win before, after, standard error of the difference, points given away, their error)
    made = [(0.60, 0.30, 0.05, 40.0, 6.0),          # blunder: −30 ± 5, sure
            (0.50, 0.38, 0.04, 120.0, 10.0),        # mistake: −12 ± 4, sure
            (0.50, 0.30, 0.15, 300.0, 50.0),        # −20 ± 15: not sure, not marked; the costliest in points
            (0.40, 0.35, math.inf, 80.0, math.inf),  # one world: its error unknown
            (0.30, 0.30, 0.0, 0.0, 0.0)]            # the best move was played
    decisions = []
    for t, (before, after, se, points, points_se) in zip(tasks, made, strict=True):
        best = t.chosen if before == after else other(t)
        z = (before - after) / se if 0 < se < math.inf else 0.0
        decisions.append(Analysed(t.index, t.entry, 0, t.chosen, best, before, after, (after, 0.5, 0.5 - after), z,
                                  se=se, points_best=best,
                                  points_loss=points, points_se=points_se))
    analysis = Analysis("first-ceo", game.state.state_hash(), len(review.actions), 450, [0], decisions)
    out = json.loads(json.dumps({"decisions": an.decision_rows(analysis, review),
                                 "summary": an.summary(analysis, review)}))
    rows = out["decisions"]
    assert [r["mark"] for r in rows] == ["blunder", "mistake", None, None, None]
    assert [r["loss"] for r in rows] == [30.0, 12.0, 20.0, 5.0, 0.0]
    assert [r["se"] for r in rows] == [5.0, 4.0, 15.0, None, 0.0]
    assert [r["points_se"] for r in rows] == [6.0, 10.0, 50.0, None, 0.0]
    said = out["summary"]["0"]
    assert said["decisions"] == 5 and said["mistakes"] == 1 and said["blunders"] == 1
    assert said["win_chance_given_away"] == 67.0  # 30 + 12 + 20 + 5
    assert said["sure"] == 42.0  # the blunder and the mistake
    assert said["se"] == round(math.sqrt(5 ** 2 + 4 ** 2 + 15 ** 2), 1) and said["unmeasured"] == 1
    assert said["costliest"] == [tasks[2].index, tasks[1].index, tasks[3].index]  # by points given away
    text = an.text_report(analysis, review, calibrated=True)
    assert "blunder (−30 ± 5)" in text and "mistake (−12 ± 4)" in text
    assert "Ann: 67 points of win chance given away in all (± 16; 42 of them sure)" in text
    assert f"cost Ann the most: decision {tasks[3].index}, 80 points (uncertain)" in text


def test_cli_text_and_seat_choice(save_file):
    r = run_cli("analyse", str(save_file), "--budget-ms", "5", "--seat", "1")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("1st CEO: ") and "of Bob analysed" in lines[0]
    header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["index", "seat"])
    end = lines.index("", header)
    body = lines[header + 1:end]
    assert body and all(" Bob " in line for line in body)
    assert lines[end + 1].startswith("Bob: ") and "points of win chance given away in all" in lines[end + 1]


def test_cli_refuses_a_bad_seat_and_a_bad_file(save_file, tmp_path):
    r = run_cli("analyse", str(save_file), "--seat", "7")
    assert r.returncode == 2 and "no seat 7" in r.stderr and "0 Ann" in r.stderr
    bad = tmp_path / "bad.tycoons"
    bad.write_bytes(b"not a save")
    r = run_cli("analyse", str(bad))
    assert r.returncode == 2 and "not a Tycoons save" in r.stderr and not r.stdout
    for option, value in (("--budget-ms", "0"), ("--budget-ms", "-5"), ("--jobs", "0")):
        r = run_cli("analyse", str(save_file), option, value)
        assert r.returncode == 2 and option in r.stderr and f"not {value}" in r.stderr and not r.stdout


def test_far_behind_is_last_and_a_quarter_of_the_winners_score_or_more_behind():
    from engine.core.contract import Outcome

    def outcome(scores):
        return Outcome.from_scores(scores, [{} for _ in scores])

    assert an.far_behind_seats(outcome([268, 796, 500]), [0, 1, 2]) == {0}
    assert an.far_behind_seats(outcome([700, 796, 750]), [0]) == set()  # last, but close
    assert an.far_behind_seats(outcome([500, 796, 268]), [0]) == set()  # far behind, not last
    assert an.far_behind_seats(outcome([100, 100]), [0, 1]) == set()  # a shared victory
    assert an.far_behind_seats(None, [0]) == set()


def test_the_costliest_looking_decisions_get_more_worlds_within_the_budget(game):
    """A first pass at a share of the budget, then duels on the decisions not yet resolved (the
    costliest-looking first), pooled with the first pass, within the budget for the whole game."""
    from ai.refine import FIRST, MAX_DUELS, Refiner, duel_task, measure_task, share_of

    review = Review.of_session(game)
    tasks = plan(review)
    budget = EstimateBudget(None, "cpu", rollouts=40)
    refiner = Refiner(budget, {0})
    first = share_of(budget, FIRST)
    for t in tasks:
        refiner.first(t, measure_task(*an.measure_args("first-ceo", t, first)))
    before = {i: m.vs_best.win.n for i, m in refiner.measured.items()}
    unresolved = refiner.unresolved()
    waves = 0
    while wave := refiner.wave():
        waves += 1
        assert [m for m, _b, _s in wave] == refiner.unresolved()[:len(wave)]  # the costliest-looking first
        for m, b, seed in wave:
            refiner.add(m.task.index, duel_task(*an.duel_args("first-ceo", m, b, seed)))
    assert refiner.spent <= refiner.total
    if unresolved:
        assert waves and refiner.duels_run
        grown = [m for m in refiner.measured.values() if m.vs_best.win.n > before[m.task.index]]
        assert grown and all(m.duels <= MAX_DUELS for m in grown)
    left = refiner.unresolved()
    # a decision is left open only once the budget cannot pay for another duel
    assert not left or refiner.total - refiner.spent < refiner.duel_budget().rollouts
