"""Benchmark: deriving a learnable way (paigow poker derive-strategy), step by step.

Prints the labelling throughput (exact advice of each sampled hand), the time the learner
takes, the evaluation on an independent sample, and the ratios: learning against
labelling (what learning adds on top of the labels it is built on), and the share of
optimal's gain the derived way takes. Labels and the evaluation are kept as checkpoints in
the cache dir, so a rerun of the same sizes learns again without labelling again.

    .venv/bin/python benchmarks/poker_derive.py --dealer foxwoods --sample 4000 --eval 2000
    .venv/bin/python benchmarks/poker_derive.py --small     # a 20-card deck, seconds
"""

from __future__ import annotations

import argparse
import os
import time
from fractions import Fraction

from paigow.analysis.poker_derive import learn_way
from paigow.analysis.poker_labels import label_hands, stratified_sample
from paigow.analysis.poker_sweep import sample_hands, sweep
from paigow.analysis.poker_ways import FileFastWay
from paigow.poker.cards import parse_cards
from paigow.poker.ways.file_way import FileWay

SMALL = parse_cards("As Ah Ad Ac Ks Kh Kd Qs Qh Qd Js Jh Ts Th 9s 9h 8s 7s 2c Jk")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--small", "--smoke", dest="small", action="store_true",
                    help="a 20-card deck, a few hundred hands (for CI)")
    ap.add_argument("--dealer", default="foxwoods", help="the dealer's way")
    ap.add_argument("--sample", type=int, default=4000, help="hands to label")
    ap.add_argument("--eval", type=int, default=2000, help="hands of the evaluation")
    ap.add_argument("--max-rules", type=int, default=15)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    deck = SMALL if args.small else None
    n, n_eval = (300, 200) if args.small else (args.sample, args.eval)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
          f"{'small (a 20-card deck)' if args.small else 'full deck'}; dealer {args.dealer}")

    t = time.perf_counter()
    smp = stratified_sample(n, args.seed, deck=deck, min_per_stratum=2 if args.small else 6)
    t_draw = time.perf_counter() - t
    labels = label_hands(smp, args.dealer, Fraction(1, 20), deck=deck,
                         cache=not args.small)
    t_label = labels.seconds
    derived = learn_way(labels, args.max_rules, name="bench",
                        min_support=3 if args.small else 8)
    t_learn = derived.seconds
    print(f"sample: {len(smp.hands):,} hands spread over hand types ({smp.drawn:,} drawn) "
          f"in {t_draw:.1f} s")
    print(f"labelling: {len(smp.hands) / t_label:,.1f} hands/s ({t_label:.1f} s)")
    print(f"learning: {len(derived.spec.rules)} rules in {t_learn:.1f} s; "
          f"ratio learning/labelling {t_learn / t_label:.3f}")
    print(f"on the labels: share of optimal's gain {derived.share:.1%}")
    hands = sample_hands(n_eval, args.seed + 1, deck)
    player = FileFastWay(FileWay(derived.spec))
    t = time.perf_counter()
    res = sweep(hands, None, args.dealer, deck=deck, players=[player],
                cache=not args.small)
    t_eval = time.perf_counter() - t
    (p,) = res.players
    glo, ghi = res.player_gain_ci95(p)
    olo, ohi = res.gain_ci95()
    print(f"evaluation: {n_eval:,} other hands in {t_eval:.1f} s "
          f"({n_eval / t_eval:,.1f} hands/s)")
    print(f"  gain over the {args.dealer} way: derived {float(res.house.edge - p.edge.edge):+.4%} "
          f"({glo:+.4%} to {ghi:+.4%}), optimal {float(res.gain):+.4%} ({olo:+.4%} to {ohi:+.4%})")
    if res.gain:
        slo, shi = res.share_ci95(p)
        print(f"  share of optimal's gain {float(res.share(p)):.1%} (95% {slo:.1%} to {shi:.1%})")


if __name__ == "__main__":
    main()
