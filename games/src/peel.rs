//! The fast path for a tree given as `N` and `N − 1` edges (AGC 017 D's input, `cut`'s
//! native one), or as `N`, N colours (0 white, 1 black) and the edges (COT 3's input,
//! `paint`'s native one): no adjacency lists, no token objects, no line bookkeeping.
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
//!
//! Speed: on a large random tree the time goes to waiting for memory (a vertex's parent is
//! anywhere in the arrays), so every step asks for the record it will need a few steps
//! ahead ([`crate::prefetch`]): an edge is counted 16 edges after it is read, a leaf
//! peeled 16 leaves after it is queued. Numbers of up to seven digits are read
//! from one 64-bit word at once, and a large file is read on a second thread a few chunks
//! ahead. The README's benchmark section has the figure of each step.

/// The degrees and neighbour XORs of a tree's vertices, read from its edge list: one
/// `[degree, xor]` pair per vertex, side by side so that an update touches one cache line.
pub struct Peeling {
    vertex: Vec<[u32; 2]>,
    /// Whether each vertex is white, for a coloured input (empty otherwise).
    white: Vec<bool>,
}

/// What an input holds after `N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `N − 1` edges.
    Edges,
    /// N colours (0 white, 1 black), then `N − 1` edges.
    ColoursThenEdges,
}

/// Reads `N` (in `vertices`) and `N − 1` edges with endpoints in `1..=N`, and nothing
/// after them; `None` for anything else.
pub fn read_edge_list(input: &[u8], vertices: (u64, u64)) -> Option<Peeling> {
    read_tree(input, Layout::Edges, vertices)
}

/// As [`read_edge_list`], for either layout.
pub fn read_tree(input: &[u8], layout: Layout, vertices: (u64, u64)) -> Option<Peeling> {
    let mut reader = EdgeListReader::new(layout, vertices, Some(input.len() as u64));
    reader.feed(input)?;
    reader.finish()
}

/// As [`read_edge_list`], from a stream read in chunks of 256 KiB, so that the input is
/// never held whole (a 10^6-vertex input is 13.5 MB). `Ok(None)` for an input to leave
/// to the full parser; an error of `reader` as it is.
///
/// An input of a MiB or more (or of unknown size) is read on a second thread, a few
/// chunks ahead of the one being parsed, so that copying the file in (a tenth of the time
/// on one thread) overlaps the parsing.
pub fn read_edge_list_from(
    reader: impl std::io::Read + Send,
    vertices: (u64, u64),
    size_hint: Option<u64>,
) -> std::io::Result<Option<Peeling>> {
    read_tree_from(reader, Layout::Edges, vertices, size_hint)
}

/// As [`read_edge_list_from`], for either layout.
pub fn read_tree_from(
    mut reader: impl std::io::Read + Send,
    layout: Layout,
    vertices: (u64, u64),
    size_hint: Option<u64>,
) -> std::io::Result<Option<Peeling>> {
    use std::sync::mpsc::sync_channel;
    /// Chunks in flight: one parsed, the others filled.
    const CHUNKS: usize = 3;
    let mut edges = EdgeListReader::new(layout, vertices, size_hint);
    if size_hint.is_some_and(|size| size < 1 << 20) {
        let mut chunk = vec![0u8; CHUNK];
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
    std::thread::scope(|s| {
        // Filled chunks one way (with their length, 0 at the end), empty ones back.
        let (filled, full) = sync_channel::<std::io::Result<(Vec<u8>, usize)>>(CHUNKS);
        let (give_back, empty) = sync_channel::<Vec<u8>>(CHUNKS);
        for _ in 0..CHUNKS {
            let _ = give_back.send(vec![0u8; CHUNK]);
        }
        s.spawn(move || read_ahead(reader, &empty, &filled));
        // Returning drops both ends this side holds, which stops the reading thread.
        loop {
            let (chunk, k) = match full.recv() {
                Ok(got) => got?,
                Err(_) => return Err(std::io::Error::other("the reading thread stopped")),
            };
            if k == 0 {
                return Ok(edges.finish());
            }
            if edges.feed(&chunk[..k]).is_none() {
                return Ok(None);
            }
            let _ = give_back.send(chunk);
        }
    })
}

/// Bytes read at a time.
const CHUNK: usize = 256 << 10;

/// Fills the chunks `empty` gives with `reader`'s bytes and passes them on to `filled`
/// (a length of 0 at the end of the input, or the read error), until either side is gone.
fn read_ahead(
    mut reader: impl std::io::Read,
    empty: &std::sync::mpsc::Receiver<Vec<u8>>,
    filled: &std::sync::mpsc::SyncSender<std::io::Result<(Vec<u8>, usize)>>,
) {
    while let Ok(mut chunk) = empty.recv() {
        let read = loop {
            match reader.read(&mut chunk) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                other => break other,
            }
        };
        let last = !matches!(read, Ok(k) if k > 0);
        if filled.send(read.map(|k| (chunk, k))).is_err() || last {
            return;
        }
    }
}

/// The white space of the scanner ([`crate::scan::Scanner`]).
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c)
}

/// The number of 1 to 7 digits that `eight` starts with, and its length, when the byte
/// after it is in `eight` too; `None` when `eight` starts with 8 digits or a non-digit.
/// All at once on the eight bytes as one 64-bit word (the first byte lowest).
#[inline]
fn short_number(eight: &[u8]) -> Option<(u64, usize)> {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let word = u64::from_le_bytes(eight.try_into().ok()?);
    // Digit bytes become 0..=9; every other byte becomes 10 or more.
    let x = word ^ 0x3030_3030_3030_3030;
    // Bit 7 of a byte is set when it is not a digit: 0x76 + (x & 0x7f) ≥ 0x80 exactly
    // when x & 0x7f ≥ 10 (no carry into the next byte), and x ≥ 0x80 sets it itself.
    let not_digit = (((x & LOW7) + 0x7676_7676_7676_7676) | x) & HIGH;
    let len = (not_digit.trailing_zeros() / 8) as usize;
    if len == 0 || len == 8 {
        return None;
    }
    // The digits moved to the top bytes (zeros below them lead), then combined pairwise:
    // 2 digits per 16 bits, 4 per 32, 8 in all.
    let v = x << (8 * (8 - len));
    let v = ((v & 0x0f0f_0f0f_0f0f_0f0f).wrapping_mul(2561)) >> 8;
    let v = ((v & 0x00ff_00ff_00ff_00ff).wrapping_mul(6_553_601)) >> 16;
    let v = ((v & 0x0000_ffff_0000_ffff).wrapping_mul(42_949_672_960_001)) >> 32;
    Some((v, len))
}

/// An edge list read a chunk at a time: a byte-level state machine (a number may span
/// two chunks).
struct EdgeListReader {
    layout: Layout,
    vertices: (u64, u64),
    /// The input's size when known (to refuse a count it cannot hold before allocating).
    size_hint: Option<u64>,
    /// The number being read and its digits so far (0 digits: between numbers).
    value: u64,
    digits: u32,
    /// Numbers read so far (N first, then the colours if any, then the endpoints).
    numbers: u64,
    /// The colours read so far (white: 0).
    white: Vec<bool>,
    /// How many colours the input holds (N or none).
    colours: u64,
    /// The first endpoint of the edge being read.
    first: u32,
    /// `[degree, xor of the neighbours]` of every vertex.
    vertex: Vec<[u32; 2]>,
    /// The last edges read, not yet counted in `vertex` (a ring of [`AHEAD`]).
    pending: [(u32, u32); AHEAD],
    /// Edges read.
    edges: usize,
}

/// How many edges late the reader counts an edge (see [`EdgeListReader::edge`]).
const AHEAD: usize = 16;

impl EdgeListReader {
    fn new(layout: Layout, vertices: (u64, u64), size_hint: Option<u64>) -> EdgeListReader {
        EdgeListReader {
            layout,
            vertices: (vertices.0.max(1), vertices.1.min(u64::from(u32::MAX))),
            size_hint,
            value: 0,
            digits: 0,
            numbers: 0,
            white: Vec::new(),
            colours: 0,
            first: 0,
            vertex: Vec::new(),
            pending: [(0, 0); AHEAD],
            edges: 0,
        }
    }

    /// Reads `chunk`; `None` as soon as the input is not a clean edge list.
    fn feed(&mut self, chunk: &[u8]) -> Option<()> {
        // The number being read stays in locals (registers) within the chunk.
        let (mut value, mut digits) = (self.value, self.digits);
        let mut i = 0;
        while i < chunk.len() {
            // Between numbers and far from the chunk's end: a number of up to seven
            // digits and the byte after it in one step.
            if digits == 0 && i + 16 <= chunk.len() {
                if is_space(chunk[i]) {
                    i += 1;
                    continue;
                }
                if let Some((v, len)) = short_number(&chunk[i..i + 8]) {
                    if !is_space(chunk[i + len]) {
                        return None;
                    }
                    self.number(v)?;
                    i += len + 1;
                    continue;
                }
                // Not a digit (refused below) or eight digits or more: byte by byte.
            }
            let b = chunk[i];
            i += 1;
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
    #[inline(always)]
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
            if self.layout == Layout::ColoursThenEdges {
                self.colours = value;
                self.white = Vec::with_capacity(value as usize);
            }
            return Some(());
        }
        if self.numbers <= 1 + self.colours {
            // A colour: 0 (white) or 1 (black).
            if value > 1 {
                return None;
            }
            self.white.push(value == 0);
            return Some(());
        }
        // The k-th endpoint (from 1), after N and the colours.
        let k = self.numbers - 1 - self.colours;
        if value == 0 || value > n || k > 2 * n - 2 {
            return None;
        }
        let v = value as u32 - 1;
        if k % 2 == 1 {
            self.first = v;
        } else {
            self.edge(self.first, v);
        }
        Some(())
    }

    /// Counts the edge `u`–`v`, [`AHEAD`] edges late: its endpoints' records are asked
    /// for now and updated once later edges have been read, so that the waits for memory
    /// overlap (the updates commute: a sum and a XOR).
    #[inline(always)]
    fn edge(&mut self, u: u32, v: u32) {
        crate::prefetch::prefetch(&self.vertex, u as usize);
        crate::prefetch::prefetch(&self.vertex, v as usize);
        let slot = self.edges % AHEAD;
        if self.edges >= AHEAD {
            let (a, b) = self.pending[slot];
            self.count(a, b);
        }
        self.pending[slot] = (u, v);
        self.edges += 1;
    }

    fn count(&mut self, u: u32, v: u32) {
        let a = &mut self.vertex[u as usize];
        a[0] += 1;
        a[1] ^= v;
        let b = &mut self.vertex[v as usize];
        b[0] += 1;
        b[1] ^= u;
    }

    /// The tree's records, if the input held exactly N, the colours and N − 1 edges.
    fn finish(mut self) -> Option<Peeling> {
        if self.digits > 0 {
            self.number(self.value)?;
        }
        for k in self.edges.saturating_sub(AHEAD)..self.edges {
            let (a, b) = self.pending[k % AHEAD];
            self.count(a, b);
        }
        let n = self.vertex.len() as u64;
        (n > 0 && self.numbers == 1 + self.colours + 2 * (n - 1)).then_some(Peeling {
            vertex: self.vertex,
            white: self.white,
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

    /// The colours of a coloured input (white: true), taken out; empty for an edge list.
    pub fn take_white(&mut self) -> Vec<bool> {
        std::mem::take(&mut self.white)
    }

    /// Peels the tree from vertex 0 as the root: calls `f(child, parent)` for every other
    /// vertex, each child before its parent, and returns whether the edges form a tree
    /// (when not, `f` has seen only part of it).
    pub fn bottom_up(self, f: impl FnMut(u32, u32)) -> bool {
        self.bottom_up_ahead(|_| {}, f)
    }

    /// As [`bottom_up`](Peeling::bottom_up), calling `ahead(p)` a few peels before a
    /// leaf is peeled from its parent `p`, so that the caller may prefetch what
    /// `f(leaf, p)` will touch ([`crate::prefetch`]).
    ///
    /// A leaf is not peeled when found but queued: the scan over the ids queues each one
    /// whose turn comes while it is a leaf, a peel queues the parent when it becomes a
    /// leaf after its turn, and the queue is worked off `DELAY` entries behind. When a
    /// leaf is queued its parent is known, and its record is asked for then: by the time
    /// the leaf is peeled it has arrived. Any order that peels a vertex after its children
    /// is a peeling order, and this is one.
    pub fn bottom_up_ahead(
        mut self,
        mut ahead: impl FnMut(u32),
        mut f: impl FnMut(u32, u32),
    ) -> bool {
        const RING: usize = 2 * DELAY;
        let n = self.vertex.len();
        let mut queue = [0u32; RING];
        let (mut head, mut tail) = (0usize, 0usize);
        let mut peeled = 0;
        // Queues leaf u (not the root), asking for its parent's record.
        let mut push =
            |vertex: &[[u32; 2]], queue: &mut [u32; RING], tail: &mut usize, u: usize| {
                let p = vertex[u][1] as usize;
                crate::prefetch::prefetch(vertex, p);
                ahead(p as u32);
                queue[*tail % RING] = u as u32;
                *tail += 1;
            };
        // Peels leaf u, if it still is one (its one neighbour may have been peeled into
        // it: two vertices left of a part cut off from the root, not a tree), and queues
        // its parent if that became a leaf after its turn (a later one waits for it).
        macro_rules! peel {
            ($u:expr, $v:expr) => {{
                let u = $u;
                if self.vertex[u][0] == 1 {
                    let p = self.vertex[u][1] as usize;
                    f(u as u32, p as u32);
                    self.vertex[u][0] = 0;
                    let q = &mut self.vertex[p];
                    q[1] ^= u as u32;
                    q[0] -= 1;
                    peeled += 1;
                    if p != 0 && p <= $v && self.vertex[p][0] == 1 {
                        push(&self.vertex, &mut queue, &mut tail, p);
                    }
                }
            }};
        }
        // The parent of the last leaf the scan queued: a leaf with the same parent (a
        // star's rays, a caterpillar's legs) is peeled at once, the record being at hand.
        let mut last = usize::MAX;
        for v in 1..=n {
            if v < n && self.vertex[v][0] == 1 {
                let p = self.vertex[v][1] as usize;
                if p == last {
                    peel!(v, v);
                } else {
                    last = p;
                    push(&self.vertex, &mut queue, &mut tail, v);
                }
            }
            // Work the queue off down to DELAY entries (all of it after the last id).
            let keep = if v < n { DELAY } else { 0 };
            while tail - head > keep {
                let u = queue[head % RING] as usize;
                head += 1;
                peel!(u, v);
            }
        }
        peeled + 1 == n
    }
}

/// How many queued leaves [`Peeling::bottom_up_ahead`] keeps waiting while their
/// parents' records are fetched.
const DELAY: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift generator from `seed`: each call gives a number below its argument.
    fn below(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |m| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        }
    }

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
        // Read here (a small size), and on the reading thread (a size not known).
        for hint in [Some(text.len() as u64), None] {
            for size in 1..=text.len() {
                let reader = Chunked(&text[..], size);
                let p = read_edge_list_from(reader, (1, 100), hint)
                    .unwrap()
                    .unwrap();
                let mut parent = vec![u32::MAX; p.len()];
                assert!(p.bottom_up(|c, q| parent[c as usize] = q));
                assert_eq!(parent, [u32::MAX, 0, 1, 0, 3, 3], "chunks of {size}");
            }
        }
        // Refused on the reading thread too (which then stops).
        let bad = b"6\n1 2\n2 3\n1 4\n4 5\n4 x\n";
        assert!(read_edge_list_from(Chunked(bad, 3), (1, 100), None)
            .unwrap()
            .is_none());
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
        for hint in [Some(10), None] {
            let e = read_edge_list_from(Failing(0), (1, 9), hint).err().unwrap();
            assert_eq!(e.kind(), std::io::ErrorKind::PermissionDenied);
        }
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

    /// The peeled parents (and colours) of `text`, or `None` when the fast path leaves it.
    fn peeled(text: &[u8], layout: Layout, vertices: (u64, u64)) -> Option<(Vec<u32>, Vec<bool>)> {
        let mut p = read_tree(text, layout, vertices)?;
        let white = p.take_white();
        let mut parent = vec![u32::MAX; p.len()];
        p.bottom_up(|c, q| parent[c as usize] = q)
            .then_some((parent, white))
    }

    /// Random small inputs of AGC 017 D and COT 3 (N, the colours for COT 3, the edges),
    /// most of them damaged by a byte: the fast path takes only what the full parser
    /// takes, and reads the same tree and colours.
    #[test]
    fn takes_only_what_the_full_parser_takes_and_reads_the_same_tree() {
        use crate::{Position, Problem};
        let mut next = below(0x9E37_79B9_7F4A_7C15u64);
        for (problem, layout) in [
            (Problem::Agc017d, Layout::Edges),
            (Problem::Cot3, Layout::ColoursThenEdges),
        ] {
            let (mut taken, mut refused) = (0, 0);
            for round in 0..4000 {
                let n = 1 + next(9) as usize;
                let mut text = format!("{n}\n").into_bytes();
                if layout == Layout::ColoursThenEdges {
                    for _ in 0..n {
                        text.extend(format!("{} ", next(2)).bytes());
                    }
                    text.push(b'\n');
                }
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
                    problem.strict_limits().vertices
                } else {
                    crate::InputBounds::LENIENT.vertices
                };
                let full = problem.parse(&text, strict);
                let shown = String::from_utf8_lossy(&text);
                match (peeled(&text, layout, vertices), full) {
                    (Some((parent, white)), Ok(cases)) => {
                        let (tree, want_white) = match &cases[0] {
                            Position::Cut(c) => (&c.tree, Vec::new()),
                            Position::Paint(p) => (&p.tree, p.white.clone()),
                            _ => unreachable!(),
                        };
                        let want: Vec<u32> = (0..tree.len() as u32)
                            .map(|v| tree.parent(v).unwrap_or(u32::MAX))
                            .collect();
                        assert_eq!(parent, want, "{shown:?}");
                        assert_eq!(white, want_white, "{shown:?}");
                        taken += 1;
                    }
                    (Some(_), Err(e)) => {
                        panic!("the fast path takes what the parser refuses ({e}): {shown:?}")
                    }
                    (None, Ok(_)) => refused += 1,
                    (None, Err(_)) => {}
                }
            }
            assert!(taken > 1000, "{taken} taken");
            // Only numbers of more than 19 digits are left to the parser among valid inputs.
            assert_eq!(refused, 0, "{problem:?}");
        }
    }

    #[test]
    fn short_numbers_are_read_whole_at_once() {
        let alphabet = b"0123456789 \n\t\r/:x\x00\xff\x0b\x0c";
        let mut next = below(0x1234_5678_9abc_def1u64);
        for _ in 0..200_000 {
            let mut eight = [0u8; 8];
            // Mostly digits, so that every length comes up.
            for b in eight.iter_mut() {
                let range = if next(3) == 0 { 20 } else { 10 };
                *b = alphabet[next(range) as usize];
            }
            let len = eight.iter().take_while(|b| b.is_ascii_digit()).count();
            let want = (1..8).contains(&len).then(|| {
                let text = std::str::from_utf8(&eight[..len]).unwrap();
                (text.parse::<u64>().unwrap(), len)
            });
            assert_eq!(short_number(&eight), want, "{eight:?}");
        }
    }

    /// Read whole (numbers of up to seven digits at once) or one byte at a time (no
    /// number at once), every text gives the same records or is refused both ways.
    #[test]
    fn reading_at_once_and_byte_by_byte_agree() {
        let mut next = below(0xdead_beef_cafe_f00du64);
        let spaces = [" ", "\n", "\r\n", "\t", "  ", "\x0b", "\x0c"];
        let (mut taken, mut refused) = (0, 0);
        for _ in 0..3000 {
            let n = 2 + next(40);
            let mut text = format!("{n}\n");
            for v in 2..=n {
                let p = 1 + next(v - 1);
                let zeros = if next(8) == 0 {
                    "0".repeat(next(20) as usize)
                } else {
                    String::new()
                };
                text += &format!("{zeros}{p}{}{v}", spaces[next(7) as usize]);
                text += spaces[next(7) as usize];
            }
            let mut bytes = text.into_bytes();
            if next(4) == 0 {
                let at = next(bytes.len() as u64) as usize;
                bytes[at] = b"x-9\x001 "[next(6) as usize];
            }
            let whole = read_edge_list(&bytes, (1, 100)).map(|p| p.vertex);
            let size = Some(bytes.len() as u64);
            let single = read_edge_list_from(Chunked(&bytes, 1), (1, 100), size)
                .unwrap()
                .map(|p| p.vertex);
            assert_eq!(whole, single, "{:?}", String::from_utf8_lossy(&bytes));
            if whole.is_some() {
                taken += 1;
            } else {
                refused += 1;
            }
        }
        assert!(
            taken > 1000 && refused > 300,
            "{taken} taken, {refused} refused"
        );
    }

    /// Trees far larger than the peeling's queue, of every shape that makes the queue work
    /// differently (leaves found by the scan, parents queued after their turn or waiting
    /// for it, long chains in either id order), with shuffled ids: the parents are the
    /// tree's, each peeled after its children; the same edges with one rewired into a
    /// cycle (a part cut off from the root) are refused.
    #[test]
    fn large_trees_of_every_shape_peel_in_order() {
        let mut next = below(0x2545_F491_4F6C_DD1Du64);
        for n in [17usize, 33, 300, 5000] {
            for shape in 0..5 {
                // Parent of v (1..n) before relabelling.
                let parent_of = |v: usize, r: u64| match shape {
                    0 => r as usize % v,                       // random
                    1 => v - 1,                                // chain
                    2 => 0,                                    // star
                    3 => (v - 1).min(n / 3) & !1,              // caterpillar-ish: a spine with legs
                    _ => v.saturating_sub(1 + r as usize % 3), // thin and deep
                };
                let mut id: Vec<u32> = (0..n as u32).collect();
                if shape != 1 || n % 2 == 0 {
                    for i in (2..n).rev() {
                        let j = 1 + next(i as u64) as usize;
                        id.swap(i, j);
                    }
                }
                let edges: Vec<(u32, u32)> = (1..n)
                    .map(|v| (id[parent_of(v, next(1 << 40))], id[v]))
                    .collect();
                let text = |edges: &[(u32, u32)]| {
                    let mut t = format!("{n}\n");
                    for &(a, b) in edges {
                        t += &format!("{} {}\n", a + 1, b + 1);
                    }
                    t
                };
                let tree = crate::Tree::from_edges(n, &edges).unwrap();
                let p = read_edge_list(text(&edges).as_bytes(), (1, 1 << 20)).unwrap();
                let (mut parent, mut when) = (vec![u32::MAX; n], vec![usize::MAX; n]);
                let mut step = 0;
                assert!(p.bottom_up(|c, q| {
                    parent[c as usize] = q;
                    when[c as usize] = step;
                    step += 1;
                }));
                for v in 1..n {
                    let up = tree.parent(v as u32).unwrap();
                    assert_eq!(parent[v], up, "n {n} shape {shape} vertex {v}");
                    assert!(
                        up == 0 || when[v] < when[up as usize],
                        "n {n} shape {shape}"
                    );
                }
                // The deepest vertex's edge replaced by a second copy of its parent's: a
                // cycle of two, and the vertex cut off.
                let deep = (1..n as u32).max_by_key(|&v| tree.depth(v)).unwrap();
                let up = tree.parent(deep).unwrap();
                if up != 0 {
                    let mut bad = edges.clone();
                    let k = bad
                        .iter()
                        .position(|&(a, b)| (a, b) == (up, deep) || (b, a) == (up, deep))
                        .unwrap();
                    let grand = tree.parent(up).unwrap();
                    bad[k] = (grand, up);
                    let p = read_edge_list(text(&bad).as_bytes(), (1, 1 << 20)).unwrap();
                    assert!(!p.bottom_up(|_, _| {}), "n {n} shape {shape}: not a tree");
                }
            }
        }
    }
}
