//! What a growth series grows: the vertices of trees of one shape, or the number of test
//! cases in one input (each of the least size, its values at their extremes), the
//! dimension a per-test-case set-up is slow in.

use grundy_fuzzing::gen::TreeShape;

/// The dimension a growth series doubles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Trees (or graphs) of one shape, their vertices.
    Shape(TreeShape),
    /// The test cases of one input, named as the input's count is (`t`).
    Cases(String),
}

impl Axis {
    /// Its name in a report's headings: the shape's, or `test cases`.
    pub fn name(&self) -> &str {
        match self {
            Axis::Shape(s) => s.name(),
            Axis::Cases(_) => "test cases",
        }
    }

    /// The variable its sizes are given by: `n`, or the count's name.
    pub fn var(&self) -> &str {
        match self {
            Axis::Shape(_) => "n",
            Axis::Cases(t) => t,
        }
    }

    /// Where the series was measured, in words: `on chain`, `over the test cases`.
    pub fn on(&self) -> String {
        match self {
            Axis::Shape(s) => format!("on {}", s.name()),
            Axis::Cases(_) => "over the test cases".into(),
        }
    }

    /// A range of its sizes in words: `sizes 64..1000`, `t = 78..624 test cases of the
    /// least size`.
    pub fn range(&self, a: usize, b: usize) -> String {
        match self {
            Axis::Shape(_) => format!("sizes {a}..{b}"),
            Axis::Cases(t) => format!("{t} = {a}..{b} test cases of the least size"),
        }
    }

    /// What its sizes count: `vertices`, `test cases`.
    pub fn unit(&self) -> &str {
        match self {
            Axis::Shape(_) => "vertices",
            Axis::Cases(_) => "test cases",
        }
    }

    /// The least size of the series (where the start-up is measured).
    pub fn least(&self) -> usize {
        match self {
            Axis::Shape(_) => 2,
            Axis::Cases(_) => 1,
        }
    }
}
