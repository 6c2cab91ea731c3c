# The site's image: the release file of `npm run release`, unpacked, and nothing built here
# (docs/decisions/223-one-release-file.md; docs/operations.md, "Releases and containers"). Make the release
# on the machine type the image runs on (its native addons are built for it), then, from the repository:
#   npm run release && docker build -t bwp-directory:0.1.0 .
# The base is the Debian release (bookworm) the release is built on, so the addons find the same C library.
FROM node:20-bookworm-slim

# The release to unpack: dist/bwp-directory-<VERSION>-linux-<ARCH>.tar.gz (ARCH as Node names it: x64, arm64).
ARG VERSION=0.1.0
ARG ARCH=x64

# pg_dump and pg_restore, for `backup` and `restore` on PostgreSQL (version 15: use a PostgreSQL 15 server).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY dist/bwp-directory-${VERSION}-linux-${ARCH}.tar.gz dist/bwp-directory-${VERSION}-linux-${ARCH}.tar.gz.sha256 /tmp/release/
# The checksum is checked before anything is unpacked; the files stay root's, only data/ is the site's.
RUN cd /tmp/release \
  && sha256sum -c "bwp-directory-${VERSION}-linux-${ARCH}.tar.gz.sha256" \
  && tar -xzf "bwp-directory-${VERSION}-linux-${ARCH}.tar.gz" --strip-components=1 --no-same-owner -C /app \
  && rm -rf /tmp/release \
  && mkdir -p /app/data \
  && chown node:node /app/data

# The SQLite file, the session-secret file, the uploads folder and the backups: one volume. (With
# DATABASE_URL and S3_BUCKET set, as in compose.yaml, it keeps only the scheduled backups.)
ENV HOST=0.0.0.0 \
  PORT=3000 \
  DATABASE_PATH=/app/data/app.db \
  UPLOADS_DIR=/app/data/uploads \
  BACKUP_DIR=/app/data/backups
VOLUME ["/app/data"]
USER node
EXPOSE 3000

# Ready: the database answers and its migrations are applied (GET /readyz, server/app.ts). The image has
# no curl: Node asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# The same command the release test starts the unpacked release with (tests/unit/release.test.ts).
CMD ["bin/bwp-directory", "start"]
