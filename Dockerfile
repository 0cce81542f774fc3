# syntax=docker/dockerfile:1
# Pinhole in a container: the one process that serves the API, the stored images and the web
# client, with SQLite and the images under DATA_DIR (/data) unless DATABASE_URL and
# STORAGE_DRIVER=s3 point elsewhere (compose.yaml). See docs/operations.md, "Docker".
#
#   docker build -t pinhole .
#   docker run -p 3000:3000 -v pinhole-data:/data pinhole

# Both stages on one base: native modules compiled in the build stage (better-sqlite3) then match
# the runtime's Node ABI and C library.
ARG NODE_IMAGE=node:24-trixie-slim

FROM ${NODE_IMAGE} AS build
# What node-gyp needs for a native module without a prebuilt binary for this platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The manifests alone first, so the dependency layer is reused until they change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# package.json's preinstall: the Node version check.
COPY scripts/check-node.mjs scripts/
RUN npm ci --no-audit --no-fund
COPY . .
# The web client (dist/, and dist-ssr/ for first screens) and the server bundle (dist/), then
# only what runs in production is kept in node_modules.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# Videos are probed and transcoded by Debian's ffmpeg; without it the server still runs, photos
# only (GET /api/instance says video: false).
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  DATA_DIR=/data \
  HOST=0.0.0.0 \
  PORT=3000
WORKDIR /app
# Owned by root, so the server cannot change its own code; it writes only to DATA_DIR.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
# Both bundles carry the contracts; this only keeps node_modules/@pinhole/contracts's link whole.
COPY --from=build /app/packages/contracts ./packages/contracts
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/package.json ./apps/web/
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/apps/web/dist-ssr ./apps/web/dist-ssr
# The official image's unprivileged user (uid 1000) owns the data folder, before it becomes a
# volume: a new named volume takes this ownership.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness only (/readyz would also fail while PostgreSQL or the bucket is away); node's own fetch,
# so the slim image needs no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs once the build is there (scripts/start.mjs), without npm in between, so
# the server itself gets the SIGTERM of `docker stop` and finishes its requests.
CMD ["node", "apps/server/dist/main.js"]
