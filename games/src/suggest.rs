//! "Did you mean": the known name nearest to a misspelt one, by edit distance, for the
//! errors of a problem's description.

/// The edit distance (insertions, deletions, substitutions, and swaps of two neighbours)
/// between two short names.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for j in 0..=b.len() {
        d[0][j] = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The known name nearest to `name`, when it is near enough to be a typo: at most a third
/// of the longer name's length apart (so a one-letter name suggests nothing).
pub fn nearest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let len = name.chars().count();
    known
        .into_iter()
        .map(|k| (distance(name, k), k))
        .filter(|&(d, k)| d >= 1 && d <= len.max(k.chars().count()) / 3)
        .min_by_key(|&(d, k)| (d, k))
        .map(|(_, k)| k)
}

/// `" (did you mean `vertex`?)"`, or nothing when no known name is near.
pub fn did_you_mean<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    nearest(name, known)
        .map(|k| format!(" (did you mean `{k}`?)"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typo_finds_the_name_it_misspells() {
        let known = ["vertex", "edge", "colour", "n"];
        assert_eq!(nearest("vertx", known), Some("vertex"));
        assert_eq!(nearest("egde", known), Some("edge"));
        assert_eq!(nearest("color", known), Some("colour"));
        assert_eq!(nearest("weight", known), None);
        assert_eq!(nearest("colr", known), Some("colour"));
        assert_eq!(did_you_mean("m", known), "");
        assert_eq!(did_you_mean("queries", known), "");
    }
}
