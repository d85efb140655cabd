"""Nothing lost (ARCHITECTURE §12): `tycoons host` killed mid-game (SIGKILL, at whatever it was doing)
and started again carries on from its save and the rooms, taking the decision sent while it was
down, once; a player's app that lost its connection, or was closed, catches up when it returns."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time

from engine.core.contract import SeatInfo
from saves.store import read_session
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
    seat_hash,
    settle,
    shows_latest,
    wait_for_turn,
)
from ui.online.matrix import MatrixLink
from ui.online.records import hosted_games
from ui.online.service import HostService, PlayerService


def _tycoons(*args, env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ui.cli", *args], env=env, capture_output=True, text=True,
                          timeout=120, cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))


def test_tycoons_host_killed_mid_game_resumes_and_loses_nothing(homeserver, online_data):
    env = dict(os.environ, TYCOONS_DATA_DIR=str(online_data))
    root = os.path.dirname(os.path.dirname(os.path.dirname(__file__)))

    async def main():
        table = await open_table(homeserver, 3, seed=9)
        host_account = homeserver.register()
        try:
            await check(table, host_account)
        finally:
            await close_table(table)

    def start_host() -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "ui.cli", "host", "run", "--max-s", "240"], env=env, cwd=root,
                                stdout=open(online_data / "host.log", "ab"), stderr=subprocess.STDOUT,
                                start_new_session=True)

    async def check(table, host_account):
        done = _tycoons("host", "signin", "--homeserver", homeserver.url, "--user", host_account["user_id"],
                        "--token", host_account["access_token"], env=env)
        assert done.returncode == 0, done.stderr
        creds_file = online_data / "matrix-signin.json"
        assert creds_file.stat().st_mode & 0o777 == 0o600
        seats = [f"{s.name}={s.user}" for s in online_seats(table, ["Ann", "Bob", "Cyd"])]
        done = _tycoons("host", "new", "first-ceo", *sum((["--seat", s] for s in seats), []),
                        "--seed", "4", env=env)
        assert done.returncode == 0, done.stderr
        game = done.stdout.strip().splitlines()[-1]
        host = start_host()
        try:
            await join_all(table)
            refusals = refusal_counter(table)
            sent = await play_to_end(table, max_s=120, stop_after=12, drive_host=False)
            # killed at once, whatever it is doing; a player whose turn it is decides meanwhile
            os.killpg(host.pid, signal.SIGKILL)
            host.wait(timeout=10)
            for _ in range(20):
                await settle_players(table)
                waiting = [p for p in table.players if core_of(p).my_turn()]
                if waiting:
                    break
            if waiting:
                core = core_of(waiting[0])
                await waiting[0].decide(core.info.game, client_choice(core, table.rngs[0]))
                sent += 1
            host = start_host()
            sent += await play_to_end(table, max_s=240, drive_host=False)
        finally:
            if host.poll() is None:
                os.killpg(host.pid, signal.SIGTERM)
                host.wait(timeout=20)
        record = next(r for r in hosted_games() if r.game == game)
        session = read_session(record.save_path)
        assert session.is_over()
        online = sum(1 for e in session.log if e.action.seat >= 0 and session.seats[e.action.seat].is_online)
        assert online == sent - refusals[0], (online, sent, refusals[0])  # none twice, none lost
        for player in table.players:
            core = core_of(player)
            assert shows_latest(core, session)
            assert core.final_session() is not None

    async def settle_players(table):
        for p in table.players:
            await p.sync_once(timeout_ms=200)

    asyncio.run(main())


def test_host_killed_after_a_decisions_frames_went_out_before_its_save_takes_it_once(homeserver, online_data):
    """A decision from a room is shown to the players first and saved meanwhile (the room holds
    it already): a host that dies in between restarts from the save without it, reads it again
    from the room and takes it once, and the players' apps agree with it to the end."""

    class Killed(Exception):
        pass

    async def main():
        table = await open_table(homeserver, 3, seed=5)
        try:
            await check(table)
        finally:
            await close_table(table)

    async def check(table):
        run = await table.host.new_game("first-ceo", online_seats(table, ["Ann", "Bob", "Cyd"]), seed=6)
        await join_all(table)
        refusals = refusal_counter(table)
        sent = await play_to_end(table, max_s=60, stop_after=6)
        i, player, core = await wait_for_turn(table)
        before = len(run.session.log)

        def dies(_run):
            raise Killed

        table.host._save = dies  # the frames are sent, then the host dies before writing its save
        await player.decide(core.info.game, client_choice(core, table.rngs[i]))
        sent += 1
        try:
            for _ in range(40):
                await table.host.sync_once(timeout_ms=500)
        except Killed:
            pass
        else:
            raise AssertionError("the decision did not reach the host")
        shown = run.session.state.state_hash()
        seen = {id(p): seat_hash(run.session, core_of(p).seat) for p in table.players}
        assert len(run.session.log) > before
        assert len(read_session(run.record.save_path).log) == before  # the save does not have it
        for _ in range(10):
            for p in table.players:
                await p.sync_once(timeout_ms=200)
            if all(core_of(p).reader.hash == seen[id(p)] for p in table.players):
                break
        assert all(core_of(p).reader.hash == seen[id(p)] for p in table.players)  # but the players saw it
        killed = table.host
        table.host = HostService(MatrixLink(killed.link.creds))
        await killed.link.close()
        assert table.host.resume_all() == []
        await table.host.start()
        resumed = table.host.runs[run.record.game]
        assert len(resumed.session.log) == len(run.session.log)  # taken again from the room
        assert resumed.session.state.state_hash() == shown
        sent += await play_to_end(table, max_s=120)
        session = read_session(run.record.save_path)
        assert session.is_over()
        online = sum(1 for e in session.log if e.action.seat >= 0)
        assert online == sent - refusals[0], (online, sent, refusals[0])  # none twice, none lost
        for p in table.players:
            assert shows_latest(core_of(p), session)

    asyncio.run(main())


def test_a_player_who_drops_catches_up(homeserver, online_data):
    async def main():
        table = await open_table(homeserver, 2, seed=2)
        try:
            await check(table)
        finally:
            await close_table(table)

    async def check(table):
        seats = online_seats(table, ["Ann", "Bob"]) + [SeatInfo("Robo", "ai", "easy")]
        run = await table.host.new_game("robber-barons", seats, {"turn_limit": 30}, seed=8)
        await join_all(table)
        session = run.session
        away = table.players[0]
        # Bob and the AI play on while Ann is away (her app keeps its sync position), until it
        # is her turn again after several decisions
        bob = table.players[1]
        for _ in range(100):  # first Ann plays until the turn leaves her
            if session.to_move() != core_of(away).seat:
                break
            await play_to_end(table, max_s=30, stop_after=1, only=[0])
            await settle(table, rounds=1)
        start = len(session.log)
        for _ in range(400):
            if session.to_move() == core_of(away).seat and len(session.log) > start:
                break
            if core_of(bob).my_turn():
                await bob.decide(core_of(bob).info.game, client_choice(core_of(bob), table.rngs[1]))
            await table.host.sync_once(timeout_ms=300)
            await bob.sync_once(timeout_ms=0)
        else:
            raise AssertionError(f"Ann's turn did not come back ({session.to_move()} to move)")
        assert core_of(away).reader.seq < run.record.seq
        started = time.monotonic()
        await away.sync_once(timeout_ms=0)  # back: what was missed arrives, or a gap is read back
        assert shows_latest(core_of(away), session)
        assert core_of(away).view == session.state.view(core_of(away).seat)
        print(f"caught up in {time.monotonic() - started:.3f} s")
        # the app closed and opened again: a new service follows the game from its rooms only
        fresh = PlayerService(MatrixLink(creds(table.homeserver, table.accounts[0])))
        try:
            core = await fresh.follow(run.record.game_room)
            assert core.ready and shows_latest(core, session)
            assert core.view == session.state.view(core.seat)
            names = session.names
            assert core.log == [[[ev.kind, ev.render(names, core.seat)] for ev in e.events
                                 if ev.render(names, core.seat)] for e in session.log]
        finally:
            await fresh.link.close()
        await settle(table)

    asyncio.run(main())
