"""Tablée as a Discord Activity: the page Discord opens in a frame of its client, where each player holds their own
hand and plays it with a tap, beside the channel's table message and its buttons (the same table service, so a
game may be played from either, or both at once).

Added to the pages' application by ``web.activity.app.mount`` when the Activity is set up (``DISCORD_CLIENT_ID``,
``DISCORD_CLIENT_SECRET``, ``TABLEE_PUBLIC_URL``); the page's script is bundled from ``web/activity_client``.
"""
