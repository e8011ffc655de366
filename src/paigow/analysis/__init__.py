"""Exact analysis of the games: enumeration of every deal, optimal settings, strategy tables.

The fast kernels (numpy + numba) live here beside the plain-Python reference code they
mirror; tests prove the two equal.

* :mod:`paigow.analysis.tiles_tables` — tile ids, the 35,960 four-tile hands, comparison
  codes and a way's precomputed choice for every hand.
* :mod:`paigow.analysis.tiles_reference` — the readable reference: loops over dealer hands
  with :func:`paigow.tiles.hand.compare`.
* :mod:`paigow.analysis.tiles_kernels` — numba kernels: brute force and
  inclusion-exclusion counts.
* :mod:`paigow.analysis.tiles_odds` — the public API: :func:`advise`, :func:`edge`,
  :class:`OptimalWay`.
"""

from collections.abc import Callable

Progress = Callable[[int, int], None]
"""A progress callback: ``progress(done, total)``, called from long computations."""

__all__ = ["Progress"]
