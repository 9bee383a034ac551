# Every heap is a start of its own: take 1 or 2 stones; who cannot move loses.


def starts(case):
    return [(i + 1, h) for i, h in enumerate(case.a)]


def moves(h):
    return [(k, h - k) for k in (1, 2) if k <= h]
