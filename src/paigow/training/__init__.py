"""Practice and training: grade a person's setting of a hand exactly, drill the player's
best setting or the dealer's house way, and keep a person's progress.

* :mod:`paigow.training.grade` — :class:`Grade` of one setting (every setting's exact EV,
  the house way's setting and numbered rule, the optimal setting, the EV given up);
* :mod:`paigow.training.session` — :class:`TrainerSession`: deal, grade, keep, sum up;
* :mod:`paigow.training.stats` — statistics and the series of EV given up over time;
* :mod:`paigow.training.kinds` and :mod:`paigow.training.bias` — kinds of hands, and
  dealing more of the kinds a person gets wrong;
* :mod:`paigow.training.ways` — the one place the trainer looks ways up by name.
"""

from paigow.training.grade import (
    DRILLS,
    Choice,
    Drill,
    Grade,
    Option,
    PokerGrader,
    Rule,
    TileGrader,
    grade,
    make_grader,
)
from paigow.training.session import Exercise, TrainerError, TrainerSession
from paigow.training.stats import TrainerStats, ev_lost_series, training_stats
from paigow.training.ways import GAMES, Game

__all__ = [
    "DRILLS",
    "GAMES",
    "Choice",
    "Drill",
    "Exercise",
    "Game",
    "Grade",
    "Option",
    "PokerGrader",
    "Rule",
    "TileGrader",
    "TrainerError",
    "TrainerSession",
    "TrainerStats",
    "ev_lost_series",
    "grade",
    "make_grader",
    "training_stats",
]
