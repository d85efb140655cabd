#!/usr/bin/env python3
"""The online budgets of DESIGN §9 on a local homeserver (Synapse on 127.0.0.1, started here):

- a decision's round trip, from the moment a player's app sends it until every player's app
  shows the host's answer: ≤ 300 ms p95;
- room traffic: the content bytes of every event in the game's rooms (views, decisions, turn
  state and notices, the final save), per player decision: ≤ 4 KB on average;
- a reconnect: a player's app that was away for a while syncs again and shows the latest view:
  ≤ 2 s (and, beside it, an app opened afresh that reads the game from its rooms).

    .venv/bin/python tests/bench/online_bench.py                     # Big Shoulders and 1st CEO
    .venv/bin/python tests/bench/online_bench.py --game first-ceo --online 4 --games 1

The host runs in this process on the same asyncio loop as the players' apps (as in the tests),
each player choosing with its game's Easy agent. This is a benchmark: it prints figures and
never fails on a slow machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

BUDGET_RT_MS, BUDGET_BYTES, BUDGET_RECONNECT_S = 300.0, 4096.0, 2.0


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))] if ordered else float("nan")


async def one_game(homeserver, game_id: str, n_online: int, ais: list[str], options: dict, seed: int) -> dict:
    from engine.core.contract import SeatInfo
    from tests.online.play import client_choice, close_table, core_of, join_all, online_seats, open_table
    from ui.online.service import PlayerService

    table = await open_table(homeserver, n_online, seed=seed)
    names = ["Ann", "Bob", "Cyd", "Dee", "Eve"][:n_online]
    seats = online_seats(table, names) + [SeatInfo(f"Robo{i}", "ai", lv) for i, lv in enumerate(ais)]
    run = await table.host.new_game(game_id, seats, options, seed=seed)
    await join_all(table)
    session = run.session
    trips: list[float] = []
    reconnects: list[float] = []
    fresh_opens: list[float] = []
    stop = asyncio.Event()
    waiting: dict[int, tuple[float, set]] = {}  # decisions count -> (sent at, players yet to see it)
    away: set[int] = set()

    def seen(i: int, core) -> None:
        for target in list(waiting):
            sent, left = waiting[target]
            if core.decisions >= target and i in left:
                left.discard(i)
                if not left:
                    trips.append((time.perf_counter() - sent) * 1000)
                    del waiting[target]

    async def player(i: int, service: PlayerService):
        core = core_of(service)
        for _ in range(20000):
            if stop.is_set() or session.is_over():
                return
            if i in away:
                await asyncio.sleep(0.02)
                continue
            if core.my_turn():
                before = core.decisions
                waiting[before + 1] = (time.perf_counter(), set(range(n_online)) - away)
                await service.decide(core.info.game, client_choice(core, table.rngs[i]))
            await service.sync_once(timeout_ms=2000)
            seen(i, core)

    async def host():
        while not stop.is_set() and not session.is_over():
            await table.host.sync_once(timeout_ms=1000)

    async def absences():
        """Now and then one player is away while a dozen decisions go by, then comes back."""
        turn = 0
        while not stop.is_set() and not session.is_over():
            await asyncio.sleep(3.0)
            i = turn % n_online
            turn += 1
            away.add(i)
            for w in waiting.values():
                w[1].discard(i)
            start = len(session.log)
            for _ in range(600):
                if len(session.log) >= start + 12 or session.is_over() or session.to_move() == core_of(
                        table.players[i]).seat:
                    break
                await asyncio.sleep(0.05)
            service = table.players[i]
            t0 = time.perf_counter()
            for _ in range(20):
                await service.sync_once(timeout_ms=0)
                if core_of(service).reader.hash == session.state.state_hash():
                    break
            reconnects.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            from tests.online.play import creds
            from ui.online.matrix import MatrixLink

            fresh = PlayerService(MatrixLink(creds(homeserver, table.accounts[i])))
            try:
                await fresh.follow(run.record.game_room)
                fresh_opens.append(time.perf_counter() - t0)
            finally:
                await fresh.link.close()
            away.discard(i)

    tasks = [asyncio.create_task(player(i, p)) for i, p in enumerate(table.players)]
    tasks += [asyncio.create_task(host()), asyncio.create_task(absences())]
    try:
        await asyncio.wait_for(asyncio.gather(*tasks[:-1]), 900)
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    # the traffic, read back from the rooms themselves
    total = 0
    events = 0
    for room in run.core.rooms():  # the host is in every room of its game
        for e in await table.host.link.history(room, None, lambda e: False, pages=500):
            total += len(json.dumps(e.get("content", {}), separators=(",", ":"), ensure_ascii=False).encode())
            events += 1
    player_decisions = sum(1 for e in session.log if e.action.seat >= 0)
    await close_table(table)
    return {"game": game_id, "online": n_online, "over": session.is_over(), "decisions": len(session.log),
            "player_decisions": player_decisions, "trips": trips, "reconnects": reconnects,
            "fresh_opens": fresh_opens, "bytes": total, "events": events}


async def floor(homeserver, n: int = 40) -> list[float]:
    """The homeserver's own floor: one plain event sent by one account until another account's
    waiting sync has it (a decision's round trip takes two such hops, and the host's frames)."""
    from tests.online.play import creds
    from ui.online.matrix import MatrixLink

    a, b = homeserver.register(), homeserver.register()
    la, lb = MatrixLink(creds(homeserver, a)), MatrixLink(creds(homeserver, b))
    try:
        room = await la.create_room("floor", "m.floor", [b["user_id"]])
        batch = await lb.sync(None, 0)
        await lb.join(room)
        batch = await lb.sync(batch.next_batch, 0)
        since, out = batch.next_batch, []
        for i in range(n):
            waiting = asyncio.create_task(lb.sync(since, 5000))
            await asyncio.sleep(0.05)
            t0 = time.perf_counter()
            await la.send(room, "m.room.message", {"msgtype": "m.text", "body": str(i)})
            while True:
                batch = await waiting
                since = batch.next_batch
                if room in batch.events:
                    break
                waiting = asyncio.create_task(lb.sync(since, 5000))
            out.append((time.perf_counter() - t0) * 1000)
        return out
    finally:
        await la.close()
        await lb.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="game id (default: big-shoulders and first-ceo)")
    ap.add_argument("--online", type=int, default=None, help="players online (default: per game)")
    ap.add_argument("--games", type=int, default=1, help="games of each kind")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    os.environ["TYCOONS_DATA_DIR"] = tempfile.mkdtemp(prefix="tycoons-online-bench-")
    from tests.online.homeserver import Homeserver

    plans = {"big-shoulders": (3, ["easy"], {}), "first-ceo": (4, [], {}),
             "captains-of-industry": (3, [], {}), "robber-barons": (3, ["easy"], {"turn_limit": 40}),
             "victory-through-industry": (3, [], {"max_rounds": 3})}
    games = args.game or ["big-shoulders", "first-ceo"]
    server = Homeserver(Path(tempfile.mkdtemp(prefix="tycoons-synapse-")))
    started = time.perf_counter()
    server.start()
    print(f"Synapse answering after {time.perf_counter() - started:.1f} s on {server.url}", flush=True)
    results = []
    try:
        hop = asyncio.run(floor(server))
        for game in games:
            n, ais, options = plans.get(game, (3, [], {}))
            n = args.online or n
            for g in range(args.games):
                t0 = time.perf_counter()
                r = asyncio.run(one_game(server, game, n, ais, options, seed=31 + g))
                r["seconds"] = time.perf_counter() - t0
                results.append(r)
                print(f"  {game}: {n} online, {r['decisions']} decisions ({r['player_decisions']} by players), "
                      f"{r['seconds']:.0f} s, finished: {r['over']}", flush=True)
    finally:
        server.stop()
    trips = [t for r in results for t in r["trips"]]
    reconnects = [t for r in results for t in r["reconnects"]]
    fresh = [t for r in results for t in r["fresh_opens"]]
    per_decision = sum(r["bytes"] for r in results) / max(1, sum(r["player_decisions"] for r in results))
    print()
    print(f"  {'floor: one event, send to another sync, p95 (ms)':<52} {p95(hop):>9.1f}   "
          f"(median {statistics.median(hop):.1f})")
    print(f"  {'round trip p95 (ms), ' + str(len(trips)) + ' decisions':<52} {p95(trips):>9.1f}   "
          f"budget ≤ {BUDGET_RT_MS:.0f}   {'ok' if p95(trips) <= BUDGET_RT_MS else 'OVER'}")
    print(f"  {'round trip median (ms)':<52} {statistics.median(trips) if trips else float('nan'):>9.1f}")
    print(f"  {'room traffic per player decision (bytes)':<52} {per_decision:>9.0f}   "
          f"budget ≤ {BUDGET_BYTES:.0f}   {'ok' if per_decision <= BUDGET_BYTES else 'OVER'}")
    for r in results:
        print(f"    {r['game']:<48} {r['bytes'] / max(1, r['player_decisions']):>9.0f}   "
              f"({r['events']} events, {r['bytes']:,} bytes)")
    worst = max(reconnects) if reconnects else float("nan")
    print(f"  {'reconnect caught up, worst of ' + str(len(reconnects)) + ' (s)':<52} {worst:>9.3f}   "
          f"budget ≤ {BUDGET_RECONNECT_S:.0f}   {'ok' if worst <= BUDGET_RECONNECT_S else 'OVER'}")
    print(f"  {'app opened afresh, caught up, worst (s)':<52} {max(fresh) if fresh else float('nan'):>9.3f}")
    if args.json:
        Path(args.json).write_text(json.dumps({"results": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
