# audio-task-mock as a container: the HTTP fake on port 4010 of every interface, configured by
# AUDIO_TASK_MOCK_* variables or flags after the image's name (docs/ci.md), e.g.
#   docker build -t audio-task-mock .
#   docker run --rm -p 4010:4010 -e AUDIO_TASK_MOCK_SCENARIO=flaky-create -e AUDIO_TASK_MOCK_ADMIN_TOKEN=secret audio-task-mock
# Its working folder /data belongs to the user `node`: a relative --state file goes there, and a
# volume mounted there keeps it. CI builds and runs this file with podman (scripts/build-image.sh,
# .ci/container.sh), on a node:24-bookworm-slim it makes itself (docs/decisions/049).
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN sh scripts/container-build.sh /opt/audio-task-mock
RUN mkdir /data

FROM node:24-bookworm-slim
COPY --from=build /opt/audio-task-mock /opt/audio-task-mock
COPY --from=build --chown=node:node /data /data
ENV AUDIO_TASK_MOCK_HOST=0.0.0.0 AUDIO_TASK_MOCK_PORT=4010 NODE_ENV=production
USER node
WORKDIR /data
EXPOSE 4010
HEALTHCHECK --interval=5s --timeout=10s --start-period=10s --retries=3 CMD ["node", "/opt/audio-task-mock/healthcheck.mjs"]
ENTRYPOINT ["node", "/opt/audio-task-mock/node_modules/audio-task-mock/dist/bin/audio-task-mock.js"]
