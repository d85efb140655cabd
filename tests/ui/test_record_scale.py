"""A player with 10,000 finished games: the start screen paints and answers while the
record is read on another thread (the GUI thread never decodes a record file), Past games is a
model/view list whose rows are not widgets, a Review click on any row opens that game, and the
next start decodes nothing (the index). Behaviour, not timings: tests/bench/record_bench.py
measures the paint times."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from tests.saves.helpers import big_record

GAMES = 10_000


@pytest.fixture
def big(data_dir):
    from saves.record import record_dir

    return big_record(record_dir(), GAMES)


@pytest.fixture
def decoding(monkeypatch):
    """Which threads decode or replay record files: {"gui": n, "other": n}."""
    import saves.record as record
    import saves.record_entry as record_entry

    seen = {"gui": 0, "other": 0}

    def counted(real):
        def wrapper(*args, **kwargs):
            seen["gui" if threading.current_thread() is threading.main_thread() else "other"] += 1
            return real(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(record, "decode_save", counted(record.decode_save))
    monkeypatch.setattr(record_entry, "decode_save", counted(record_entry.decode_save))  # a file listed
    monkeypatch.setattr(record, "read_save", counted(record.read_save))
    return seen


def _start(shell, qtbot):
    shell.show_start()
    qtbot.waitExposed(shell.start)
    qtbot.waitUntil(lambda: shell.start.past_games is not None, timeout=10_000)
    return shell.start.past_games


def test_the_start_screen_with_10000_games_never_decodes_on_the_gui_thread(shell, qtbot, big, decoding, settings):
    settings.set("record_limit", GAMES)
    panel = _start(shell, qtbot)
    # painted, and answering, before the record is read: the list is filled from the worker
    assert shell.first_painted
    assert panel.wait(timeout=120)
    assert panel.model.rowCount() == GAMES
    assert decoding["gui"] == 0 and decoding["other"] >= GAMES
    assert panel.model.entries[0].path == big[0]  # newest first
    # a virtual list: no widget per row, only the rows on screen are drawn
    assert len(panel.table.findChildren(QWidget)) < 40
    assert panel.table.rowAt(panel.table.viewport().height() - 1) < 100
    # unchecked (the files were copied in, no index): marked so, and checked in the background
    assert panel.model.text(0, 3).endswith("?")
    qtbot.waitUntil(lambda: panel.model.entries[0].checked, timeout=60_000)
    assert not panel.model.text(0, 3).endswith("?")
    # Review on the very last row, by a click on its painted button
    asked = []
    panel.review_requested.disconnect()
    panel.review_requested.connect(asked.append)
    rect = panel.review_rect(GAMES - 1)
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert asked == [big[-1]]
    # and Enter on the selected row
    panel.table.setFocus()
    panel.table.setCurrentIndex(panel.model.index(5, 0))
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)
    assert asked[-1] == big[5]
    assert "MB on disk" in panel.cost.text()
    panel.stop()
    panel.reader.wait()
    assert decoding["gui"] == 0
    # the next start reads the index: nothing decoded anew
    decoding["other"] = 0
    panel.refresh()
    assert panel.wait(timeout=60)
    assert panel.model.rowCount() == GAMES and panel.record.decoded == 0
    panel.stop()
    panel.reader.wait()
    assert decoding["gui"] == 0
    assert decoding["other"] <= GAMES  # replays that check results only, never a file decoded again


def test_the_autosave_is_described_off_the_gui_thread_and_once(shell, qtbot, data_dir, monkeypatch):
    """Continue's line replays the autosave (a long game: seconds): on a thread of its own, and
    not again while the file is unchanged, so the start screen comes back at once."""
    import saves.store as store
    from saves import write_session
    from saves.autosaving import autosave_path
    from tests.saves.helpers import new_game, play

    write_session(play(new_game(seed=4), 15), autosave_path())
    threads = []
    real = store.describe_save
    monkeypatch.setattr(store, "describe_save", lambda *a, **k: (threads.append(threading.current_thread()),
                                                                  real(*a, **k))[1])
    shell.first_painted = True
    shell.show_start()
    qtbot.waitUntil(lambda: "decisions" in shell.start.continue_info.text(), timeout=10_000)
    assert threads and all(t is not threading.main_thread() for t in threads)
    shell.refresh_continue()
    shell.refresh_continue()
    assert len(threads) == 1 and "decisions" in shell.start.continue_info.text()
    write_session(play(new_game(seed=5), 9), autosave_path())  # another game autosaved: described anew
    shell.refresh_continue()
    qtbot.waitUntil(lambda: len(threads) == 2 and "9 decisions" in shell.start.continue_info.text(), timeout=10_000)
