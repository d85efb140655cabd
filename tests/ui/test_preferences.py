"""Edit → Preferences: one editor per setting a player sets, built from the schema,
each with its label, help and accessible name; a change takes effect in the open game at once."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QSpinBox

from engine.core.contract import SeatInfo
from ui.board import style
from ui.services.settings import SCHEMA, preferences


def open_window(shell, qtbot):
    window = shell.start_game("first-ceo", [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"),
                                            SeatInfo("Bob", "ai", "easy")], {}, 7)
    qtbot.waitExposed(window)
    window.activateWindow()  # a window's shortcuts work while it is the active one
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    qtbot.waitUntil(window.controller.human_to_move, timeout=5000)
    return window


def open_preferences(window, qtbot):
    qtbot.keyClick(window.view, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    dialog = window.preferences
    qtbot.waitExposed(dialog)
    return dialog


def choose(combo: QComboBox, value) -> None:
    combo.setCurrentIndex(combo.findData(value))


def test_ctrl_comma_opens_an_editor_for_every_preference(shell, qtbot, settings):
    window = open_window(shell, qtbot)
    dialog = open_preferences(window, qtbot)
    keys = [s.key for s in preferences()]
    assert list(dialog.editors) == keys
    for key in ("ai_speed", "animations", "confirm_turn", "hints_allowed", "seat_colour", "chrome"):
        assert key in keys
    for spec in preferences():
        editor = dialog.editors[spec.key]
        assert editor.accessibleName() == spec.label and editor.toolTip() == spec.help
        kind = {"bool": QCheckBox, "int": QSpinBox, "choice": QComboBox}.get(spec.kind)
        if kind is not None:
            assert isinstance(editor, kind)
    assert [dialog.editors["ai_speed"].itemText(i) for i in range(5)] == ["Step", "Slow", "Normal", "Fast", "Instant"]


def test_changes_take_effect_in_the_open_game_at_once(shell, qtbot, settings):
    window = open_window(shell, qtbot)
    dialog = open_preferences(window, qtbot)
    choose(dialog.editors["ai_speed"], "slow")
    assert settings.get("ai_speed") == "slow" and window.speed_actions["slow"].isChecked()
    assert 0 < window.view.scene().animation_speed == settings.animation_factor < 1  # slower motion
    dialog.editors["animations"].setChecked(False)
    assert window.view.scene().animation_speed == 0
    dialog.editors["confirm_turn"].setChecked(True)
    assert window.act_ask_confirm.isChecked()
    dialog.editors["confirm_turn"].setChecked(False)
    assert not window.act_ask_confirm.isChecked()
    # a menu's change shows in the form
    window.speed_actions["fast"].trigger()
    assert dialog.editors["ai_speed"].currentData() == "fast"


def test_own_seat_colour_swaps_with_the_seat_that_had_it(shell, qtbot, settings):
    window = open_window(shell, qtbot)
    dialog = open_preferences(window, qtbot)
    palette = list(style.SEAT_COLOURS)
    choose(dialog.editors["seat_colour"], "#0072B2")
    dialog.close()
    try:
        window = open_window(shell, qtbot)  # the next game opened
        assert style.seat_colour(0) == "#0072B2"  # the human's seat
        assert style.seat_colour(palette.index("#0072B2")) == palette[0]  # the seat that had blue
        assert len({style.seat_colour(i) for i in range(6)}) == 6  # every seat its own colour
        mat = window.view.scene().pool.items[("mat", 0)]
        assert "#0072B2" in mat._content  # the board draws the human's mat in blue
        settings.set("seat_colour", "")
        window = open_window(shell, qtbot)
        assert [style.seat_colour(i) for i in range(6)] == palette
    finally:
        style.use_own_colour(None, "")


def test_light_or_dark_chrome(shell, qtbot, settings):
    from ui.services.theme import in_use

    window = open_window(shell, qtbot)
    dialog = open_preferences(window, qtbot)
    try:
        choose(dialog.editors["chrome"], "dark")
        assert in_use() == "dark"
        choose(dialog.editors["chrome"], "light")
        assert in_use() == "light"
    finally:
        choose(dialog.editors["chrome"], "system")
    assert QApplication.instance().palette() is not None


def test_restore_defaults(shell, qtbot, settings):
    window = open_window(shell, qtbot)
    dialog = open_preferences(window, qtbot)
    choose(dialog.editors["ai_speed"], "step")
    dialog.editors["hints_allowed"].setChecked(False)
    dialog.restore_defaults()
    for spec in preferences():
        assert settings.get(spec.key) == spec.default, spec.key
    assert dialog.editors["ai_speed"].currentData() == SCHEMA["ai_speed"].default


def test_text_size_from_preferences_is_the_menus(shell, qtbot, settings):
    """Preferences' Text size goes the way View → Text size does: the board's least text, the
    widgets' text and the menu's tick follow it at once."""
    import pytest

    from ui.board import legible
    from ui.services import text_size

    window = open_window(shell, qtbot)
    dialog = open_preferences(window, qtbot)
    base = QApplication.font().pointSizeF()
    try:
        dialog.editors["text_size"].setValue(150)
        assert settings.get("text_size") == 150 and window.text_size_actions[150].isChecked()
        assert legible.min_screen_px() == pytest.approx(18)
        assert QApplication.font().pointSizeF() == pytest.approx(base * 1.5, abs=0.1)
        window.text_size_actions[100].trigger()  # and the menu's choice shows in the form
        assert dialog.editors["text_size"].value() == 100
    finally:
        text_size.apply(100)
    assert legible.min_screen_px() == pytest.approx(12)


def test_every_help_line_is_shown_whole_and_the_dialog_fits_the_screen(shell, qtbot, settings):
    """Word-wrapped help lines squeezed into a short dialog were cut off mid-sentence (seen at
    1280×720): each is as tall as its words need, and the form scrolls if the screen is short."""
    window = open_window(shell, qtbot)
    dialog = open_preferences(window, qtbot)
    qtbot.wait(10)
    assert set(dialog.help_lines) == {s.key for s in preferences() if s.help}
    for key, line in dialog.help_lines.items():
        assert line.height() >= line.heightForWidth(line.width()), f"{key}: its help is cut off"
        assert line.text() == SCHEMA[key].help
    room = dialog.screen().availableGeometry()
    assert dialog.frameGeometry().height() <= room.height()
    page = dialog.scroll.widget()
    if dialog.scroll.verticalScrollBar().maximum() == 0:
        assert dialog.scroll.viewport().height() >= page.minimumSizeHint().height()
