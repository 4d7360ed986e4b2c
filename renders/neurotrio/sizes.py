"""The sizes every Neurotrio picture shares: its width and its panels' padding."""

from __future__ import annotations

from typing import Final

from renders.layout import Space

WIDTH: Final = 560
"""Every Neurotrio picture's width: as wide as a desktop shows it; a phone shows it 265 px wide (0.47), so a
decision's text is drawn at least 22 px and every other text at least 17 px."""
PAD: Final = Space.M
"""Between a panel's edge and its text."""
