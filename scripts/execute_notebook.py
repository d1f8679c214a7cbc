"""Execute one Jupyter notebook headless, cell by cell, and report the real error.

Used by scripts/run-notebooks.ts (`npm run notebooks`). nbconvert's
ExecutePreprocessor shows an empty message for kernels such as tslab, which
put the error text in stderr or in the reply's ename/evalue; this driver runs
every code cell itself with nbclient and, on the first failure, collects the
cell's error outputs, its stderr stream and the execute_reply content.

Usage:
  python3 execute_notebook.py IN.ipynb OUT.ipynb --cwd DIR --kernel tslab --timeout 600

Always writes OUT.ipynb (with the outputs so far) and prints one JSON line on
stdout: {"ok": true, "cells": N} or {"ok": false, "cell_index": i,
"source": "...", "ename": "...", "evalue": "...", "traceback": [...],
"stderr": "...", "reason": "error|timeout|dead-kernel"}.
"""
import argparse
import json
import re
import sys

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def strip_ansi(text):
    return ANSI.sub("", text or "")


def failure_details(cell, index, reason, exc=None):
    """Everything a reader needs to fix the cell: source, error outputs, stderr."""
    ename, evalue, traceback, stderr = "", "", [], []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "error":
            ename = ename or out.get("ename", "")
            evalue = evalue or out.get("evalue", "")
            traceback += [strip_ansi(line) for line in out.get("traceback", [])]
        elif out.get("output_type") == "stream" and out.get("name") == "stderr":
            stderr.append(strip_ansi(out.get("text", "")))
    if exc is not None:
        ename = ename or getattr(exc, "ename", "") or type(exc).__name__
        evalue = evalue or strip_ansi(getattr(exc, "evalue", "") or "")
        if not traceback and not evalue:
            traceback = [strip_ansi(str(exc))]
    return {
        "ok": False,
        "reason": reason,
        "cell_index": index,
        "source": cell.get("source", ""),
        "ename": ename,
        "evalue": evalue,
        "traceback": traceback,
        "stderr": "".join(stderr),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--cwd", required=True)
    parser.add_argument("--kernel", default="tslab")
    parser.add_argument("--timeout", type=int, default=600)
    parser.add_argument("--startup-timeout", type=int, default=120)
    args = parser.parse_args()

    nb = nbformat.read(args.input, as_version=4)
    client = NotebookClient(
        nb,
        timeout=args.timeout,
        startup_timeout=args.startup_timeout,
        kernel_name=args.kernel,
        resources={"metadata": {"path": args.cwd}},
        allow_errors=False,
        record_timing=False,
    )
    result = {"ok": True, "cells": 0}
    try:
        with client.setup_kernel():
            for index, cell in enumerate(nb.cells):
                if cell.cell_type != "code":
                    continue
                try:
                    client.execute_cell(cell, index)
                    result["cells"] += 1
                except CellTimeoutError as exc:
                    result = failure_details(cell, index, "timeout", exc)
                    result["evalue"] = result["evalue"] or f"cell did not finish within {args.timeout} s"
                    break
                except DeadKernelError as exc:
                    result = failure_details(cell, index, "dead-kernel", exc)
                    break
                except CellExecutionError as exc:
                    result = failure_details(cell, index, "error", exc)
                    break
    except Exception as exc:  # kernel could not start, etc.
        result = {
            "ok": False,
            "reason": "kernel",
            "cell_index": -1,
            "source": "",
            "ename": type(exc).__name__,
            "evalue": strip_ansi(str(exc)),
            "traceback": [],
            "stderr": "",
        }
    nbformat.write(nb, args.output)
    sys.stdout.write(json.dumps(result) + "\n")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
