"""Where the journal is kept: the store contract and its implementations."""
