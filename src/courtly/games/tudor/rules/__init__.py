"""Tudor's rules: legal actions and their effects, one module per group of decisions.

`dispatch` declares the flow: per phase (decision mode), its legal actions and what each action
does; per queued task, the rule that starts it; and the one ``advance`` between decisions.
Nothing here is registered on import.
"""
