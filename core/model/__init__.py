"""Pure values of the domain: entrants, matches, outcomes, scoring, options, the sport protocol."""
