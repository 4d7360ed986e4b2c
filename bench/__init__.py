"""``make bench``: the speed, size and Discord-request figures of the budgets. The running bot never imports it;
``python -m bot bench`` finds ``bench.run`` by name.

- ``run``: the whole bench and its JSON; ``moves``, ``load``, ``growth``, ``commit``: a move's cost, many tables,
  growth with a game's length, a commit's cost;
- ``postgres``, ``pg_server``: several processes on a throwaway PostgreSQL server;
- ``discord_requests``, ``limits``, ``capacity``: a move's requests and kilobytes on Discord, Discord's limits as
  a double, and the tables one bot token serves at human pace;
- ``chat_vert``, ``chat_vert_boundary``: Le Chat vert's engine against RLCard's Uno.
"""
