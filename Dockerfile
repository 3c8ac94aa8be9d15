# audio-task-mock as a container: the HTTP fake on port 4010 of every interface, configured by
# AUDIO_TASK_MOCK_* variables (docs/ci.md), e.g.
#   docker build -t audio-task-mock .
#   docker run --rm -p 4010:4010 -e AUDIO_TASK_MOCK_SCENARIO=flaky-create -e AUDIO_TASK_MOCK_ADMIN_TOKEN=secret audio-task-mock
# Not built by this project's CI (no Docker engine there): CI runs the same build script
# (scripts/container-build.sh) and starts its result with the settings below
# (.ci/container.sh), and test/container/dockerfile.test.ts keeps this file to those.
FROM node:24-alpine AS build
WORKDIR /src
COPY . .
RUN sh scripts/container-build.sh /opt/audio-task-mock

FROM node:24-alpine
COPY --from=build /opt/audio-task-mock /opt/audio-task-mock
ENV AUDIO_TASK_MOCK_HOST=0.0.0.0 AUDIO_TASK_MOCK_PORT=4010 NODE_ENV=production
USER node
EXPOSE 4010
HEALTHCHECK --interval=5s --timeout=3s --start-period=10s --retries=3 CMD ["node", "/opt/audio-task-mock/healthcheck.mjs"]
ENTRYPOINT ["node", "/opt/audio-task-mock/node_modules/audio-task-mock/dist/bin/audio-task-mock.js"]
