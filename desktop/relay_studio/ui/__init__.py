"""The Qt window: main window, chat/, timeline/, profiles/, patches/, settings/.

Qt stays here; the runtime below never imports it. ``studio.Studio`` is the one binding to the
runtime; views read through it and listen to its signals.
"""
