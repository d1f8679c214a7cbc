#!/usr/bin/env bash
# Installs everything Consilium needs on a fresh Debian machine with Node 20:
# the npm dependencies (npm ci) and, when run as root, the Debian packages for
# figure export and reports (chromium), notebooks (jupyter + ipykernel) and the
# Python reference benchmarks (numpy, scipy, pandas, gensim; NLTK for the VADER
# reference; threadpoolctl to name the BLAS kernel). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_packages=(chromium jupyter-nbconvert python3-nbclient jupyter-client python3-ipykernel
              python3-numpy python3-scipy python3-pandas python3-gensim python3-nltk python3-threadpoolctl
              fonts-liberation)
missing=()
for pkg in "${apt_packages[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: missing Debian packages (install them as root): ${missing[*]}" >&2
  fi
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  # onnxruntime-node (--embedder minilm) bundles its CPU binaries; its postinstall
  # would only fetch CUDA ones (from NuGet). This switch is what skips it: npm 11
  # only warns about package.json's allowScripts entry (npm 12 enforces it).
  # A plain `npm ci` without the switch runs that postinstall.
  ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund --loglevel=error
fi
echo "setup: done"
