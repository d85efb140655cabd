"""A flood from one player costs the others nothing (ARCHITECTURE §12). A player's decision followed by
a flood of bad messages, more than one sync brings: the host reads every one of them back (the
decision among them is taken), answers the flooding player only a limited number of refusals
(each answer is an event the homeserver must store and deliver), and the game goes on."""

from __future__ import annotations

import asyncio

from engine.core.contract import SeatInfo
from tests.online.play import (
    client_choice,
    close_table,
    join_all,
    online_seats,
    open_table,
    play_to_end,
    settle,
    wait_for_turn,
)
from ui.online import protocol as p
from ui.online.host import REFUSALS_BURST, REFUSALS_EVERY_S, SenderLimits
from ui.online.matrix import SYNC_FILTER

FLOOD = 150


def test_a_sender_is_answered_a_burst_then_one_now_and_then():
    limits = SenderLimits(burst=3, every_s=2.0)
    assert [limits.take("@a:x", 0.0) for _ in range(4)] == [2.0, 1.0, 0.0, None]
    assert limits.take("@b:x", 0.0) == 2.0  # each sender has a bucket of their own
    assert limits.take("@a:x", 1.0) is None and limits.take("@a:x", 2.1) is not None
    assert limits.take("@a:x", 100.0) == 2.0  # full again after a quiet while, never more


def test_a_flood_is_read_whole_answered_within_limits_and_the_game_goes_on(homeserver, online_data):
    assert FLOOD > SYNC_FILTER["room"]["timeline"]["limit"]  # more than one sync brings

    async def main():
        table = await open_table(homeserver, 2, seed=8)
        try:
            await check(table)
        finally:
            await close_table(table)

    async def check(table):
        seats = online_seats(table, ["Ann", "Bob"]) + [SeatInfo("Robo", "ai", "easy")]
        run = await table.host.new_game("first-ceo", seats, {}, seed=21)
        await join_all(table)
        i, player, core = await wait_for_turn(table)
        judged = []
        judge = run.core.judge
        run.core.judge = lambda *a, **k: (a[2] == p.DECISION and judged.append(a[1])) or judge(*a, **k)
        before = len(run.session.log)
        action = client_choice(core, table.rngs[i])
        await player.decide(core.info.game, action)  # the decision first, then the flood
        bad = p.decision_content(core.info.game, 0, "0" * 32, action)
        gate = asyncio.Semaphore(10)

        async def one(n):
            async with gate:
                await player.link.send(core.room, p.DECISION, dict(bad, txn=f"flood{n}", v=n % 3 + 2))

        loop = asyncio.get_running_loop()
        started = loop.time()
        await asyncio.gather(*(one(n) for n in range(FLOOD)))
        for _ in range(5):
            await table.host.sync_once(timeout_ms=300)
        took = loop.time() - started
        assert judged.count(player.link.user_id) == FLOOD + 1, "the host did not read every message"
        assert run.session.log[before].action == action  # the decision among them was taken
        await settle(table)
        history = await player.link.history(core.room, None, lambda e: False, pages=20)
        refusals = [e for e in history if e.get("type") == p.REFUSAL and e.get("sender") == run.record.host]
        assert REFUSALS_BURST <= len(refusals) <= REFUSALS_BURST + took / REFUSALS_EVERY_S + 1, len(refusals)
        assert any("go unanswered for a while" in e["content"]["reason"] for e in refusals)
        assert not core.awaiting and core.refusal is None  # none of those answers was for its decision
        await play_to_end(table, max_s=180)
        assert run.session.is_over()

    asyncio.run(main())
