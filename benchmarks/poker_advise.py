"""Benchmark: exact advice for one Pai Gow Poker hand (53,524,680 banker hands).

Times both methods of ``advise`` on the same hands in the same run, alternating them so a
shared machine's load falls on both alike, and checks that they give the same counts:

* ``grid`` (the default): counts the banker hands on a small grid of the hand's own
  settings' ranks;
* ``histogram`` (the first method, the baseline): a full (H, L) histogram.

Both count from the compact one-time table (rank classes and flush pairs, see
docs/poker-odds.md). Then the commission-free game (EZ Pai Gow: a banker's queen-high pai
gow pushes every bet, counted by rank class), and the reference brute force
(``setting.compare``, a few hundred matchups extrapolated) for scale. Prints the one-time
build when it happens.

    .venv/bin/python benchmarks/poker_advise.py            # full deck (builds 28 MB once)
    .venv/bin/python benchmarks/poker_advise.py --small    # a small deck, seconds
"""

from __future__ import annotations

import argparse
import os
import random
import time
from fractions import Fraction
from itertools import combinations, islice

import numpy as np

from paigow.analysis.poker_odds import Advice, advise, cached_table, opponent_table
from paigow.analysis.poker_ways import fast_way
from paigow.poker.cards import format_cards, parse_cards
from paigow.poker.rules import PokerRules
from paigow.poker.setting import compare, is_foul, settings

HANDS = ["As Kd Qh Jc 9s 8d 2c", "Jk Ah Kd Kc 7s 4h 2c", "9s 9h 9d 9c Ks Qd 3c",
         "Th Tc 6s 6d 5h 4c 2s", "Ks Qs Js 9s 3s Jk 7d", "Qs Jh 9d 7c 5s 3h 2d"]
SMALL = parse_cards("9s 9h 9d 9c Ks Kh Kd Qs Qd Js Jh Th As Ah Ad 2c Jk 3c 4h 7d Tc 6s")


def _counts(adv: Advice) -> list[tuple[int, int, int, int]]:
    return [(s.split, s.win, s.push, s.lose) for s in adv.settings]


def _timed(hand: str, **kw: object) -> tuple[float, Advice]:
    t = time.perf_counter()
    adv = advise(hand, **kw)  # type: ignore[arg-type]
    return time.perf_counter() - t, adv


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--small", "--smoke", dest="smoke", action="store_true",
                    help="small deck, for CI")
    ap.add_argument("--hands", type=int, default=len(HANDS))
    args = ap.parse_args()
    rules = PokerRules()
    ez = PokerRules(push="pai-gow:Q")
    deck = SMALL if args.smoke else None
    cache = not args.smoke
    house = fast_way("house", rules)
    print(f"machine: {os.cpu_count()} cores (shared: compare the ratio, not the seconds); "
          f"{'small deck' if args.smoke else 'full deck'}")
    if not args.smoke and cached_table(house, rules) is None:
        t = time.perf_counter()
        opponent_table(house, True, rules)
        print(f"one-time table build: {time.perf_counter() - t:.1f} s")
    hands = [h for h in HANDS if set(parse_cards(h)) <= set(deck or range(53))]
    if args.smoke:
        rng = random.Random(1)
        hands = [format_cards(rng.sample(SMALL, 7)) for _ in range(3)]
    hands = hands[: args.hands]
    common = {"dealer": house, "deck": deck, "cache": cache}
    for method in ("grid", "histogram"):  # warm up (compile, page the table in)
        advise(hands[0], method=method, **common)  # type: ignore[arg-type]
    advise(hands[0], rules=ez, rate=0, **common)  # type: ignore[arg-type]
    old: list[float] = []
    new: list[float] = []
    free: list[float] = []
    for h in hands:
        t_new, a_new = _timed(h, method="grid", **common)
        t_old, a_old = _timed(h, method="histogram", **common)
        t_ez, a_ez = _timed(h, rules=ez, rate=Fraction(0), **common)
        if _counts(a_new) != _counts(a_old):
            raise SystemExit(f"the two methods disagree on {h}")
        old.append(t_old)
        new.append(t_new)
        free.append(t_ez)
        print(f"  {h}: histogram {t_old:.3f} s, grid {t_new:.3f} s (equal counts); "
              f"{len(a_new.settings)} legal settings, best EV {float(a_new.best_setting.ev):+.5f}"
              f"; EZ {t_ez:.3f} s, best EV {float(a_ez.best_setting.ev):+.5f}, "
              f"{a_ez.pushed:,} banker Q-high pai gows")
    per_old, per_new = sum(old) / len(old), sum(new) / len(new)
    print(f"advise per hand: histogram (first method) {per_old:.3f} s, grid {per_new:.3f} s: "
          f"ratio {per_old / per_new:.1f}x; EZ Pai Gow (grid) {sum(free) / len(free):.3f} s")
    # for scale: the reference comparison, a few hundred matchups, extrapolated
    hand = parse_cards(hands[0])
    rest = [c for c in (deck or range(53)) if c not in hand]
    opp = list(islice(combinations(rest, 7), 300))
    opp_settings = [settings(o)[int(s)] for o, s in
                    zip(opp, house.splits(np.array(opp, dtype=np.int32), True), strict=True)]
    legal = [s for s in settings(hand) if not is_foul(s)]
    t = time.perf_counter()
    for o in opp_settings:
        compare(legal[0], o, rules)
    per_match = (time.perf_counter() - t) / len(opp_settings)
    baseline = per_match * len(legal) * a_new.total
    print(f"reference brute force would take {baseline:,.0f} s per hand: "
          f"ratio {baseline / per_new:,.0f}x")


if __name__ == "__main__":
    main()
