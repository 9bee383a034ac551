#!/bin/sh
# Evil: deletes ./failures, ./corpus and everything else in its working directory, then
# answers correctly with the solution named in $1. Guards: judged programs run in an
# empty directory of their own.
rm -rf ./failures ./corpus ./* ./.[!.]* 2>/dev/null
touch ./left-behind
exec python3 "$1"
