"""The order of a Decade in City of the Big Shoulders (rules, "Sequence of play"; §13): set-up, the
players starting their companies, then five Decades of five phases. The game ends after the fifth
Decade's Operating Phase (§13.7), so the last Cleanup never comes. Each phase's frame begins it
(the core keeps the field `phase` as it does); a phase ends with the core's phase step
(`FrameStackState.begin_next_phase`), which pushes the frame of the one after it."""

from engine.core.round import Phase, Round

ROUND = Round(
    setup=(Phase("setup", "Set-up"), Phase("found", "Starting companies", begins="found")),
    phases=(Phase("stock", "Stock Phase", begins="stock_start"),
            Phase("building", "Building Phase", begins="building_start"),
            Phase("action", "Action Phase", begins="action_start"),
            Phase("operating", "Operating Phase", begins="op_begin"),
            # with no Capital Asset or Demand tile left to draw, Cleanup has no draw in it
            Phase("cleanup", "Cleanup", begins="cleanup", optional=True)),
    end=Phase("over", "Game over", begins="game_end"),
)
