"""Benchmark: grading one setting of one hand, in each game (paigow.training).

Prints the time per graded hand (a new hand each time: the exact odds of every setting,
the house way's setting and rule, the best setting, the hand's kinds) and the ratio against
a baseline measured in the same run: the exact advice alone (paigow.analysis.*.advise) for
the same hands. The ratio is what the grading adds on top of the advice it is built on.

    .venv/bin/python benchmarks/training_grade.py            # full games (poker: the cached
                                                             # table, built once if missing)
    .venv/bin/python benchmarks/training_grade.py --small    # poker on a small deck, seconds
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable, Sequence

from paigow.analysis.poker_odds import advise as poker_advise
from paigow.analysis.tiles_odds import advise as tiles_advise
from paigow.poker.cards import parse_cards
from paigow.training import PokerGrader, TileGrader

SMALL = parse_cards("9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks "
                    "Ac Ad Ah As Jk")


def _mean_time(run: Callable[[object], object], hands: Sequence[object]) -> float:
    t = time.perf_counter()
    for h in hands:
        run(h)
    return (time.perf_counter() - t) / len(hands)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--small", "--smoke", dest="small", action="store_true",
                    help="poker on a 25-card deck, few hands (for CI)")
    ap.add_argument("--tiles", type=int, default=200, help="tile hands to grade")
    ap.add_argument("--poker", type=int, default=6, help="poker hands to grade")
    args = ap.parse_args()
    n_tiles = 20 if args.small else args.tiles
    n_poker = 5 if args.small else args.poker
    print(f"machine: {os.cpu_count()} cores; "
          f"{'small (poker on a 25-card deck)' if args.small else 'full games'}")
    rng = random.Random(2)

    tiles = TileGrader()
    tiles.prepare()
    hands_t = [tiles.deal(rng) for _ in range(2 * n_tiles)]
    tiles.grade(hands_t[0], 1)  # warm up (compile, page in)
    base = _mean_time(lambda h: tiles_advise(h, tiles.dealer, False), hands_t[:n_tiles])  # type: ignore[arg-type]
    per = _mean_time(lambda h: tiles.grade(h, 1), hands_t[n_tiles:])  # type: ignore[arg-type]
    print(f"tiles: grade {per * 1000:.1f} ms per hand ({1 / per:,.0f} hands/s); advise alone "
          f"{base * 1000:.1f} ms; ratio grade/advise {per / base:.2f}")

    deck = SMALL if args.small else None
    poker = PokerGrader(deck=deck, cache=not args.small)
    t = time.perf_counter()
    poker.prepare()
    print(f"poker: opponent table ready in {time.perf_counter() - t:.1f} s "
          "(built now if it was not cached)")
    hands_p = [poker.deal(rng) for _ in range(2 * n_poker)]
    poker.grade(hands_p[0], 1)
    base = _mean_time(lambda h: poker_advise(h, poker.dealer, deck=deck,  # type: ignore[arg-type]
                                             cache=not args.small), hands_p[:n_poker])
    per = _mean_time(lambda h: poker.grade(h, 1), hands_p[n_poker:])  # type: ignore[arg-type]
    print(f"poker: grade {per:.3f} s per hand; advise alone {base:.3f} s; "
          f"ratio grade/advise {per / base:.2f}")


if __name__ == "__main__":
    main()
