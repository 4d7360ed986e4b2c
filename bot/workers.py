"""A small, bounded thread pool for CPU work (pictures) so that it never starves the event loop.

``asyncio.to_thread`` would let every game render at once; with two cores, more threads only
fight for the GIL and delay the loop. Two workers keep both cores busy and the loop responsive.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec
from typing import TypeVar

P = ParamSpec("P")
R = TypeVar("R")

RENDER_WORKERS = 2
_pool = ThreadPoolExecutor(max_workers=RENDER_WORKERS, thread_name_prefix="render")


async def off_loop(fn: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
    """Run ``fn`` in the render pool and wait for it without blocking the loop."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_pool, functools.partial(fn, *args, **kwargs))
