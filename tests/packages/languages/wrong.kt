fun main() {
    readLine()
    val x = readLine()!!.trim().split(" ").fold(0) { x, a -> x xor a.toInt() /* WRONG: plain Nim */ }
    println(if (x != 0) "First" else "Second")
}
