# The two commands a fresh machine with Go and git needs are `make demo` and
# `make test`; the rest are for working on sw.
GO       ?= go
# The binary is built inside git's own folder for this checkout: the
# project's top level holds only its design's folders.
BIN      := $(shell git rev-parse --git-path sw-build 2>/dev/null || echo /tmp/sw-build)/sw
# make fuzz runs each target this long; make test runs each a fixed number
# of inputs instead, so that a slow machine never ends one mid-input.
FUZZTIME ?= 1m
TESTFUZZ ?= 20000x
# Claude Code for make agent-test: one version, pinned (the newest when
# pinned, which is what a writer installing it gets; a new one is a change
# to this line, tried like any other), installed once from the npm registry
# into a cache folder outside the checkout, one per version.
CLAUDE_CODE_VERSION ?= 2.1.332
CLAUDE_CODE_DIR     ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/sw/claude-code-$(CLAUDE_CODE_VERSION)
# urfave/cli without its man-page generator, which costs every process
# start-up time (hooks run inside git commit and agent sessions); and
# os/user, which the guard's shell expander links, in Go rather than
# through cgo, which would make sw a dynamically linked binary that loads
# the C library at every start.
TAGS     := urfave_cli_no_docs,osusergo

# Every fuzz target, as package:target.
FUZZ_TARGETS := \
	./facts:FuzzParse \
	./facts:FuzzEntries \
	./facts:FuzzUpdate \
	./hooks/guard:FuzzShellWrites \
	./hooks/install:FuzzParseJSON \
	./profile:FuzzParseRule \
	./profile/block:FuzzRewrite \
	./profile/collection:FuzzMatchGlob \
	./profile/collection:FuzzParseSettings \
	./profile/feedback:FuzzParse \
	./profile/prose:FuzzParse \
	./profile/analyze:FuzzDecodeResponse \
	./profile/check:FuzzPiece \
	./profile/check:FuzzFindPhrases \
	./profile/check:FuzzNormalize

.PHONY: build demo test vet fuzz race bench eval reliability agent-test

build:
	$(GO) build -buildvcs=auto -tags $(TAGS) -o $(BIN) .

# Builds sw and runs it on a sample collection made in a temporary folder.
demo: build
	bash testdata/demo/demo.sh $(BIN)

# Every test: vet and formatting, unit tests and user stories (and those of
# the evaluation and the reliability run, which ./... skips as they live
# under testdata), the demo (quietly: it fails loudly), a short reliability
# run (a few dozen trials), and a short run of each fuzz target.
test: vet build
	$(GO) test -count=1 -timeout 30m ./... ./testdata/eval ./testdata/reliability ./testdata/agent/...
	bash testdata/demo/demo.sh $(BIN) >/dev/null
	$(GO) run ./testdata/reliability -sw $(BIN) -short
	$(MAKE) --no-print-directory fuzz FUZZTIME=$(TESTFUZZ)

# Vet for this machine, then for Windows and a 32-bit system: sw's
# system-call code has a file per platform, and int is 32 bits there.
vet:
	$(GO) vet ./... ./testdata/eval ./testdata/reliability ./testdata/sandbox ./testdata/agent/... ./testdata/bench/...
	GOOS=windows $(GO) vet -tags $(TAGS) ./...
	GOARCH=386 $(GO) vet -tags $(TAGS) ./...
	@unformatted=$$(gofmt -l $$(find . -name '*.go' -not -path './.git/*')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi

# The packages that run goroutines (the pre-session hook's two sides, sw
# check's parse), under the race detector. Not part of make test: the
# detector needs cgo and a C compiler.
race:
	$(GO) test -count=1 -race ./hooks/... ./profile/check ./profile/collection

# Longer fuzzing: make fuzz FUZZTIME=10m
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "fuzz $$name ($$pkg) for $(FUZZTIME)"; \
		$(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	done

# Go benchmarks, then whole-process timings against git's own commands,
# each row with its target and whether this run met it (see
# testdata/bench/timing). ONLY runs the named ones alone, ARGS passes flags:
#   make bench ONLY=commit                 one row (go, pre-session, check, guard, commit, commit-100k, analyze)
#   make bench ONLY=commit-100k ARGS="-commit-runs 20 -keep"
bench: build
	$(GO) run ./testdata/bench/timing -sw $(BIN) -only "$(ONLY)" $(ARGS)

# The learner's held-out evaluation on real text nobody here wrote: five
# writers of 1787-88 and six essayists of 1875-1921, each through sw init,
# the hooks, a commit per piece and every suggestion merged; then
# attribution by the voice measure beside Burrows' Delta, warnings on a
# writer's own held-out pieces, and topic, boilerplate and wide rate
# rules, at 3, 10 and 30 pieces. Under a minute; not part of make test, and
# it asserts nothing. ARGS="-only essayists -levels 10" runs less.
eval: build
	$(GO) run ./testdata/eval -sw $(BIN) $(ARGS)

# sw tried as a crash, a crowd and an attacker would try it, with real git:
# kill -9 and Ctrl-C at random moments of every writer (1,001 trials), an
# editor saving CLAUDE.md in place as sessions start (1,000 rounds), eight
# processes at once (200 rounds), odd repositories, hostile inputs, and
# each fuzz target briefly; one table of what was tried and how often it
# held. It fails when a row misses its goal (see testdata/reliability).
reliability: build
	$(GO) run ./testdata/reliability -sw $(BIN) -fuzz "$(FUZZ_TARGETS)"

# The real Claude Code, headless, in collections sw set up, against a
# stand-in for its API that answers from a script (testdata/agent, on the
# loopback interface only): the profile and memory.md reach the model at
# the start of a session, a resumed one and after a compaction; in
# default, acceptEdits and bypassPermissions modes the agent changes
# nothing of the profile, the feedback file, the block, the sw/ branches or
# the hooks, even with sw off PATH (and with sw gone, the hooks block the
# call); writes the guard cannot read fail in Claude Code's sandbox, and
# decisions git makes for a script that took the agent's variables out are
# refused all the same; its commit is a draft, and its facts land in
# memory.md. The first run downloads Claude Code (about 400 MB)
# with npm, without running its install script (the binary is run from
# its platform package); later runs take about a minute on two idle cores.
# Claude Code's sandbox needs bubblewrap and socat.
#   make agent-test ARGS="-run merge -keep"   one scenario, collections kept
agent-test: build
	@if ! ls "$(CLAUDE_CODE_DIR)"/node_modules/@anthropic-ai/claude-code-*/claude >/dev/null 2>&1; then \
		echo "installing Claude Code $(CLAUDE_CODE_VERSION) into $(CLAUDE_CODE_DIR)"; \
		rm -rf "$(CLAUDE_CODE_DIR).part" && mkdir -p "$(CLAUDE_CODE_DIR).part" && \
		npm install --prefix "$(CLAUDE_CODE_DIR).part" --no-save --no-audit --no-fund --ignore-scripts \
			--loglevel=error @anthropic-ai/claude-code@$(CLAUDE_CODE_VERSION) && \
		rm -rf "$(CLAUDE_CODE_DIR)" && mv "$(CLAUDE_CODE_DIR).part" "$(CLAUDE_CODE_DIR)" || exit 1; \
	fi
	$(GO) run ./testdata/agent -sw $(BIN) -claude "$(CLAUDE_CODE_DIR)" $(ARGS)
