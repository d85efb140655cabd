"""No message anyone can read lets them work out a card they may not see (ARCHITECTURE §12). The hash
in every event of a room is of what that room's reader sees: the spectator view in the game room
(its frames and its turn state), the seat's own view in a seat room. A hash of the whole state
would let a reader re-deal every hidden card consistently with what they see and test each deal
against the published hash until one matches: here, for every registered game, a position is
re-dealt that way, and the re-dealt game publishes exactly the hashes that the homeserver holds
for the true one."""

from __future__ import annotations

import asyncio
import copy
import dataclasses

import pytest

from engine.core.contract import SeatInfo
from engine.core.registry import game_ids, get_spec
from engine.core.rng import Rng
from tests.online.play import close_table, core_of, join_all, online_seats, open_table, play_to_end
from ui.online import protocol as p
from ui.online.host import HostCore

TRIES = 40
"""Re-deals tried per reader: enough to find one that differs where anything is hidden."""


def published(session, record, room: str) -> dict[str, str]:
    """The hashes a host of `session` publishes in `room` now: its frame's and, in the game room,
    its turn state's."""
    core = HostCore(session, dataclasses.replace(record, seat_rooms=dict(record.seat_rooms)))
    return {o.type: o.content["hash"] for o in core.publish(key=True, now=0.0)
            if o.room == room and o.type in (p.VIEW, p.TURN)}


def twins(session, viewer: int | None) -> list:
    """Sessions at the same position re-dealt for `viewer` (what they see is the same, the hidden
    cards are dealt anew), those whose whole state differs from the true one."""
    out = []
    for i in range(TRIES):
        state = session.state.determinize(viewer, Rng(1000 + i))
        if state.state_hash() == session.state.state_hash():
            continue
        assert state.view(viewer) == session.state.view(viewer), "a re-deal changed what its reader sees"
        twin = copy.copy(session)
        twin.state = state
        out.append(twin)
    return out


@pytest.mark.parametrize("game_id", game_ids())
def test_published_hashes_cover_only_what_the_reader_sees(homeserver, online_data, game_id):
    spec = get_spec(game_id)

    async def main():
        table = await open_table(homeserver, 2, seed=6)
        try:
            await check(table)
        finally:
            await close_table(table)

    async def check(table):
        seats = online_seats(table, ["Ann", "Bob"])
        seats += [SeatInfo(f"Robo{i}", "ai", "easy") for i in range(max(0, spec.min_players - 2))]
        run = await table.host.new_game(game_id, seats, {}, seed=17)
        await join_all(table)
        await play_to_end(table, max_s=60, stop_after=4)
        await table.host._publish(run, key=True)  # as at a restart: every room's frame and turn state
        session, record = run.session, run.record
        # what the homeserver holds: the game room's latest frame and turn state, read by a
        # player, and each player's seat room's latest frame, read by their app
        reader = table.players[0]
        game_room = p.ViewReader(record.game)
        for event in reversed(await reader.link.history(record.game_room, None, lambda e: False, pages=20)):
            if event.get("type") == p.VIEW and event.get("sender") == record.host:
                game_room.feed(event["content"])
        turn = await reader.link.state_event(record.game_room, p.TURN)
        assert game_room.seq == record.seq and turn is not None and turn["seq"] == record.seq
        held = {record.game_room: {p.VIEW: game_room.hash, p.TURN: turn["hash"]}}
        for player in table.players:
            core = core_of(player)
            for _ in range(20):
                if core.reader.seq == record.seq:
                    break
                await player.sync_once(timeout_ms=300)
            assert core.reader.seq == record.seq, "the seat room's latest frame did not arrive"
            held[core.room] = {p.VIEW: core.reader.hash}
        # the hash is of what the reader sees: their app computes the same from what it was sent
        assert game_room.hash == p.view_hash(game_room.payload) == turn["hash"]
        for player in table.players:
            assert core_of(player).reader.hash == p.view_hash(core_of(player).reader.payload)
        # every re-deal consistent with what a reader sees publishes the same hashes, in that
        # reader's room and in the room of every seat that cannot see what was re-dealt
        secret = False
        for room in held:
            viewer = next((s for s, r in record.seat_rooms.items() if r == room), None)
            for twin in twins(session, viewer):
                secret = True
                for other, their in held.items():
                    reader_of = next((s for s, r in record.seat_rooms.items() if r == other), None)
                    if other == room or twin.state.view(reader_of) == session.state.view(reader_of):
                        told = published(twin, record, other)
                        assert {k: told[k] for k in their} == their, \
                            f"{game_id}: a re-deal for {viewer} is told apart in {reader_of}'s room"
        if session.state.open_view() != session.state.view(None):
            assert secret, f"{game_id} hides something, yet no re-deal differs: the test proves nothing"

    asyncio.run(main())
