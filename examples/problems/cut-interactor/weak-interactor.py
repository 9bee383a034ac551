# A weak interactor for hardening: interactor.py, but it plays its first legal cut
# instead of a winning one (`grundy harden` flags it).
import os
import sys

sys.dont_write_bytecode = True  # nothing written beside the package
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interactor import main  # noqa: E402

main(weak=True)
