#!/usr/bin/env bash
# The main job: set up, build cute-layout and compute a layout with it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh" cute-layout
cl="${BUILD_DIR:-$root/build}/tools/cute-layout/cute-layout"
set -x
"$cl" 'composition((6,2):(8,2), (4,3):(3,1))'
"$cl" 'coalesce(logical_divide((128,128):(1,128), <32:1, 16:1>))'
"$cl" --cute --dynamic 'composition((10,2):(16,4), (5,4):(1,5))'
"$cl" --table 'blocked_product((2,2):(2,1), (2,3):(1,2))'
