"""Pai Gow Poker: 52 cards and a joker."""
