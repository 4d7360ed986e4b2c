"""Pictures, from the table service's side: what to draw and when, never how (``renders`` draws).

- ``workers``: the processes that draw, off the event loop, forked from a warmed server (``warmup``, ``warmed``);
- ``cache``: the table and hand pictures by their views' keys, never drawn twice in a row;
- ``redraw``: which private panels a move redraws, and the keys of what each shows (``digest``: 16-byte keys).
"""
