//! The fast path for a tree given as `N` and `N − 1` edges (AGC 017 D's input, `cut`'s
//! native one): no adjacency lists, no token objects, no line bookkeeping.
//!
//! Each vertex keeps only its degree and the XOR of its neighbours' ids. A non-root vertex
//! of degree 1 is a leaf, and its XOR *is* its parent; peeling it off (XOR its id out of
//! the parent, decrement the parent's degree) may make the parent a leaf in turn. The
//! edges form a tree exactly when every non-root vertex is peeled: each peel removes one
//! edge and hangs the vertex from one peeled later (or from the root), and a cycle or a
//! part cut off from the root is never peeled. The peeling order lists children before
//! their parents, which is the order a bottom-up value needs.
//!
//! This path only ever says yes: [`read_edge_list`] returns `None` for anything it does
//! not take — a malformed or out-of-range number, a wrong count, trailing tokens — and
//! [`Peeling::bottom_up`] returns `false` when the edges are not a tree; the caller then
//! parses the same bytes with the full parser, which names the line and what was expected.
//! Every input it takes, the full parser takes too, as the same tree (tested against it);
//! a few it leaves to the full parser (numbers of more than 20 digits, such as zero-padded
//! ones).

/// The degrees and neighbour XORs of a tree's vertices, read from its edge list: one
/// `[degree, xor]` pair per vertex, side by side so that an update touches one cache line.
pub struct Peeling {
    vertex: Vec<[u32; 2]>,
}

/// Reads `N` (in `vertices`) and `N − 1` edges with endpoints in `1..=N`, and nothing
/// after them; `None` for anything else.
pub fn read_edge_list(input: &[u8], vertices: (u64, u64)) -> Option<Peeling> {
    let mut reader = EdgeListReader::new(vertices, Some(input.len() as u64));
    reader.feed(input)?;
    reader.finish()
}

/// As [`read_edge_list`], from a stream read in chunks of 256 KiB, so that the input is
/// never held whole (a 10^6-vertex input is 13.5 MB). `Ok(None)` for an input to leave
/// to the full parser; an error of `reader` as it is.
pub fn read_edge_list_from(
    mut reader: impl std::io::Read,
    vertices: (u64, u64),
    size_hint: Option<u64>,
) -> std::io::Result<Option<Peeling>> {
    let mut edges = EdgeListReader::new(vertices, size_hint);
    let mut chunk = vec![0u8; 256 << 10];
    loop {
        let k = match reader.read(&mut chunk) {
            Ok(0) => return Ok(edges.finish()),
            Ok(k) => k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if edges.feed(&chunk[..k]).is_none() {
            return Ok(None);
        }
    }
}

/// The white space of the scanner ([`crate::scan::Scanner`]).
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c)
}

/// An edge list read a chunk at a time: a byte-level state machine (a number may span
/// two chunks).
struct EdgeListReader {
    vertices: (u64, u64),
    /// The input's size when known (to refuse a count it cannot hold before allocating).
    size_hint: Option<u64>,
    /// The number being read and its digits so far (0 digits: between numbers).
    value: u64,
    digits: u32,
    /// Numbers read so far (N first, then the endpoints).
    numbers: u64,
    /// The first endpoint of the edge being read.
    first: u32,
    /// `[degree, xor of the neighbours]` of every vertex.
    vertex: Vec<[u32; 2]>,
}

impl EdgeListReader {
    fn new(vertices: (u64, u64), size_hint: Option<u64>) -> EdgeListReader {
        EdgeListReader {
            vertices: (vertices.0.max(1), vertices.1.min(u64::from(u32::MAX))),
            size_hint,
            value: 0,
            digits: 0,
            numbers: 0,
            first: 0,
            vertex: Vec::new(),
        }
    }

    /// Reads `chunk`; `None` as soon as the input is not a clean edge list.
    fn feed(&mut self, chunk: &[u8]) -> Option<()> {
        // The number being read stays in locals (registers) within the chunk.
        let (mut value, mut digits) = (self.value, self.digits);
        for &b in chunk {
            let d = b.wrapping_sub(b'0');
            if d <= 9 {
                // 19 digits always fit in 64 bits; longer numbers go to the full parser.
                if digits == 19 {
                    return None;
                }
                value = value * 10 + u64::from(d);
                digits += 1;
            } else if is_space(b) {
                if digits > 0 {
                    self.number(value)?;
                    (value, digits) = (0, 0);
                }
            } else {
                return None;
            }
        }
        (self.value, self.digits) = (value, digits);
        Some(())
    }

    /// Takes the number just read.
    fn number(&mut self, value: u64) -> Option<()> {
        let n = self.vertex.len() as u64;
        self.numbers += 1;
        if self.numbers == 1 {
            if value < self.vertices.0 || value > self.vertices.1 {
                return None;
            }
            // Two numbers and a separator, at least three bytes, per edge.
            if self
                .size_hint
                .is_some_and(|s| (value - 1).saturating_mul(3) > s)
            {
                return None;
            }
            self.vertex = vec![[0, 0]; value as usize];
            return Some(());
        }
        if value == 0 || value > n || self.numbers > 2 * n - 1 {
            return None;
        }
        let v = value as u32 - 1;
        if self.numbers % 2 == 0 {
            self.first = v;
        } else {
            let u = self.first;
            let a = &mut self.vertex[u as usize];
            a[0] += 1;
            a[1] ^= v;
            let b = &mut self.vertex[v as usize];
            b[0] += 1;
            b[1] ^= u;
        }
        Some(())
    }

    /// The edge list, if the input held exactly N and N − 1 edges.
    fn finish(mut self) -> Option<Peeling> {
        if self.digits > 0 {
            self.number(self.value)?;
        }
        let n = self.vertex.len() as u64;
        (n > 0 && self.numbers == 2 * n - 1).then_some(Peeling {
            vertex: self.vertex,
        })
    }
}

impl Peeling {
    /// Vertices.
    pub fn len(&self) -> usize {
        self.vertex.len()
    }

    /// True for no vertex (never: `N ≥ 1`).
    pub fn is_empty(&self) -> bool {
        self.vertex.is_empty()
    }

    /// Peels the tree from vertex 0 as the root: calls `f(child, parent)` for every other
    /// vertex, each child before its parent, and returns whether the edges form a tree
    /// (when not, `f` has seen only part of it).
    pub fn bottom_up(mut self, mut f: impl FnMut(u32, u32)) -> bool {
        let n = self.vertex.len();
        let mut peeled = 0;
        for v in 1..n {
            // Peel v if it is a leaf, then every parent that becomes a leaf and whose turn
            // has passed (a later one waits for its turn).
            let mut u = v;
            while u != 0 && u <= v && self.vertex[u][0] == 1 {
                let p = self.vertex[u][1] as usize;
                f(u as u32, p as u32);
                self.vertex[u][0] = 0;
                let q = &mut self.vertex[p];
                q[1] ^= u as u32;
                q[0] -= 1;
                peeled += 1;
                u = p;
            }
        }
        peeled + 1 == n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parents(input: &str) -> Option<Vec<u32>> {
        let p = read_edge_list(input.as_bytes(), (1, 100))?;
        let mut parent = vec![u32::MAX; p.len()];
        let mut seen = Vec::new();
        let tree = p.bottom_up(|c, q| {
            assert!(!seen.contains(&q), "{q} peeled before its child {c}");
            seen.push(c);
            parent[c as usize] = q;
        });
        tree.then_some(parent)
    }

    #[test]
    fn peels_children_before_parents() {
        assert_eq!(
            parents("5\n1 2\n2 3\n2 4\n4 5\n"),
            Some(vec![u32::MAX, 0, 1, 1, 3])
        );
        assert_eq!(parents("1\n"), Some(vec![u32::MAX]));
        // A chain given root-last.
        assert_eq!(parents("3 3 2 2 1"), Some(vec![u32::MAX, 0, 1]));
    }

    #[test]
    fn chunks_may_cut_numbers_anywhere() {
        let text = b"6\n1 2\n2 3\n1 4\n4 5\n4 6\n";
        for size in 1..=text.len() {
            let reader = Chunked(&text[..], size);
            let p = read_edge_list_from(reader, (1, 100), None)
                .unwrap()
                .unwrap();
            let mut parent = vec![u32::MAX; p.len()];
            assert!(p.bottom_up(|c, q| parent[c as usize] = q));
            assert_eq!(parent, [u32::MAX, 0, 1, 0, 3, 3], "chunks of {size}");
        }
    }

    #[test]
    fn the_vertex_range_is_inclusive() {
        let one = read_edge_list(b"1", (1, 1)).unwrap();
        assert!(!one.is_empty() && one.len() == 1);
        assert!(read_edge_list(b"3 1 2 2 3", (3, 3)).is_some());
        assert!(read_edge_list(b"3 1 2 2 3", (1, 2)).is_none());
        assert!(read_edge_list(b"3 1 2 2 3", (4, 9)).is_none());
    }

    #[test]
    fn a_read_error_is_returned_and_an_interruption_retried() {
        /// Interrupted once, then failing.
        struct Failing(u32);
        impl std::io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                self.0 += 1;
                let kind = if self.0 == 1 {
                    std::io::ErrorKind::Interrupted
                } else {
                    std::io::ErrorKind::PermissionDenied
                };
                Err(std::io::Error::from(kind))
            }
        }
        let e = read_edge_list_from(Failing(0), (1, 9), None).err().unwrap();
        assert_eq!(e.kind(), std::io::ErrorKind::PermissionDenied);
    }

    /// A reader that returns at most `.1` bytes at a time.
    struct Chunked<'a>(&'a [u8], usize);

    impl std::io::Read for Chunked<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let k = self.0.len().min(self.1).min(buf.len());
            buf[..k].copy_from_slice(&self.0[..k]);
            self.0 = &self.0[k..];
            Ok(k)
        }
    }

    #[test]
    fn refuses_what_is_not_a_tree_or_not_clean() {
        for bad in [
            "3\n1 2\n1 2\n",    // a double edge, vertex 3 cut off
            "3\n2 2\n1 3\n",    // a loop
            "4\n1 2\n3 4\n2 1", // wrong: a double edge; 3-4 apart
            "4\n2 3\n3 4\n4 2", // a cycle apart from the root
            "3\n1 2\n",         // too few edges
            "3\n1 2\n2 3\n9",   // a token after the end
            "3\n1 2\n2 4\n",    // out of range
            "3\n1 2\n2 x\n",    // not a number
            "3\n1 2\n2 3x\n",   // not a number
            "0\n",              // no vertex
            "",
            "99999999999999999999999\n",
        ] {
            assert_eq!(parents(bad), None, "{bad:?}");
        }
    }

    /// The peeled parents of `text`, or `None` when the fast path leaves it.
    fn peeled(text: &[u8], vertices: (u64, u64)) -> Option<Vec<u32>> {
        let p = read_edge_list(text, vertices)?;
        let mut parent = vec![u32::MAX; p.len()];
        p.bottom_up(|c, q| parent[c as usize] = q).then_some(parent)
    }

    #[test]
    fn takes_only_what_the_full_parser_takes_and_reads_the_same_tree() {
        use crate::{Position, Problem};
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        let (mut taken, mut refused) = (0, 0);
        for round in 0..4000 {
            let n = 1 + next(9) as usize;
            let mut text = format!("{n}\n").into_bytes();
            for v in 1..n {
                let p = next(v as u64) + 1;
                let (a, b) = if next(2) == 0 {
                    (p, v as u64 + 1)
                } else {
                    (v as u64 + 1, p)
                };
                text.extend(format!("{a} {b}\n").bytes());
            }
            // Damage most texts: a byte replaced, inserted or removed.
            for _ in 0..next(3) {
                let at = next(text.len() as u64 + 1) as usize;
                let byte = *[b'0', b'1', b'2', b'9', b' ', b'\n', b'x', b'-', 0x0b]
                    .get(next(9) as usize)
                    .unwrap();
                match next(3) {
                    0 if at < text.len() => text[at] = byte,
                    1 => text.insert(at, byte),
                    _ if at < text.len() => {
                        text.remove(at);
                    }
                    _ => {}
                }
            }
            let strict = round % 2 == 0;
            let vertices = if strict {
                (2, 100_000)
            } else {
                (1, 20_000_000)
            };
            let full = Problem::Agc017d.parse(&text, strict);
            match (peeled(&text, vertices), full) {
                (Some(parent), Ok(cases)) => {
                    let Position::Cut(c) = &cases[0] else {
                        unreachable!()
                    };
                    let want: Vec<u32> = (0..c.tree.len() as u32)
                        .map(|v| c.tree.parent(v).unwrap_or(u32::MAX))
                        .collect();
                    assert_eq!(parent, want, "{:?}", String::from_utf8_lossy(&text));
                    taken += 1;
                }
                (Some(_), Err(e)) => panic!(
                    "the fast path takes what the parser refuses ({e}): {:?}",
                    String::from_utf8_lossy(&text)
                ),
                (None, Ok(_)) => refused += 1,
                (None, Err(_)) => {}
            }
        }
        assert!(taken > 1000, "{taken} taken");
        // Only numbers of more than 19 digits are left to the parser among valid inputs.
        assert_eq!(refused, 0);
    }
}
