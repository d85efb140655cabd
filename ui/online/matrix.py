"""The Matrix client: matrix-nio (the optional extra ``tycoons[online]``) behind the few calls an
online game needs. asyncio only; raw event dicts in and out, so the rest of the package never
depends on nio's classes.

Why matrix-nio: a well-kept, pure-Python client library on asyncio that follows the Matrix
client-server API closely, with nothing we do not need pulled in by default (end-to-end
encryption is an extra of its own). Every call here is bounded in time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

import nio

from ui.online import protocol as p
from ui.online.credentials import Credentials

CALL_TIMEOUT_S = 30.0
RATE_LIMIT_WAIT_S = 120.0
"""A call the homeserver rate-limits is made again when it says (``retry_after_ms``), waiting at
most this long in all; a longer wait is given up and said (the player tries again later)."""

SYNC_FILTER = {"room": {"timeline": {"limit": 60}, "state": {"lazy_load_members": True},
                        "ephemeral": {"not_types": ["*"]}, "account_data": {"not_types": ["*"]}},
               "presence": {"not_types": ["*"]}, "account_data": {"not_types": ["*"]}}
"""What a sync brings: the last 60 events of a room at most (older ones are paged back), members
only as far as the events need them, no typing, receipts, presence or account data, and never
this account's own events (see `sync`)."""


class MatrixError(Exception):
    """A call to the homeserver failed; `reason` is a sentence for the player. `transient`: it
    may well go through if made again (the homeserver failed, did not answer, or was not
    reached; or it rate-limited the call, and then `retry_after_s` says when, if it said)."""

    def __init__(self, reason: str, transient: bool = False, retry_after_s: float | None = None,
                 rate_limited: bool = False):
        super().__init__(reason)
        self.reason = reason
        self.transient = transient or rate_limited
        self.retry_after_s = retry_after_s
        self.rate_limited = rate_limited


PERMANENT_CODES = frozenset({"M_FORBIDDEN", "M_NOT_FOUND", "M_TOO_LARGE", "M_BAD_JSON", "M_NOT_JSON",
                             "M_UNKNOWN_TOKEN", "M_MISSING_TOKEN", "M_INVALID_PARAM", "M_MISSING_PARAM",
                             "M_USER_DEACTIVATED", "M_UNRECOGNIZED", "M_UNAUTHORIZED", "M_BAD_STATE"})
"""Answers that will be the same however often the call is made again."""


def seconds(value: float) -> str:
    return f"{value:.1f} s" if value < 10 else f"{value:.0f} s"


@dataclass
class SyncBatch:
    """One sync: new timeline events per joined room (raw dicts, oldest first), rooms whose
    timeline has a gap before them (room -> the token to page back from), and invites (room ->
    the stripped state events the server shows an invitee)."""

    next_batch: str
    events: dict[str, list[dict]] = field(default_factory=dict)
    gaps: dict[str, str] = field(default_factory=dict)
    invites: dict[str, list[dict]] = field(default_factory=dict)
    left: list[str] = field(default_factory=list)


def _ssl_for(homeserver: str):
    """The certificates to check an https homeserver against: certifi's bundle where it is
    installed (a frozen app on Windows or macOS may have no usable system store), else the
    system's. None for plain http (a homeserver on this machine, as in the tests)."""
    if not homeserver.startswith("https://"):
        return None
    try:
        import ssl

        import certifi

        return ssl.create_default_context(cafile=certifi.where())
    except ImportError:
        return None


def _client(homeserver: str, user: str, device_id: str | None = None) -> nio.AsyncClient:
    # nio by itself sleeps through rate limits and retries timeouts without end, silently: the
    # caller's own time limit then said "did not answer in time", which names the wrong cause.
    # Here every call is tried once by nio, and `MatrixLink._call` says what happened and decides.
    config = nio.AsyncClientConfig(max_limit_exceeded=0, max_timeouts=0)
    return nio.AsyncClient(homeserver, user, device_id=device_id, ssl=_ssl_for(homeserver), config=config)


def _check(response, what: str):
    """The response, or MatrixError saying what went wrong and whether trying again may help."""
    if isinstance(response, nio.responses.ErrorResponse):
        # nio's error responses differ by kind and version: each of these fields is optional
        message = getattr(response, "message", "") or str(response)
        code = getattr(response, "status_code", None)
        transport = getattr(response, "transport_response", None)
        status = getattr(transport, "status", None)
        if status == 429 or code == "M_LIMIT_EXCEEDED":
            after = getattr(response, "retry_after_ms", None)
            after_s = after / 1000 if isinstance(after, int | float) and after >= 0 else None
            wait = f" (it asks to wait {seconds(after_s)})" if after_s is not None else ""
            raise MatrixError(f"{what}: the homeserver is rate-limiting this account{wait}.", retry_after_s=after_s,
                              rate_limited=True)
        transient = code not in PERMANENT_CODES and (status is None or status >= 500 or status == 408)
        raise MatrixError(f"{what} failed: {message}", transient=transient)
    return response


async def sign_in(homeserver: str, user: str, password: str | None = None, token: str | None = None,
                  device_name: str = "Tycoons") -> Credentials:
    """Credentials from a password (used once, not kept) or from an access token (checked)."""
    homeserver = homeserver.rstrip("/")
    if not homeserver.startswith(("http://", "https://")):
        homeserver = "https://" + homeserver
    client = _client(homeserver, user)
    try:
        if token:
            client.access_token = token
            who = _check(await asyncio.wait_for(client.whoami(), CALL_TIMEOUT_S), "Checking the access token")
            return Credentials(homeserver, who.user_id, token, who.device_id or "")
        response = await asyncio.wait_for(client.login(password or "", device_name=device_name), CALL_TIMEOUT_S)
        _check(response, "Signing in")  # a rate limit is said as one: the player tries again later
        return Credentials(homeserver, response.user_id, response.access_token, response.device_id or "")
    except TimeoutError:
        raise MatrixError(f"{homeserver} did not answer in time.") from None
    except (OSError, nio.exceptions.ProtocolError) as exc:  # aiohttp's errors are OSErrors
        raise MatrixError(f"{homeserver} cannot be reached ({exc}).") from None
    finally:
        await client.close()


class MatrixLink:
    """One signed-in Matrix account. `notice(text)` hears what a call is waiting for (a rate
    limit, and how long); by default nobody."""

    def __init__(self, creds: Credentials, notice: Callable[[str], None] | None = None):
        self.creds = creds
        self.notice = notice or (lambda text: None)
        self.user_id = creds.user_id
        self.client = _client(creds.homeserver, creds.user_id, creds.device_id or None)
        self.client.restore_login(creds.user_id, creds.device_id or "TYCOONS", creds.access_token)
        self.sent_bytes = 0  # the content bytes of every event sent (the bench's room traffic)
        self.sent_events = 0
        self._filter_id: str | None = None

    async def close(self) -> None:
        await self.client.close()

    async def _call(self, what: str, make, patient: bool = True):
        """`make()`'s call, made again while the homeserver rate-limits it and at most
        RATE_LIMIT_WAIT_S in all (each wait is said through `notice`); any other failure raises
        MatrixError at once (`transient` says whether trying again may help: the caller knows
        whether its call may safely be made twice). Not `patient`: a rate limit raises at once
        too (the outbox waits on its own, without holding anyone up)."""
        waited = 0.0
        while True:
            try:
                return await self._once(what, make())
            except MatrixError as exc:
                if not exc.rate_limited or not patient:
                    raise
                wait = exc.retry_after_s if exc.retry_after_s is not None else min(5.0, 1.0 + waited)
                if waited + wait > RATE_LIMIT_WAIT_S:
                    asked = f"it asks to wait {seconds(wait)}" if exc.retry_after_s is not None else "it kept refusing"
                    if waited:
                        asked += f" after {seconds(waited)} of waiting"
                    raise MatrixError(f"{what}: the homeserver is rate-limiting this account; {asked}. Try again "
                                      "later.", retry_after_s=exc.retry_after_s, rate_limited=True) from None
                self.notice(f"{what}: the homeserver is rate-limiting this account; trying again in "
                            f"{seconds(wait)}.")
                await asyncio.sleep(wait)
                waited += wait

    @staticmethod
    async def _once(what: str, coro):
        try:
            return _check(await asyncio.wait_for(coro, CALL_TIMEOUT_S), what)
        except TimeoutError:
            raise MatrixError(f"{what}: the homeserver did not answer in time.", transient=True) from None
        except (OSError, nio.exceptions.ProtocolError) as exc:
            raise MatrixError(f"{what}: the homeserver cannot be reached ({exc}).", transient=True) from None

    # -- rooms ----------------------------------------------------------------------------------
    async def create_room(self, name: str, room_type: str, invite: list[str], state: list[dict] | None = None,
                          topic: str | None = None) -> str:
        """A private, invite-only room (federated: players may be on any homeserver) in which
        only this account may set state, invite, or send the host's events."""
        host_only = {t: 100 for t in (p.VIEW, p.REFUSAL, p.FINAL, p.GAME, p.TURN)}
        # the creator has power 100 from the preset (or, from room version 12, above every level)
        powers = {"events": host_only, "state_default": 100,
                  "events_default": 0, "invite": 100, "kick": 100, "ban": 100, "redact": 100}
        response = await self._call("Creating a room", lambda: self.client.room_create(
            name=name, topic=topic, room_type=room_type, preset=nio.RoomPreset.private_chat, invite=invite,
            initial_state=state or [], power_level_override=powers))
        return response.room_id

    async def join(self, room: str) -> None:
        await self._call("Joining the game", lambda: self.client.join(room))

    async def leave(self, room: str) -> None:
        await self._call("Leaving the game", lambda: self.client.room_leave(room))

    async def invite(self, room: str, user: str) -> None:
        await self._call("Inviting a player", lambda: self.client.room_invite(room, user))

    async def send(self, room: str, event_type: str, content: dict, txn: str | None = None,
                   patient: bool = True) -> str:
        """Send a timeline event. The same `txn` (transaction id) makes a send that is tried
        again after a failure one event, never two, if the first try went through after all."""
        self.sent_bytes += p.content_size(content)
        self.sent_events += 1
        txn = txn or p.new_txn()
        response = await self._call("Sending", lambda: self.client.room_send(
            room, event_type, content, tx_id=txn, ignore_unverified_devices=True), patient)
        return response.event_id

    async def put_state(self, room: str, event_type: str, content: dict, state_key: str = "",
                        patient: bool = True) -> None:
        self.sent_bytes += p.content_size(content)
        self.sent_events += 1
        await self._call("Updating the room", lambda: self.client.room_put_state(room, event_type, content,
                                                                                 state_key), patient)

    async def state(self, room: str) -> list[dict]:
        """The room's current state events (raw)."""
        response = await self._call("Reading the room", lambda: self.client.room_get_state(room))
        return list(response.events)

    async def state_event(self, room: str, event_type: str, state_key: str = "") -> dict | None:
        response = await asyncio.wait_for(self.client.room_get_state_event(room, event_type, state_key),
                                          CALL_TIMEOUT_S)
        if isinstance(response, nio.responses.ErrorResponse):
            return None
        return response.content

    async def history(self, room: str, start: str | None, until, limit: int = 100, pages: int = 50,
                      end: str | None = None) -> list[dict]:
        """Timeline events before `start` (newest first), paged back until `until(event)` is
        true for one of them, the position `end` (a sync's position) or the room's beginning; at
        most `pages` pages."""
        out: list[dict] = []
        token = start
        for _ in range(pages):
            response = await self._call("Reading the game's history", lambda token=token: self.client.room_messages(
                room, token, end=end, direction=nio.MessageDirection.back, limit=limit))
            events = [e.source for e in response.chunk]
            out.extend(events)
            if any(until(e) for e in events) or not events or not response.end or response.end == token:
                break
            token = response.end
        return out

    # -- sync -----------------------------------------------------------------------------------
    async def sync(self, since: str | None, timeout_ms: int = 30000) -> SyncBatch:
        if self._filter_id is None:
            room = dict(SYNC_FILTER["room"])
            # its own events come back to nobody: every sync they would wake is work for the server
            room["timeline"] = dict(room["timeline"], not_senders=[self.user_id])
            response = await self._call("Preparing to follow the game", lambda: self.client.upload_filter(
                room=room, presence=SYNC_FILTER["presence"], account_data=SYNC_FILTER["account_data"]))
            self._filter_id = response.filter_id
        # the sync's raw JSON through nio's request layer: nio's own parsing drops the stripped
        # state of an invite that it has no class for (the room type that marks a game room)
        method, path = nio.Api.sync(self.client.access_token, since=since, timeout=timeout_ms,
                                    filter=self._filter_id)
        try:
            response = await asyncio.wait_for(self.client.send(method, path, timeout=timeout_ms / 1000 + 20),
                                              timeout_ms / 1000 + CALL_TIMEOUT_S)
            data = await response.json()
        except TimeoutError:
            raise MatrixError("The homeserver did not answer in time.") from None
        except (OSError, ValueError, nio.exceptions.ProtocolError) as exc:  # aiohttp's errors are OSErrors
            raise MatrixError(f"The homeserver cannot be reached ({exc}).") from None
        if response.status != 200 or not isinstance(data, dict) or "next_batch" not in data:
            said = data.get("error", response.status) if isinstance(data, dict) else response.status
            if response.status == 429 or (isinstance(data, dict) and data.get("errcode") == "M_LIMIT_EXCEEDED"):
                after = data.get("retry_after_ms") if isinstance(data, dict) else None
                after_s = after / 1000 if type(after) is int and after >= 0 else None
                wait = f"; trying again in {seconds(after_s)}" if after_s is not None else ""
                raise MatrixError(f"Following the game: the homeserver is rate-limiting this account{wait}.",
                                  retry_after_s=after_s, rate_limited=True)
            raise MatrixError(f"Following the game failed: {said}", transient=response.status >= 500)
        rooms = data.get("rooms") or {}
        batch = SyncBatch(str(data["next_batch"]))
        for room, info in (rooms.get("join") or {}).items():
            timeline = info.get("timeline") or {}
            events = [e for e in timeline.get("events") or [] if isinstance(e, dict)]
            if events:
                batch.events[room] = events
            if timeline.get("limited") and timeline.get("prev_batch"):
                batch.gaps[room] = timeline["prev_batch"]
        for room, info in (rooms.get("invite") or {}).items():
            batch.invites[room] = [e for e in (info.get("invite_state") or {}).get("events") or []
                                   if isinstance(e, dict)]
        batch.left = list(rooms.get("leave") or {})
        return batch


def room_type_of(stripped: list[dict]) -> str | None:
    """The room type in an invite's stripped state (its m.room.create), or None."""
    for e in stripped:
        if e.get("type") == "m.room.create":
            content = e.get("content") or {}
            return content.get("type")
    return None


def room_name_of(stripped: list[dict]) -> str:
    for e in stripped:
        if e.get("type") == "m.room.name":
            return str((e.get("content") or {}).get("name", ""))
    return ""
