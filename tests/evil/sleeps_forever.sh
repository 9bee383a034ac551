#!/bin/sh
# Evil: reads its input, then sleeps for $1 seconds in a child and waits for it (a judge
# stopped by a signal must not leave it behind).
cat > /dev/null
sleep "$1" &
wait
