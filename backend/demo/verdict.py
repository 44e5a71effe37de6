"""The demo's verdicts: what the figures and Prometheus say, in words, never hard-coded."""

from __future__ import annotations

from kvscope.backend.demo.story import HIT_DROP_FACTOR


def alert_line(report: dict) -> str:
    """What Prometheus says, queried after the tools ran: the state now and when it fired."""
    name, state = report["alert"], report["state"]
    if report.get("fired_at") is None:
        return f"Prometheus says: {name} is {state} (it never fired during the bad deploy)"
    lag = report.get("seconds_after_deploy")
    when = f"fired at {report['fired_at']}"
    if lag is not None:
        when += f", {lag:.0f} s after the deploy"
    if state == "firing":
        return f"Prometheus says: {name} is firing ({when}; still firing after the tools ran)"
    return f"Prometheus says: {name} {when} and is {state} now"


def conclusion(phases: dict) -> str:
    """The closing line, from the figures alone."""
    steady = phases["steady"]["hit_rate"] or 0.0
    bad = phases["bad deploy"]["hit_rate"] or 0.0
    back = phases["rollback"]["hit_rate"] or 0.0
    if back >= HIT_DROP_FACTOR * steady:
        state = "recovered: above the alert's threshold again"
    elif back > bad:
        state = "recovering: the cache is re-warming"
    else:
        state = "not recovered"
    b = phases["bad deploy"]
    dropped, demoted = b.get("blocks_dropped", 0), b.get("blocks_demoted", 0)
    if dropped or demoted:
        moved = (
            f"the bad deploy dropped {dropped} block(s) for room and demoted {demoted} to a lower "
            "tier (demoted blocks still hit)"
        )
    else:
        moved = "the bad deploy evicted no block (the cache had room for the new prefixes)"
    pre = sum(phases[p].get("preemptions", 0) for p in phases)
    return (
        f"hit rate: steady {100 * steady:.1f}%, bad deploy {100 * bad:.1f}%, after rollback "
        f"{100 * back:.1f}% ({state}); {moved}; {pre} preemption(s) in the whole run"
    )


def fired_line(
    fired: dict[str, float], phases: dict, rules: dict | None, before: list[str] | None = None
) -> str:
    """Every alert Prometheus fired after the deploy (and before it, if any), with what made the
    TTFT one fire."""
    ahead = f"before it: {', '.join(before)}" if before else "none before it"
    if not fired:
        return f"alerts fired after the deploy: none ({ahead})"
    parts = []
    for name, lag in fired.items():
        part = f"{name} at +{lag:.0f} s"
        if name == "KVCacheTTFTHigh" and rules:
            p95 = max((phases[p].get("ttft_p95_s") or 0.0) for p in ("bad deploy", "rollback"))
            slo = 1000 * rules["ttft_slo_s"]
            # The rule reads the server's histogram over its short window, which can pass the SLO
            # while the p95 of a whole phase, as the client measured it, stays below it.
            part += (
                f" (the server's TTFT p95 over the rule's window passed the {slo:,.0f} ms SLO set"
                f" from the steady phase; the client's p95 over a whole phase after the deploy:"
                f" {1000 * p95:,.0f} ms; the misses' prefill)"
            )
        parts.append(part)
    return f"alerts fired after the deploy ({ahead}): " + "; ".join(parts)
