"""`tycoons simulate` through the real command-line entry point."""

import json

import pytest

from ui.cli import main

KEYS = {"game", "games", "finished", "wins_by_seat", "mean_scores", "decisions", "seconds", "games_per_s",
        "decisions_per_s"}


def run(capsys, *argv):
    code = main(["simulate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_prints_one_json_object(capsys):
    code, out, _ = run(capsys, "first-ceo", "--players", "3", "--games", "3", "--seed", "4", "--ai", "easy")
    assert code == 0
    assert out.count("\n") == 1
    result = json.loads(out)
    assert set(result) == KEYS
    assert result["game"] == "first-ceo" and result["games"] == 3 and result["finished"] == 3
    assert len(result["wins_by_seat"]) == 3 and sum(result["wins_by_seat"]) == pytest.approx(3)
    assert len(result["mean_scores"]) == 3 and all(s > 0 for s in result["mean_scores"])
    assert result["decisions"] > 3 * 10
    assert result["games_per_s"] > 0 and result["decisions_per_s"] > 0


def test_simulate_is_reproducible(capsys):
    args = ("first-ceo", "--players", "4", "--games", "2", "--seed", "9", "--ai", "normal,easy,easy,random")
    a = json.loads(run(capsys, *args)[1])
    b = json.loads(run(capsys, *args)[1])
    for key in ("wins_by_seat", "mean_scores", "decisions", "wins_by_level"):
        assert a[key] == b[key]


def test_rotate_reports_wins_by_level(capsys):
    code, out, _ = run(capsys, "first-ceo", "--players", "4", "--games", "4", "--seed", "2",
                       "--ai", "normal,easy,easy,easy", "--rotate")
    assert code == 0
    result = json.loads(out)
    assert set(result) == KEYS | {"wins_by_level"}
    assert result["finished"] == 4
    assert set(result["wins_by_level"]) == {"normal", "easy"}
    assert sum(result["wins_by_level"].values()) == pytest.approx(4)


def test_level_count_must_match_players(capsys):
    code, out, err = run(capsys, "first-ceo", "--players", "4", "--games", "1", "--ai", "normal,easy")
    assert code != 0 and out == ""
    assert "2 levels for 4 players" in err


def test_unknown_level_and_game_are_refused(capsys):
    code, _, err = run(capsys, "first-ceo", "--players", "3", "--ai", "wizard")
    assert code != 0 and "no AI level 'wizard'" in err
    code, _, err = run(capsys, "chess", "--players", "2")
    assert code != 0 and "no game called 'chess'" in err


def test_game_without_agents_simulates_with_random_fallback(capsys, toy_game):
    code, out, _ = run(capsys, toy_game, "--players", "3", "--games", "12", "--seed", "1", "--ai", "normal")
    assert code == 0
    result = json.loads(out)
    assert result["finished"] == 12 and "wins_by_level" not in result


def test_save_dir_writes_each_game(capsys, tmp_path):
    saves = pytest.importorskip("saves")
    if not hasattr(saves, "write_session") or not hasattr(saves, "read_session"):
        pytest.skip("the saves package is not there yet")
    code, out, _ = run(capsys, "first-ceo", "--players", "3", "--games", "2", "--seed", "6", "--ai", "easy",
                       "--save-dir", str(tmp_path / "out"))
    assert code == 0
    files = sorted(p.name for p in (tmp_path / "out").iterdir() if p.suffix == ".tycoons")
    assert files == ["game-0000.tycoons", "game-0001.tycoons"]
    session = saves.read_session(tmp_path / "out" / "game-0001.tycoons")
    assert session.is_over()


def test_a_game_over_the_decision_cap_counts_as_unfinished():
    from ai.simulate import simulate

    result = simulate("first-ceo", 3, 2, 1, ["easy"], decision_cap=10)
    assert result.finished == 0 and result.decisions == 20
    summary = result.summary(False)
    assert summary["finished"] == 0 and summary["wins_by_seat"] == [0, 0, 0]


def test_rotation_moves_each_level_round_the_table():
    from ai.simulate import seat_levels

    levels = ["normal", "easy", "easy", "easy"]
    seen = [seat_levels(levels, 4, g, rotate=True).index("normal") for g in range(4)]
    assert sorted(seen) == [0, 1, 2, 3]
    assert seat_levels(["easy"], 3, 5, rotate=True) == ["easy"] * 3
    assert seat_levels(levels, 4, 3, rotate=False) == levels


def test_jobs_split_the_same_games_over_processes(capsys):
    args = ("first-ceo", "--players", "4", "--games", "4", "--seed", "5", "--ai", "normal,easy,easy,easy", "--rotate")
    one = json.loads(run(capsys, *args)[1])
    two = json.loads(run(capsys, *args, "--jobs", "2")[1])
    for key in ("games", "finished", "wins_by_seat", "mean_scores", "decisions", "wins_by_level"):
        assert one[key] == two[key]


def test_iterations_cap_makes_hard_reproducible(capsys):
    args = ("first-ceo", "--players", "3", "--games", "1", "--seed", "2", "--ai", "hard,easy,easy",
            "--iterations", "4")
    a = json.loads(run(capsys, *args)[1])
    b = json.loads(run(capsys, *args)[1])
    assert a["finished"] == 1
    for key in ("wins_by_seat", "mean_scores", "decisions"):
        assert a[key] == b[key]


def test_oracle_level_searches_the_true_state():
    """The ceiling measurement's searcher samples copies of the real state, hidden cards included."""
    from ai.core.observe import observe, observe_everything
    from ai.core.worker import decide
    from engine.core.contract import SeatInfo
    from engine.core.rng import Rng
    from engine.core.session import Session

    def hides_a_card(view):
        return any(c["value"] is None for s in view["seats"] for c in s["asset_cards"])

    session = Session.new("first-ceo", [SeatInfo(f"P{i}", "ai", "easy") for i in range(4)], None, 3)
    while not hides_a_card(session.state.view(session.to_move())):
        session.apply(decide(session, level="easy"), by_ai=True)
    seat = session.to_move()
    truth = session.state.state_hash()
    assert observe_everything(session.state, seat).sample(Rng(1)).state_hash() == truth
    # the fair observation re-deals what the seat has not seen, so some deal differs from the truth
    fair = observe(session.state, seat)
    assert any(fair.sample(Rng(k)).state_hash() != truth for k in range(10))
