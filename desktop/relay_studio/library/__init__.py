"""A project's story library (codex entries), its Skills, and SillyTavern interop: files on disk,
indexed in SQLite, with no Qt and no runtime import."""
