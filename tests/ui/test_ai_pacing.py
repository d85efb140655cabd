"""AI turns are paced as whole turns (DESIGN §9: an AI's whole turn shown within about 1.5 s at
the normal speed): the first decision of a run waits the speed's pause, later ones a short one,
and none once the turn's time is spent."""

from __future__ import annotations

from ui.controller import ai_pause_ms
from ui.settings import AI_SPEEDS, AI_TURN_MS


def shown_at(decisions: int, speed: str, think_ms: int = 0) -> int:
    """When the last of `decisions` AI decisions of one turn is on screen (ms after it started)."""
    t = 0
    for k in range(decisions):
        pause = ai_pause_ms(k == 0, t, AI_SPEEDS[speed], AI_TURN_MS[speed])
        t += max(pause, think_ms)
    return t


def test_a_long_turn_is_shown_within_the_turn_time_at_normal_speed():
    assert shown_at(1, "normal") == AI_SPEEDS["normal"]
    assert shown_at(15, "normal") <= 1500  # a Victory Through Industry turn of 15 small decisions
    assert shown_at(15, "normal") > shown_at(1, "normal")  # later steps still show one by one


def test_pauses_never_go_beyond_the_turn_time():
    for speed in AI_SPEEDS:
        for decisions in (1, 2, 5, 30):
            assert shown_at(decisions, speed) <= max(AI_SPEEDS[speed], AI_TURN_MS[speed])
    assert shown_at(30, "instant") == 0


def test_slow_thinking_adds_no_pause_on_top():
    # an AI that needs 300 ms a decision: the pause runs while it thinks
    assert shown_at(3, "normal", think_ms=300) == AI_SPEEDS["normal"] + 2 * 300
