# syntax=docker/dockerfile:1
# Knotwork release image (docs/deploy.md). Multi-stage: the web app is built with every dependency, the image
# keeps production dependencies only and runs as the unprivileged `node` user. scripts/release-smoke.mjs runs the
# same steps without a container engine (npm run build, then the production start on a fresh data folder), in CI.

ARG NODE_VERSION=20.19

# --- 1. Every dependency, and the built web app ---------------------------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/client/package.json packages/client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- 2. Production dependencies only -------------------------------------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/client/package.json packages/client/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- 3. The image ----------------------------------------------------------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    SEED_DEMO=false
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules node_modules
COPY --chown=root:root package.json ./
COPY --chown=root:root apps/server apps/server
COPY --chown=root:root packages/shared packages/shared
COPY --from=build --chown=root:root /app/apps/web/dist apps/web/dist
COPY --chown=root:root apps/web/package.json apps/web/
# The code belongs to root and is read-only to the server; only /data (PGlite, local media) is writable.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: readiness (/api/health/ready) is for the load balancer, which must not restart a process whose
# database is away.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# No npm in front of node: SIGTERM reaches the server, which drains and keeps every accepted bid.
CMD ["node", "--import", "tsx", "apps/server/src/server.ts"]
