"""What a person's practice shows: statistics of graded hands, and the series of EV given
up over time (for a chart).

Everything is computed from the trainer's records (``trainer_hand`` rows, see
:mod:`paigow.store.trainer`), the same way for one session held in memory and for every
session of a person kept in the database. EVs stay exact (:class:`~fractions.Fraction`)
until shown.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from paigow.errors import RuleError
from paigow.store.base import Store
from paigow.training.grade import Grade
from paigow.training.kinds import kind_label
from paigow.ways import Rule

TOP = 5


def hand_record(grade: Grade, number: int, person: str, biased: str | None,
                graded: str) -> dict[str, Any]:
    """The ``trainer_hand`` record of a grade (without its session id)."""
    return {
        "number": number, "person": person, "game": grade.game, "drill": grade.drill,
        "hand": " ".join(grade.hand), "kinds": list(grade.kinds), "biased": biased or "",
        "setting": grade.yours.text, "foul": grade.yours.choice.foul, "best": grade.best.text,
        "house": grade.house.text, "rule": json.dumps(grade.rule.to_json()),
        "ev": str(grade.yours.ev),
        "best_ev": str(grade.best.ev), "house_ev": str(grade.house.ev),
        "ev_lost": str(grade.ev_lost), "optimal": grade.is_optimal,
        "house_way": grade.is_house, "correct": grade.correct, "graded": graded,
    }


def kept_rule(text: str) -> Rule:
    """The house way's rule as a hand's record keeps it (its JSON); a record kept before
    rules were values holds the rule's whole line, which stands as its head.

    >>> kept_rule('{"way": "house", "number": "2.1", "words": "one pair"}').ref
    'rule 2.1'
    >>> kept_rule("house 2.1: one pair").text
    'house 2.1: one pair'
    """
    if text.startswith("{"):
        return Rule.from_json(json.loads(text))
    return Rule("", None, "", cite=text)


@dataclass(frozen=True)
class Mistake:
    """A hand set wrong (by the drill's measure), and what it cost."""

    game: str
    drill: str
    hand: str
    setting: str
    best: str
    house: str
    rule: Rule
    ev_lost: Fraction
    session_id: int | None
    number: int
    graded: str

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "drill": self.drill, "hand": self.hand,
                "setting": self.setting, "best": self.best, "house": self.house,
                "rule": self.rule.text, "rule_parts": self.rule.to_json(),
                "ev_lost": float(self.ev_lost),
                "ev_lost_exact": str(self.ev_lost), "session": self.session_id,
                "number": self.number, "graded": self.graded}


@dataclass(frozen=True)
class KindStats:
    """How a person does on one kind of hand (:mod:`paigow.training.kinds`)."""

    game: str
    kind: str
    hands: int
    wrong: int
    ev_lost: Fraction

    @property
    def label(self) -> str:
        return kind_label(self.game, self.kind)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "kind": self.kind, "label": self.label,
                "hands": self.hands, "wrong": self.wrong, "ev_lost": float(self.ev_lost),
                "ev_lost_exact": str(self.ev_lost)}


@dataclass(frozen=True)
class TrainerStats:
    """A person's graded hands summed up (of one session, or of all sessions kept)."""

    person: str
    game: str | None
    drill: str | None
    sessions: int
    hands: int
    optimal: int
    house: int
    correct: int
    ev_lost: Fraction
    costliest: tuple[Mistake, ...]
    kinds: tuple[KindStats, ...]

    @staticmethod
    def _share(n: int, d: int) -> Fraction:
        return Fraction(n, d) if d else Fraction(0)

    @property
    def optimal_share(self) -> Fraction:
        """Share of hands set optimally."""
        return self._share(self.optimal, self.hands)

    @property
    def house_share(self) -> Fraction:
        """Share of hands set the house way."""
        return self._share(self.house, self.hands)

    @property
    def correct_share(self) -> Fraction:
        """Share of hands set right by the drill's measure."""
        return self._share(self.correct, self.hands)

    @property
    def mean_ev_lost(self) -> Fraction:
        """EV given up per hand."""
        return self.ev_lost / self.hands if self.hands else Fraction(0)

    def to_json(self) -> dict[str, Any]:
        return {
            "person": self.person, "game": self.game, "drill": self.drill,
            "sessions": self.sessions, "hands": self.hands, "optimal": self.optimal,
            "house_way": self.house, "correct": self.correct,
            "optimal_share": float(self.optimal_share), "house_share": float(self.house_share),
            "correct_share": float(self.correct_share),
            "ev_lost": float(self.ev_lost), "ev_lost_exact": str(self.ev_lost),
            "mean_ev_lost": float(self.mean_ev_lost),
            "mean_ev_lost_exact": str(self.mean_ev_lost),
            "costliest": [m.to_json() for m in self.costliest],
            "kinds": [k.to_json() for k in self.kinds],
        }


def summarize(
    rows: Sequence[Mapping[str, Any]], person: str, game: str | None = None,
    drill: str | None = None, sessions: int | None = None, top: int = TOP,
) -> TrainerStats:
    """Statistics of ``trainer_hand`` records (see :func:`hand_record`)."""
    lost = [Fraction(r["ev_lost"]) for r in rows]
    wrong = [(r, x) for r, x in zip(rows, lost, strict=True) if not r["correct"]]
    wrong.sort(key=lambda rx: (-rx[1], rx[0].get("id", 0)))
    costliest = tuple(
        Mistake(r["game"], r["drill"], r["hand"], r["setting"], r["best"], r["house"],
                kept_rule(str(r["rule"])), x, r.get("session_id"), int(r["number"]),
                r["graded"])
        for r, x in wrong[:top]
    )
    by_kind: dict[tuple[str, str], list[Any]] = {}
    for r, x in zip(rows, lost, strict=True):
        for k in r["kinds"]:
            acc = by_kind.setdefault((r["game"], k), [0, 0, Fraction(0)])
            acc[0] += 1
            acc[1] += 0 if r["correct"] else 1
            acc[2] += x
    kinds = tuple(sorted(
        (KindStats(g, k, n, w, x) for (g, k), (n, w, x) in by_kind.items()),
        key=lambda s: (-s.wrong, -s.ev_lost, s.game, s.kind),
    ))
    n_sessions = sessions if sessions is not None else len({r.get("session_id") for r in rows})
    return TrainerStats(
        person, game, drill, n_sessions, len(rows), sum(bool(r["optimal"]) for r in rows),
        sum(bool(r["house_way"]) for r in rows), sum(bool(r["correct"]) for r in rows),
        sum(lost, Fraction(0)), costliest, kinds,
    )


def training_stats(
    store: Store, person: str, game: str | None = None, drill: str | None = None,
    top: int = TOP,
) -> TrainerStats:
    """A person's statistics over every session kept in ``store`` (of one game or drill
    if given)."""
    rows = store.training_hands(person, game, drill)
    sessions = len(store.training_sessions(person, game, drill))
    return summarize(rows, person, game, drill, sessions, top)


def ev_lost_series(
    store: Store, person: str, game: str | None = None, drill: str | None = None,
    by: Literal["session", "hand"] = "session",
) -> list[dict[str, Any]]:
    """The data of a chart of EV given up over time, oldest first.

    ``by="session"``: one point per practice session with hands: its id, game, drill, when
    it started, hands, total and mean EV given up, and the shares set right, optimally and
    the house way. ``by="hand"``: one point per graded hand: when, the EV given up, and the
    running mean EV given up over the person's hands so far.
    """
    rows = store.training_hands(person, game, drill)
    if by == "hand":
        out: list[dict[str, Any]] = []
        total = Fraction(0)
        for n, r in enumerate(rows, 1):
            x = Fraction(r["ev_lost"])
            total += x
            out.append({"n": n, "session": r["session_id"], "graded": r["graded"],
                        "game": r["game"], "drill": r["drill"], "ev_lost": float(x),
                        "running_mean": float(total / n), "correct": r["correct"]})
        return out
    if by != "session":
        raise RuleError(f"unknown series {by!r}: choose session or hand")
    started = {s["id"]: s for s in store.training_sessions(person, game, drill)}
    groups: dict[int, list[Mapping[str, Any]]] = {}
    for r in rows:
        groups.setdefault(int(r["session_id"]), []).append(r)
    points = []
    for sid in sorted(groups):
        s = summarize(groups[sid], person, game, drill, 1)
        info = started.get(sid, {})
        points.append({
            "session": sid, "started": info.get("started"), "game": info.get("game"),
            "drill": info.get("drill"), "way": info.get("way"), "hands": s.hands,
            "ev_lost": float(s.ev_lost), "mean_ev_lost": float(s.mean_ev_lost),
            "correct_share": float(s.correct_share),
            "optimal_share": float(s.optimal_share), "house_share": float(s.house_share),
        })
    return points


__all__ = [
    "KindStats",
    "Mistake",
    "TrainerStats",
    "ev_lost_series",
    "hand_record",
    "summarize",
    "training_stats",
]
