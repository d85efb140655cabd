"""The online records on this computer are files anyone can edit or damage: a hosted game's record
with a sequence number of Infinity, 1e400 or NaN, a field of the wrong type, a game id that climbs
out of its folder, and joined.json holding something else than rooms. Each is refused with its
reason (or its bad part ignored); `tycoons host list` and the Online games list carry on with the
good records; and no file is ever written outside ``online/hosted/``."""

from __future__ import annotations

import json
import types

import pytest
from PySide6.QtCore import Qt

from ui.online.records import HostedGame, hosted_dir, hosted_games, joined_rooms, load_hosted, remember_joined
from ui.services.plain_text import tip_text

ME = "@me:example.org"
GOOD = {"game": "abc123", "kind": "first-ceo", "host": ME, "game_room": "!g:example.org",
        "seat_rooms": {"1": "!s:example.org"}, "seq": 7, "txns": ["t1"], "judged": ["$e1"], "title": "1st CEO"}


def _record(game: str = "abc123", **changes) -> dict:
    return dict(GOOD, game=game, **changes)


def _plant(name: str, text: str) -> None:
    hosted_dir().mkdir(parents=True, exist_ok=True)
    (hosted_dir() / name).write_text(text)


BAD_RECORDS = {
    # file name: (its text, words of the reason)
    "inf.json": (json.dumps(_record("inf")).replace('"seq": 7', '"seq": Infinity'), "not JSON"),
    "big.json": (json.dumps(_record("big")).replace('"seq": 7', '"seq": 1e400'), "sequence number"),
    "nan.json": (json.dumps(_record("nan")).replace('"seq": 7', '"seq": NaN'), "not JSON"),
    "huge.json": (json.dumps(_record("huge", seq=10**30)), "sequence number"),
    "neg.json": (json.dumps(_record("neg", seq=-1)), "sequence number"),
    "text.json": (json.dumps(_record("text", seq="7")), "sequence number"),
    "truth.json": (json.dumps(_record("truth", seq=True)), "sequence number"),
    "climb.json": (json.dumps(_record("../../x")), "game id"),
    "slash.json": (json.dumps(_record("a/b")), "game id"),
    "other.json": (json.dumps(_record("abc123")), "another game"),
    "list.json": ("[1, 2, 3]", "not a record"),
    "rooms.json": (json.dumps(_record("rooms", seat_rooms={"x": 5})), "seat rooms"),
    "seats.json": (json.dumps(_record("seats", seat_rooms=["!a"])), "seat rooms"),
    "txns.json": (json.dumps(_record("txns", txns=[{"a": 1}])), "txns"),
    "judged.json": (json.dumps(_record("judged", judged="x")), "judged"),
    "title.json": (json.dumps(_record("title", title=5)), "title"),
    "host.json": (json.dumps(_record("host", host=None)), "host"),
    "kind.json": (json.dumps({k: v for k, v in _record("kind").items() if k != "kind"}), "kind"),
    "broken.json": ('{"game": "broken", ', "not JSON"),
}


@pytest.fixture
def data(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("TYCOONS_DATA_DIR", str(folder))
    return folder


def test_bad_records_are_refused_with_their_reason_and_the_good_one_is_kept(data):
    _plant("abc123.json", json.dumps(_record()))
    _plant("sync.json", json.dumps({"user": ME, "since": "s1"}))  # the host's place in the stream
    for name, (text, _) in BAD_RECORDS.items():
        _plant(name, text)
    problems: list[str] = []
    games = hosted_games(problems)
    assert [g.game for g in games] == ["abc123"] and games[0].seq == 7
    said = {line.split(":", 1)[0]: line for line in problems}
    assert set(said) == set(BAD_RECORDS)
    for name, (_, words) in BAD_RECORDS.items():
        assert words in said[name], said[name]
        assert "\n" not in said[name]
    assert load_hosted("abc123").seq == 7
    assert load_hosted("inf") is None and load_hosted("../../x") is None and load_hosted("other") is None


def test_a_game_id_never_makes_a_path_outside_the_hosted_folder(data):
    bad = HostedGame("../../x", "first-ceo", ME)
    with pytest.raises(ValueError, match="not a game id"):
        bad.save()
    with pytest.raises(ValueError, match="not a game id"):
        bad.save_path  # noqa: B018 - the property is what is checked
    assert not (data / "x.json").exists() and not (data.parent / "x.json").exists()
    good = HostedGame("abc123", "first-ceo", ME)
    good.save()
    assert good.path.parent == hosted_dir() and good.save_path.parent == hosted_dir()


@pytest.mark.parametrize("text", ['{"@me:example.org": 5}', '{"@me:example.org": "!room:x"}',
                                  '{"@me:example.org": [5, null, "!ok:x", {"a": 1}]}', "[1]", "7", "NaN",
                                  '{"@me:example.org": {"!a": 1}}'])
def test_joined_rooms_of_the_wrong_shape_are_ignored(data, text):
    (data / "online").mkdir(parents=True)
    (data / "online" / "joined.json").write_text(text)
    rooms = joined_rooms(ME)
    assert all(type(r) is str for r in rooms)
    remember_joined(ME, "!new:x")
    assert joined_rooms(ME)[-1] == "!new:x"
    assert joined_rooms("@other:x") == []


def test_the_sync_place_of_the_wrong_type_is_dropped(data):
    pytest.importorskip("nio")
    from ui.online.service import HostService

    _plant("sync.json", json.dumps({"user": ME, "since": {"a": [1]}}))
    service = HostService(types.SimpleNamespace(user_id=ME))
    assert service.since is None
    _plant("sync.json", json.dumps({"user": ME, "since": "s72_1"}))
    assert HostService(types.SimpleNamespace(user_id=ME)).since == "s72_1"


def test_host_list_carries_on_past_bad_records(data, capsys):
    pytest.importorskip("nio")
    from ui.cli import main

    for name, (text, _) in BAD_RECORDS.items():
        _plant(name, text)
    assert main(["host", "list"]) == 0
    out, err = capsys.readouterr()
    assert "No games are hosted here." in out
    assert "Traceback" not in out + err
    assert len([line for line in err.splitlines() if line.startswith("skipped ")]) == len(BAD_RECORDS)


def test_the_online_games_list_shows_the_good_games_beside_bad_records(data, qtbot):
    pytest.importorskip("nio")
    from ui.dialogs.online import OnlineGamesPanel
    from ui.online.gui.game import OnlineManager

    _plant("abc123.json", json.dumps(_record()))
    for name, (text, _) in BAD_RECORDS.items():
        _plant(name, text)
    manager = types.SimpleNamespace(player=types.SimpleNamespace(invites={}, games={}), user_id=ME)
    entries = OnlineManager.entries(manager)
    assert [e["game"] for e in entries] == ["abc123"]
    panel = OnlineGamesPanel()
    qtbot.addWidget(panel)
    panel.set_account(ME)
    panel.set_entries(entries)
    assert panel.list.count() == 1 and "1st CEO" in panel.list.item(0).text()



def test_the_online_games_panel_says_which_records_it_skipped(shell, qtbot, data_dir):
    """The start screen's Online games panel shows the good games and says, in a note, which
    records it skipped and why (as Past games does for its files), the file names and reasons as
    plain text; nothing is said when every record reads."""
    pytest.importorskip("nio")
    from ui.online.credentials import Credentials, save_credentials

    _plant("abc123.json", json.dumps(_record()))
    for name, (text, _) in BAD_RECORDS.items():
        _plant(name, text)
    _plant("<b>bold.json", "<b>not a record</b>")  # a file name is data, shown as it is
    (data_dir / "online" / "joined.json").write_text(json.dumps({ME: [5, "!ok:x"], "@other:x": "!a"}))
    # signed in to a homeserver that does not answer: the panel reads the records on this computer
    save_credentials(Credentials("http://127.0.0.1:9", ME, "token", "DEV"))
    shell.online.install_panel(shell.start)
    try:
        panel = shell.online.panel
        assert panel.list.count() == 1 and "1st CEO" in panel.list.item(0).text()
        note = panel.skipped
        assert not note.isHidden()
        assert note.textFormat() == Qt.TextFormat.PlainText
        n = len(BAD_RECORDS) + 2  # the planted files and the joined game that is not a room
        assert note.text().startswith(f"{n} online records could not be read and were skipped: <b>bold.json: ")
        tip = tip_text(note.toolTip())
        for name in [*BAD_RECORDS, "<b>bold.json", "joined.json"]:
            assert f"\n{name}: " in f"\n{tip}", name
        assert "<b>" not in note.toolTip()  # shown as the characters it holds, never as bold
        for name in [*BAD_RECORDS, "<b>bold.json"]:
            (hosted_dir() / name).unlink()
        (data_dir / "online" / "joined.json").write_text(json.dumps({ME: ["!ok:x"]}))
        shell.online.stop()
        shell.online.manager = None
        shell.online.install_panel(shell.start)  # the next start, with every record readable
        assert shell.online.panel.skipped.isHidden()
    finally:
        shell.online.stop()
