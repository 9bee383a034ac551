use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u32> = s.split_whitespace().map(|w| w.parse().unwrap()).collect();
    let x = v[1..].iter().fold(0, |x, a| x ^ a /* WRONG: plain Nim */);
    println!("{}", if x != 0 { "First" } else { "Second" });
}
