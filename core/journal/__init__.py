"""The journal of a meet: its entries, and the state derived by folding them."""
