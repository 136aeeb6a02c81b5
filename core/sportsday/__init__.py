"""Sports-day rules: eligibility, quotas, awards, unit points and team totals (pure)."""
