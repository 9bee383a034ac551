# Wrong: a chip's height counted in vertices (its depth + 1), not in edges.
import os
import sys

sys.dont_write_bytecode = True  # nothing written beside the package
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import main  # noqa: E402

main(height_in_vertices=True)
