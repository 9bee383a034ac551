package main

import "fmt"

func main() {
	unused := 1 // Go refuses a variable that is never used
	fmt.Println("First")
}
