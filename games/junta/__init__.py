"""Junta: the political game of power, intrigue, money and coups (rules/junta.md)."""
