"""Whole online games of every kind against the test homeserver, two to four remote players
each, the Easy agent choosing for every online seat through its player's app (from the seat's
view and legal actions only). The games are kept short by their options where they have one."""

from __future__ import annotations

import asyncio

import pytest

from engine.core.contract import SeatInfo
from tests.online.play import close_table, join_all, online_seats, open_table, play_to_end, shows_latest

GAMES = [
    # game, online players, AI seats on the host, options (two to four players online in each;
    # the longer games with an AI at the table, so the set fits CI in a few minutes)
    ("first-ceo", 4, [], {}),
    ("robber-barons", 2, ["easy"], {"turn_limit": 24}),
    ("victory-through-industry", 2, [], {"max_rounds": 2}),
    ("captains-of-industry", 2, ["easy"], {}),
    ("big-shoulders", 2, [], {}),
]


@pytest.mark.parametrize("game_id,n_online,ais,options", GAMES, ids=[g[0] for g in GAMES])
def test_whole_online_game(homeserver, online_data, game_id, n_online, ais, options):
    async def main():
        table = await open_table(homeserver, n_online, seed=7)
        names = ["Ann", "Bob", "Cyd", "Dee"][:n_online]
        seats = online_seats(table, names) + [SeatInfo(f"Robo{i}", "ai", lv) for i, lv in enumerate(ais)]
        try:
            await check_game(table, game_id, seats, options)
        finally:
            await close_table(table)

    async def check_game(table, game_id, seats, options):
        run = await table.host.new_game(game_id, seats, options, seed=11)
        await join_all(table)
        await play_to_end(table, max_s=240)
        session = run.session
        assert session.is_over()
        for player in table.players:
            core = next(iter(player.games.values()))
            assert core.over
            assert shows_latest(core, session)
            assert core.view == session.state.view(core.seat)
            final = core.final_session()
            assert final is not None and final.state.state_hash() == session.state.state_hash()
            assert core.log == [[[ev.kind, ev.render(session.names, core.seat)] for ev in e.events
                                 if ev.render(session.names, core.seat)] for e in session.log]

    asyncio.run(main())
