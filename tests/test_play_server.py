"""tools/play_server.py's memory trimmer: memory is given back only after kernels were freed."""

from __future__ import annotations

import sys

from load_file import load_file

play_server = load_file("tools/play_server.py", "comet_play_server")


def test_memory_is_given_back_once_kernels_are_freed() -> None:
    # Kernel ids at each look: a visitor's kernel freed while the pool's replacement came (the
    # count stays 2, yet "a" is gone), then nothing freed, then one freed, then only more.
    looks = iter([{"a", "b"}, {"b", "c"}, {"b", "c"}, {"c"}, {"c", "d", "e"}])
    trimmer = play_server.MemoryTrimmer(lambda: next(looks))
    calls: list[int] = []
    trimmer.trim = calls.append  # the C call, observed
    for _ in range(5):
        trimmer()
    assert trimmer.trims == 2 and calls == [0, 0]


def test_the_c_allocator_trim_is_found_on_linux() -> None:
    if sys.platform.startswith("linux"):
        assert play_server._malloc_trim() is not None
