"""What a game tells the Hard level's searches: one typed, frozen `Knowledge` per game, built by
keyword in `ai/games/<pkg>/knowledge.py` as `KNOWLEDGE`, so a misspelt knob is a TypeError when
the module loads and a value of the wrong type or out of range a TypeError or ValueError.

Each knob is read by the search that uses it, and a game sets only knobs its own search reads
(tests/ai/test_knowledge.py plays every game's Hard and its hints and checks): the tree
(ai/core/search.py) reads `playout_action`, `playout_depth`, `exploration`, `prior_weight` and
`opponent_policy`; the rollout form (ai/core/rollouts.py) reads `budget_unit`; both read
`evaluate`, `prune` and `delegate`; the estimates behind hints and analysis (ai/core/estimate.py,
the rollout form turned to measuring) read `evaluate`, `prune`, `rollout_horizon` and
`rollout_policy` in every game, whichever form its Hard plays, and `standing`, which the reasons
of hints and analyses are made of (ai/core/compare.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Literal, get_args

from ai.core.game_parts import own_module
from ai.core.shares import score_shares

if TYPE_CHECKING:
    from ai.core.agent import Observation
    from engine.core.contract import Action, State

Form = Literal["tree", "rollouts"]
BudgetUnit = Literal["worlds", "rollouts"]
Evaluate = Callable[["State"], list[float]]
"""Each seat's estimated share of the win in a (determinized) state; sums to 1."""
Policy = Callable[["State", Any], "Action"]
"""The mover's action in a (determinized) state, given the search's generator."""
Prune = Callable[["State", list["Action"]], list["Action"]]
Delegate = Callable[["Observation"], bool]
Standing = Callable[["State"], list[dict[str, float]]]
"""Each seat's points by category if the game ended now, in the game's own points; the keys are
the game's words for them (ui/games/<pkg>/words.py says them)."""


def points_standing(state: State) -> list[dict[str, float]]:
    """The standing of a game that names no categories: its running score as "points"."""
    return [{"points": float(x)} for x in state.score_track()]


@dataclass(frozen=True, kw_only=True, slots=True)
class Knowledge:
    """What a game adds to the generic Hard search; every knob has a default that suits a game
    without knowledge of its own.

    `form` is the search Hard plays: "tree", the information-set tree of ai/core/search.py, or
    "rollouts", the rollouts of Normal of ai/core/rollouts.py.

    Both forms, and the estimates: `evaluate(state)` scores a position where a playout or rollout
    stops; `prune(state, legal)` collapses equivalent or hopeless choices (an empty answer keeps
    them all); `delegate(obs)` names decisions the search leaves to the Normal level outright (the
    small steps of a plan whose worth only shows many moves later, beyond any playout's reach).

    The tree: after a new node, `playout_action(state, rng)` (uniformly random without it) plays
    on for `playout_depth` decisions; `exploration` is UCT's constant; `prior_weight` a
    progressive bias (Chaslot et al. 2008) towards the Normal level's choice at the root, worth
    `prior_weight / (visits + 1)` of a share of the win, so the search starts from Normal's move
    and leaves it only when its playouts say another is better; `opponent_policy(state, rng)`,
    when set, plays every other seat's decisions inside the tree instead of letting UCT branch on
    them, so the tree branches only on the searching seat's own choices.

    The rollouts (and the estimates): after each candidate every seat follows `rollout_policy`
    (the Normal level without it) for `rollout_horizon` decisions. `budget_unit` says what
    `Budget.iterations` counts: "worlds" (every candidate played once in each), or "rollouts"
    (candidate rollouts in all, spread as whole worlds), which is what a time budget buys when the
    number of candidates varies widely from one decision to the next.

    The estimates: `standing(state)` gives each seat's points by category if the game ended now
    (the running score as "points" without it): comparing the rollouts of two moves by it says
    what one gains or protects against the other, in the game's terms."""

    form: Form = "tree"
    evaluate: Evaluate = score_shares
    prune: Prune | None = None
    delegate: Delegate | None = None
    playout_action: Policy | None = None
    playout_depth: int = 16
    exploration: float = 0.7
    prior_weight: float = 0.0
    opponent_policy: Policy | None = None
    rollout_horizon: int = 40
    rollout_policy: Policy | None = None
    budget_unit: BudgetUnit = "worlds"
    standing: Standing | None = None

    def __post_init__(self) -> None:
        for name, allowed in (("form", get_args(Form)), ("budget_unit", get_args(BudgetUnit))):
            if getattr(self, name) not in allowed:
                raise ValueError(f"Knowledge.{name} is one of {', '.join(map(repr, allowed))}, "
                                 f"not {getattr(self, name)!r}")
        for name in ("playout_depth", "rollout_horizon"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"Knowledge.{name} is a whole number of decisions, not {value!r}")
            if value < 0:
                raise ValueError(f"Knowledge.{name} cannot be negative ({value})")
        for name in ("exploration", "prior_weight"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or isinstance(value, bool):
                raise TypeError(f"Knowledge.{name} is a number, not {value!r}")
            if value < 0:
                raise ValueError(f"Knowledge.{name} cannot be negative ({value})")
        for name in ("evaluate", "prune", "delegate", "playout_action", "opponent_policy", "rollout_policy",
                     "standing"):
            value = getattr(self, name)
            if not (value is None and name != "evaluate") and not callable(value):
                raise TypeError(f"Knowledge.{name} is a function, not {value!r}")

    def knobs_set(self) -> set[str]:
        """The knobs whose value is not the default: what the game told its searches."""
        return {f.name for f in fields(self) if getattr(self, f.name) != f.default}


DEFAULT = Knowledge()
"""The knowledge of a game that has none of its own."""


def knowledge_for(game_id: str) -> Knowledge:
    """The game's `KNOWLEDGE` (from `ai/games/<pkg>/knowledge.py`), or `DEFAULT` if it has none."""
    module = own_module(game_id, "knowledge")
    if module is None:
        return DEFAULT
    knowledge = module.KNOWLEDGE
    if not isinstance(knowledge, Knowledge):
        raise TypeError(f"{module.__name__}.KNOWLEDGE is a {type(knowledge).__name__}, not a Knowledge")
    return knowledge
