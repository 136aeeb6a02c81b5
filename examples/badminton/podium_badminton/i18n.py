"""The plugin's own translations: ``_`` reads ``locale/zh.po`` of this package (Podium's catalog does not
know the plugin's messages)."""

from __future__ import annotations

from podium.api import plugin_messages

_ = plugin_messages(__package__)
