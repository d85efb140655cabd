"""The games record's index is a cache of its files, never their authority: a row written by hand
(or by another program) is not believed. A crafted row once showed a false winner as checked and
counted it in the win rates, called `notes.txt` a game so that the next prune deleted it, and a
year-9999 date raised on every paint of its cell. Through Past games on the start screen, as a
player meets them, and through `record_game`, which prunes when a game ends."""

from __future__ import annotations

import os

import msgpack
import pytest

from engine.core import Rng, Session
from engine.core.contract import SeatInfo

SEATS = [SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cy", "ai", "normal")]


def played(seed: int, game: str = "first-ceo") -> Session:
    s = Session.new(game, SEATS, seed=seed)
    rng = Rng(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()), by_ai=s.seats[s.to_move()].is_ai)
    return s


def _rows(folder):
    """The index beside `folder`: its header and what follows it (each game's row, a list, and
    the bytes the app signs it with)."""
    from saves.record_index import index_path

    with open(index_path(folder), "rb") as f:
        header, *rows = list(msgpack.Unpacker(f, raw=False))
    return header, rows


def _write_rows(folder, header, rows) -> None:
    """The index rewritten by hand: by a program that knows its format, not its secret."""
    from saves.record_index import index_path

    header["rows"] = sum(1 for r in rows if isinstance(r, list))
    index_path(folder).write_bytes(b"".join(msgpack.packb(x, use_bin_type=True) for x in [header, *rows]))


NAME, SIZE, MTIME, WINNERS, CHECKED = 0, 1, 2, 7, 10
"""Where a game's row holds its file's name, size and time, its winners and whether it is checked."""


def _panel(shell, qtbot):
    shell._install_past_games()
    panel = shell.start.past_games
    shell.show_start()
    qtbot.waitExposed(shell.start)
    panel.refresh()
    return panel


def test_a_crafted_row_is_not_believed_its_file_is(shell, qtbot, data_dir):
    from saves.record import read_record, record_dir, record_game
    from ui.review.past_games import WINNER

    session = played(3)
    record_game(session)
    real = session.state.outcome().winners
    folder = record_dir()
    header, rows = _rows(folder)
    row, = (r for r in rows if isinstance(r, list))
    assert row[CHECKED] is True
    false = [w for w in range(3) if w not in real][:1]
    row[WINNERS] = false  # "checked": the player beat both AIs, or lost to them
    _write_rows(folder, header, rows)
    claimed = read_record(folder).entries[0]
    assert not (claimed.checked and claimed.winners == false)  # never taken for a checked result
    panel = _panel(shell, qtbot)
    assert panel.wait(checked=True)
    entry = panel.model.entries[0]
    assert entry.checked and entry.winners == real  # the file was replayed
    names = [SEATS[w].name for w in real]
    assert panel.model.text(0, WINNER, short=False).startswith(names[0]) and "?" not in panel.model.text(0, WINNER)
    won = 0 in real
    # the win rates follow checked results at most once a second (they count every game)
    qtbot.waitUntil(lambda: f"{int(won)} of 1" in panel.rates.text(), timeout=5000)
    assert "not checked yet" not in panel.rates.text()


def test_prune_deletes_only_the_records_own_games_whatever_the_index_says(data_dir, monkeypatch):
    from saves import envelope
    from saves.record import record_dir, record_game

    with monkeypatch.context() as m:
        m.setattr(envelope, "_now_iso", lambda: "2020-01-01T00:00:00Z")  # played long ago
        old = record_game(played(3))
    folder = record_dir()
    notes = folder / "notes.txt"
    notes.write_text("my notes on the games I played")
    header, rows = _rows(folder)
    fake = list(rows[0])
    info = os.stat(notes)
    fake[NAME], fake[SIZE], fake[MTIME] = "notes.txt", info.st_size, info.st_mtime_ns
    fake[5] = "2000-01-01T00:00:00Z"  # the oldest game of all: the first to go
    _write_rows(folder, header, [*rows, fake, *rows[1:]])  # (with the genuine row's signature, if any)
    newest = record_game(played(4), limit=1)
    assert notes.read_text() == "my notes on the games I played"
    assert newest.exists() and not old.exists()  # the record's own older game is pruned


def test_prune_never_deletes_a_save_that_is_not_the_records_own(data_dir):
    from saves import write_session
    from saves.record import record_dir, record_game

    folder = record_dir()
    folder.mkdir(parents=True)
    mine = write_session(played(5), folder / "first-ceo-0123456789abcdef.tycoons")  # named as the record names
    os.utime(mine, (1, 1))
    record_game(played(3), limit=1)
    record_game(played(4), limit=1)
    assert mine.exists()


@pytest.mark.parametrize("created", ["9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+12:00"])
def test_a_date_at_the_calendars_end_is_shown_not_raised(shell, qtbot, data_dir, created):
    from saves.envelope import build_payload, encode_container
    from saves.record import record_dir
    from ui.review.past_games import DATE

    folder = record_dir()
    folder.mkdir(parents=True)
    (folder / "first-ceo-shared.tycoons").write_bytes(encode_container(build_payload(played(3), created)))
    panel = _panel(shell, qtbot)
    assert panel.wait(checked=True)
    assert panel.model.rowCount() == 1
    panel.table.viewport().grab()  # every cell painted
    assert panel.model.data(panel.model.index(0, DATE)) == created[:10] + " " + created[11:16]
