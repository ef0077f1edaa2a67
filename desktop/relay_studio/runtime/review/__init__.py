"""Reviews by reviewer profiles (seed 002's Director pattern): typed results, and the writes they gate."""
