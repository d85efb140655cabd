"""A player's turn, the one decision frame of 1st CEO (["turn"], decided by `current`): its
choices (acquire, buy a share, pay dividends), why a choice is refused, and the end of a turn:
the next player, and when play comes back to the starting player the end of a round and the
endgame countdown (rules, "End of the Game"). A mixin of FirstCeoState."""

from __future__ import annotations

from engine.core.action_types import exactly_typed
from engine.core.contract import CHANCE, Action, Event
from engine.games.first_ceo.data import COMPANIES, CORPORATIONS, SHARES_PER_CORP
from engine.games.first_ceo.market import MARKET_SIZE, SURCHARGE

# Interned actions and flattened prices: legal_actions runs millions of times in AI search, so it
# hands out shared immutable values instead of building new ones.
_MAX_SEATS = 6
_ACQUIRE = [[Action("acquire", s, (i,)) for i in range(MARKET_SIZE)] for s in range(_MAX_SEATS)]
_BUY = [[Action("buy_share", s, (t,)) for t in range(_MAX_SEATS)] for s in range(_MAX_SEATS)]
_DIVIDENDS = [Action("dividends", s, ()) for s in range(_MAX_SEATS)]
_PRICES = {c: CORPORATIONS[c].share_prices for c in CORPORATIONS}
TURN_KINDS = ("acquire", "buy_share", "dividends")


class TurnRules:
    __slots__ = ()

    @property
    def final_round(self) -> bool:
        """The round on space 1 of the endgame track: no share buying."""
        return self.countdown == 1

    def _mover(self, frame: list) -> int:
        return self.current

    def _choices_turn(self, seat: int) -> list[Action]:
        # the hot path of AI search: plain comparisons and cached Action values, no messages built
        money = self.money[seat]
        acts = [_ACQUIRE[seat][i] for i, cid in enumerate(self.market)
                if cid is not None and COMPANIES[cid].cost + SURCHARGE[i] <= money]
        if not self.countdown == 1:
            sold, corp = self.sold, self.corp
            acts += [_BUY[seat][t] for t in range(self.players)
                     if t != seat and sold[t] < SHARES_PER_CORP and _PRICES[corp[t]][sold[t]] <= money]
        acts.append(_DIVIDENDS[seat])
        return acts

    def is_legal(self, action: Action) -> bool:
        kind, seat, args = action
        if not exactly_typed(action):
            return False
        if seat == CHANCE:
            return self._chance_is_legal(kind, args)
        if kind == "dividends":
            return args == ()
        if len(args) != 1 or not isinstance(args[0], int):
            return False
        if kind == "acquire":
            return self._acquire_problem(seat, args[0]) is None
        if kind == "buy_share":
            return self._buy_problem(seat, args[0]) is None
        return False

    def explain_illegal(self, action: Action) -> str | None:
        args = action.args
        if action.kind == "acquire" and len(args) == 1:
            if type(args[0]) is not int:
                return "Choose a company by its market space."
            return self._acquire_problem(action.seat, args[0])
        if action.kind == "buy_share" and len(args) == 1:
            if type(args[0]) is not int:
                return "Choose the player whose share you buy."
            return self._buy_problem(action.seat, args[0])
        if action.kind in TURN_KINDS:
            return None  # the wrong number of arguments: the choices open now say it best
        return "That is not a 1st CEO action."

    def _end_turn(self) -> list[Event]:
        self.turns += 1
        self.current = (self.current + 1) % self.players
        events: list[Event] = []
        if not self.triggered and not self.deck and all(c is None for c in self.market):
            # decision: with no company left to acquire the game could not progress; end as at 100.
            self.triggered = True
            events.append(Event("No companies are left to acquire: the end is triggered.", "endgame"))
        if self.current != self.start:
            return events
        # a round ends when play returns to the starting player
        self.round += 1
        if self.countdown == 1:
            self.over = True
            events.append(Event("The final round is over. Final scoring.", "endgame"))
        elif self.countdown == 2:
            self.countdown = 1
            events.append(Event("Countdown marker on 1: this is the final round — no share buying.", "endgame"))
        elif self.triggered:
            self.countdown = 2
            events.append(Event("Countdown marker on 2.", "endgame"))
        return events
