"""axe-core, Deque's accessibility engine, run inside a page of the browser tests.

axe-core comes from npm, pinned in ``tests/support/axe/package-lock.json`` and installed there
by ``make test`` (``npm ci``); the page itself needs no package. The script is evaluated
through the DevTools protocol rather than added as a ``<script>``: the service's Content
Security Policy refuses inline scripts, and the test must not loosen it to look.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE_FOLDER = Path(__file__).parent / "axe"
AXE_SCRIPT = AXE_FOLDER / "node_modules" / "axe-core" / "axe.min.js"

# Every rule axe runs by default (WCAG 2.0-2.2 A and AA, and its best practices); each
# violation comes back with the elements it names and what to fix.
RUN_AXE = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
  }));
}"""


def axe_script() -> str:
    """Return axe-core's script; fail, saying how to install it, when it is not there."""
    if not AXE_SCRIPT.exists():
        raise FileNotFoundError(
            f"axe-core is not installed in {AXE_FOLDER}: run `make test`, or "
            f"`npm ci --prefix {AXE_FOLDER}`")
    return AXE_SCRIPT.read_text(encoding="utf-8")


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Run axe-core on the page as it is drawn now; return its violations (none: [])."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_script() + "\n;0")  # an expression, not a function to call
    violations: list[dict[str, Any]] = page.evaluate(RUN_AXE)
    return violations


def described(violations: list[dict[str, Any]]) -> str:
    """Return the violations as lines a failing test prints: rule, impact, elements, fix."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        lines += [f"  {n['target']}: {n['summary']}" for n in v["nodes"]]
    return "\n".join(lines)
