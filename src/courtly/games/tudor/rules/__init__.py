"""Tudor's rules: legal actions and their effects, one module per group of decisions.

`dispatch` holds the two tables (per decision mode: its legal actions, and what each action
does); `flow` runs the follow-ups a step queued. Nothing here is registered on import.
"""
