"""Nobody gets in where they don't belong (ARCHITECTURE §12): forged, malformed, oversized, replayed and
out-of-turn messages, decisions from a user with no seat and for another seat, and views forged
by a player are refused with a reason (or not believed), and the game goes on to its end. The
game room is read back whole: no seat's view, legal actions or secret log line is in it."""

from __future__ import annotations

import asyncio

from engine.core.contract import SeatInfo
from engine.core.session import Session
from tests.online.play import (
    close_table,
    core_of,
    creds,
    join_all,
    online_seats,
    open_table,
    play_to_end,
    settle,
    wait_for_turn,
)
from ui.online import protocol as p
from ui.online.matrix import MatrixError, MatrixLink
from ui.online.service import PlayerService


def test_bad_messages_are_refused_and_the_game_goes_on(homeserver, online_data):
    async def main():
        table = await open_table(homeserver, 2, seed=3)
        outsider = PlayerService(MatrixLink(creds(homeserver, homeserver.register())))
        try:
            await check(table, outsider)
        finally:
            await close_table(table)
            await outsider.link.close()

    async def check(table, outsider):
        seats = online_seats(table, ["Ann", "Bob"]) + [SeatInfo("Robo", "ai", "easy")]
        run = await table.host.new_game("first-ceo", seats, {}, seed=5)
        await join_all(table)
        record = run.record
        # a user with no seat, let into the game room, sends a decision there
        await table.host.link.client.room_invite(record.game_room, outsider.link.user_id)
        await outsider.sync_once()
        await outsider.join(record.game_room)
        spectator = core_of(outsider)
        assert spectator.seat is None and spectator.ready
        assert "legal" not in spectator.reader.payload
        i, player, core = await wait_for_turn(table)
        other = table.players[1 - i]
        action = core.legal[0]
        good = p.decision_content(core.info.game, core.reader.seq, core.reader.hash, action)
        await outsider.link.send(record.game_room, p.DECISION, dict(good, txn="outsider"))
        await settle(table, outsider)
        assert spectator.refusals_seen and "holds no seat" in spectator.refusals_seen[-1]
        assert spectator.refusal is None  # it answers no decision of the spectator's app

        length = len(run.session.log)

        async def refused(content, room=None, who=player) -> str:
            c = core_of(who)
            heard, offered = len(c.refusals_seen), c.my_turn()
            await who.link.send(room or c.room, p.DECISION, content)
            await settle(table)
            assert len(run.session.log) == length, "a bad message changed the game"
            assert len(c.refusals_seen) > heard, f"no refusal for {content!r}"
            assert c.my_turn() == offered, "a refusal of a message the app did not send changed what it offers"
            return c.refusals_seen[-1]

        # the protocol's version is checked before anything else
        assert "protocol version 'one'" in await refused(dict(good, v="one"))
        assert "protocol version 2" in await refused(dict(good, v=2))
        assert "protocol version True" in await refused(dict(good, v=True))
        assert "protocol version none" in await refused({k: v for k, v in good.items() if k != "v"})
        assert "protocol version none" in await refused({"nonsense": True})
        assert "unknown fields (nonsense)" in await refused(dict(good, nonsense=True))
        assert "too large" in await refused(dict(good, txn="x" * 10, pad="y" * 5000))
        assert "unknown fields" in await refused(dict(good, extra=1))
        assert "sequence number" in await refused(dict(good, seq=-4))
        assert "state hash" in await refused(dict(good, hash="not-a-hash"))
        assert "not valid" in await refused(dict(good, action={"kind": "x", "seat": core.seat, "args": [True]}))
        assert "another game" in await refused(dict(good, game="feedfacecafebeef"))
        assert "your own seat" in await refused(dict(good, action=dict(good["action"], seat=core_of(other).seat)))
        assert "earlier position" in await refused(dict(good, seq=good["seq"] - 1))
        # the other player, whose turn it is not, sends a well-formed decision on the latest view
        oc = core_of(other)
        their = p.decision_content(oc.info.game, oc.reader.seq, oc.reader.hash, action._replace(seat=oc.seat))
        reason = await refused(their, who=other)
        assert "not that player's turn" in reason or "not one of the choices" in reason
        # a decision in the game room from a player with a seat
        assert "own seat's room" in await refused(dict(good, txn="in-the-game-room"), room=record.game_room)
        # a forged view in the game room: the server refuses it (only the host may send views),
        # and had it gone through, no app would believe it (it is not the host's)
        forged = {"game": record.game, "seq": 10**6, "hash": "0" * 32, "key": True, "blob": "eJzT0y"}
        try:
            await player.link.send(record.game_room, p.VIEW, forged)
        except MatrixError:
            pass
        assert core.feed({"type": p.VIEW, "sender": player.link.user_id, "content": forged}) is None
        # now the real decision is taken, and a replay of it is refused
        await player.link.send(core.room, p.DECISION, good)
        await settle(table)
        assert len(run.session.log) > length and run.session.log[length].action == action
        length = len(run.session.log)
        assert "already received" in await refused(good)
        await play_to_end(table, max_s=120)
        assert run.session.is_over()
        await check_game_room(table, run, outsider)

    asyncio.run(main())


async def check_game_room(table, run, reader_service):
    """Every VIEW frame in the game room is exactly the spectator's view at that point (no seat's
    view, no legal actions), its log lines are the spectator's, and no save or refusal of a
    seat's decision is there."""
    session = run.session
    history = await reader_service.link.history(run.record.game_room, None, lambda e: False, pages=200)
    events = list(reversed(history))
    reader = p.ViewReader(run.record.game)
    replay = Session.new(session.spec.id, session.seats, session.options, session.seed)
    actions = session.actions()
    frames = 0
    secret_seen = False
    for event in events:
        if event.get("sender") != run.record.host:
            continue
        kind = event["type"]
        assert kind != p.FINAL, "a save went into the game room"
        if kind != p.VIEW:
            continue
        assert reader.feed(event["content"]), "a frame of the game room cannot be placed"
        frames += 1
        payload = reader.payload
        assert set(payload) == {"to_move", "decisions", "view"}, sorted(payload)
        n = payload["decisions"]
        while len(replay.log) < n:
            replay._apply_entry(actions[len(replay.log)], by_ai=False)
        assert payload["view"] == replay.state.view(None)
        for seat in range(len(session.seats)):
            if replay.state.view(seat) != replay.state.view(None):
                secret_seen = True
        spectator_lines = [[[ev.kind, ev.render(session.names, None)] for ev in e.events
                            if ev.render(session.names, None)] for e in replay.log]
        assert reader.log == spectator_lines
    assert frames >= 3 and reader.payload["decisions"] == len(session.log)  # it ends on the last position
    assert secret_seen, "the test game had no secret to keep: it proves nothing"
