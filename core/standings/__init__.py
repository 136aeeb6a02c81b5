"""Standings of a stage and the final ranking of an event, with the tie-breaks that decided them."""
