"""The game window's chrome: board zoom/pan/fit, AI speed, help windows, menus and shortcuts."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from engine.core.contract import SeatInfo


def _window(shell, qtbot):
    window = shell.start_game("first-ceo", [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"),
                                            SeatInfo("Bob", "ai", "easy")], {}, 7)
    qtbot.waitExposed(window)
    qtbot.waitUntil(window.controller.human_to_move, timeout=5000)
    return window


def _wheel(view, delta: int, modifiers) -> None:
    centre = QPointF(view.viewport().rect().center())
    event = QWheelEvent(centre, view.viewport().mapToGlobal(centre), QPoint(0, 0), QPoint(0, delta),
                        Qt.MouseButton.NoButton, modifiers, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


def test_board_fits_on_open_and_zooms_with_ctrl_wheel_and_keys(shell, qtbot):
    window = _window(shell, qtbot)
    view = window.view
    rect = view.mapFromScene(view.scene().itemsBoundingRect()).boundingRect()
    viewport = view.viewport().rect()
    # fitted: the whole board is visible and fills the view in one direction (leaving the room
    # at the top kept for a prompt bar that grows by a row)
    assert viewport.adjusted(-2, -2, 2, 2).contains(rect)
    assert rect.width() > 0.9 * viewport.width() or rect.height() > 0.9 * (viewport.height() - view.top_reserve)
    fitted = view.transform().m11()
    _wheel(view, 120, Qt.KeyboardModifier.ControlModifier)
    assert view.transform().m11() > fitted * 1.1
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    assert view.transform().m11() < fitted
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.transform().m11() > fitted and not view.auto_fit
    qtbot.keyClick(view, Qt.Key.Key_F)
    assert abs(view.transform().m11() - fitted) < 1e-6 and view.auto_fit
    _wheel(view, 120, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert abs(view.transform().m11() - fitted) < 1e-6
    # a wheel without Ctrl scrolls, it does not zoom
    _wheel(view, 120, Qt.KeyboardModifier.NoModifier)
    assert abs(view.transform().m11() - fitted) < 1e-6


def test_drag_on_empty_board_pans(shell, qtbot):
    window = _window(shell, qtbot)
    view = window.view
    for _ in range(4):
        view.zoom(1.3)
    bar = view.horizontalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum() // 2)
    before = bar.value()
    # the board's empty table margin: find a viewport point with no clickable item under it
    vp = view.viewport()
    start = next(QPoint(x, y) for x in range(5, vp.width(), 25) for y in range(5, vp.height(), 25)
                 if not any(getattr(i, "action", None) is not None for i in view.items(QPoint(x, y))))
    end = start + QPoint(-120, 0) if start.x() > 200 else start + QPoint(120, 0)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    steps = 6
    for k in range(1, steps + 1):
        p = start + (end - start) * k / steps
        from PySide6.QtGui import QMouseEvent
        ev = QMouseEvent(QMouseEvent.Type.MouseMove, QPointF(p), QPointF(vp.mapToGlobal(p)),
                         Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(vp, ev)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)
    assert bar.value() != before


def test_ai_speed_menu_sets_the_delay_and_scene_speed(shell, qtbot, settings):
    window = _window(shell, qtbot)
    window.speed_actions["slow"].trigger()
    assert settings.get("ai_speed") == "slow" and settings.ai_delay_ms > 1000
    assert window.view.scene().animation_speed == settings.animation_factor
    window.speed_actions["instant"].trigger()
    assert settings.ai_delay_ms == 0 and window.view.scene().animation_speed == 0


def test_rules_and_shortcuts_windows(shell, qtbot):
    window = _window(shell, qtbot)
    window.act_rules.trigger()
    rules = window._help_windows[-1]
    qtbot.waitExposed(rules)
    text = rules.browser.toPlainText()
    assert "1st CEO" in rules.windowTitle() and "dividends" in text.lower() and len(text) > 500
    window.show_shortcuts()
    keys = window._help_windows[-1].browser.toPlainText()
    assert "Ctrl+Z" in keys and "Ctrl+Shift+S" in keys


def test_menu_shortcuts(shell, qtbot):
    window = _window(shell, qtbot)
    shortcuts = {a.text().replace("&", ""): a.shortcut().toString() for a in window.findChildren(type(window.act_new))}
    assert shortcuts["New…"] == "Ctrl+N"
    assert shortcuts["Save"] == "Ctrl+S"
    assert shortcuts["Save As…"] == "Ctrl+Shift+S"
    assert shortcuts["Load…"] == "Ctrl+O"
    assert shortcuts["Quit"] == "Ctrl+Q"
    assert shortcuts["Rules of this game"] == "F1"
    assert window.act_undo.shortcut().toString() == "Ctrl+Z"
    assert window.act_redo.shortcut().toString() == "Ctrl+Shift+Z"


def test_start_screen_rules_opens_a_game_rules_window(shell, qtbot, monkeypatch):
    from engine.core.registry import all_specs
    from ui.dialogs import help_window

    picker = help_window.GamePicker(all_specs())
    qtbot.addWidget(picker)
    assert picker.list.count() == len(all_specs()) and picker.chosen().id == all_specs()[0].id
    monkeypatch.setattr(help_window, "pick_game", lambda specs, parent=None: list(specs)[0])
    shell.show_start()
    qtbot.mouseClick(shell.start.rules_button, Qt.MouseButton.LeftButton)
    w = shell._windows[-1]
    assert all_specs()[0].title in w.windowTitle() and w.isVisible()
    w.close()


def test_number_keys_take_the_prompt_choices(shell, qtbot, settings):
    settings.set("ai_speed", "slow")
    window = _window(shell, qtbot)
    c = window.controller
    before = len(c.session.log)
    expected = c.legal[1]
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_2)
    qtbot.waitUntil(lambda: len(c.session.log) > before, timeout=2000)
    assert c.session.log[before].action == expected
