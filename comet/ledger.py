"""Payments: in play (the ledger) and at the end of a deal (the settlement)."""

from __future__ import annotations

from typing import NamedTuple

POOL = -1
"""The payee (or payer) seat number of the pool in games with antes (Commit 1991)."""


class Payment(NamedTuple):
    """``payer`` pays ``amount`` units to ``payee`` for ``reason`` (seat -1 is the pool)."""

    payer: int
    payee: int
    amount: int
    reason: str

    def describe(self, unit: str = "chip", names: tuple[str, ...] | None = None) -> str:
        def who(seat: int) -> str:
            if seat == POOL:
                return "the pool"
            return names[seat] if names else f"seat {seat}"

        units = unit if self.amount == 1 else plural(unit)
        return f"{who(self.payer)} pays {self.amount} {units} to {who(self.payee)}: {self.reason}"


def plural(unit: str) -> str:
    return unit + "s" if unit and not unit.endswith("s") else unit


def net(payments: list[Payment], players: int) -> list[int]:
    """Net result per seat of a list of payments (the pool is not a seat)."""
    totals = [0] * players
    for p in payments:
        if p.payer >= 0:
            totals[p.payer] -= p.amount
        if p.payee >= 0:
            totals[p.payee] += p.amount
    return totals
