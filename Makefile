# hitlint — common tasks. `make test` is what CI runs (.ci/run).
PREFIX ?= /usr/local
SWIFT ?= swift

.PHONY: build release test run bench conformance render-check install clean

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --product hitlint

test:
	$(SWIFT) test

# Lint the bundled examples (exit 1 is expected: they show every rule firing).
run:
	$(SWIFT) run hitlint Examples || test $$? -eq 1

bench:
	$(SWIFT) build -c release --product hitlint && $(SWIFT) run -c release hitlint-bench

conformance:
	python3 ../shared/conformance/run

# Draw every example (HTML and SVG), open each in headless Chromium (installed
# with apt-get when missing) and fail on a script error, an SVG that does not
# parse or a blank screenshot. Pictures and screenshots: .build-render-check/.
render-check:
	SWIFT="$(SWIFT)" python3 Scripts/render-check

install: release
	install -d "$(PREFIX)/bin"
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/hitlint" "$(PREFIX)/bin/hitlint"

clean:
	rm -rf .build
