"""SQLite's schema, one migration a step: ``PRAGMA user_version`` counts the migrations applied to a file."""

MIGRATIONS: tuple[str, ...] = (
    # 1: games, their actions, the private panels, results, user languages and table-level data.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        options TEXT NOT NULL,
        seats TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'over', 'abandoned', 'cancelled')),
        host_id INTEGER NOT NULL,
        locale TEXT NOT NULL DEFAULT 'fr',
        reminder_s INTEGER NOT NULL DEFAULT 120,
        timeout_s INTEGER NOT NULL DEFAULT 600,
        lobby_message_id INTEGER,
        table_message_id INTEGER,
        turn_since REAL,
        reminded INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        started_at REAL,
        ended_at REAL
    );
    CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status IN ('lobby', 'running');
    CREATE INDEX games_by_status ON games (status);
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        seat INTEGER,
        action TEXT NOT NULL,
        by_bot INTEGER NOT NULL DEFAULT 0,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, n)
    ) WITHOUT ROWID;
    CREATE TABLE panels (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        channel_id INTEGER,
        message_id INTEGER,
        dm_refused INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, user_id)
    ) WITHOUT ROWID;
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        rank INTEGER NOT NULL,
        score INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID;
    CREATE TABLE users (
        user_id INTEGER PRIMARY KEY,
        locale TEXT NOT NULL
    );
    CREATE TABLE table_data (
        channel_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (channel_id, kind, key)
    ) WITHOUT ROWID;
    """,
    # 2: Le Chat vert's rules, one row each, keyed by table and rule id (a repeated id, left by racing writers,
    # gets the next free one); games already started (running or over) keep the draw pile as they were played, so
    # that their replay (after a restart, for a log) gives the same game.
    """
    CREATE TABLE chat_vert_rules (
        channel_id INTEGER NOT NULL,
        rule_id INTEGER NOT NULL CHECK (rule_id >= 1),
        rule TEXT NOT NULL CHECK (json_valid(rule)),
        PRIMARY KEY (channel_id, rule_id)
    ) WITHOUT ROWID;
    INSERT INTO chat_vert_rules (channel_id, rule_id, rule)
    WITH items AS (
        SELECT d.channel_id AS channel_id, CAST(j.key AS INTEGER) AS pos, j.value AS rule,
               CAST(json_extract(j.value, '$.id') AS INTEGER) AS rule_id
        FROM table_data AS d, json_each(d.value) AS j
        WHERE d.kind = 'chat_vert' AND d.key = 'rules' AND json_type(j.value) = 'object'
    ),
    ranked AS (
        SELECT channel_id, pos, rule, rule_id,
               CASE WHEN rule_id >= 1 THEN ROW_NUMBER() OVER (PARTITION BY channel_id, rule_id ORDER BY pos)
                    ELSE 2 END AS copy,
               MAX(COALESCE(rule_id, 0)) OVER (PARTITION BY channel_id) AS top
        FROM items
    ),
    numbered AS (
        SELECT channel_id, rule,
               CASE WHEN copy = 1 THEN rule_id
                    ELSE top + ROW_NUMBER() OVER (PARTITION BY channel_id, copy = 1 ORDER BY pos) END AS rule_id
        FROM ranked
    )
    SELECT channel_id, rule_id, json_set(rule, '$.id', rule_id) FROM numbered;
    DELETE FROM table_data WHERE kind = 'chat_vert' AND key = 'rules';
    UPDATE games SET options = json_set(options, '$.pause', 0) WHERE kind = 'chat_vert' AND status != 'lobby';
    """,
    # 3: the table's own settings (forced moves, undo, seat takeover, rematch votes), the one "your turn" message
    # of a table, and how each player wants to be called when their turn comes.
    """
    ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings));
    ALTER TABLE games ADD COLUMN turn_message_id INTEGER;
    ALTER TABLE actions ADD COLUMN how TEXT CHECK (how IN ('auto', 'timeout'));
    CREATE TABLE notify (
        user_id INTEGER PRIMARY KEY,
        mode TEXT NOT NULL CHECK (mode IN ('channel', 'dm', 'off'))
    );
    """,
    # 4: ratings per server, game and player, and each rated game's changes (which also mark it as rated).
    """
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        player TEXT NOT NULL,
        name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        PRIMARY KEY (guild_id, kind, player)
    ) WITHOUT ROWID;
    CREATE TABLE rating_changes (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        player TEXT NOT NULL,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        shown_before REAL NOT NULL,
        shown_after REAL NOT NULL,
        PRIMARY KEY (game_id, player)
    ) WITHOUT ROWID;
    """,
    # 5: the games whose end still owes its epilogue (the game's own hook, the rating): written with the end, deleted
    # once the epilogue is done, so a crash between the two leaves it owed to the next start.
    """
    CREATE TABLE epilogues (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
    );
    """,
    # 6: whether the people awaited since the turn began were called, once they had not moved for a while.
    """
    ALTER TABLE games ADD COLUMN called INTEGER NOT NULL DEFAULT 0;
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)
