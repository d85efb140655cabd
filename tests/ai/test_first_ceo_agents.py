"""1st CEO agents: Normal's light position model agrees with the engine, and its choices make sense."""

from ai.core.agent import Budget
from ai.core.observe import observe
from ai.games.first_ceo.agents import EasyAgent, NormalAgent, Pos, forecast
from engine.core.contract import CHANCE
from engine.core.registry import get_spec
from engine.core.rng import Rng


def positions(games: int = 6, seed: int = 3):
    spec = get_spec("first-ceo")
    for g in range(games):
        rng = Rng.derive(seed, g)
        state = spec.new_state(3 + g % 4)
        while not state.is_terminal():
            if state.to_move() == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(outcomes[rng.weighted_index([w for _, w in outcomes])][0])
                continue
            yield state
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])


def public(p: Pos, hidden: bool = True) -> tuple:
    cards = (p.unknown, p.known_adj) if hidden else ()
    return (p.money, p.sold, p.hold, p.cards, p.income, p.assets, *cards,
            [m[0] for m in p.market if m[0] is not None])


def test_the_model_lists_and_plays_actions_as_the_engine_does():
    checked = 0
    for state in positions():
        seat = state.to_move()
        pos = Pos.from_view(state.view(seat), seat)
        assert pos.moves(seat) == state.legal_actions(seat)
        for action in state.legal_actions(seat):
            after = state.copy()
            after.apply(action)
            mine = pos.play(action)
            # the end of the game reveals every asset card: compare the hidden part only before it
            view = after.view(seat)
            hidden = all(c["value"] is None for t, st in enumerate(view["seats"]) if t != seat
                         for c in st["asset_cards"])
            assert public(mine, hidden) == public(Pos.from_view(view, seat), hidden), action
            assert mine.triggered == after.triggered
        checked += 1
    assert checked > 200


def test_forecast_of_a_finished_game_is_its_final_score():
    """Once every card is revealed and no turn is left, the forecast is the rules' final score."""
    spec = get_spec("first-ceo")
    for seed in range(3):
        rng = Rng(seed)
        state = spec.new_state(3 + seed)
        while not state.is_terminal():
            if state.to_move() == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(outcomes[rng.weighted_index([w for _, w in outcomes])][0])
                continue
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
        for seat in range(state.players):
            pos = Pos.from_view(state.view(seat), seat)
            assert forecast(pos) == state.outcome().scores


def test_normal_spends_money_it_cannot_score_in_the_final_round():
    """In the final round money above $50 scores nothing: Normal acquires rather than paying
    itself dividends, whenever a company is affordable."""
    checked = 0
    for state in positions(games=8, seed=5):
        if state.countdown != 1:
            continue
        seat = state.to_move()
        state = state.copy()
        state.money[seat] = 90
        obs = observe(state, seat)
        assert all(a.kind != "buy_share" for a in obs.legal)  # closed in the final round
        if any(a.kind == "acquire" for a in obs.legal):
            assert NormalAgent().choose(obs, Rng(1), Budget()).kind == "acquire"
            checked += 1
    assert checked >= 5


def test_easy_never_pays_pointless_dividends_when_it_has_another_choice():
    agent = EasyAgent()
    for k, state in enumerate(positions(games=4, seed=8)):
        seat = state.to_move()
        obs = observe(state, seat)
        if obs.view["seats"][seat]["holdings"].get(obs.view["seats"][seat]["corp"], 0) == 0 and len(obs.legal) > 1:
            for s in range(20):
                assert agent.choose(obs, Rng(s + k), Budget()).kind != "dividends"
