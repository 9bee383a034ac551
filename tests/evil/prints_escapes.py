# Evil: answers with terminal control sequences (clear the screen, set the window title,
# ring the bell) and writes more of them to stderr. Guards: untrusted text is shown
# escaped in reports and terminals, and JUnit XML stays well-formed.
import sys

sys.stdin.read()
sys.stdout.write("\x1b[2J\x1b]0;pwned\x07Alice\x01\n")
sys.stderr.write("\x1b[31mred\x1b[0m\x07\n")
