"""New game says, by each AI level, how strong it measured: lines read from the game's ladder
file (written by `python -m ai.ladder`); Expert is offered only once that ladder rates it above
Hard, and says it plays as Hard when its model is unusable."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from ai.core import measured
from ai.expert import agent as expert_module


def _ladder_file(monkeypatch, tmp_path, levels: dict, ratings: dict | None = None) -> None:
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps({"game": "first-ceo", "players": 4, "levels": levels, "ratings": ratings or {}}),
                    encoding="utf-8")
    monkeypatch.setattr(measured, "game_asset", lambda game_id, name: path)


EXPERT_ABOVE_HARD = {"normal": [1500, 1500, 1500], "hard": [1560, 1520, 1600], "expert": [1650, 1600, 1700]}


def _kinds(dialog) -> list[str]:
    return [dialog.rows[1].kind.itemText(i) for i in range(dialog.rows[1].kind.count())]


def _open_on_first_ceo(qtbot):
    from ui.dialogs.new_game import NewGameDialog

    dialog = NewGameDialog(player_name="You")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.select_game("robber-barons")
    item = dialog.games.findItems("1st CEO", Qt.MatchFlag.MatchExactly)[0]
    rect = dialog.games.visualItemRect(item)
    qtbot.mouseClick(dialog.games.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert dialog.spec.id == "first-ceo"
    return dialog


def test_each_level_has_its_measured_line(qtbot, settings, monkeypatch, tmp_path):
    _ladder_file(monkeypatch, tmp_path, {
        "easy": {"against": "normal", "won": 12, "games": 400},
        "normal": {"against": "easy", "won": 370, "games": 400},
        "hard": {"against": "normal", "won": 161.5, "games": 400},
    })
    dialog = _open_on_first_ceo(qtbot)
    lines = dialog.level_notes.text().splitlines()
    assert "Easy: wins fewer than 1 game in 10 against three Normals." in lines
    assert "Normal: wins about 9 games in 10 against three Easys." in lines
    assert "Hard: wins about 4 games in 10 against three Normals." in lines
    assert dialog.level_notes.isVisible()
    assert dialog.level_notes.textFormat() == Qt.TextFormat.PlainText


def test_the_lines_follow_the_file_not_the_code(qtbot, settings, monkeypatch, tmp_path):
    _ladder_file(monkeypatch, tmp_path, {"hard": {"against": "normal", "won": 80, "games": 400}})
    dialog = _open_on_first_ceo(qtbot)
    assert "Hard: wins about 2 games in 10 against three Normals." in dialog.level_notes.text().splitlines()


@pytest.mark.parametrize("content", [None, "{not json"])
def test_no_ladder_file_no_lines(qtbot, settings, monkeypatch, tmp_path, content):
    path = tmp_path / "ladder.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    monkeypatch.setattr(measured, "game_asset", lambda game_id, name: path)
    dialog = _open_on_first_ceo(qtbot)
    assert "wins" not in dialog.level_notes.text()
    assert "AI · expert" not in _kinds(dialog)  # not measured: not offered


def test_expert_is_offered_only_once_its_ladder_rates_it_above_hard(qtbot, settings, monkeypatch, tmp_path):
    # the shipped ladder of 1st CEO rates Expert with Hard (1502 against 1515): not offered
    dialog = _open_on_first_ceo(qtbot)
    assert "AI · hard" in _kinds(dialog) and "AI · expert" not in _kinds(dialog)
    assert not any(line.startswith("Expert") for line in dialog.level_notes.text().splitlines())
    # rated above Hard (the low end of its interval above Hard's rating): offered, with its line
    _ladder_file(monkeypatch, tmp_path, {"expert": {"against": "normal", "won": 200, "games": 400}},
                 EXPERT_ABOVE_HARD)
    dialog = _open_on_first_ceo(qtbot)
    assert "AI · expert" in _kinds(dialog)
    assert "Expert: wins about 5 games in 10 against three Normals." in dialog.level_notes.text().splitlines()
    # above Hard's rating, but its interval reaches below it: not yet
    _ladder_file(monkeypatch, tmp_path, {}, {**EXPERT_ABOVE_HARD, "expert": [1600, 1550, 1650]})
    assert "AI · expert" not in _kinds(_open_on_first_ceo(qtbot))


def test_expert_without_its_model_says_it_plays_as_hard(qtbot, settings, monkeypatch, tmp_path):
    _ladder_file(monkeypatch, tmp_path, {}, EXPERT_ABOVE_HARD)
    monkeypatch.setattr(expert_module, "model_path", lambda game_id: tmp_path / "gone.npz")
    dialog = _open_on_first_ceo(qtbot)
    assert "Expert plays as Hard: the model file is missing." in dialog.level_notes.text().splitlines()
    assert "AI · expert" in _kinds(dialog)
