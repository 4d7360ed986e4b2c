"""The table service: the one pipeline every move goes through (load, lock, check, apply, commit, publish) and what
its parts share.

- ``tables``: ``TableService``, the pipeline, and the snapshot it hands the publisher;
- ``live``: a live game, its refusals, and how a game is rebuilt from its stored actions;
- ``turn_flow``: computer players and due timers, played through the same pipeline;
- ``game_end``: the end of a game settled once (ratings, the game's own epilogue), even across a crash;
- ``table_hooks``, ``chat_vert_table``: what outlives one game at a table (Le Chat vert's rules);
- ``table_settings``: a table's settings (hints, calls, timers) and what they decide;
- ``score_history``, ``replay``: a finished game's scores round by round, and its public changes step by step;
- ``collector``: the garbage collector as a process holding hundreds of tables wants it.
"""
