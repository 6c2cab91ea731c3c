#!/usr/bin/env bash
# Installs what the site needs (npm packages); with --test also Debian's chromium for the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# better-sqlite3 compiles against the local Node headers; Playwright must never download a browser.
if [ -d /usr/include/node ]; then export npm_config_nodedir=/usr; fi
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ "${1:-}" = "--test" ] && [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
npm ci --no-audit --no-fund --loglevel=error
