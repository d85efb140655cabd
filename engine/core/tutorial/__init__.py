"""Learn to play: a game's guided first game, kept as data, and the Qt-free runner that follows it.

A lesson is `assets/games/<game_id>/tutorial.toml`: a fixed seed, fixed seats (the learner against
AI seats of a fixed, non-searching level, so their moves follow from the seed alone), the list of
the game's concepts it covers, and its steps (lesson.py): fixed moves, choices, free steps and
jumps ahead. The learner makes every move; AI seats answer in between exactly as in any game.

- lesson.py reads a lesson and says what is wrong with its shape (a concept without a step);
- tutor.py follows a game through it (`Tutor`: where it stands, the answer to a move, what a
  choice did and what the other option would have done);
- check.py plays every line of play its choices open, headless (`tycoons tutorial GAME --check`).

>>> lesson = load_lesson("first-ceo")
>>> MIN_STEPS <= len(lesson.steps) <= MAX_STEPS and len(lesson.choices()) >= MIN_CHOICES
True
"""

from engine.core.tutorial.check import AI_DECISIONS_LIMIT, CheckReport, check_command, check_lesson, play_jump
from engine.core.tutorial.lesson import (
    LESSON_FILE,
    MAX_STEPS,
    MIN_CHOICES,
    MIN_STEPS,
    MOVE_POINTER,
    SEARCHING_LEVELS,
    Lesson,
    LessonError,
    Option,
    Step,
    concept_problems,
    has_lesson,
    lesson_from_data,
    lesson_problems,
    load_lesson,
    parse_move,
)
from engine.core.tutorial.tutor import Place, Review, Tutor, matches, walk

__all__ = ["AI_DECISIONS_LIMIT", "LESSON_FILE", "MAX_STEPS", "MIN_CHOICES", "MIN_STEPS", "MOVE_POINTER",
           "SEARCHING_LEVELS", "CheckReport", "Lesson", "LessonError", "Option", "Place", "Review", "Step", "Tutor",
           "check_command", "check_lesson", "concept_problems", "has_lesson", "lesson_from_data", "lesson_problems",
           "load_lesson", "matches", "parse_move", "play_jump", "walk"]
