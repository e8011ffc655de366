"""The server's garbage collector, set for a long-running process with a large heap.

A loaded server made about 40 collections a second; now and then a full one (generation 2),
which walks every object the process holds: the engine's tables and kernels, the modules,
the lobby, some millions of objects, and a push waiting behind it took that long (the
tail of the latency: docs/web.md, "Where the time goes"). Two settings, made once the
server has started:

* :func:`gc.freeze` moves every object made so far into a generation the collector never
  walks: start-up's objects live as long as the process, so no collection could free them.
* The youngest generation collects after :data:`THRESHOLD` allocations instead of 700
  (CPython's default): a round's short-lived objects (views, requests) are freed by their
  reference counts; the collector is only there for cycles, and fewer, larger young
  collections cost less in all.

>>> import gc
>>> settle(); gc.get_threshold()[0] == THRESHOLD and gc.get_freeze_count() > 0
True
>>> gc.unfreeze(); gc.set_threshold(700, 10, 10)
"""

from __future__ import annotations

import gc

#: allocations (less deallocations) between two collections of the youngest generation
THRESHOLD = 10_000


def settle() -> None:
    """Once start-up is done (the tables open, the app made): collect what start-up left,
    freeze the rest out of the collector's sight, and collect the young less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(THRESHOLD, 10, 10)
