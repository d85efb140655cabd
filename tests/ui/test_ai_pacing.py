"""AI turns are paced as whole turns (ARCHITECTURE §9: an AI's whole turn shown within about 1.5 s at
the normal speed): the first decision of a run waits the speed's pause, later ones a short one,
and none once the turn's paced time is spent; that time leaves room for the last decision's
motion, and decisions after it move quicker."""

from __future__ import annotations

from engine.core.contract import SeatInfo
from ui.game.controller import ai_pause_ms
from ui.services import settings as settings_module
from ui.services.settings import AI_SPEEDS, AI_TURN_MS, ANIMATION_FACTORS, LATE_MOTION, MOTION_MS, paced_ms


def shown_at(decisions: int, speed: str, think_ms: int = 0) -> int:
    """When the last of `decisions` AI decisions of one turn has stopped moving on screen (ms
    after the turn started), its longest motion included."""
    factor = ANIMATION_FACTORS[speed]
    paced = paced_ms(speed, factor)
    t, late = 0, False
    for k in range(decisions):
        late = k > 0 and t >= paced
        t += max(ai_pause_ms(k == 0, t, AI_SPEEDS[speed], paced), think_ms)
    motion = MOTION_MS / factor / (LATE_MOTION if late else 1) if factor > 0 else 0
    return int(t + motion)


def test_a_long_turn_is_shown_within_the_turn_time_at_normal_speed():
    assert shown_at(1, "normal") == AI_SPEEDS["normal"] + MOTION_MS
    assert shown_at(15, "normal") <= 1500  # a Victory Through Industry turn of 15 small decisions
    assert shown_at(15, "normal") > shown_at(1, "normal")  # later steps still show one by one


def test_pauses_and_motion_never_go_beyond_the_turn_time():
    for speed in set(AI_SPEEDS) - {"step"}:  # at Step each decision waits for the player
        for decisions in (2, 5, 30):
            assert shown_at(decisions, speed) <= max(AI_SPEEDS[speed], AI_TURN_MS[speed])
    assert shown_at(30, "instant") == 0


def test_fast_moves_quicker_than_normal_and_slow_slower():
    assert ANIMATION_FACTORS["fast"] > ANIMATION_FACTORS["normal"] > ANIMATION_FACTORS["slow"] > 0


def test_slow_thinking_adds_no_pause_on_top():
    # an AI that needs 300 ms a decision: the pause runs while it thinks
    shown = AI_SPEEDS["normal"] + 2 * 300
    assert shown_at(3, "normal", think_ms=300) in (shown + MOTION_MS, shown + int(MOTION_MS / LATE_MOTION))


def test_decisions_after_the_paced_time_move_quicker(shell, qtbot, settings, monkeypatch):
    """On the window: an AI turn's first decision moves at the pace's speed; once the turn's paced
    time is spent (here at once) the rest move LATE_MOTION times quicker; then the speed is back."""
    monkeypatch.setitem(settings_module.AI_SPEEDS, "normal", 0)
    monkeypatch.setitem(settings_module.AI_TURN_MS, "normal", 0)
    settings.set("ai_speed", "normal")
    seats = [SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]
    window = shell.start_game("victory-through-industry", seats, {}, 2)
    c = window.controller
    scene = c.scene
    seen: list[tuple[int, float]] = []
    show = scene.show

    def recording_show(*args, **kwargs):
        seen.append((len(c.session.log), scene.animation_speed))
        return show(*args, **kwargs)

    monkeypatch.setattr(scene, "show", recording_show)
    qtbot.waitUntil(lambda: len(c.session.log) > 60 or c.session.is_over(), timeout=20_000)
    speeds = dict(seen)
    firsts = laters = 0
    for n, entry in enumerate(c.session.log[: max(speeds)], 1):
        if n not in speeds or entry.action.seat < 0:
            continue
        before = next((e.action.seat for e in reversed(c.session.log[: n - 1]) if e.action.seat >= 0), None)
        if before == entry.action.seat:
            assert speeds[n] == LATE_MOTION * ANIMATION_FACTORS["normal"]
            laters += 1
        else:
            assert speeds[n] == ANIMATION_FACTORS["normal"]
            firsts += 1
    assert firsts and laters
    assert scene.animation_speed == ANIMATION_FACTORS["normal"]


def test_past_the_paced_time_the_board_is_drawn_with_the_next_decisions(shell, qtbot, settings, monkeypatch):
    """Once an AI's turn has spent its paced time, its remaining decisions are drawn together at
    most every HURRY_FRAME_MS (drawing each carried a 30-decision Victory Through Industry turn
    to 2.8 s), and the end of every turn is drawn at once."""
    monkeypatch.setitem(settings_module.AI_SPEEDS, "normal", 0)
    monkeypatch.setitem(settings_module.AI_TURN_MS, "normal", 1)  # a shown pace, its paced time spent at once
    settings.set("ai_speed", "normal")
    seats = [SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]
    window = shell.start_game("victory-through-industry", seats, {}, 2)
    c = window.controller
    drawn: list[int] = []
    refresh = c.refresh

    def recording_refresh():
        drawn.append(len(c.session.log))
        return refresh()

    monkeypatch.setattr(c, "refresh", recording_refresh)
    start = len(c.session.log)
    qtbot.waitUntil(lambda: len(c.session.log) > start + 150 or c.session.is_over(), timeout=30_000)
    c.close()
    log = c.session.log[: max(drawn)]
    movers = [(i, e.action.seat) for i, e in enumerate(log) if e.action.seat >= 0 and i >= start]
    ends = [(i, j) for (i, s), (j, t) in zip(movers, movers[1:], strict=False) if s != t]
    assert ends
    for i, j in ends:  # the last decision of a turn is drawn before the next player's first
        assert any(i + 1 <= n <= j for n in drawn), f"the turn ending at decision {i} was not drawn"
    decisions = sum(1 for i, _s in movers)
    assert len([n for n in drawn if n > start]) < decisions  # decisions inside a turn were drawn together
    assert drawn == sorted(drawn)
