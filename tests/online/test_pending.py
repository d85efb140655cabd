"""A player's app never offers a decision it has already sent (ARCHITECTURE §12): the decision stays
pending until the host answers it, with the refusal that names it or with a frame of a new
position. A frame read twice (a reconnect reads the room back), a key frame sent again by a
restarted host on an unchanged position, a refusal of another message, and the app itself
closed and opened again change nothing; and in a clean game no decision is ever refused."""

from __future__ import annotations

import asyncio

from engine.core.contract import SeatInfo
from tests.online.play import (
    client_choice,
    close_table,
    core_of,
    creds,
    join_all,
    online_seats,
    open_table,
    play_to_end,
    refusal_counter,
    wait_for_turn,
)
from ui.online import protocol as p
from ui.online.matrix import MatrixLink
from ui.online.service import HostService, PlayerService


def test_a_sent_decision_stays_pending_through_reconnects_restarts_and_foreign_refusals(homeserver, online_data):
    async def main():
        table = await open_table(homeserver, 2, seed=4)
        try:
            await check(table)
        finally:
            await close_table(table)

    async def check(table):
        seats = online_seats(table, ["Ann", "Bob"]) + [SeatInfo("Robo", "ai", "easy")]
        run = await table.host.new_game("first-ceo", seats, {}, seed=12)
        await join_all(table)
        i, player, core = await wait_for_turn(table)
        others = [p for p in table.players if p is not player]
        # another message from this account first (an old app of the same player, say), which the
        # host will refuse; then the app's own decision, while the host is away
        stray = p.decision_content(core.info.game, core.reader.seq, core.reader.hash, core.legal[0], txn="stray")
        await player.link.send(core.room, p.DECISION, dict(stray, v=2))
        action = client_choice(core, table.rngs[i])
        await player.decide(core.info.game, action)
        assert core.awaiting and not core.my_turn()
        before = len(run.session.log)

        # the app loses its connection and reads its room back: the frames it has, and its own
        # decision, come again
        latest = (await player.link.history(core.room, None, lambda e: e.get("type") == p.VIEW, limit=10))
        await player.catch_up(core)
        frame = next(e for e in latest if e.get("type") == p.VIEW)
        assert core.feed(frame) is None  # a frame it has already: nothing changes
        assert core.awaiting and not core.my_turn()

        # the app closed and opened again: its decision, read back from the room, is pending
        fresh = PlayerService(MatrixLink(creds(table.homeserver, table.accounts[i])))
        try:
            again = await fresh.follow(run.record.game_room)
            assert again.ready and again.awaiting and not again.my_turn()
            assert again.pending.txn == core.pending.txn

            # the host restarts and sends every room a key frame of the unchanged position before
            # it has read what came meanwhile (a decision that arrives just after its first sync)
            await table.host.link.close()
            table.host = HostService(MatrixLink(table.host.link.creds))
            assert table.host.resume_all() == []
            resumed = table.host.runs[run.record.game]
            assert len(resumed.session.log) == before
            await table.host._publish(resumed, key=True)
            for app, c in ((player, core), (fresh, again)):
                for _ in range(10):
                    await app.sync_once(timeout_ms=500)
                    if c.reader.seq == resumed.record.seq:
                        break
            for c in (core, again):
                assert c.reader.seq == resumed.record.seq, "the restarted host's key frame did not arrive"
                assert c.awaiting and not c.my_turn(), "a key frame of the same position offered the decision again"

            # the host reads the stray message (refused, naming it) and the decision (taken: it
            # was chosen on this very position, a frame before the restart's key frame)
            for _ in range(10):
                await table.host.sync_once(timeout_ms=300)
                if len(resumed.session.log) > before:
                    break
            assert resumed.session.log[before].action == action
            for app in (player, fresh, *others):
                c = core_of(app)
                for _ in range(20):  # the latest frame, and in the player's room the stray's refusal
                    await app.sync_once(timeout_ms=300)
                    if c.reader.seq == resumed.record.seq and (c.room != core.room or c.refusals_seen):
                        break
            for c in (core, again):
                assert not c.awaiting and c.refusal is None, c.refusal
                assert any("protocol version 2" in r for r in c.refusals_seen)
        finally:
            await fresh.link.close()

        # and on to the end: no decision of a clean game is refused
        refusals = refusal_counter(table)
        await play_to_end(table, max_s=180)
        assert resumed.session.is_over()
        assert refusals[0] == 0

    asyncio.run(main())
