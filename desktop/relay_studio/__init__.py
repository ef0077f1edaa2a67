"""Relay Studio: a desktop studio for creators who write with several AI agents."""

__version__ = "0.1.0"
