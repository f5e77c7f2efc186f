"""Smoke tests of the hand-run benchmarks."""
