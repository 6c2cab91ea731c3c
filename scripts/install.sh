#!/usr/bin/env bash
# Installs what the site needs (npm packages); with --test also Debian's chromium (and its headless shell) and Noto fonts for the
# browser tests, and Debian's postgresql and nginx for the PostgreSQL run of the unit and integration tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# better-sqlite3 compiles against the local Node headers; Playwright must never download a browser.
if [ -d /usr/include/node ]; then export npm_config_nodedir=/usr; fi
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# better-sqlite3 compiles its two sources (SQLite and the binding) one after the other unless make may run
# jobs side by side: 83 s → 67 s on two cores.
export JOBS=max
if [ "${1:-}" = "--test" ]; then
  # The browser tests need Debian's chromium; the PostgreSQL run of the suite starts a throwaway server
  # from Debian's postgresql package (scripts/postgres-server.ts).
  PACKAGES=()
  # chromium for the scripts that look at pages (screenshots, lighthouse, js-weight); its headless shell,
  # built from the same source, for the browser tests (docs/decisions/207-browser-tests-in-debians-headless-shell.md).
  if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then PACKAGES+=(chromium); fi
  if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ]; then PACKAGES+=(chromium-headless-shell); fi
  if [ -z "${PG_BIN:-}" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then PACKAGES+=(postgresql); fi
  # The fonts the tests render with: Noto (Latin, Devanagari, Kannada), what most visitors' phones have and
  # what the Hindi and Kannada share cards are drawn with (docs/decisions/199-tests-render-with-noto-fonts.md).
  if [ ! -f /usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf ] ||
    [ ! -f /usr/share/fonts/truetype/noto/NotoSansKannada-Regular.ttf ]; then PACKAGES+=(fonts-noto-core); fi
  # The several-instances test puts two servers behind a real reverse proxy.
  if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then PACKAGES+=(nginx-light); fi
  if [ ${#PACKAGES[@]} -gt 0 ]; then
    echo "installing Debian's ${PACKAGES[*]} for the tests"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    # Beside npm's install (each mostly waits on the network or, for better-sqlite3, a compiler): a fresh
    # machine has both to do, one after the other they took minutes more.
    (
      $SUDO apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${PACKAGES[@]}" >/dev/null
    ) &
    APT_PID=$!
  fi
fi
npm ci --no-audit --no-fund --loglevel=error
if [ -n "${APT_PID:-}" ] && ! wait "$APT_PID"; then
  echo "apt-get could not install ${PACKAGES[*]}" >&2
  exit 1
fi
