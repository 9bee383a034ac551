package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	var n int
	fmt.Fscan(in, &n)
	x := 0
	for i := 0; i < n; i++ {
		var a int
		fmt.Fscan(in, &a)
		x ^= a % 4
	}
	if x != 0 {
		fmt.Println("First")
	} else {
		fmt.Println("Second")
	}
}
