"""The numba kernel of :mod:`paigow.poker.census` (imported only when a census runs)."""

from __future__ import annotations

import numba as nb
import numpy as np
import numpy.typing as npt

from paigow.poker.fast import POP, TOP5, eval7_masks, straight_tables
from paigow.poker.rank import PACK

__all__ = ["POP", "TOP5", "_census_chunk", "straight_tables"]


@nb.njit(cache=True, parallel=True)
def _census_chunk(
    deck: npt.NDArray[np.int64], starts: npt.NDArray[np.int64], wild: bool,
    snat: npt.NDArray[np.int32], sjok: npt.NDArray[np.int32],
    top5: npt.NDArray[np.int32], pop: npt.NDArray[np.int32],
) -> npt.NDArray[np.int64]:
    n = deck.shape[0]
    m = starts.shape[0]
    out = np.zeros((m, 25), np.int64)
    bits = np.zeros(n, np.int64)  # each card as a bit of a 64-bit word: suit s at 16*s
    for i in range(n):
        c = deck[i]
        if c < 52:
            bits[i] = np.int64(1) << (16 * (c & 3) + (c >> 2))
    for p in nb.prange(m):
        i0 = starts[p, 0]
        i1 = starts[p, 1]
        st1 = bits[i0] | bits[i1]
        for i2 in range(i1 + 1, n - 4):
            st2 = st1 | bits[i2]
            for i3 in range(i2 + 1, n - 3):
                st3 = st2 | bits[i3]
                for i4 in range(i3 + 1, n - 2):
                    st4 = st3 | bits[i4]
                    for i5 in range(i4 + 1, n - 1):
                        st5 = st4 | bits[i5]
                        for i6 in range(i5 + 1, n):
                            st = st5 | bits[i6]
                            key = eval7_masks(
                                st & 0x1FFF, (st >> 16) & 0x1FFF, (st >> 32) & 0x1FFF,
                                (st >> 48) & 0x1FFF, deck[i6] == 52, wild,
                                snat, sjok, top5, pop,
                            )
                            cat = key >> 20
                            out[p, cat] += 1
                            if cat == 0:
                                out[p, 12 + ((key >> 16) & 15) - PACK] += 1
    return out
