# Take 1, 3 or 4 stones from one heap.


def start(case):
    return case.n


def moves(heap):
    return [(k, heap - k) for k in (1, 3, 4) if k <= heap]
