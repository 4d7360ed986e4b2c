"""Reading server-sent events from a response of aiohttp's client, as a browser's EventSource does."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

from aiohttp import ClientResponse


@dataclass(frozen=True)
class Event:
    kind: str
    data: str
    id: str | None

    def json(self) -> Any:
        return json.loads(self.data)


async def next_event(response: ClientResponse, timeout: float = 5.0) -> Event:
    """The next event (comments and the ``retry`` line skipped); TimeoutError when none comes in ``timeout``."""

    async def read() -> Event:
        kind, data, event_id = "message", "", None
        while True:
            raw = await response.content.readline()
            if not raw:
                raise EOFError("the stream ended")
            line = raw.decode().rstrip("\n")
            if not line:
                if data:
                    return Event(kind, data, event_id)
                continue
            if line.startswith(":"):
                continue
            field, _, value = line.partition(": ")
            if field == "event":
                kind = value
            elif field == "data":
                data += value
            elif field == "id":
                event_id = value

    return await asyncio.wait_for(read(), timeout)
