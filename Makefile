# The two commands a newcomer needs: `make play` and `make test`.
# Both install whatever is missing first (`make deps`).

GO            ?= go
BIN           := bin
# Debian packages the project needs at build or test time. Installed only
# when missing, so `make deps` is cheap on a machine that has them.
# The table view (Ebiten) needs the X11 and OpenGL headers to build, and
# Xvfb to run its tests (and `make play`) without a display; xdotool and
# imagemagick (import) drive the real window and take its screenshots in
# the scripted game of table/play_test.go; poppler-utils (pdftoppm)
# rasterizes the photo calibration sheet's PDF in its test. The browser
# page's tests drive a headless chromium.
DEB_PACKAGES  := libgl1-mesa-dev libxcursor-dev libxi-dev libxinerama-dev \
                 libxrandr-dev libxxf86vm-dev xvfb xauth xdotool imagemagick poppler-utils \
                 chromium
EXAMPLE_TABLE := testdata/tables/example.yaml
# Runs a command under a virtual X server (the table view's tests, and
# `make play` on a machine without a display).
XVFB          := xvfb-run -a -s "-screen 0 1920x1080x24"

.PHONY: all deps go-deps build play web serve lint test test-short bench tournament fuzz clean playthrough companion-game

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

# `make play` opens the table view on its title screen (Continue resumes
# the autosaved game, New game starts one). On a machine without a display
# it runs under Xvfb: PLAY_ARGS="-title -frames 120 -screenshot
# out/play.png" then writes what the window showed.
PLAY_ARGS ?= -title
play: build
	$(GO) build -o $(BIN)/bsg-table .
	@if [ -n "$$DISPLAY" ] || [ -n "$$WAYLAND_DISPLAY" ]; then \
	  $(BIN)/bsg-table $(PLAY_ARGS); \
	else \
	  echo "no display: running under Xvfb"; \
	  $(XVFB) $(BIN)/bsg-table $(PLAY_ARGS); \
	fi

# `make web` builds the browser page into out/web: index.html, wasm_exec.js
# and the table view compiled to WebAssembly, gzip-compressed. Any static
# web server can host the folder.
web: go-deps
	$(GO) run ./web/cmd/mkweb -out out/web

# `make serve` builds the browser page (make web: once, then only when the
# program changed) and the server, and starts it serving the page at /:
# SERVE_ARGS="-addr 0.0.0.0:7878 -data bsg-data" to listen beyond this
# machine.
SERVE_ARGS ?=
serve: web
	$(GO) build -o $(BIN)/bsg ./cmd/bsg
	$(BIN)/bsg serve -web out/web $(SERVE_ARGS)

# The linter, pinned: `go run` fetches this exact version into the module
# cache, so nothing needs installing.
STATICCHECK   := honnef.co/go/tools/cmd/staticcheck@v0.8.2
# How long one package's tests may take (go test's -timeout applies to each
# package's test binary). Go's default of 10 minutes is too short for the
# browser page's tests on a loaded machine; this leaves room for that.
TEST_TIMEOUT  ?= 45m

# gofmt, go vet and staticcheck over every package.
lint: go-deps
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

# Every test of the repository, after the linters; under Xvfb, because the
# table view's tests open Ebiten (the headless packages do not mind). The
# server's store tests run against PostgreSQL as well when
# BSG_TEST_POSTGRES names a database (.ci/run sets it: `sudo .ci/postgres`
# starts a local one and prints its URL); without it they are skipped,
# unless BSG_REQUIRE_POSTGRES is set (as in .ci/run), which fails them.
test: deps lint
	$(XVFB) $(GO) test -count=1 -timeout $(TEST_TIMEOUT) ./...
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) -race -run 'Concurrent' ./battle/

# The quick tier: every package with -short, which plays fewer random
# battles and photos in the slow packages (battle, photo, policy) and skips
# the runs through the real window. For a check while working; make test
# stays the complete run.
test-short: deps
	$(GO) vet ./...
	$(XVFB) $(GO) test -count=1 -short -timeout $(TEST_TIMEOUT) ./...

# `make playthrough` plays every built-in scenario to its end through the
# real window (xdotool, hot-seat at 1280 × 800 and against the computer at
# 1024 × 640, F1 read on every stage), screenshots in out/playthrough/
# (35–40 minutes on two busy cores; SCENARIOS=a,b for some only).
SCENARIOS ?=
playthrough: deps
	BSG_PLAY_ALL=1 BSG_SCENARIO=$(SCENARIOS) $(XVFB) $(GO) test -count=1 -timeout 60m -run '^TestPlayEveryScenarioThroughTheWindow$$' -v \
	  -artifacts -outputdir $(CURDIR)/out/playthrough ./table

# `make companion-game` plays a whole companion game of The Jump Point on
# two phones in headless chromium (web: TestCompanionWholeGameOnTwoPhones;
# make test plays its two-turn cut, TestCompanionGameOnTwoPhones: typed dice and counters, a counter not in the
# cup and poses off the table / on another base refused, a pose dragged
# and typed, illegal plans, an undo by agreement, FTL arrival and the
# raptor's jump away; the leak check over every message each phone
# received), alone, with its screenshots in out/companion-game/. Three to
# six minutes with the page built.
companion-game: deps
	@mkdir -p out/companion-game
	BSG_COMPANION_GAME=whole nice -n 10 $(GO) test -count=1 -timeout 60m -run '^TestCompanionWholeGameOnTwoPhones$$' -v \
	  -artifacts -outputdir $(CURDIR)/out/companion-game ./web

bench: deps
	$(GO) test -run '^$$' -bench . -benchmem -count 5 ./physics ./referee ./battle ./policy
	$(GO) test -run '^$$' -bench Game -benchtime 20x -count 1 ./server
	$(XVFB) $(GO) test -run '^$$' -bench 'Frame|Measure' -benchtime 100x -count 3 ./table ./table/ui
	$(GO) test -run '^$$' -bench 'FirstFrameAt10Mbit' -benchtime 3x -count 1 -timeout $(TEST_TIMEOUT) ./web
	$(GO) test -run '^$$' -bench 'PhotoStepLongest' -benchtime 3x -count 1 ./photo
	$(MAKE) tournament
	@mkdir -p out; $(GO) test -count=1 -timeout 240m -run 'TestCoverage95|TestPoseErrorTwelveMegapixels|TestPhoneLensCoverage95|TestSnapShipsToTheirBases|TestFindBasesOnThePhoto|TestFindBasesFrontAndRearLines|TestLensFromStraightEdges|TestDefaultSnapOnWholePhotos|TestPlumbLineFromTheTableEdges|TestSnapPlanetoidRims' -v ./photo -long >out/photo-long.log 2>&1; \
	  s=$$?; grep -E 'trials|margins|photos|bases|^(ok|FAIL|--- )' out/photo-long.log; exit $$s
	$(GO) test -run '^TestLoadManyGames$$' -count 1 -v -timeout 60m ./tests -args -load 200
	$(GO) test -run '^$$' -bench ServerCPU -benchtime 20x -count 6 ./tests
	$(GO) test -run '^TestLoadManyGames$$' -count 1 -v -timeout 60m ./tests -args -load 1000 -pace 2s
	$(GO) test -run '^TestLoadManyGames$$' -count 1 -v -timeout 60m ./tests -args -load 1000 -pace 2s -attack-idle 1000 -attack-spectators 500
	@if [ -n "$$BSG_TEST_POSTGRES" ]; then \
	  $(GO) test -run '^TestLoadManyGames$$' -count 1 -v -timeout 60m ./tests -args -load 1000 -pace 2s -load-store "$$BSG_TEST_POSTGRES"; \
	else echo "BSG_TEST_POSTGRES is not set: the 1000 games on PostgreSQL are not measured"; fi

# The computer players' long runs (docs/scenarios.md: Balance): normal
# against greedy on every scenario as both sides, and the scenario balance
# (normal against normal).
# -turn-limit 30 ends a game still undecided after 30 turns in a draw in
# the scenarios without a turn limit of their own (The Hand of God plays to
# the last ship, as the rulebook says): our proposal for computer runs, so
# that two cautious players cannot play forever; the figures in
# docs/scenarios.md were measured with it.
tournament: build
	$(GO) run ./cmd/bsg tournament -policies greedy,normal -games 40 -seed 7 -turn-limit 30
	$(GO) run ./cmd/bsg tournament -policies normal -games 200 -seed 11 -turn-limit 30

# Runs each fuzz target for a short while (FUZZTIME=1m for longer).
FUZZTIME ?= 20s
FUZZ_TARGETS := physics:FuzzOrient physics:FuzzDotSign physics:FuzzExpansionStage \
                physics:FuzzSegmentCrossesInterior tablefile:FuzzParse assets:FuzzOverride \
                movefile:FuzzParse scenarios:FuzzParse scenarios:FuzzWriteRoundTrip battle:FuzzBattle \
                photo:FuzzParseMarks battle:FuzzLoad wire:FuzzDecode server:FuzzMessage
fuzz: deps
	@for t in $(FUZZ_TARGETS); do \
	  pkg=$${t%%:*}; name=$${t#*:}; \
	  echo "fuzzing $$name in ./$$pkg for $(FUZZTIME)"; \
	  $(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 5s ./$$pkg || exit 1; \
	done

# `make mutants`: mutation testing of the rule code (docs/mutants.md) with
# gremlins, pinned. Each mutant of a package runs that package's fast tier
# (go test -short; the referee's without TestUpdateEqualsRuleAll, whose
# random edits take a minute and check a cache, not a rule), one mutant at
# a time under nice: a package takes from ten minutes (maneuvers) to hours
# (battle) on two busy cores. MUTANT_PKGS=starship for one. The results,
# per package, go to out/mutants/ (PKG.json, PKG.log). MUTANT_FILES=
# "damage victory" measures only those files of the package (one run each,
# the package's other files excluded; out/mutants/PKG-FILE.*). -count=1:
# gremlins times each mutant against the coverage run, and a cached test
# result makes that run take a second and every mutant "time out". Then
# internal/mutants runs the mutants gremlins calls "not covered" in switch
# case conditions (its coverage blind spot; out/mutants/PKG[-FILE]-cases.txt).
GREMLINS     := github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0
MUTANT_PKGS  ?= starship maneuvers physics referee battle
MUTANT_FILES ?=
mutants: go-deps
	@mkdir -p out/mutants; for p in $(MUTANT_PKGS); do \
	  skip=""; case $$p in referee) skip="-skip=^TestUpdateEqualsRuleAll$$";; esac; \
	  for f in $(or $(MUTANT_FILES),.); do \
	    out=$$p; excl=""; \
	    if [ "$$f" != . ]; then \
	      out=$$p-$$f; \
	      others=$$(cd $$p && ls *.go | grep -v '_test\.go$$' | sed 's/\.go$$//' | grep -vx "$$f" | paste -sd'|'); \
	      excl="-E (^|/)($$others)\.go$$"; \
	    fi; \
	    echo "mutants in ./$$p $${excl:+(file $$f.go) }(go test -short)"; \
	    GOFLAGS="$$GOFLAGS -short -count=1 $$skip" nice -n 10 $(GO) run $(GREMLINS) unleash --workers 1 --test-cpu 1 \
	      --timeout-coefficient 6 --invert-logical $$excl -E "battletest/" -o out/mutants/$$out.json ./$$p \
	      >out/mutants/$$out.log 2>&1; s=$$?; \
	    grep -E "Killed|Lived|Not covered|Timed out|Not viable|efficacy|coverage" out/mutants/$$out.log | tail -8; \
	    [ $$s = 0 ] || { echo "gremlins failed on ./$$p: out/mutants/$$out.log"; exit $$s; }; \
	    GOFLAGS="$$GOFLAGS -short $$skip" nice -n 10 $(GO) run ./internal/mutants -pkg $$p \
	      -o out/mutants/$$out-cases.txt out/mutants/$$out.json >/dev/null || exit 1; \
	    tail -1 out/mutants/$$out-cases.txt; \
	  done; \
	done

clean:
	rm -rf $(BIN) out
