"""Where the value of two ways' differences lies: a plot for ``paigow poker ways-diff
--plot`` (matplotlib, loaded only when asked for)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from paigow.analysis.poker_ways import WaysDiff


def plot_diff(diff: WaysDiff, path: str | Path) -> Path:
    """Save a two-panel PNG: the share of all hands each hand type sets differently, and
    (when a sample was advised) each hand type's part of B's EV gain per hand played, with
    95% intervals. Returns the path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [r for r in diff.by_type if r.hands]
    labels = [r.label for r in rows]
    share = [100 * r.differ / diff.total for r in rows]
    fig, axes = plt.subplots(1, 2 if diff.sample is not None else 1, figsize=(13, 5.5),
                             squeeze=False, sharey=True)
    ax = axes[0][0]
    y = np.arange(len(labels))
    ax.barh(y, share, color="#4477aa")
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    what = "of all hands" if diff.exact else "of the sample"
    ax.set_xlabel(f"% {what} set differently")
    ax.set_title(f"{diff.a} vs {diff.b}: where they differ", fontsize=11)
    c = diff.sample
    if c is not None:
        ax2 = axes[0][1]
        types = list(c.hand_types)
        costs = np.asarray(c.costs, dtype=np.float64)
        part, err = [], []
        for t in labels:
            sel = np.array([x == t for x in types], dtype=bool)
            # each hand type's share of the mean gain per sampled hand, times the scale
            contrib = costs * sel
            part.append(100 * c.scale * float(contrib.mean()) if len(costs) else 0.0)
            sd = float(contrib.std(ddof=1)) if len(costs) > 1 else 0.0
            err.append(100 * c.scale * 1.96 * sd / max(len(costs), 1) ** 0.5)
        ax2.barh(y, part, xerr=err, color="#cc6677", capsize=3)
        ax2.axvline(0, color="black", linewidth=0.8)
        ax2.set_xlabel(f"gain of {diff.b} over {diff.a}, % of a bet per hand played")
        ax2.set_title(f"where the value lies: exact advice on {c.n} hands\n"
                      f"(banker plays {c.dealer}; bars: 95% intervals)", fontsize=11)
    fig.tight_layout()
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


__all__ = ["plot_diff"]
