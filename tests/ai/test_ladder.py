"""The strength ladder (ai/ladder.py): pairwise places, Bradley–Terry ratings, the plain lines."""

import json
import math

from ai import ladder
from ai.core import measured
from ai.ladder import bradley_terry, comparisons, level_lines, main, plain_line, ratings


def test_pairwise_places_of_a_game():
    rows = [{"levels": ["hard", "normal", "normal", "normal"], "scores": [10, 12, 10, 3], "winners": [1]}]
    assert sorted(comparisons(rows)) == [("hard", "normal", 0.0), ("hard", "normal", 0.5), ("hard", "normal", 1.0)]


def test_bradley_terry_recovers_known_strengths():
    """A level that beats another three times in four sits ln 3 above it."""
    comps = [("hard", "normal", 1.0)] * 300 + [("hard", "normal", 0.0)] * 100
    comps += [("normal", "easy", 1.0)] * 200 + [("normal", "easy", 0.0)] * 200
    s = bradley_terry(comps, ["easy", "normal", "hard"])
    assert s["normal"] == 0.0
    assert math.isclose(s["hard"], math.log(3), rel_tol=1e-3)
    assert abs(s["easy"]) < 1e-3


def test_ratings_are_on_the_elo_scale_with_intervals():
    rows = [{"levels": ["hard", "normal"], "scores": [2, 1] if i % 4 else [1, 2], "winners": [0]} for i in range(200)]
    r = ratings({("hard", "normal"): rows}, ["normal", "hard"], boot=50)
    assert r["normal"] == (1500.0, 1500.0, 1500.0)
    rating, lo, hi = r["hard"]
    assert math.isclose(rating, 1500 + 400 * math.log10(3), abs_tol=1)
    assert lo < rating < hi


def test_plain_lines():
    assert plain_line(160, 400, "normal", 4) == "wins about 4 games in 10 against three Normals"
    assert plain_line(40, 400, "normal", 4) == "wins about 1 game in 10 against three Normals"
    assert plain_line(3, 400, "normal", 4) == "wins fewer than 1 game in 10 against three Normals"
    assert plain_line(399, 400, "easy", 3) == "wins almost every game against two Easys"


def test_the_command_plays_resumes_and_writes_the_file(tmp_path, monkeypatch, capsys):
    target = tmp_path / "ladder.json"
    monkeypatch.setattr(ladder, "game_asset", lambda game_id, name: target)  # written there
    monkeypatch.setattr(measured, "game_asset", lambda game_id, name: target)  # and read from there
    args = ["first-ceo", "--games", "3", "--dir", str(tmp_path / "games"), "--pairings", "easy-normal,normal-easy"]
    assert main(args) == 0
    played = (tmp_path / "games" / "easy-vs-normal.jsonl").read_text().splitlines()
    assert len(played) == 3
    data = json.loads(target.read_text())
    assert set(data["levels"]) == {"easy", "normal"}
    assert data["levels"]["normal"]["against"] == "easy" and data["levels"]["normal"]["games"] == 3
    first = capsys.readouterr().out
    # run again with more games: only the missing ones are played, the first three are kept
    assert main([*args[:2], "4", *args[3:]]) == 0
    again = (tmp_path / "games" / "easy-vs-normal.jsonl").read_text().splitlines()
    assert again[:3] == played and len(again) == 4
    # --played-only rates what the folder holds and plays nothing
    assert main([*args[:2], "9", *args[3:], "--played-only"]) == 0
    assert (tmp_path / "games" / "easy-vs-normal.jsonl").read_text().splitlines() == again
    assert json.loads(target.read_text())["levels"]["easy"]["games"] == 4
    assert "| Easy | 3 × Normal | 3 |" in first
    lines = level_lines("first-ceo")
    assert set(lines) == {"easy", "normal"} and lines["normal"].endswith("against three Easys")


def test_the_shipped_ladders_give_a_line_for_each_level_they_measured():
    from ai.core.agents import playable_levels
    from engine.core import game_ids
    from engine.core.assets import game_asset

    shipped = [g for g in game_ids() if game_asset(g, ladder.LADDER_FILE).exists()]
    assert "first-ceo" in shipped
    for game_id in shipped:
        data = json.loads(game_asset(game_id, ladder.LADDER_FILE).read_text(encoding="utf-8"))
        lines = level_lines(game_id)
        assert set(lines) == set(data["levels"]) and set(lines) <= set(playable_levels(game_id))
        for level, row in data["levels"].items():
            assert row["games"] > 0 and lines[level].startswith("wins ")
