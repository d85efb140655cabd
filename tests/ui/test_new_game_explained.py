"""The new-game dialog explains every option: a line saying what it changes and a
tooltip quoting the rule it follows; a safety bound no real game reaches is never shown, neither
there nor on the board."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel

from engine.core.registry import all_specs
from ui.games import playable_specs

RULES = Path("/work/shared/rules")


def _words(text: str) -> str:
    return re.sub(r"[^a-z0-9%$]+", " ", text.lower()).strip()


@pytest.mark.parametrize("spec", playable_specs(), ids=lambda s: s.id)
def test_every_option_shown_has_its_line_and_its_rule(qtbot, settings, spec):
    from ui.dialogs.new_game import NewGameDialog

    dialog = NewGameDialog(player_name="You")
    qtbot.addWidget(dialog)
    dialog.select_game(spec.id)
    shown = [o for o in spec.options if o.shown]
    assert set(dialog.option_widgets) == {o.key for o in shown}
    lines = [w.text() for w in dialog.options_box.findChildren(QLabel)]
    for opt in shown:
        assert opt.help and opt.help in lines, f"{opt.key}: no line saying what it changes"
        widget = dialog.option_widgets[opt.key]
        assert widget.toolTip() == opt.rule and opt.rule, f"{opt.key}: no rule quoted"
        assert widget.accessibleName() == opt.label
    assert dialog.options_box.isVisible() == bool(shown) or not dialog.isVisible()
    # hidden options keep their defaults in the game started
    options = dialog.options()
    for opt in spec.options:
        if not opt.shown:
            assert options[opt.key] == opt.default


def test_the_rules_quoted_are_in_the_rules_texts():
    """Each quotation (the text between “ and ”) is found in the game's rules text or its
    components file, word for word (punctuation and case aside)."""
    files = {"big-shoulders": ["city-of-the-big-shoulders.txt", "city-of-the-big-shoulders-components.md"]}
    if not RULES.is_dir():
        pytest.skip("the shared rules texts are not on this machine")
    for spec in all_specs():
        for opt in spec.options:
            quotes = re.findall(r"“([^”]+)”", opt.rule)
            if not opt.shown:
                continue
            assert quotes, f"{spec.id}/{opt.key} quotes no rule"
            corpus = _words(" ".join((RULES / f).read_text(encoding="utf-8").replace("**", "")
                                     for f in files.get(spec.id, [])))
            for q in quotes:
                assert _words(q) in corpus, f"{spec.id}/{opt.key}: {q!r} is not in the rules text"


def test_safety_bounds_are_hidden_from_players():
    bounds = {(s.id, o.key) for s in all_specs() for o in s.options if not o.shown}
    assert bounds == {("robber-barons", "turn_limit"), ("victory-through-industry", "max_rounds")}


def test_the_board_header_names_no_safety_bound(qtbot):
    from ai.core.worker import decide
    from engine.core import Session
    from ui.games import game_ui

    for game in ("robber-barons", "victory-through-industry"):
        s = Session.new(game, ["Ann", "Bob"], seed=2)
        while s.state.view(0).get("phase", "play") != "play" or s.state.view(0).get("round", 1) < 2:
            s.apply(decide(s, level="easy"), by_ai=True)  # on to the turns of play, which name the round
        scene = game_ui(game).make_scene()
        scene.show(s.state.view(0), s.legal_actions() if s.to_move() == 0 else [], s.names, 0)
        texts = " ".join(t for item in scene.items() if hasattr(item, "texts") for t in item.texts() if t)
        assert "Round 2" in texts or "Round 3" in texts
        assert "at most" not in texts and " of 100" not in texts and "1000" not in texts
