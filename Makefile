# The two commands a newcomer needs: `make play` and `make test`.
# Both install whatever is missing first (`make deps`).

GO            ?= go
BIN           := bin
# Debian packages the project needs at build or test time. Installed only
# when missing, so `make deps` is cheap on a machine that has them.
DEB_PACKAGES  :=
EXAMPLE_TABLE := testdata/tables/example.yaml

.PHONY: all deps go-deps build play test bench fuzz clean

all: build

deps: go-deps
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

go-deps:
	@command -v $(GO) >/dev/null || { echo "Go 1.26 is required: https://go.dev/dl/"; exit 1; }
	@$(GO) mod download

build: deps
	$(GO) build -o $(BIN)/bsg ./cmd/bsg

# Until the table view exists, `make play` rules on the bundled example table
# and draws the ruling picture.
play: build
	@echo "The table view is not built yet; ruling on the example table instead:"
	$(BIN)/bsg measure $(EXAMPLE_TABLE)
	@mkdir -p out && $(BIN)/bsg measure -png out/example.png $(EXAMPLE_TABLE) >/dev/null && echo "picture: out/example.png"

test: deps
	$(GO) vet ./...
	$(GO) test -count=1 ./...

bench: deps
	$(GO) test -run '^$$' -bench . -benchmem -count 5 ./physics ./referee

# Runs each fuzz target for a short while (FUZZTIME=1m for longer).
FUZZTIME ?= 20s
FUZZ_TARGETS := physics:FuzzOrient physics:FuzzDotSign physics:FuzzExpansionStage \
                physics:FuzzSegmentCrossesInterior tablefile:FuzzParse assets:FuzzOverride
fuzz: deps
	@for t in $(FUZZ_TARGETS); do \
	  pkg=$${t%%:*}; name=$${t#*:}; \
	  echo "fuzzing $$name in ./$$pkg for $(FUZZTIME)"; \
	  $(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) ./$$pkg || exit 1; \
	done

clean:
	rm -rf $(BIN) out
