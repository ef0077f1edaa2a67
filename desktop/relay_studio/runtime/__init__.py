"""The asyncio relay engine. Nothing below this package imports Qt."""
