"""Freed picture buffers kept for the next picture instead of being handed back to the system.

A picture allocates a few buffers of a megabyte or more (the canvas, its RGB copy, the PNG rows). The C library
serves blocks that large with fresh pages from the system and returns them when freed, so every picture pays for
thousands of page faults: about a third of the time of a hand picture. Raising the C library's thresholds keeps
those blocks in the process's heap, where the next picture reuses them. The heap then stays at the size of the
largest picture drawn (a few tens of MiB), which a process that draws pictures again and again needs anyway.

Only the GNU C library has these settings; elsewhere nothing changes.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache
from typing import Final

M_TRIM_THRESHOLD: Final = -1
M_MMAP_THRESHOLD: Final = -3
KEEP: Final = 32 * 1024 * 1024
"""Blocks up to this size come from the heap, and this much free heap is kept: the largest value glibc accepts for
the first, larger than any picture's buffer."""


@cache
def keep_freed_memory() -> bool:
    """Serve and keep large blocks in the heap (once per process, inherited by forked workers); whether it took."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, KEEP)) and bool(mallopt(M_TRIM_THRESHOLD, 2 * KEEP))
