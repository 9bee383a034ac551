#!/bin/sh
# Misbehaves: leaves children behind that sleep (and hold the output pipe open). The
# seconds they sleep are its first argument (a test makes them its own marker), else 300.
sleep "${1:-300}" &
sleep "${1:-300}" &
cat > /dev/null
echo Bob
