"""The studio's feature operations (docs/window/studio.md): each holds the
runtime and the hub (``ui/studio.py``), and views reach them as ``studio.chats``, ``studio.library``…"""
