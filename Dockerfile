# The portal as one image: the built web app and the server (Node 24, run by the system node).
FROM node:24-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
USER node
EXPOSE 3000
# SIGTERM drains (readiness 503, requests in flight finish within 10 s): give it 15 s before a kill.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/src/server.ts"]
