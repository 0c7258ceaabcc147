# The production image: the standalone output of `next build` (server.js and only the files it
# needs) on Node.js 24, run as the unprivileged `node` user. Development dependencies (the API
# reference renderer, test tools) stay in the build stage.
# docker build -t video-asset-service .   (compose.yaml runs it with PostgreSQL, MinIO and Inngest)
# Tasks on Inngest need INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY (the same two the Inngest server,
# Cloud or `inngest start`, is given): without the signing key the app refuses to start, as
# /api/inngest would run tasks for anyone.

FROM node:24-alpine AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The `node` devDependency only serves machines whose own Node.js is older; this image has 24.
RUN npm ci --no-audit --no-fund --ignore-scripts || npm install --no-audit --no-fund --ignore-scripts

FROM node:24-alpine AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN node node_modules/next/dist/bin/next build

FROM node:24-alpine AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOSTNAME=0.0.0.0 PORT=3000 DATA_DIR=/data
# ffmpeg (with ffprobe and libx264) makes posters and transcodes any video to the H.264 ladder
# (docs/playback.md): without it only H.264/AAC MP4 files would be accepted.
RUN apk add --no-cache ffmpeg && mkdir -p /data && chown node:node /data
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s CMD wget -qO- http://127.0.0.1:3000/api/health/live > /dev/null || exit 1
# A young generation of 8 MiB semi-spaces, not the size V8 13 derives from the machine's memory
# (docs/footprint.md): as `npm start` runs it.
CMD ["node", "--max-semi-space-size=8", "server.js"]
