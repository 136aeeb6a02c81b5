"""The meet's own files: ``meet.toml`` and entrants files, read and validated."""
