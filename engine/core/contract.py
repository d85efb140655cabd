"""The engine contract (ARCHITECTURE §2): what every game provides so that the session, saves, UI shell,
AI and contract tests work for all games without knowing any of them.

A game is a `GameSpec` (static facts) plus a `State` subclass (the whole game as plain data).
Decisions are small `Action` values; chance is an ordinary decision taken by the CHANCE seat,
whose outcome the session draws from its seeded generator.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

import msgpack

from engine.core.action_types import exactly_typed, shape_problem, type_problem
from engine.core.errors import BadSetup, IllegalAction
from engine.core.plain import plain_copy
from engine.core.round import Round
from engine.core.text import fill_names, join_words

CHANCE = -1
"""`State.to_move()` returns this when the next decision is a die roll, a draw or a shuffle."""
TERMINAL = -2
"""`State.to_move()` returns this when the game is over."""

def _freeze(value):
    """Lists (as msgpack returns them) back into tuples, so actions stay hashable."""
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value

class Action(NamedTuple):
    """One small decision: what kind, by which seat (or CHANCE), with which arguments.

    Arguments are ints, strings or tuples of them, so an action is hashable and serialises to
    msgpack as it is. (A NamedTuple rather than a dataclass: AI search creates millions of them.)

    >>> a = Action("acquire", 0, (3,))
    >>> Action.from_dict(a.to_dict()) == a
    True
    """

    kind: str
    seat: int
    args: tuple = ()

    def to_dict(self) -> dict:
        return {"kind": self.kind, "seat": self.seat, "args": list(self.args)}

    @staticmethod
    def from_dict(data: dict) -> Action:
        return Action(str(data["kind"]), int(data["seat"]), _freeze(data.get("args", ())))

    def __str__(self) -> str:
        args = ",".join(str(a) for a in self.args)
        return f"{self.kind}({args})@{self.seat}"


@dataclass(slots=True)
class Event:
    """A line for the game log.

    `text` is a template that names seats as `{p0}`, `{p1}`…; the session fills in the names, so
    the log always names players, never "you". An event that reveals a secret to one seat only
    sets `visible_to`; every other seat reads `public_text` instead (or nothing if it is None).
    """

    text: str
    kind: str = "info"
    visible_to: int | None = None
    public_text: str | None = None

    def render(self, names: list[str], viewer: int | None) -> str | None:
        """The line as `viewer` may read it (viewer None is a spectator), or None if hidden."""
        text = self.text
        if self.visible_to is not None and viewer != self.visible_to:
            text = self.public_text
            if text is None:
                return None
        # through fill_names, as refusals and labels are: "your" for a player called You, never
        # "You's", and "You are", never "You is"
        return fill_names(text, names)

    def to_dict(self) -> dict:
        return {"text": self.text, "kind": self.kind, "visible_to": self.visible_to,
                "public_text": self.public_text}

    @staticmethod
    def from_dict(d: dict) -> Event:
        return Event(d["text"], d.get("kind", "info"), d.get("visible_to"), d.get("public_text"))

@dataclass(slots=True)
class Outcome:
    """Final result: scores, a per-category breakdown, 1-based ranks (ties share a rank),
    the winners (several on a shared victory) and how ties were settled."""

    scores: list[float]
    breakdown: list[dict[str, float]]
    ranking: list[int]
    winners: list[int]
    tie_break: str = ""

    @staticmethod
    def from_scores(scores, breakdown, tiebreak=None, tie_rule: str = "", standing=None) -> Outcome:
        """Rank seats by score, then by the optional `tiebreak` key per seat (higher is better).

        Seats equal on both share the rank; if several share first place they share the victory.
        `standing`, if given, is a per-seat key that ranks before the score (higher is better):
        a game can rank seats that are out of the game below every seat still in, whatever the scores.
        """
        n = len(scores)
        keys = [(standing[i] if standing else 0, scores[i], tiebreak[i] if tiebreak else 0) for i in range(n)]
        ranking = [1 + sum(1 for j in range(n) if keys[j] > keys[i]) for i in range(n)]
        winners = [i for i in range(n) if ranking[i] == 1]
        top = max(keys)[:2]
        tied_on_score = sum(1 for k in keys if k[:2] == top)
        if len(winners) > 1:
            note = "shared victory"
        elif tied_on_score > 1:
            note = f"tie on points settled by {tie_rule or 'tie-break'}"
        else:
            note = ""
        return Outcome(list(scores), [dict(b) for b in breakdown], ranking, winners, note)

    def to_dict(self) -> dict:
        return {"scores": self.scores, "breakdown": self.breakdown, "ranking": self.ranking,
                "winners": self.winners, "tie_break": self.tie_break}

@dataclass(frozen=True, slots=True)
class Option:
    """A game option shown in the new-game dialog, with its declared range (game.toml).

    A whole-number option has `minimum` and `maximum`; a choice or a yes/no option has `choices`
    (a yes/no one ``(False, True)``). Values are checked by exact type: True is not a number and
    1 is not true, so a save cannot slip a bool into a turn limit.
    """

    key: str
    label: str
    default: Any
    choices: tuple = ()
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    rule: str = ""
    """The rule the option follows, quoted from the rules text with its section (its tooltip)."""
    shown: bool = True
    """False for a safety bound no real game reaches (a turn limit far beyond the longest game):
    the new-game dialog and the board never show it to players."""

    @property
    def range_text(self) -> str:
        """The allowed values in words: "0–5,000", "true or false", "one of 'a', 'b'"."""
        if self.minimum is not None and self.maximum is not None:
            return f"{self.minimum:,}–{self.maximum:,}"
        if isinstance(self.default, bool):
            return "true or false"
        return "one of " + ", ".join(repr(c) for c in self.choices) if self.choices else "any"

    def validate(self, value) -> Any:
        """`value` if it is one this option takes; BadSetup (a ValueError) saying why not."""
        if type(value) is not type(self.default):
            kind = {bool: "true or false", int: "a whole number", str: "a name"}.get(type(self.default), "valid")
            raise BadSetup(f"option {self.key!r} must be {kind}, not {value!r:.40}")
        if self.choices and value not in self.choices:
            raise BadSetup(f"option {self.key!r} must be {self.range_text}, not {value!r:.40}")
        if self.minimum is not None and value < self.minimum or self.maximum is not None and value > self.maximum:
            raise BadSetup(f"option {self.key!r} must be in {self.range_text}, not {value:,}")
        return value

@dataclass
class GameSpec:
    """Static facts about one game, and the factory of its states."""

    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    rules_version: int
    state_class: type
    options: tuple[Option, ...] = ()
    rules_help: str = ""
    """Markdown text of the in-game rules help (the game's rules plus our decisions on open points)."""
    oldest_rules_version: int = 1
    """The oldest rules version whose saves this version still reads: a save's rules version must
    lie in oldest_rules_version..rules_version (game.toml declares both)."""
    round: Round | None = None
    """The order of the game's round (its `round.py`): the phases `State.round_phase` names."""

    def resolve_options(self, options: dict | None) -> dict:
        """Defaults filled in, unknown keys and values outside an option's range refused
        (BadSetup, a ValueError)."""
        options = dict(options or {})
        known = {o.key: o for o in self.options}
        unknown = set(options) - set(known)
        if unknown:
            raise BadSetup(f"{self.title} has no option {str(sorted(map(str, unknown))[0])[:40]!r}")
        return {k: o.validate(options.get(k, o.default)) for k, o in known.items()}

    def new_state(self, players: int, options: dict | None = None) -> State:
        """A fresh game for `players` seats. Set-up shuffles come as CHANCE decisions."""
        if not self.min_players <= players <= self.max_players:
            raise BadSetup(f"{self.title} takes {self.min_players}–{self.max_players} players, not {players}")
        return self.state_class.new(self, players, self.resolve_options(options))

    def state_from_data(self, data: dict) -> State:
        return self.state_class.from_data(self, data)

class State:
    """The whole state of one game. Subclasses implement the methods that raise NotImplementedError.

    `apply` is atomic: it validates with `illegal_reason` first and raises `IllegalAction` without
    touching the state, then calls the subclass's `_apply`.
    """

    spec: ClassVar[GameSpec]
    players: int

    # -- construction and copying -------------------------------------------------------------
    @classmethod
    def new(cls, spec: GameSpec, players: int, options: dict) -> State:
        raise NotImplementedError

    _FIELDS: ClassVar[tuple[str, ...]] = ()
    """Attribute names that make up the state, when they are plain data already: then the default
    `to_data`/`from_data` below serve, and a game overrides them only for other shapes."""

    _MEMORY: ClassVar[tuple[str, ...]] = ()
    """Fields that only remember for the board what the game went through (each complex's furthest
    reach, the purchases of the last lap) so that its view can show it: they follow from the
    decisions and no rule reads them. They are in `to_data` and copies but not in `state_hash`,
    which saves and online play compare with digests taken before the board remembered anything."""

    def to_data(self) -> dict:
        """The state as plain msgpack-able data (ints, strings, lists, dicts)."""
        if not self._FIELDS:
            raise NotImplementedError
        return {f: getattr(self, f) for f in self._FIELDS}

    @classmethod
    def from_data(cls, spec: GameSpec, data: dict) -> State:
        if not cls._FIELDS:
            raise NotImplementedError
        s = cls.__new__(cls)
        for f in cls._FIELDS:
            # fresh containers, never shared with the caller's data
            setattr(s, f, plain_copy(data[f]))
        return s

    def copy(self) -> State:
        """An independent copy: every field of `_FIELDS` copied as plain data (a game may override
        this with a faster hand-written copy), else a round trip through msgpack."""
        if self._FIELDS:
            s = type(self).__new__(type(self))
            for f in self._FIELDS:
                setattr(s, f, plain_copy(getattr(self, f)))
            return s
        return type(self).from_data(self.spec, msgpack.unpackb(msgpack.packb(self.to_data()),
                                                               strict_map_key=False))

    def state_hash(self) -> str:
        """A digest of the full state but its board memory (`_MEMORY`), equal for equal states on
        every platform."""
        data = self.to_data()
        for field in self._MEMORY:
            del data[field]
        return hashlib.blake2b(msgpack.packb(data, use_bin_type=True), digest_size=16).hexdigest()

    # -- whose decision, and which ----------------------------------------------------------
    def to_move(self) -> int:
        """The seat that must decide now, or CHANCE, or TERMINAL."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.to_move() == TERMINAL

    def round_phase(self) -> str:
        """The id of the phase the game is in now, one of its spec's `round` (engine.core.round):
        a set-up phase, a phase of the round, or the end once the game is over."""
        raise NotImplementedError

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The choices open to `seat` now (default: the seat to move); empty when it is not theirs."""
        raise NotImplementedError

    def decider(self, seat: int | None) -> int | None:
        """`seat` (None: the seat to move) if that seat has a decision to take now, else None: the
        opening of every `legal_actions`."""
        mover = self.to_move()
        if seat is None:
            seat = mover
        return seat if mover >= 0 and seat == mover else None

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        """At a CHANCE node: each possible outcome with an integer weight."""
        raise NotImplementedError

    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` is not allowed now, in words a player understands; None if it is legal.

        An action holding other types than the rules use (a float, a bool, None…) or arguments
        of another shape than the legal actions of its kind is refused here, before any rule of
        the game looks at it (`engine.core.action_types`). A reason may name seats as `{pN}`
        (`Session.illegal_reason` fills in the names). Every refusal is specific: the game's
        `explain_illegal`, or else what the seat may do now (`not_a_choice`)."""
        problem = type_problem(action)
        if problem is not None:
            return f"That is not a valid action: {problem}."
        mover = self.to_move()
        if mover == TERMINAL:
            return "The game is over."
        if action.seat != mover:
            if mover == CHANCE:
                return "The game is waiting for a chance outcome."
            return f"It is not that player's turn: {{p{mover}}} is to move."
        if self.is_legal(action):
            return None
        legal = [a for a, _ in self.chance_outcomes()] if mover == CHANCE else self.legal_actions(mover)
        problem = shape_problem(action, legal)
        if problem is not None:
            return f"That is not a valid action: {problem}."
        try:
            reason = self.explain_illegal(action)
        except (TypeError, ValueError, IndexError, KeyError):
            # a game's explanation may assume argument types that only legal actions of the kind
            # guarantee; when none is legal now, what the seat may do instead still explains
            reason = None
        return reason or self.not_a_choice(action, legal)

    def not_a_choice(self, action: Action, legal: list[Action]) -> str:
        """The refusal when no rule explains more: what the seat may do now instead, in the words
        of `label` (the first choice of each kind, at most four)."""
        if action.seat == CHANCE or not legal:
            return "That is not a possible outcome now."
        firsts: dict[str, Action] = {}
        for a in legal:
            firsts.setdefault(a.kind, a)
        labels = []
        for a in list(firsts.values())[:4]:
            try:
                labels.append(self.label(a))
            except Exception:  # noqa: BLE001 - a label is cosmetic; the kind still says it
                labels.append(a.kind.replace("_", " "))
        if len(firsts) > 4:
            return f"That is not one of the choices now, which include: {join_words(labels)}."
        return f"That is not one of the choices now, which are: {join_words(labels, 'or')}."

    def is_legal(self, action: Action) -> bool:
        """Whether `action` (by the seat to move, or CHANCE) is legal now. Games may override with a
        direct check that avoids building every legal action; an override starts with
        `if not exactly_typed(action): return False` (the contract tests check that it does)."""
        if not exactly_typed(action):
            return False
        if action.seat == CHANCE:
            return any(a == action for a, _ in self.chance_outcomes())
        return action in self.legal_actions(action.seat)

    def explain_illegal(self, action: Action) -> str | None:
        """A specific reason for an action of the seat to move that is not legal, or None to let
        `not_a_choice` say what may be done instead. Games override."""
        return None

    def apply(self, action: Action) -> list[Event]:
        """Validate, then perform `action`; returns log events. Raises IllegalAction untouched."""
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalAction(reason, action)
        return self._apply(action)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Perform an action known to be legal (taken from `legal_actions` or `chance_outcomes` of
        this very state) without validating it again: the inner loop of AI search."""
        return self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        raise NotImplementedError

    def reveals(self, action: Action) -> bool:
        """True if applying this (non-chance) action reveals hidden information: an undo barrier."""
        return False

    # -- what a seat sees ---------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """What `seat` may see (its own secrets and public information); None is a spectator."""
        raise NotImplementedError

    def open_view(self) -> dict:
        """The view with every secret open (every seat's hidden cards shown), in the shape of
        `view`: what the review of a finished game shows at each decision. Games with secrets
        override it; for a game without any, the spectator view is already everything."""
        return self.view(None)

    def determinize(self, seat: int | None, rng) -> State:
        """A full state consistent with `view(seat)`, hidden parts re-dealt with `rng`."""
        raise NotImplementedError

    def label(self, action: Action) -> str:
        """A short human label for an action ("Acquire Pixel Forge for $29"). Seats are named
        `{pN}` (never "seat 2"); `Session.label` fills in the names. Build it with the helpers of
        `engine.core.text` (articles, plurals, money)."""
        return str(action)

    # -- end ----------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """Final scores when terminal, else None."""
        raise NotImplementedError

    def check_invariants(self) -> list[str]:
        """Broken invariants (money or components not conserved…); empty when all hold."""
        return []

    def progress(self) -> float:
        """A rough 0..1 estimate of how far the game has run, for AI cut-offs and charts."""
        return 0.0

    def score_track(self) -> list[float]:
        """Each seat's current running score or money, for the end-of-game chart."""
        return [0.0] * self.players

@dataclass
class SeatInfo:
    """Who sits in a seat: a name, and Human, an AI level, or a player online (a Matrix user
    who plays from another computer, ARCHITECTURE §12)."""

    name: str
    kind: str = "human"  # "human", "ai" or "online"
    level: str | None = None  # "easy", "normal", "hard" for AI seats
    user: str | None = None  # the Matrix user id ("@ann:example.org") of an online seat

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"

    @property
    def is_online(self) -> bool:
        """A person at another computer: their decisions arrive over the network."""
        return self.kind == "online"

    def to_dict(self) -> dict:
        out = {"name": self.name, "kind": self.kind, "level": self.level}
        if self.user is not None:
            out["user"] = self.user
        return out

    @staticmethod
    def from_dict(d: dict) -> SeatInfo:
        return SeatInfo(d["name"], d.get("kind", "human"), d.get("level"), d.get("user"))
