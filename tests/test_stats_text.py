"""The leaderboard in words fits one embed field (Discord refuses a field over 1024 characters): long names drop
lines of the top from the bottom, never the asking player's own line."""

from __future__ import annotations

from bot.store import PlayerRating
from cogs.tables import FIELD_MAX
from cogs.tables import _standing_text


def test_long_names_keep_the_text_within_a_field_and_the_askers_line() -> None:
    long = "_" * 32  # escaped, each name doubles: 64 characters
    ladder = [PlayerRating(f"p{i}", long, 40.0 - i, 5.0, 6, 3) for i in range(12)]
    ladder.append(PlayerRating("me", "Moi", 10.0, 5.0, 2, 0))  # -5.0, 13th
    lines = _standing_text(ladder, "me", "en").splitlines()
    name = "\\_" * 32
    # Each top line: "1\. " (4) + the name (64) + " · rating " (10) + "25.0" (4) + " · " (3) + "3 wins in 6 games"
    # (17) = 102 characters; "10\. " one more. The asker's, bold: 47. Ten of the top: 9 x 102 + 103 + 47 and ten
    # line breaks = 1078, too long; nine: 918 + 47 + 9 = 974.
    assert lines == [
        *(f"{i + 1}\\. {name} · rating {25 - i}.0 · 3 wins in 6 games" for i in range(9)),
        "**13\\. Moi · rating -5.0? · 0 wins in 2 games**",
    ]
    assert len("\n".join(lines)) == 974 <= FIELD_MAX
