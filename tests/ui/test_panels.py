"""Panels on their own: prompt buttons, log colours, players panel rows, curtain."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from engine.core.contract import Action, Event, SeatInfo
from engine.core.session import LogEntry
from ui.panels import BRICK_RED, MONEY_GREEN
from ui.panels.log_dock import LogDock, kind_colour
from ui.panels.prompt_bar import PromptBar


def test_prompt_bar_buttons_follow_the_choices(qtbot):
    bar = PromptBar()
    qtbot.addWidget(bar)
    bar.resize(600, 120)
    bar.show()
    chosen = []
    bar.chosen.connect(chosen.append)
    actions = [Action("acquire", 0, (i,)) for i in range(5)]
    bar.set_prompt("Ann: choose", actions, [f"Acquire {i}" for i in range(5)])
    assert [b.text() for b in bar.buttons] == [f"Acquire {i}" for i in range(5)]
    qtbot.mouseClick(bar.buttons[3], Qt.MouseButton.LeftButton)
    assert chosen == [actions[3]]
    bar.set_prompt("Bob: choose", actions[:2], ["One", "Two"])
    visible = [b for b in bar.findChildren(type(bar.buttons[0])) if b.isVisible()]
    assert [b.text() for b in visible] == ["One", "Two"]  # old buttons never show through
    qtbot.mouseClick(bar.buttons[1], Qt.MouseButton.LeftButton)
    assert chosen[-1] == actions[1]
    bar.set_prompt("Wait", [], [])
    assert bar.buttons == [] and bar.label.text() == "Wait"


def test_an_ampersand_in_a_choice_is_shown_not_taken_for_a_shortcut(qtbot):
    bar = PromptBar()
    qtbot.addWidget(bar)
    bar.resize(300, 120)
    bar.show()
    label = "Send a Partner to Advertising & Start Player"
    bar.set_prompt("Ann: choose", [Action("place", 0, (i,)) for i in range(9)], [label] * 9)
    qtbot.wait(1)
    button = bar.buttons[0]
    assert QKeySequence.mnemonic(button.text()).isEmpty()  # no underlined S, no Alt+S
    assert button.text().replace("&&", "&") == label and button.toolTip() == label
    more = bar.more.menu().actions()
    assert more and all(QKeySequence.mnemonic(a.text()).isEmpty() for a in more)


class _FakeSession:
    def __init__(self):
        self.names = ["Ann", "Bob"]
        self.log = []


def test_log_dock_colours_gains_and_losses_and_hides_secrets(qtbot):
    assert kind_colour("gain") == MONEY_GREEN and kind_colour("loss") == BRICK_RED
    assert kind_colour("info") is None
    dock = LogDock()
    qtbot.addWidget(dock)
    s = _FakeSession()
    s.log.append(LogEntry(Action("x", 0), [Event("{p0} earns $5.", "gain"), Event("{p1} pays $3.", "loss")]))
    s.log.append(LogEntry(Action("y", 1), [Event("{p1} draws a +4 card.", "secret", 1, "{p1} draws a card.")]))
    dock.sync(s, 0)
    assert dock.lines() == ["Ann earns $5.", "Bob pays $3.", "Bob draws a card."]
    html = dock.text.document().toHtml()
    assert MONEY_GREEN.lower() in html.lower() and BRICK_RED.lower() in html.lower()
    dock.sync(s, 1)  # another viewer reads the secret
    assert dock.lines()[-1] == "Bob draws a +4 card."
    s.log.pop()  # undo
    dock.sync(s, 1)
    assert dock.lines() == ["Ann earns $5.", "Bob pays $3."]


def test_log_dock_shows_a_new_game_from_its_start_even_where_the_old_one_lived(qtbot):
    """The dock knew its game by id(); a finished game, now freed, can leave its id to the next
    one, whose log then continued the old game's lines."""
    dock = LogDock()
    qtbot.addWidget(dock)
    for game in range(20):  # CPython gives a freed game's id to the next one at once
        s = _FakeSession()
        s.log.append(LogEntry(Action("x", 0), [Event(f"{{p0}} starts game {game}.", "info")]))
        if game % 2 == 0:  # a longer game before the next
            s.log.append(LogEntry(Action("y", 1), [Event("{p1} passes.", "info")]))
        dock.sync(s, 0)
        assert dock.lines()[0] == f"Ann starts game {game}."
        assert len(dock.lines()) == (2 if game % 2 == 0 else 1)
        del s


def test_players_panel_rows_and_turn_marker(qtbot):
    from ui.panels.players_panel import PlayersPanel

    class S:
        names = ["Ann", "Bob", "Cyd"]
        seats = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cyd", "ai", "normal")]

        def to_move(self):
            return 1

    panel = PlayersPanel()
    qtbot.addWidget(panel)
    panel.update_from(S(), {}, lambda view, seat: [("Money", f"${seat * 10}")], 0, None)
    assert [c.name.text() for c in panel.cards] == ["Ann", "Bob", "Cyd"]
    assert [c.kind.text() for c in panel.cards] == ["Human", "AI · easy", "AI · normal"]
    assert panel.cards[1].turn.text() == "▶ to move" and panel.cards[0].turn.text() == ""
    assert [c.badge.mark for c in panel.cards] == ["A", "B", "C"]
    assert panel.cards[2].values() == ["$20"]
    panel.update_from(S(), {}, lambda view, seat: [("Money", "$1")], 0, 1)
    assert panel.cards[1].turn.text() == "thinking…"


def test_curtain_covers_the_window_and_lifts_on_click_or_space(qtbot, monkeypatch):
    from PySide6.QtWidgets import QMainWindow

    from ui.game.curtain import Curtain

    now = [100.0]
    monkeypatch.setattr(Curtain, "clock", staticmethod(lambda: now[0]))
    win = QMainWindow()
    qtbot.addWidget(win)
    win.resize(800, 600)
    win.show()
    curtain = Curtain(win)
    lifted = []
    curtain.lifted.connect(lambda: lifted.append(True))
    curtain.drop("Ann", "#56B4E9", "A")
    assert curtain.isVisible() and curtain.geometry() == win.rect()
    win.resize(900, 700)
    assert curtain.geometry() == win.rect()
    now[0] += Curtain.ARM_S
    qtbot.keyClick(curtain, Qt.Key.Key_Space)
    assert not curtain.isVisible() and lifted == [True]
    curtain.drop("Bob")
    now[0] += Curtain.ARM_S
    qtbot.mouseClick(curtain, Qt.MouseButton.LeftButton)
    assert not curtain.isVisible() and len(lifted) == 2


def test_the_curtain_lifts_only_on_a_fresh_click_or_space_once_it_has_been_shown(qtbot, monkeypatch):
    """The previous player's input never lifts it: Enter (the key that confirms a turn), a click or
    Space in the first moment (a double click, a queued key), a held key's repeats, the release of
    a press made before it fell."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication, QMainWindow

    from ui.game.curtain import Curtain

    now = [100.0]
    monkeypatch.setattr(Curtain, "clock", staticmethod(lambda: now[0]))
    win = QMainWindow()
    qtbot.addWidget(win)
    win.resize(800, 600)
    win.show()
    curtain = Curtain(win)
    curtain.drop("Ann")
    centre = curtain.rect().center()
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
        qtbot.keyClick(curtain, key)
    qtbot.mouseClick(curtain, Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseDClick(curtain, Qt.MouseButton.LeftButton, pos=centre)
    assert curtain.isVisible() and not curtain.armed(), "input of the first moment lifted the curtain"
    qtbot.mousePress(curtain, Qt.MouseButton.LeftButton, pos=centre)  # pressed before it armed ...
    qtbot.keyPress(curtain, Qt.Key.Key_Space)
    now[0] += Curtain.ARM_S
    assert curtain.armed()
    qtbot.mouseRelease(curtain, Qt.MouseButton.LeftButton, pos=centre)  # ... released after: no
    qtbot.keyRelease(curtain, Qt.Key.Key_Space)
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):  # Enter never, however long it waits
        qtbot.keyClick(curtain, key)
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):  # a held Space repeats
        QApplication.sendEvent(curtain, QKeyEvent(kind, Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier, " ", True))
    qtbot.mouseClick(curtain, Qt.MouseButton.RightButton, pos=centre)
    assert curtain.isVisible(), "input that was not a fresh press lifted the curtain"
    qtbot.mouseClick(curtain, Qt.MouseButton.LeftButton, pos=centre)
    assert not curtain.isVisible()


def test_the_curtain_stays_above_the_docks_when_they_are_laid_out_again(qtbot):
    """Moving the docks (the window crossing the size where the log joins the players as a tab)
    puts them back into the window above its other children; the curtain goes back on top."""
    from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QWidget

    from ui.game.curtain import Curtain

    win = QMainWindow()
    qtbot.addWidget(win)
    win.setCentralWidget(QLabel("board"))
    players, log = QDockWidget("Players", win), QDockWidget("Log", win)
    for dock in (players, log):
        dock.setWidget(QLabel(dock.windowTitle()))
    win.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, players)
    win.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, log)
    win.resize(800, 600)
    win.show()
    curtain = Curtain(win)
    curtain.drop("Ann")

    def on_top() -> bool:
        shown = [w for w in win.children() if isinstance(w, QWidget) and w.isVisible() and not w.isWindow()]
        return shown[-1] is curtain and curtain.geometry() == win.rect()

    assert on_top()
    win.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, log)
    win.tabifyDockWidget(players, log)
    QApplication.processEvents()
    assert on_top()
    win.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, log)
    win.resize(1000, 700)
    QApplication.processEvents()
    assert on_top()


def test_players_panel_changes_text_in_place(qtbot, qapp):
    """New values repaint the rows without laying the panel out again, unless they need more
    lines; the rows never shrink while they stay the same (the cards below do not jump)."""
    from PySide6.QtCore import QEvent, QObject

    from ui.panels.players_panel import PlayersPanel

    class S:
        names = ["Ann", "Bob"]
        seats = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy")]

        def __init__(self, mover):
            self.mover = mover

        def to_move(self):
            return self.mover

    class Layouts(QObject):
        count = 0

        def eventFilter(self, obj, event):  # noqa: N802
            if event.type() == QEvent.Type.LayoutRequest:
                self.count += 1
            return False

    panel = PlayersPanel()
    qtbot.addWidget(panel)
    panel.resize(300, 500)
    panel.show()
    qtbot.waitExposed(panel)

    def rows(money, pile):
        return lambda view, seat: [("Money", money), ("Legacy pile", pile)]

    panel.update_from(S(0), {}, rows("$10M", "University"), 0, None)
    for _ in range(3):  # the first layout, done (it posts more layout requests while it runs)
        qapp.processEvents()
    card = panel.cards[1]
    widgets = card.findChildren(QObject)
    layouts = Layouts()
    qapp.installEventFilter(layouts)
    try:
        panel.update_from(S(1), {}, rows("$12M", "Museum"), 0, None)
        qapp.processEvents()
        assert card.values() == ["$12M", "Museum"] and card.turn.text() == "▶ to move"
        assert layouts.count == 0  # text changed in place
        short = card.rows.height()
        panel.update_from(S(1), {}, rows("$12M", ", ".join(["University, Museum, Schools"] * 6)), 0, None)
        qtbot.waitUntil(lambda: card.rows.height() > short, timeout=2000)  # more lines: the card grows
        tall = card.rows.height()
        panel.update_from(S(0), {}, rows("$9M", "Schools"), 0, None)
        for _ in range(3):
            qapp.processEvents()
        assert card.rows.height() == tall and card.values() == ["$9M", "Schools"]
    finally:
        qapp.removeEventFilter(layouts)
    assert card.findChildren(QObject) == widgets


def test_summary_rows_measure_again_in_another_font(qtbot):
    """A value's wrapped height is remembered (values come back step after step), but not across
    a change of font: a larger font makes a wrapped value taller."""
    from ui.panels.players_panel import SummaryRows

    rows = SummaryRows()
    qtbot.addWidget(rows)
    long = ", ".join(["University, Museum, Schools"] * 4)
    rows.set_rows([("Money", "$10M"), ("Legacy pile", long)])
    small = rows.heightForWidth(260)
    assert small == rows.heightForWidth(260)  # remembered
    rows.set_rows([("Money", "$11M"), ("Legacy pile", long)])
    assert rows.heightForWidth(260) == small  # the same value, the same height
    font = rows.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    rows.setFont(font)
    assert rows.heightForWidth(260) > small
