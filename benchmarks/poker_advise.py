"""Benchmark: exact advice for one Pai Gow Poker hand (53,524,680 banker hands).

Prints the one-time table build (if the table is not cached yet), the time per advised
hand, and the ratio against a baseline measured in the same run: the reference
comparison (paigow.poker.setting.compare) timed on a few hundred matchups and
extrapolated to every legal setting of the hand against every banker hand.

    .venv/bin/python benchmarks/poker_advise.py            # full deck (builds ~462 MB once)
    .venv/bin/python benchmarks/poker_advise.py --smoke    # a small deck, seconds
"""

from __future__ import annotations

import argparse
import os
import random
import time
from itertools import combinations, islice

import numpy as np

from paigow.analysis.poker_odds import advise, cached_table, opponent_table
from paigow.analysis.poker_ways import fast_way
from paigow.poker.cards import format_cards, parse_cards
from paigow.poker.rules import PokerRules
from paigow.poker.setting import compare, is_foul, settings

HANDS = ["As Kd Qh Jc 9s 8d 2c", "Jk Ah Kd Kc 7s 4h 2c", "9s 9h 9d 9c Ks Qd 3c",
         "Th Tc 6s 6d 5h 4c 2s", "Ks Qs Js 9s 3s Jk 7d"]
SMALL = parse_cards("9s 9h 9d 9c Ks Kh Kd Qs Qd Js Jh Th As Ah Ad 2c Jk 3c 4h 7d Tc 6s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--small", "--smoke", dest="smoke", action="store_true", help="small deck, for CI")
    ap.add_argument("--hands", type=int, default=len(HANDS))
    args = ap.parse_args()
    rules = PokerRules()
    deck = SMALL if args.smoke else None
    house = fast_way("house", rules)
    print(f"machine: {os.cpu_count()} cores; {'smoke (small deck)' if args.smoke else 'full deck'}")
    if not args.smoke and cached_table(house, rules) is None:
        t = time.perf_counter()
        opponent_table(house, True, rules)
        print(f"one-time table build: {time.perf_counter() - t:.1f} s")
    hands = [h for h in HANDS if set(parse_cards(h)) <= set(deck or range(53))]
    if args.smoke:
        rng = random.Random(1)
        hands = [format_cards(rng.sample(SMALL, 7)) for _ in range(3)]
    advise(hands[0], house, deck=deck, cache=not args.smoke)  # warm up (compile, page in)
    times = []
    for h in hands[: args.hands]:
        t = time.perf_counter()
        adv = advise(h, house, deck=deck, cache=not args.smoke)
        times.append(time.perf_counter() - t)
        print(f"  {h}: {times[-1]:.2f} s, {adv.total:,} banker hands, "
              f"{len(adv.settings)} legal settings, best EV {float(adv.best_setting.ev):+.5f}")
    per_hand = sum(times) / len(times)
    # baseline: the reference comparison, a few hundred matchups, extrapolated
    h = parse_cards(hands[0])
    rest = [c for c in (deck or range(53)) if c not in h]
    opp = list(islice(combinations(rest, 7), 300))
    opp_settings = [settings(o)[int(s)] for o, s in
                    zip(opp, house.splits(np.array(opp, dtype=np.int32), True), strict=True)]
    legal = [s for s in settings(h) if not is_foul(s)]
    t = time.perf_counter()
    for o in opp_settings:
        compare(legal[0], o, rules)
    per_match = (time.perf_counter() - t) / len(opp_settings)
    baseline = per_match * len(legal) * adv.total
    print(f"advise: {per_hand:.2f} s per hand; reference brute force would take "
          f"{baseline:,.0f} s per hand; ratio {baseline / per_hand:,.0f}x")


if __name__ == "__main__":
    main()
