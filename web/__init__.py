"""Tablée on the web: a live table, a replay to step through and a server's leaderboards, as pages.

A layer beside ``cogs``: it reads the table service's public views, the games' texts and the same pictures, and
never imports the Discord adapters; ``bot`` and ``renders`` never import it (the bot loads it by name). Every page is
reached by a link that carries a signed token (``web.tokens``); every other path is 404.
"""
