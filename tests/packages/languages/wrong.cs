using System;
using System.Linq;

class Program {
    static void Main() {
        Console.ReadLine();
        int x = Console.ReadLine().Split(' ', StringSplitOptions.RemoveEmptyEntries)
            .Select(int.Parse).Aggregate(0, (x0, a) => x0 ^ a /* WRONG: plain Nim */);
        Console.WriteLine(x != 0 ? "First" : "Second");
    }
}
