"""Simulation and statistics over many games."""
