//! Bounds of `[limits]` as a statement writes them: an integer, or an expression that names
//! integers read before (`x = [1, "n"]`, `k = [1, "min(n, 100000)"]`, `m = ["n - 1",
//! "n * (n - 1) / 2"]`). An expression has integers, names, `+ - * /` (division rounds
//! toward zero), parentheses, unary minus and `min(…)`/`max(…)` of one or more arguments.
//! It is parsed once into postfix order and evaluated on a stack (no recursion), over
//! intervals: a name stands for its value when it is known (an input being read or made)
//! and for its whole range otherwise, which gives every limit a static envelope.

use serde::Deserialize;

/// One bound as written: `5`, or `"n - 1"`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Bound {
    /// A constant.
    Int(i64),
    /// An expression over earlier integers.
    Expr(String),
}

/// One step of an expression in postfix order.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Op {
    Num(i64),
    Name(String),
    Add,
    Sub,
    Mul,
    Div,
    Neg,
    Min(usize),
    Max(usize),
}

/// A parsed bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    ops: Vec<Op>,
    text: String,
}

/// The longest expression accepted.
const MAX_LEN: usize = 200;

/// A token of the text.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(i64),
    Name(String),
    Sym(char),
}

/// A bound that does not parse or cannot be evaluated: what is wrong, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundError(pub String);

impl std::fmt::Display for BoundError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BoundError {}

impl From<String> for BoundError {
    fn from(m: String) -> BoundError {
        BoundError(m)
    }
}

impl From<&str> for BoundError {
    fn from(m: &str) -> BoundError {
        BoundError(m.to_string())
    }
}

fn tokens(text: &str) -> Result<Vec<Tok>, BoundError> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
                i += 1;
            }
            let digits: String = text[start..i].chars().filter(|&c| c != '_').collect();
            let v = digits
                .parse::<i64>()
                .map_err(|_| format!("`{}` is out of range", &text[start..i]))?;
            out.push(Tok::Num(v));
        } else if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Name(text[start..i].to_string()));
        } else if "+-*/(),".contains(c) {
            out.push(Tok::Sym(c));
            i += 1;
        } else {
            return Err(BoundError::from(format!(
                "unexpected `{c}` at column {} (expected a number, a name, + - * /, parentheses, min(…) or max(…))",
                i + 1
            )));
        }
    }
    Ok(out)
}

/// An operator or an open parenthesis or call waiting on the shunting-yard stack.
enum Pending {
    Bin(char),
    Neg,
    Paren,
    /// `min(` or `max(`, with the arguments counted so far.
    Call(bool, usize),
}

fn precedence(p: &Pending) -> u8 {
    match p {
        Pending::Bin('+') | Pending::Bin('-') => 1,
        Pending::Bin(_) => 2,
        Pending::Neg => 3,
        Pending::Paren | Pending::Call(..) => 0,
    }
}

fn emit(p: Pending, ops: &mut Vec<Op>) {
    match p {
        Pending::Bin('+') => ops.push(Op::Add),
        Pending::Bin('-') => ops.push(Op::Sub),
        Pending::Bin('*') => ops.push(Op::Mul),
        Pending::Bin(_) => ops.push(Op::Div),
        Pending::Neg => ops.push(Op::Neg),
        Pending::Paren | Pending::Call(..) => {}
    }
}

/// A `)` or a `,`: the pending operators down to its `(` are emitted; a `)` ends a
/// parenthesis or a call (`min`, `max` with their count of arguments), a `,` counts one
/// more argument of the call it is in.
fn close(c: char, stack: &mut Vec<Pending>, ops: &mut Vec<Op>) -> Result<(), BoundError> {
    loop {
        match stack.pop() {
            None => return Err(BoundError::from(format!("`{c}` without its `(`"))),
            Some(Pending::Paren) if c == ')' => return Ok(()),
            Some(Pending::Paren) => return Err(BoundError::from("`,` outside min(…) or max(…)")),
            Some(Pending::Call(min, k)) if c == ',' => {
                stack.push(Pending::Call(min, k + 1));
                return Ok(());
            }
            Some(Pending::Call(min, k)) => {
                ops.push(if min { Op::Min(k) } else { Op::Max(k) });
                return Ok(());
            }
            Some(p) => emit(p, ops),
        }
    }
}

/// A token where it does not belong, and what was expected there.
fn unexpected(t: &Tok, operand: bool) -> BoundError {
    BoundError::from(format!(
        "unexpected {} (expected {})",
        match t {
            Tok::Num(v) => format!("`{v}`"),
            Tok::Name(n) => format!("`{n}`"),
            Tok::Sym(c) => format!("`{c}`"),
        },
        if operand {
            "a number, a name or `(`"
        } else {
            "an operator or the end"
        }
    ))
}

impl Expr {
    /// Parses a bound's expression; the error says what was expected.
    pub fn parse(text: &str) -> Result<Expr, BoundError> {
        if text.len() > MAX_LEN {
            return Err(BoundError::from(format!(
                "longer than {MAX_LEN} characters"
            )));
        }
        let toks = tokens(text)?;
        let mut ops = Vec::new();
        let mut stack: Vec<Pending> = Vec::new();
        // True where an operand is expected (the start, after an operator or `(`).
        let mut operand = true;
        let mut i = 0;
        while i < toks.len() {
            match &toks[i] {
                Tok::Num(v) if operand => {
                    ops.push(Op::Num(*v));
                    operand = false;
                }
                Tok::Name(f) if operand && (f == "min" || f == "max") => {
                    if toks.get(i + 1) != Some(&Tok::Sym('(')) {
                        return Err(BoundError::from(format!(
                            "`{f}` needs its arguments in parentheses"
                        )));
                    }
                    stack.push(Pending::Call(f == "min", 1));
                    i += 1;
                }
                Tok::Name(n) if operand => {
                    ops.push(Op::Name(n.clone()));
                    operand = false;
                }
                Tok::Sym('(') if operand => stack.push(Pending::Paren),
                Tok::Sym('-') if operand => stack.push(Pending::Neg),
                Tok::Sym(c @ ('+' | '-' | '*' | '/')) if !operand => {
                    let p = Pending::Bin(*c);
                    while let Some(top) = stack.last() {
                        if precedence(top) >= precedence(&p) && precedence(top) > 0 {
                            let top = stack.pop().expect("a pending operator");
                            emit(top, &mut ops);
                        } else {
                            break;
                        }
                    }
                    stack.push(p);
                    operand = true;
                }
                Tok::Sym(c @ (')' | ',')) if !operand => {
                    close(*c, &mut stack, &mut ops)?;
                    operand = *c == ',';
                }
                t => return Err(unexpected(t, operand)),
            }
            i += 1;
        }
        if operand {
            return Err(BoundError::from(
                "it ends where a number or a name is expected",
            ));
        }
        while let Some(p) = stack.pop() {
            if matches!(p, Pending::Paren | Pending::Call(..)) {
                return Err(BoundError::from("a `(` is not closed"));
            }
            emit(p, &mut ops);
        }
        Ok(Expr {
            ops,
            text: text.to_string(),
        })
    }

    /// A constant.
    pub fn constant(v: i64) -> Expr {
        Expr {
            ops: vec![Op::Num(v)],
            text: v.to_string(),
        }
    }

    /// The expression as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The expression in postfix order, one token per step: an integer, a name, `+`, `-`,
    /// `*`, `/` (rounding toward zero), `neg`, `min:K` or `max:K` (of the last K values) —
    /// for a validator written in another language to evaluate as grundy does.
    pub fn postfix(&self) -> Vec<String> {
        self.ops
            .iter()
            .map(|op| match op {
                Op::Num(v) => v.to_string(),
                Op::Name(n) => n.clone(),
                Op::Add => "+".into(),
                Op::Sub => "-".into(),
                Op::Mul => "*".into(),
                Op::Div => "/".into(),
                Op::Neg => "neg".into(),
                Op::Min(k) => format!("min:{k}"),
                Op::Max(k) => format!("max:{k}"),
            })
            .collect()
    }

    /// The names it refers to, each once, in order.
    pub fn names(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for op in &self.ops {
            if let Op::Name(n) = op {
                if !out.contains(&n.as_str()) {
                    out.push(n);
                }
            }
        }
        out
    }

    /// The constant it is, when it names nothing.
    pub fn as_constant(&self) -> Option<i64> {
        match self.ops.as_slice() {
            [Op::Num(v)] => Some(*v),
            _ => None,
        }
    }

    /// Its value over intervals: each name stands for the interval `env` gives it (a
    /// point for a known value). The least and the greatest value it can take; an error
    /// for a name `env` does not know or a divisor that may be 0.
    pub fn eval(&self, env: &dyn Fn(&str) -> Option<(i64, i64)>) -> Result<(i64, i64), BoundError> {
        let mut st: Vec<(i128, i128)> = Vec::new();
        let pop = |st: &mut Vec<(i128, i128)>| st.pop().ok_or("a malformed expression");
        for op in &self.ops {
            let v = match op {
                Op::Num(v) => (*v as i128, *v as i128),
                Op::Name(n) => {
                    let (lo, hi) = env(n).ok_or_else(|| format!("`{n}` has no value here"))?;
                    (lo as i128, hi as i128)
                }
                Op::Neg => {
                    let (a, b) = pop(&mut st)?;
                    (-b, -a)
                }
                Op::Min(k) | Op::Max(k) => {
                    if st.len() < *k {
                        return Err(BoundError::from("a malformed expression"));
                    }
                    let args = st.split_off(st.len() - k);
                    let pick = |f: fn(i128, i128) -> i128| {
                        let lo = args.iter().map(|a| a.0).reduce(f).unwrap_or(0);
                        let hi = args.iter().map(|a| a.1).reduce(f).unwrap_or(0);
                        (lo, hi)
                    };
                    if matches!(op, Op::Min(_)) {
                        pick(i128::min)
                    } else {
                        pick(i128::max)
                    }
                }
                _ => {
                    let (c, d) = pop(&mut st)?;
                    let (a, b) = pop(&mut st)?;
                    match op {
                        Op::Add => (a + c, b + d),
                        Op::Sub => (a - d, b - c),
                        Op::Mul | Op::Div => {
                            if matches!(op, Op::Div) && c <= 0 && d >= 0 {
                                return Err(BoundError::from(format!(
                                    "`{}` may divide by 0",
                                    self.text
                                )));
                            }
                            let f = |x: i128, y: i128| {
                                if matches!(op, Op::Mul) {
                                    x.saturating_mul(y)
                                } else {
                                    x / y
                                }
                            };
                            let all = [f(a, c), f(a, d), f(b, c), f(b, d)];
                            (
                                *all.iter().min().expect("four"),
                                *all.iter().max().expect("four"),
                            )
                        }
                        _ => unreachable!("the other operators are handled above"),
                    }
                }
            };
            st.push(v);
        }
        let (lo, hi) = pop(&mut st)?;
        if !st.is_empty() {
            return Err(BoundError::from("a malformed expression"));
        }
        let clamp = |x: i128| x.clamp(i64::MIN as i128, i64::MAX as i128) as i64;
        Ok((clamp(lo), clamp(hi)))
    }
}

impl Bound {
    /// The bound parsed.
    pub fn parse(&self) -> Result<Expr, BoundError> {
        match self {
            Bound::Int(v) => Ok(Expr::constant(*v)),
            Bound::Expr(text) => match text.trim().parse::<i64>() {
                Ok(v) => Ok(Expr::constant(v)),
                Err(_) => Expr::parse(text),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, n: i64) -> i64 {
        let e = Expr::parse(text).unwrap();
        let (lo, hi) = e.eval(&|name| (name == "n").then_some((n, n))).unwrap();
        assert_eq!(lo, hi, "{text}");
        lo
    }

    #[test]
    fn expressions_evaluate_as_written() {
        assert_eq!(at("n", 7), 7);
        assert_eq!(at("n - 1", 7), 6);
        assert_eq!(at("n * (n - 1) / 2", 7), 21);
        assert_eq!(at("min(n, 100000)", 200_000), 100_000);
        assert_eq!(at("max(1, n / 2, 3)", 4), 3);
        assert_eq!(at("-n + 10", 4), 6);
        assert_eq!(at("2 * 3 + 4", 0), 10);
        assert_eq!(at("2 * (3 + 4)", 0), 14);
        assert_eq!(at("100_000", 0), 100_000);
        assert_eq!(
            Expr::parse("min(n, k) - 1").unwrap().names(),
            vec!["n", "k"]
        );
    }

    #[test]
    fn a_name_s_range_gives_the_envelope() {
        let e = Expr::parse("n * (n - 1) / 2").unwrap();
        let r = e.eval(&|_| Some((1, 100))).unwrap();
        assert_eq!(r.1, 4950);
        assert!(r.0 <= 0);
        let e = Expr::parse("n / k").unwrap();
        assert!(e
            .eval(&|_| Some((0, 5)))
            .unwrap_err()
            .0
            .contains("may divide by 0"));
    }

    #[test]
    fn malformed_expressions_say_what_was_expected() {
        for (text, says) in [
            ("n +", "ends where a number or a name is expected"),
            ("(n", "not closed"),
            ("n)", "without its `(`"),
            ("n $ 2", "unexpected `$` at column 3"),
            ("min n", "needs its arguments in parentheses"),
            ("n n", "expected an operator or the end"),
        ] {
            let e = Expr::parse(text).unwrap_err();
            assert!(e.0.contains(says), "{text}: {e}");
        }
    }
}
