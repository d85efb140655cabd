"""The protocol's parts without a server: decisions parse exactly or are refused with a reason,
the view stream rebuilds every payload and log (also across an undo) and notices a missed frame,
the host never puts a seat's view into the game room, and the sign-in file is its owner's alone."""

from __future__ import annotations

import json
import os
import stat

import pytest

from engine.core.contract import Action, SeatInfo
from engine.core.rng import Rng
from engine.core.session import Session
from ui.online import protocol as p
from ui.online.credentials import Credentials, credentials_path, load_credentials, save_credentials
from ui.online.host import HostCore
from ui.online.records import HostedGame


def test_a_decision_parses_exactly():
    content = p.decision_content("abc123", 4, "0" * 32, Action("acquire", 1, (3, ("a", 2))))
    decision = p.parse_decision(json.loads(json.dumps(content)))
    assert decision.action == Action("acquire", 1, (3, ("a", 2))) and decision.seq == 4


@pytest.mark.parametrize("change,words", [
    ({"seq": True}, "sequence number"),
    ({"seq": 1.0}, "sequence number"),
    ({"hash": "XYZ"}, "state hash"),
    ({"game": "../x"}, "names no game"),
    ({"action": {"kind": "a", "seat": 0, "args": [[[[1]]]]}}, "nested too deep"),
    ({"action": {"kind": "a", "seat": 0, "args": list(range(40))}}, "too many"),
    ({"action": {"kind": "a", "seat": 0, "args": [None]}}, "not numbers or words"),
    ({"action": {"kind": "a", "seat": "0"}}, "no valid seat"),
    ({"action": {"kind": "a", "seat": 0, "sneaky": 1}}, "no valid action"),
    ({"extra": 1}, "unknown fields"),
    ({"txn": "t" * 5000}, "too large"),
])
def test_a_bad_decision_is_refused_with_the_reason(change, words):
    content = dict(p.decision_content("abc123", 4, "0" * 32, Action("pass", 0, ())), **change)
    with pytest.raises(ValueError, match=words):
        p.parse_decision(content)


def test_the_view_stream_rebuilds_payloads_and_logs_through_an_undo():
    writer, reader = p.ViewWriter("g1"), p.ViewReader("g1")
    log = []
    for seq in range(1, 60):
        if seq % 7 == 0:
            log = log[:-2]  # an undo takes entries back
        log = log + [[["info", f"line {seq}"]]]
        payload = {"to_move": seq % 3, "decisions": len(log), "view": {"n": seq, "cards": list(range(seq % 5))}}
        frame = writer.frame(seq, payload, log, changed_from=max(0, len(log) - 3))
        assert reader.feed(json.loads(json.dumps(frame)))
        assert reader.payload == payload and reader.log == log and reader.seq == seq


def test_a_missed_frame_is_noticed_and_a_key_frame_recovers():
    writer, reader = p.ViewWriter("g1"), p.ViewReader("g1")
    frames = [writer.frame(s, {"view": {"s": s}}, [[["i", str(s)]]]) for s in range(1, 30)]
    assert reader.feed(frames[0])
    assert not reader.feed(frames[2])  # frame 2 was missed: 3 cannot be placed
    key = next(f for f in frames[3:] if f.get("key"))
    assert reader.feed(key) and reader.payload["view"]["s"] == key["seq"]


def test_a_forged_frame_cannot_exhaust_memory():
    import base64
    import zlib

    bomb = base64.b64encode(zlib.compress(b"[" * (p.MAX_PAYLOAD_BYTES * 2))).decode()
    with pytest.raises(ValueError):
        p.ViewReader("g1").feed({"game": "g1", "seq": 1, "key": True, "blob": bomb, "v": p.PROTOCOL})


def test_the_game_room_gets_the_spectator_view_only():
    seats = [SeatInfo("Ann", "online", user="@ann:x"), SeatInfo("Bob", "online", user="@bob:x"), SeatInfo("Cy")]
    session = Session.new("first-ceo", seats, seed=4)
    record = HostedGame("g1", "first-ceo", "@host:x", "!game", {0: "!ann", 1: "!bob"})
    core = HostCore(session, record)
    readers = {room: p.ViewReader("g1") for room in core.rooms()}
    rng = Rng(3)
    for i in range(60):
        for out in core.publish(now=i * 10.0):
            if out.type == p.VIEW:
                assert readers[out.room].feed(out.content)
        game = readers["!game"].payload
        assert game["view"] == session.state.view(None) and "legal" not in game
        for seat, room in record.seat_rooms.items():
            assert readers[room].payload["view"] == session.state.view(seat)
        if session.is_over():
            break
        session.apply(rng.choice(session.legal_actions()))


def test_the_sign_in_is_kept_for_its_owner_only(tmp_path, monkeypatch):
    monkeypatch.setenv("TYCOONS_DATA_DIR", str(tmp_path))
    creds = Credentials("https://hs.example", "@ann:hs.example", "secret-token", "DEV")
    path = save_credentials(creds)
    assert path == credentials_path() and path.parent == tmp_path
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_credentials() == creds
    if os.name == "posix":
        os.chmod(path, 0o644)  # readable by others: not used, the player signs in again
        assert load_credentials() is None
    # never in the settings nor in a save of an online game
    from saves.store import write_session
    from ui.services.settings import Settings

    Settings(tmp_path / "settings.json").set("player_name", "Ann")
    session = Session.new("first-ceo", [SeatInfo("Ann", "online", user="@ann:hs.example"), "Bob", "Cy"], seed=1)
    saved = write_session(session, tmp_path / "game.tycoons")
    for written in (tmp_path / "settings.json", saved):
        assert b"secret-token" not in written.read_bytes()


def test_the_game_room_follows_at_most_every_interval_and_slow_turns_get_a_notice():
    from ui.online.host import GAME_ROOM_EVERY_S, NOTICE_AFTER_S

    seats = [SeatInfo("Ann", "online", user="@ann:x"), SeatInfo("Bob", "online", user="@bob:x"),
             SeatInfo("Cy", "online", user="@cy:x")]
    session = Session.new("first-ceo", seats, seed=4)
    core = HostCore(session, HostedGame("g1", "first-ceo", "@host:x", "!game", {0: "!a", 1: "!b", 2: "!c"}))
    rooms = lambda outs, kind=p.VIEW: [o.room for o in outs if o.type == kind]  # noqa: E731
    first = core.publish(key=True, now=0.0)
    assert sorted(rooms(first)) == ["!a", "!b", "!c", "!game"]
    session.apply(session.legal_actions()[0])
    quick = core.publish(now=0.1)
    assert sorted(rooms(quick)) == ["!a", "!b", "!c"]  # every player at once; the game room later
    assert rooms(core.flush(now=0.2)) == []
    assert rooms(core.flush(now=GAME_ROOM_EVERY_S + 0.1)) == ["!game"]
    mover = session.to_move()
    assert not [o for o in core.flush(now=NOTICE_AFTER_S - 1) if o.type == "m.room.message"]
    notice = [o for o in core.flush(now=NOTICE_AFTER_S + 1) if o.type == "m.room.message"]
    assert len(notice) == 1 and notice[0].content["m.mentions"]["user_ids"] == [seats[mover].user]
    assert not core.flush(now=NOTICE_AFTER_S + 50)  # once a turn
    session.apply(session.legal_actions()[0])
    core.publish(now=100.0)  # the next player decides quickly: no notice for them
    session.apply(session.legal_actions()[0])
    core.publish(now=101.0)
    assert not [o for o in core.flush(now=100.0 + NOTICE_AFTER_S + 0.5) if o.type == "m.room.message"]


def test_a_hosts_game_description_keeps_to_the_name_rules():
    """Names enter from another app too: a description with a name beyond the limit, a
    blank or multi-line one, or too many seats is refused like a save holding them."""
    from engine.core.names import NAME_LIMIT
    from ui.online.client import GameInfo

    def content(seats):
        return {"game": "g1", "kind": "first-ceo", "host": "@host:hs", "title": "1st CEO", "game_room": "!r:hs",
                "seats": seats, "seat_rooms": {"0": "!s0:hs"}, "options": {}}

    good = [{"name": "W" * NAME_LIMIT, "kind": "online", "user": "@ann:hs"}, {"name": "Bob", "kind": "ai",
                                                                              "level": "easy"}]
    info = GameInfo.from_content(content(good), "@host:hs")
    assert info.names == ["W" * NAME_LIMIT, "Bob"] and info.seat_of("@ann:hs") == 0
    for seats in ([{"name": "W" * (NAME_LIMIT + 1)}], [{"name": "x" * 10_000}], [{"name": "  "}],
                  [{"name": "Ann\nBob"}], [{"name": f"P{i}"} for i in range(9)], [],
                  [{"name": "Ann", "kind": "robot"}], [{"name": "Ann", "kind": "ai", "level": ["x"] * 100}]):
        with pytest.raises(ValueError):
            GameInfo.from_content(content(seats), "@host:hs")
