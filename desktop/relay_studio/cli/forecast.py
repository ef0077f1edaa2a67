"""``relay-studio forecast --agent ID [--chat NAME] TEXT [--json]``: what a run would take before it starts
(``runtime/forecast.py``; its options are in ``cli/parser.py``, which imports nothing heavy)."""

from __future__ import annotations

import argparse
import asyncio
import json

from relay_studio.cli.exits import EXIT_OK, UsageError
from relay_studio.cli.runs import provider_for
from relay_studio.domain.safe_text import for_terminal as shown
from relay_studio.runtime.engine import Runtime
from relay_studio.runtime.forecast import Forecast, forecast


def cmd_forecast(args: argparse.Namespace, runtime: Runtime) -> int:
    args.script = None
    try:
        result = asyncio.run(forecast(runtime, agent_id=args.agent, text=args.text, chat=args.chat,
                                      provider_for=provider_for(args, runtime)))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps(result.model_dump(mode="json"), ensure_ascii=False, indent=2))
    else:
        print("\n".join(forecast_lines(result)))
    return EXIT_OK


def forecast_lines(result: Forecast) -> list[str]:
    lines = [f"{shown(s.agent):<16} first request {s.tokens:>7} tokens  ({s.method})" for s in result.stages]
    low, high = result.inputTokens
    out_low, out_high = result.outputTokens
    lines.append(f"whole run: {low}–{high} input tokens, {out_low}–{out_high} output tokens")
    if result.cost is not None:
        lines.append(f"cost: {result.cost[0]:.4f}–{result.cost[1]:.4f} {result.currency}")
    else:
        lines.append("cost: the connection has no prices (relay-studio connections add --price-input/--price-output)")
    return lines
