"""Helpers that play online games against the test homeserver: a host service and player
services, each player choosing with the game's Easy agent from what its own app was sent (its
seat's view and legal actions), as a remote player's app does. Everything is bounded in time."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from ai.core.agent import Budget, Observation
from ai.core.agents import get_agent
from engine.core.contract import SeatInfo
from engine.core.rng import Rng
from ui.online.credentials import Credentials
from ui.online.matrix import MatrixLink
from ui.online.service import HostService, PlayerService


def creds(homeserver, account: dict) -> Credentials:
    return Credentials(homeserver.url, account["user_id"], account["access_token"], account["device_id"])


def _no_sample(rng):
    raise LookupError("a remote player's app has the view only")


def client_choice(core, rng: Rng):
    """The Easy agent's choice from the seat's view and legal actions; a game whose Easy reads the
    whole position (Victory Through Industry's reads a copy of the public state) falls back to a
    uniform pick among the legal actions, as the app has no state to copy."""
    legal = core.legal
    try:
        agent = get_agent(core.info.kind, "easy")
        choice = agent.choose(Observation(core.info.kind, core.seat, core.view, legal, _no_sample), rng, Budget())
        if choice in legal:
            return choice
    except LookupError:
        pass
    return legal[rng.randbelow(len(legal))]


@dataclass
class Table:
    """A host, its players and their services."""

    homeserver: object
    host: HostService
    players: list[PlayerService]
    accounts: list[dict]
    rngs: list[Rng] = field(default_factory=list)
    round_trips: list[float] = field(default_factory=list)

    @property
    def run(self):
        return next(iter(self.host.runs.values()))


async def open_table(homeserver, n_players: int, seed: int = 1) -> Table:
    host_account = homeserver.register()
    accounts = [homeserver.register() for _ in range(n_players)]
    host = HostService(MatrixLink(creds(homeserver, host_account)))
    players = [PlayerService(MatrixLink(creds(homeserver, a))) for a in accounts]
    return Table(homeserver, host, players, accounts, [Rng(seed * 100 + i) for i in range(n_players)])


def online_seats(table: Table, names: list[str]) -> list[SeatInfo]:
    return [SeatInfo(name, "online", user=a["user_id"]) for name, a in zip(names, table.accounts, strict=False)]


async def join_all(table: Table, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    for player in table.players:
        while not player.invites:
            if time.monotonic() > deadline:
                raise TimeoutError("the invitation did not arrive")
            await player.sync_once(timeout_ms=1000)
        room = next(iter(player.invites))
        await player.join(room)


async def play_to_end(table: Table, max_s: float = 120.0, max_decisions: int = 5000, stop_after: int | None = None,
                      drive_host: bool = True, only: list[int] | None = None):
    """Host and players run side by side until the game ends (or `stop_after` online decisions
    have been sent): each player syncs, and decides when its app says it is its turn. Returns how
    many decisions the players sent. `drive_host` False: the host runs elsewhere (a process);
    `only`: the players that take part (the others are away)."""
    stop = asyncio.Event()
    taken = [0]

    async def player_loop(i: int, player: PlayerService):
        core = next(iter(player.games.values()))
        for _ in range(max_decisions * 4):
            if stop.is_set():
                return
            if core.over and (core.final_save is not None or core.seat is None):
                return
            if stop_after is not None and taken[0] >= stop_after:
                stop.set()
                return
            if core.my_turn():
                taken[0] += 1
                await player.decide(core.info.game, client_choice(core, table.rngs[i]))
            await player.sync_once(timeout_ms=2000)

    async def host_loop():
        for _ in range(max_decisions * 4):
            if stop.is_set() or all(next(iter(p.games.values())).final_save is not None for p in playing):
                return
            await table.host.sync_once(timeout_ms=500)
            await table.host.tick()

    playing = [p for i, p in enumerate(table.players) if only is None or i in only]
    tasks = [asyncio.create_task(player_loop(i, p)) for i, p in enumerate(table.players) if p in playing]

    async def nothing():
        await stop.wait()

    host_task = asyncio.create_task(host_loop() if drive_host else nothing())
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), max_s)
    finally:
        stop.set()
        await asyncio.wait_for(host_task, 15)
    return taken[0]


def refusal_counter(table: Table) -> list[int]:
    """Counts the refusals every player's app receives from now on."""
    count = [0]
    for player in table.players:
        before = player.on_event

        def on_event(game, what, before=before):
            if what == "refusal":
                count[0] += 1
            before(game, what)
        player.on_event = on_event
    return count


async def close_table(table: Table) -> None:
    await table.host.link.close()
    for p in table.players:
        await p.link.close()


async def settle(table: Table, *others: PlayerService, rounds: int = 3) -> None:
    """Let the host handle what was sent, then every player read what the host answered."""
    for _ in range(rounds):
        await table.host.sync_once(timeout_ms=300)
        await table.host.tick()
        for p in [*table.players, *others]:
            await p.sync_once(timeout_ms=0)


def seat_hash(session, seat: int | None) -> str:
    """The hash the host tells `seat`'s room (None: the game room): of what that reader sees."""
    from ui.online import protocol as p

    return p.view_hash({"to_move": session.to_move(), "decisions": len(session.log), "view": session.state.view(seat)})


def shows_latest(core, session) -> bool:
    """The player's app shows the host's latest position for its seat."""
    return core.reader.hash == seat_hash(session, core.seat)


def core_of(player: PlayerService):
    return next(iter(player.games.values()))


async def wait_for_turn(table: Table, timeout_s: float = 30.0):
    """Sync until one player's app says it is their turn; returns (index, player, core)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for i, p in enumerate(table.players):
            if core_of(p).my_turn():
                return i, p, core_of(p)
        await settle(table, rounds=1)
    raise TimeoutError("no player's turn came")
