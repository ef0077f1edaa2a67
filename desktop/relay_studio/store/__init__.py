"""Persistence over one SQLite file: tables, migrations, the journal, chats and workspace versions."""
