"""One module per model-visible tool, each with its spec beside its code."""
