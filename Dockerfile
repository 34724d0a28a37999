# SPDX-License-Identifier: Apache-2.0
# The fabric-bbs chaincode as a chaincode-as-a-service server, built from
# source in two stages: a static binary from vendor/ only (nothing is
# downloaded), then FROM scratch, running as user 65532. The build context is
# the repository root (the Go module; .dockerignore leaves out the rest):
#
#   docker build -t fabric-bbs-ccaas .
#
# fabric-samples' test network builds and runs this file as it is
# (docker build -f <path>/Dockerfile ... <path>, then docker run with
# CHAINCODE_SERVER_ADDRESS and CHAINCODE_ID), with -ccp naming this folder:
#
#   ./network.sh deployCCAAS -ccn bbs -ccp <this repository>
#
# Its containers run without TLS: this server refuses to, unless
# CHAINCODE_TLS_DISABLED=true says so. Start them again with
# -e CHAINCODE_TLS_DISABLED=true added, as docs/deploy.md#fabric-samples shows.
#
# With TLS, where the peers can dial it (docs/deploy.md lists the variables):
#
#   docker run -p 9999:9999 -e CHAINCODE_SERVER_ADDRESS=0.0.0.0:9999 -e CHAINCODE_ID=<package ID> \
#     -e CHAINCODE_TLS_KEY=/tls/server.key -e CHAINCODE_TLS_CERT=/tls/server.crt \
#     -e CHAINCODE_CLIENT_CA_CERT=/tls/peer-tls-cas.pem -v "$PWD/tls:/tls:ro" fabric-bbs-ccaas
#
# Without CHAINCODE_SERVER_ADDRESS and CHAINCODE_ID the same image runs as a
# peer-launched chaincode that dials the peer (CORE_* variables), as the
# Kubernetes builder fabric-builder-k8s starts it.
#
# GO_IMAGE is the build stage's image: any with the go command on PATH, of a
# Go release at least the go line of go.mod (GOTOOLCHAIN=local: no toolchain
# is downloaded). test-network/scripts/ccaas-image.sh builds this file with
# podman and no registry, over a Debian root file system (debootstrap) with
# Go from the Go module proxy. chaincode/Dockerfile.scratch is the final
# stage alone, over a binary built outside.

ARG GO_IMAGE=docker.io/library/golang:1.24-bookworm
FROM ${GO_IMAGE} AS build
WORKDIR /src
COPY . .
# Static binary, from vendor/ only, as the peers build the chaincode.
RUN CGO_ENABLED=0 GOFLAGS="-mod=vendor -buildvcs=false" GOPROXY=off GOTOOLCHAIN=local \
      go build -trimpath -ldflags='-s -w' -o /out/chaincode ./chaincode

FROM scratch
# fabric-samples' deployCCAAS passes the port it runs the server on.
ARG CC_SERVER_PORT=9999
COPY --from=build /out/chaincode /chaincode
EXPOSE ${CC_SERVER_PORT}
USER 65532:65532
ENTRYPOINT ["/chaincode"]
