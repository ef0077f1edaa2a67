"""The studio's feature operations (docs/window.md, *The studio and its operations*): each holds the
runtime and the hub (``ui/studio.py``), and views reach them as ``studio.chats``, ``studio.library``…"""
