"""Stepping through a recorded game (the review of a finished game, or a spectator's look at an
unfinished one), Qt-free.

A review holds the game's log and a snapshot of the state every `SNAPSHOT_EVERY` log entries, so
the state at any point costs one state copy and a few re-applied decisions, however long the game
(ARCHITECTURE §9: a review step to any decision within one frame).

Review *steps* are the positions a player saw while playing: the start (set-up draws made), then
after each player decision together with the chance outcomes that followed it (a die roll, a
refill), the way `Session.apply` resolves them. Step k shows the game after the k-th decision.

Secrets: a finished game is reviewed with every secret open (`State.open_view`, and every log line
in its full text); an unfinished game only as a spectator (`view(None)`, lines as a spectator
reads them), so reviewing a game in progress never shows anything its players could not see.

>>> from engine.core import Session
>>> s = Session.new("robber-barons", ["Ann", "Bob"], seed=3)
>>> for _ in range(5):
...     _ = s.apply(s.legal_actions()[0])
>>> r = Review.of_session(s)
>>> r.steps, r.open_secrets
(5, False)
>>> r.state_at_step(5).state_hash() == s.state.state_hash()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.contract import CHANCE, TERMINAL, Action, Event, GameSpec, SeatInfo, State

SNAPSHOT_EVERY = 8
"""Log entries between snapshots: a step re-applies at most this many minus one decisions."""


@dataclass(frozen=True, slots=True)
class StepInfo:
    """What happened at one step: the deciding seat, whether an AI took it, and its label."""

    step: int
    entry: int | None
    """Index in the log of the player decision (None for step 0, the start)."""
    seat: int | None
    by_ai: bool
    label: str


@dataclass(frozen=True, slots=True)
class LogLine:
    """One readable line of the log, with the step it belongs to (a click on it jumps there)."""

    text: str
    kind: str
    step: int
    entry: int


class Review:
    """A recorded game to step through: `state_at_step(k)`, `view_at_step(k)`, `lines()`."""

    def __init__(self, spec: GameSpec, seats: Sequence[SeatInfo], options: dict, seed: int,
                 actions: Sequence[Action], ai_flags: Sequence[bool] | None = None,
                 events: Sequence[Sequence[Event]] | None = None, open_secrets: bool | None = None):
        """Replay `actions` (already checked: a session's log or a verified save) once, keeping
        snapshots. `events` per entry saves replaying for the log's text; `open_secrets` defaults
        to whether the game is finished and may never be True for an unfinished game."""
        self.spec = spec
        self.seats = list(seats)
        self.names = [s.name for s in self.seats]
        self.options = dict(options)
        self.seed = seed
        self.actions = list(actions)
        self.ai_flags = [bool(f) for f in ai_flags] if ai_flags is not None else [False] * len(self.actions)
        state = spec.new_state(len(self.seats), self.options)
        self._snaps: list[State] = []
        collected: list[list[Event]] = []
        for i, action in enumerate(self.actions):
            if i % SNAPSHOT_EVERY == 0:
                self._snaps.append(state.copy())
            produced = state.apply(action)
            if events is None:
                collected.append(produced)
        if len(self.actions) % SNAPSHOT_EVERY == 0:
            self._snaps.append(state.copy())
        self._final = state
        self.events = [list(e) for e in events] if events is not None else collected
        self.finished = state.to_move() == TERMINAL
        if open_secrets is None:
            open_secrets = self.finished
        if open_secrets and not self.finished:
            raise ValueError("only a finished game may be reviewed with its secrets open")
        self.open_secrets = bool(open_secrets)
        # stops[k]: the log length at step k (after decision k and the chance draws after it)
        decisions = [i for i, a in enumerate(self.actions) if a.seat != CHANCE]
        ends = decisions[1:] + [len(self.actions)] if decisions else []  # only set-up draws: one step
        first = decisions[0] if decisions else len(self.actions)
        self.stops = [first] + ends
        self.decision_entries = decisions
        self._labels: dict[int, str] = {}

    @classmethod
    def of_session(cls, session, open_secrets: bool | None = None) -> Review:
        """The review of a session as it stands (its log's events are reused)."""
        log = session.log
        return cls(session.spec, session.seats, session.options, session.seed, [e.action for e in log],
                   [e.by_ai for e in log], [e.events for e in log], open_secrets)

    # -- steps --------------------------------------------------------------------------------
    @property
    def steps(self) -> int:
        """The last step (the number of player decisions); steps run 0..steps."""
        return len(self.stops) - 1

    def clamp(self, step: int) -> int:
        return max(0, min(self.steps, int(step)))

    def state_at(self, entries: int) -> State:
        """A fresh state after the first `entries` log entries (0..len(actions))."""
        if not 0 <= entries <= len(self.actions):
            raise IndexError(f"no log position {entries} (the log has {len(self.actions)} entries)")
        if entries == len(self.actions):
            return self._final.copy()
        base = entries // SNAPSHOT_EVERY
        state = self._snaps[base].copy()
        for action in self.actions[base * SNAPSHOT_EVERY:entries]:
            state.apply_unchecked(action)  # checked when the review was built
        return state

    def state_at_step(self, step: int) -> State:
        """A fresh state as it stood at `step` (0 is the start, `steps` the end)."""
        return self.state_at(self.stops[self.clamp(step)])

    def view_at_step(self, step: int) -> dict:
        """What the review shows at `step`: everything for a finished game, else a spectator's view."""
        state = self.state_at_step(step)
        return state.open_view() if self.open_secrets else state.view(None)

    def step_of_entry(self, entry: int) -> int:
        """The step that shows log entry `entry` (its decision or the draw after it)."""
        lo, hi = 0, self.steps
        while lo < hi:  # the first step whose stop lies beyond the entry
            mid = (lo + hi) // 2
            if self.stops[mid] > entry:
                hi = mid
            else:
                lo = mid + 1
        return lo

    def info(self, step: int) -> StepInfo:
        """Who decided at `step`, whether an AI did, and what ("Acquire Pixel Forge for $29").

        A spectator reads what the decision's log says instead of the action's label: a label
        names the choice itself, which may be secret (a hidden pick), while log events say what
        each reader may know."""
        step = self.clamp(step)
        if step == 0:
            return StepInfo(0, None, None, False, "The start of the game")
        entry = self.decision_entries[step - 1]
        action = self.actions[entry]
        if entry not in self._labels:
            self._labels[entry] = self._label(entry) if self.open_secrets else self._public_label(entry)
        return StepInfo(step, entry, action.seat, self.ai_flags[entry], self._labels[entry])

    def _label(self, entry: int) -> str:
        try:
            return self.state_at(entry).label(self.actions[entry])
        except Exception:  # noqa: BLE001 - a label is cosmetic
            return str(self.actions[entry])

    def _public_label(self, entry: int) -> str:
        for ev in self.events[entry]:
            text = ev.render(self.names, None)
            if text:
                return text
        return "a decision"

    # -- the log ------------------------------------------------------------------------------
    def lines(self) -> list[LogLine]:
        """Every readable line of the whole log: full text when secrets are open, else the
        spectator's text (lines hidden from a spectator are left out)."""
        out = []
        for entry, events in enumerate(self.events):
            step = self.step_of_entry(entry)
            for ev in events:
                text = ev.render(self.names, ev.visible_to if self.open_secrets else None)
                if text:
                    out.append(LogLine(text, ev.kind, step, entry))
        return out

    def log_text(self, upto_step: int | None = None) -> str:
        """The readable log as plain text, up to and including `upto_step` (default: all)."""
        last = self.steps if upto_step is None else self.clamp(upto_step)
        return "\n".join(line.text for line in self.lines() if line.step <= last)

    def score_tracks(self) -> list[list[float]]:
        """Each seat's `score_track()` at every step (for the chart: point k is step k)."""
        state = self.state_at(0)
        tracks, done = [], 0
        for stop in self.stops:  # one walk through the log, not a replay per step
            for action in self.actions[done:stop]:
                state.apply_unchecked(action)
            done = stop
            tracks.append([float(x) for x in state.score_track()])
        outcome = state.outcome() if self.finished else None
        if outcome is not None:  # the final scoring may count more than the track (hidden cards)
            tracks[-1] = [float(x) for x in outcome.scores]
        return tracks
