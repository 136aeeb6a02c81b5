"""The plugin's own translations: ``_`` reads ``locale/zh.po`` of this package."""

from __future__ import annotations

from podium.api import plugin_messages

_ = plugin_messages(__package__)
