#!/usr/bin/env bash
# Installs every Debian package the project needs, if missing. Safe to run repeatedly.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache python3 python3-dev pybind11-dev python3-pytest
  python3-venv python3-pip python3-setuptools python3-wheel
  libgtest-dev libbenchmark-dev libcxxopts-dev
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  clang-22 libclang-rt-22-dev clang-format-22
  lld-22 libc++-22-dev-wasm32 libclang-rt-22-dev-wasm32 wasi-libc nodejs chromium
)

missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
