"""The reviewers' memo: a value worked out once per key, bounded, shared by threads."""

from __future__ import annotations

import threading

from companion.core.memo import Memo


def test_a_value_is_worked_out_once_and_the_memo_forgets_all_when_full():
    memo: Memo[int] = Memo(kept=3)
    calls = []

    def square(n: int) -> int:
        calls.append(n)
        return n * n

    assert [memo.get(n, lambda n=n: square(n)) for n in (2, 3, 2, 4)] == [4, 9, 4, 16]
    assert calls == [2, 3, 4] and len(memo) == 3
    memo.get(5, lambda: square(5))  # full: everything kept before goes
    assert len(memo) == 1 and memo.peek(2) is None and memo.peek(5) == 25


def test_work_that_keeps_only_some_answers_peeks_and_keeps():
    memo: Memo[tuple[int, ...]] = Memo(kept=10)
    assert memo.peek("a") is None
    memo.keep("a", (1, 6))
    assert memo.peek("a") == (1, 6)
    memo.clear()
    assert memo.peek("a") is None and len(memo) == 0


def test_threads_share_it_without_losing_a_value():
    memo: Memo[int] = Memo(kept=10_000)
    threads = [threading.Thread(target=lambda k=k: [memo.get((k, i), lambda i=i: i)
                                                     for i in range(500)]) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(memo) == 2000
