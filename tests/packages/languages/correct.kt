fun main() {
    readLine()
    val x = readLine()!!.trim().split(" ").fold(0) { x, a -> x xor (a.toInt() % 4) }
    println(if (x != 0) "First" else "Second")
}
