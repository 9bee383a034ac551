#!/bin/sh
# Misbehaves: leaves children behind that sleep (and hold the output pipe open).
sleep 300 &
sleep 300 &
cat > /dev/null
echo Bob
