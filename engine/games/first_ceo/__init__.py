"""1st CEO: grow a corporation, sell shares, pay dividends; 3–6 players."""

from engine.core.assets import game_asset
from engine.core.contract import GameSpec
from engine.games.first_ceo.state import FirstCeoState

SPEC = GameSpec(
    id="first-ceo",
    title="1st CEO",
    pitch="Acquire companies, sell shares and pay dividends in a race to the top of the asset track.",
    min_players=3,
    max_players=6,
    rules_version=2,  # 2: the corporation icons balanced in issue 14
    state_class=FirstCeoState,
    options=(),
    rules_help=game_asset("first-ceo", "rules.md").read_text(encoding="utf-8"),
)
FirstCeoState.spec = SPEC
