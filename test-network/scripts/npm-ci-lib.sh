# shellcheck shell=bash
# SPDX-License-Identifier: Apache-2.0
# npm_ci_locked of the scripts that install a Node.js tool's packages from its package-lock.json
# (install-client-node.sh, install-caliper.sh); sourced after TN_DIR is set.

# npm_ci_locked DIR MARKER WHAT: npm ci in DIR (exact versions of DIR/package-lock.json,
# integrity-checked) with the cache test-network/.state-tools/npm-cache, so a reinstall needs no
# registry (--prefer-offline); optional packages omitted, no install script run. Nothing is done
# when DIR/MARKER exists and DIR/package.json and package-lock.json have not changed since the last
# install. WHAT names the packages in messages. Prints "installed" when it installed.
npm_ci_locked() {
  local dir marker="$2" what="$3"
  # npm resolves --prefix through symbolic links to a package of its own; give it the real folder
  dir="$(cd "$1" && pwd -P)" || return 1
  local cache="$TN_DIR/.state-tools/npm-cache" stamp_file="$dir/node_modules/.lock-stamp" stamp start
  for t in node npm; do
    command -v "$t" > /dev/null || { echo "ERROR: '$t' is not on PATH; $what needs Node.js and npm" >&2; return 1; }
  done
  stamp="$(sha256sum "$dir/package.json" "$dir/package-lock.json" | sha256sum | cut -c1-16)"
  if [ -e "$dir/$marker" ] && [ "$(cat "$stamp_file" 2> /dev/null)" = "$stamp" ]; then
    echo "==> $what: up to date in $dir/node_modules"
    return 0
  fi
  echo "==> Installing $what (package-lock.json) into $dir/node_modules (npm ci)"
  mkdir -p "$cache"
  start=$SECONDS
  npm ci --prefix "$dir" --cache "$cache" --prefer-offline --omit=optional --ignore-scripts \
    --no-audit --no-fund --loglevel=error
  [ -e "$dir/$marker" ] || { echo "ERROR: npm ci did not install $marker" >&2; return 1; }
  echo "$stamp" > "$stamp_file"
  echo "    installed in $((SECONDS - start)) s"
}
