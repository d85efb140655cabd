"""City of the Big Shoulders (issue 16): found companies, trade their stock, run factories and ship
goods in Chicago after the Great Fire; 2–4 players, five Decades of five phases. The rules are in
state.py and the phase modules it names."""

from engine.core.assets import game_asset
from engine.core.contract import GameSpec, Option
from engine.games.big_shoulders.state import BigShouldersState

SPEC = GameSpec(
    id="big-shoulders",
    title="City of the Big Shoulders",
    pitch="Found companies in Chicago after the Great Fire, trade their stock, hire, build and ship.",
    min_players=2,
    max_players=4,
    rules_version=1,
    state_class=BigShouldersState,
    options=(
        Option("public_goals", "Public Goals", True, (),
               "Five of the ten goal cards are drawn at set-up; each pays $200 at the end."),
        Option("advanced", "Advanced Rules", False, (),
               "Directorship transfers, selling the Director's certificate and Emergency Fundraising."),
        Option("friendly", "Friendly Stock Sales", True, (),
               "A sale by a player other than the director drops the price one step, however much is sold."),
    ),
    rules_help=game_asset("big-shoulders", "rules.md").read_text(encoding="utf-8"),
)
BigShouldersState.spec = SPEC
