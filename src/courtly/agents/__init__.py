"""Agents: players that see only a seat's view. Name them as ``kind`` or ``kind:k=v,k=v``."""

from courtly.agents.registry import agent_kinds, make_agent, parse_agent_spec, register_agent

__all__ = ["agent_kinds", "make_agent", "parse_agent_spec", "register_agent"]
