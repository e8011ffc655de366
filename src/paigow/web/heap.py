"""The server's garbage collector, set for a long-running process with a large heap.

A loaded server made about 40 collections a second; now and then a full one (generation 2),
which walks every object the process holds: the engine's tables and kernels, the modules,
the lobby, some millions of objects, and a push waiting behind it took that long (52-68 ms
at 48 tables: the tail of the latency, docs/web.md, "Where the time goes"). Once the server
has started, :func:`settle` collects what start-up left and moves every object made so far
into a generation the collector never walks (:func:`gc.freeze`): start-up's objects live as
long as the process, so no collection could free them, and a full collection then walks
only what the tables made since.

The thresholds stay CPython's. Collecting the young every 10,000 allocations instead of 700
was tried: fewer, larger young collections, but the reference cycles of closed connections
(a WebSocket's protocol and its compressor) then waited about 14 times longer for a full
collection, and a 30-minute soak at 24 tables held 433 MiB where CPython's settings hold
about 220 (docs/web.md, The soak).

>>> import gc
>>> settle(); gc.get_freeze_count() > 0 and gc.get_threshold()[0] == 700
True
>>> gc.unfreeze()
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Once start-up is done (the tables open, the app made): collect what start-up left and
    freeze the rest out of the collector's sight."""
    gc.collect()
    gc.freeze()
