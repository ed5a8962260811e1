# hitlint — common tasks. `make test` is what CI runs (.ci/run).
PREFIX ?= /usr/local
SWIFT ?= swift

.PHONY: build release test generate run bench conformance render-check escaping-check long-functions web-check realworld fuzz sanitize stress install clean

build:
	$(SWIFT) build

# On Linux the installed binary carries the Swift runtime and Foundation
# in itself (`--static-swift-stdlib`): the pages the dynamic loader touches
# in twenty shared libraries are a fixed cost of every run, in memory and in
# start-up time (Docs/performance.md, "Linked statically"). macOS has the
# runtime in the system, and no static one to link.
STATIC_STDLIB := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)

release:
	$(SWIFT) build -c release --product hitlint $(STATIC_STDLIB)

test:
	$(SWIFT) test

# Rewrite everything the tests compare with a file generated from the code, in
# one go (each test writes its own file, so in any order), then review the
# diff: Docs/rules.md, README's tables of rules and of options, the expected
# output of `hitlint Examples` and of the CI formats (Tests/HitLintKitTests/
# Fixtures), and the golden pictures. CONTRIBUTING.md says when.
GENERATED_BY = CommandTests|SubcommandOptionTests|ExamplesTests|CIReporterTests|RenderTests
generate:
	HITLINT_UPDATE_EXPECTED=1 $(SWIFT) test --filter '\.($(GENERATED_BY))/'

# Lint the bundled examples (exit 1 is expected: they show every rule firing).
run:
	$(SWIFT) run hitlint Examples || test $$? -eq 1

# Measures hitlint as `make install` builds it: every product linked the
# same way, so neither build undoes the other's.
bench:
	$(SWIFT) build -c release $(STATIC_STDLIB) && "$$($(SWIFT) build -c release --show-bin-path)/hitlint-bench" $(ARGS)

conformance:
	python3 ../shared/conformance/run

# Draw every example (HTML and SVG), open each in headless Chromium (installed
# with apt-get when missing) and fail on a script error, an SVG that does not
# parse or a blank screenshot. Pictures and screenshots: .build-render-check/.
render-check:
	SWIFT="$(SWIFT)" python3 Scripts/render-check

# Ids and file names that try to forge output (line breaks, ESC, workflow
# commands, diff headers) through every format, read back by Python and git.
escaping-check:
	SWIFT="$(SWIFT)" python3 Scripts/escaping-check

# Functions over 80 lines in Sources/, failing for any whose comment does not
# say "Long on purpose" and why (CONTRIBUTING.md). Not part of `make test`.
long-functions:
	python3 Scripts/long-functions

# WCAG 2.2 target size on the web against Chromium itself: seeded random web
# layouts as HTML and as hitlint files, each target's region read with
# elementFromPoint, SC 2.5.8 applied to it and compared with hitlint (fails
# below 99.5 % agreement; exits 77 without Chromium). Options go in ARGS:
# `make web-check ARGS="--layouts 3000 --seed 5 --minimize 3"`.
web-check:
	SWIFT="$(SWIFT)" python3 Scripts/web-check $(ARGS)

# Lint the real captures in ../shared/realworld (DroidBot states, unpacked into
# .build-realworld/; Sentry view hierarchies) with a release build in
# .build-realworld-bin (of a copy of the sources, so edits saved meanwhile do
# not stop it), and print diagnostics per rule and app, files, nodes,
# time and the import notes; pages in .build-realworld/pages/. Not part of
# `make test` or CI; exits 77 when ../shared/realworld is missing. Options go in
# ARGS: `make realworld ARGS="--sample 5 --seed 1 --shots /tmp/shots"`,
# "--apps a,b", "--quick", "--json FILE", "--compare OLD.json" (see --help).
realworld:
	SWIFT="$(SWIFT)" python3 Scripts/realworld $(ARGS)

# libFuzzer (Linux): `make fuzz FUZZ_TARGET=json|yaml|lint|xml|options|lsp FUZZ_TIME=seconds`.
# Builds Fuzz/ (its own package: never part of `swift build` or `swift test`)
# with -sanitize=fuzzer,address in $(FUZZ_SCRATCH); the corpus grows in
# $(FUZZ_SCRATCH)/corpus/TARGET, crashes land in $(FUZZ_SCRATCH)/artifacts/TARGET.
FUZZ_TARGET ?= json
FUZZ_TIME ?= 60
FUZZ_SCRATCH ?= .build-fuzz
fuzz:
	SWIFT="$(SWIFT)" FUZZ_SCRATCH="$(FUZZ_SCRATCH)" Scripts/fuzz $(FUZZ_TARGET) $(FUZZ_TIME)

# The whole test suite under AddressSanitizer, then ThreadSanitizer (the
# parallel lint, the walker, rendering), each in its own build folder.
# LeakSanitizer is off: what it reports at exit is held by XCTest and
# Foundation (String(contentsOf:), URL parsing), never by HitLintKit.
sanitize:
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build-asan
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan

# 100 MB layouts with millions of nodes, linted whole: a release build of the
# tests, so it takes seconds rather than minutes (StressTests).
stress:
	HITLINT_STRESS=1 $(SWIFT) test -c release -Xswiftc -enable-testing --scratch-path .build-stress --filter StressTests

install: release
	install -d "$(PREFIX)/bin"
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/hitlint" "$(PREFIX)/bin/hitlint"

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan .build-stress .build-realworld .build-realworld-bin .build-render-check .build-web-check
