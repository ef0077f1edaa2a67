"""Handoff and delegation: policy checks, brief rendering, and the subagent scheduler."""
