"""The profile editor's sections: one widget per section of the form (a ``Section`` group box), each
building its rows and owning the handlers of its own fields. They share the editor's state through
``Section.editor``: the form, the field registry, ``set_field``/``set_fields`` and the ``loading`` flag."""
