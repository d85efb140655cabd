"""A proxy in front of the test homeserver that fails on purpose: it passes every request through
to Synapse, except those its rules pick, which it answers itself (a 500 for a while, a rate limit
a few times). It runs on a thread of its own with its own asyncio loop, so that a test may use it
from its own loop or while it waits for a subprocess. Loopback only, like the homeserver."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass

from aiohttp import ClientSession, ClientTimeout, web

SEND = re.compile(r"^/_matrix/client/[^/]+/rooms/(?P<room>[^/]+)/(send|state)/")
CREATE_ROOM = re.compile(r"^/_matrix/client/[^/]+/createRoom$")


@dataclass
class Rule:
    """Answers a request itself when `picks(method, path, token)`: `status` with `body`, while
    `times` lasts (None: until the rule is removed). Status 0: no answer at all while the rule
    holds (the request goes through once it is removed, if its sender still waits)."""

    picks: Callable[[str, str, str], bool]
    status: int
    body: dict
    times: int | None = None
    served: int = 0


def internal_error() -> dict:
    return {"errcode": "M_UNKNOWN", "error": "Internal server error"}


def rate_limited(retry_after_ms: int) -> dict:
    return {"errcode": "M_LIMIT_EXCEEDED", "error": "Too Many Requests", "retry_after_ms": retry_after_ms}


class FaultyProxy:
    def __init__(self, upstream: str):
        self.upstream = upstream.rstrip("/")
        self.rules: list[Rule] = []
        self._lock = threading.Lock()
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="faulty-proxy", daemon=True)
        self.url = ""

    # -- rules -----------------------------------------------------------------------------------
    def add(self, rule: Rule) -> Rule:
        with self._lock:
            self.rules.append(rule)
        return rule

    def remove(self, rule: Rule) -> None:
        with self._lock:
            if rule in self.rules:
                self.rules.remove(rule)

    def fail_sends(self, token: str, room: str | None = None, answer: bool = True) -> Rule:
        """Every event `token`'s account sends (to `room`, or anywhere) gets a 500 (or, not
        `answer`, no answer at all), until the rule is removed."""
        def picks(method, path, who):
            m = SEND.match(path)
            return method == "PUT" and who == token and m is not None and (room is None or m["room"] == room)
        return self.add(Rule(picks, 500 if answer else 0, internal_error()))

    def limit_room_creation(self, times: int | None, retry_after_ms: int) -> Rule:
        return self.add(Rule(lambda method, path, who: method == "POST" and bool(CREATE_ROOM.match(path)), 429,
                             rate_limited(retry_after_ms), times))

    def _answer(self, method: str, path: str, token: str) -> Rule | None:
        with self._lock:
            for rule in self.rules:
                if (rule.times is None or rule.served < rule.times) and rule.picks(method, path, token):
                    rule.served += 1
                    return rule
        return None

    # -- serving ---------------------------------------------------------------------------------
    def start(self) -> FaultyProxy:
        self._thread.start()
        if not self._ready.wait(30):
            raise RuntimeError("the proxy did not start")
        return self

    def stop(self) -> None:
        with self._lock:
            self.rules.clear()  # requests held without an answer go through (or find nobody waiting)

        async def close():
            await self._runner.cleanup()
            await self._session.close()

        if self.loop.is_running():
            asyncio.run_coroutine_threadsafe(close(), self.loop).result(30)
            self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._serve())
        self._ready.set()
        self.loop.run_forever()

    async def _serve(self) -> None:
        self._session = ClientSession(timeout=ClientTimeout(total=120), auto_decompress=False)
        app = web.Application(client_max_size=8 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, shutdown_timeout=2.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        auth = request.headers.get("Authorization", "")
        token = auth[7:] if auth.startswith("Bearer ") else request.query.get("access_token", "")
        rule = self._answer(request.method, request.path, token)
        if rule is not None and rule.status == 0:
            while rule in self.rules:  # its sender gives up (and is cancelled here) or it is let through
                await asyncio.sleep(0.05)
        elif rule is not None:
            return web.Response(status=rule.status, body=json.dumps(rule.body).encode(),
                                content_type="application/json")
        body = await request.read()
        headers = {k: v for k, v in request.headers.items() if k.lower() not in ("host", "content-length")}
        async with self._session.request(request.method, self.upstream + request.rel_url.raw_path_qs, data=body,
                                         headers=headers) as upstream:
            data = await upstream.read()
            out = {k: v for k, v in upstream.headers.items()
                   if k.lower() not in ("content-length", "transfer-encoding", "connection")}
            return web.Response(status=upstream.status, body=data, headers=out)
