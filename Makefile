# Thin wrapper over CMake for the README commands.
#   make demo    = scripts/demo.sh: install missing packages, build, run the demo and the quick benchmark
#   make check   = scripts/check.sh: build every configuration and run every test
#   make install PREFIX=/usr/local
JOBS ?= 2
PREFIX ?= /usr/local
BUILD := build/native

.PHONY: all deps build demo check install clean

all: build

deps:
	@bash scripts/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j$(JOBS)

demo:
	@bash scripts/demo.sh

check:
	@bash scripts/check.sh

install: build
	@cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf build
