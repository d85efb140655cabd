"""A homeserver that fails for a moment costs the players a moment, never the game (ARCHITECTURE §12:
sends that fail are sent again). The host talks to Synapse through a proxy that answers its
sends with HTTP 500, or does not answer them at all, while a test says so: the host takes a
player's decision meanwhile, its AI seat moves on without waiting for the sends, a seat whose
room works is shown every move while another seat's room fails, and once the homeserver works
again every player's app is brought to the host's latest position and the game goes on to its
end."""

from __future__ import annotations

import asyncio
import copy

import pytest

from engine.core.contract import SeatInfo
from tests.online.play import (
    client_choice,
    close_table,
    core_of,
    join_all,
    online_seats,
    open_table,
    play_to_end,
    shows_latest,
)
from tests.online.proxy import FaultyProxy
from ui.online import matrix
from ui.online.credentials import Credentials
from ui.online.matrix import MatrixLink
from ui.online.service import HostService

WAIT_ROUNDS = 150
"""Rounds of ~0.2 s a test waits at most for something the host should do by itself."""


@pytest.mark.parametrize("answer", [True, False], ids=["http-500", "no-answer"])
def test_sends_that_fail_are_sent_again_and_the_game_goes_on(homeserver, online_data, monkeypatch, answer):
    if not answer:
        monkeypatch.setattr(matrix, "CALL_TIMEOUT_S", 4.0)  # a call gives up on a silent homeserver sooner
    proxy = FaultyProxy(homeserver.url).start()

    async def main():
        table = await open_table(homeserver, 2, seed=3)
        creds = table.host.link.creds
        await table.host.link.close()
        table.host = HostService(MatrixLink(Credentials(proxy.url, creds.user_id, creds.access_token,
                                                        creds.device_id)))
        try:
            await check(table, creds.access_token)
        finally:
            await close_table(table)

    async def check(table, token):
        seats = online_seats(table, ["Ann", "Bob"]) + [SeatInfo("Robo", "ai", "easy")]
        run = await table.host.new_game("first-ceo", seats, {}, seed=9)
        await join_all(table)
        session = run.session
        stop = asyncio.Event()
        hosting = asyncio.create_task(table.host.run(stop, poll_ms=1000))

        async def pump(until, what: str):
            """Players read their rooms until `until()`; the host runs by itself meanwhile."""
            for _ in range(WAIT_ROUNDS):
                if until():
                    return
                for player in table.players:
                    await player.sync_once(timeout_ms=100)
            raise AssertionError(f"{what} did not happen")

        def mover_app():
            return next(((i, pl) for i, pl in enumerate(table.players) if core_of(pl).my_turn()), None)

        try:
            # 1. A decision that hands the turn to the AI, taken while every send of the host fails
            for _ in range(200):
                await pump(lambda: mover_app() is not None, "a player's turn")
                i, player = mover_app()
                core = core_of(player)
                action = client_choice(core, table.rngs[i])
                after = copy.deepcopy(session)
                after.apply(action, final=True)
                if after.to_move() >= 0 and seats[after.to_move()].is_ai:
                    break
                await player.decide(core.info.game, action)
                await pump(lambda c=core: not c.awaiting, "the decision's answer")
            else:
                raise AssertionError("no decision handed the turn to the AI")
            outage = proxy.fail_sends(token, answer=answer)
            before = len(session.log)
            await player.decide(core.info.game, action)
            await pump(lambda: any(e.by_ai for e in session.log[before:]), "the AI's move while the sends fail")
            assert outage in proxy.rules and outage.served > 0, "the host's sends did not fail: the test proves nothing"
            await pump(lambda: bool(table.host.outbox.failing()), "the host knowing that its sends fail")
            assert core.awaiting and core.reader.seq < run.record.seq  # nothing reached the player yet
            proxy.remove(outage)
            await pump(lambda: all(shows_latest(core_of(pl), session) for pl in table.players)
                       and not table.host.outbox.pending(), "every player's app on the host's latest position")
            assert session.log[before].action == action
            assert table.host.outbox.retried > 0 and not table.host.outbox.failing()

            # 2. One seat's room fails: the other seat is shown every move meanwhile
            ann, bob = core_of(table.players[0]), core_of(table.players[1])
            for _ in range(100):  # until it is Bob's turn (Ann plays hers)
                await pump(lambda: ann.my_turn() or bob.my_turn(), "a player's turn")
                if bob.my_turn():
                    break
                await table.players[0].decide(ann.info.game, client_choice(ann, table.rngs[0]))
                await pump(lambda: not ann.awaiting, "the answer to Ann's decision")
            outage = proxy.fail_sends(token, room=ann.room, answer=answer)
            seq = run.record.seq
            await table.players[1].decide(bob.info.game, client_choice(bob, table.rngs[1]))
            await pump(lambda: outage.served > 0 and run.record.seq > seq and shows_latest(bob, session),
                       "Bob shown the game while Ann's room fails")
            await pump(lambda: ann.room in table.host.outbox.failing(), "the host knowing that Ann's room fails")
            assert ann.reader.seq <= seq
            proxy.remove(outage)
            await pump(lambda: shows_latest(ann, session), "Ann's app on the latest position")

            # 3. and on to the end
            await play_to_end(table, max_s=240, drive_host=False)
            assert session.is_over()
            for pl in table.players:
                assert shows_latest(core_of(pl), session) and core_of(pl).final_session() is not None
        finally:
            stop.set()
            await asyncio.wait_for(hosting, 30)

    try:
        asyncio.run(main())
    finally:
        proxy.stop()
