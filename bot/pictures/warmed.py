"""Imported by the render processes' fork server: importing it draws one game of each kind (``bot.pictures.warmup``),
so that every worker forked from the server starts with the renderers' caches filled. What the server holds then is
frozen for the garbage collector, which leaves those pages shared between the workers instead of touching them."""

import gc

from bot.pictures.warmup import warm

warm()
gc.freeze()
