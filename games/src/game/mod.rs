//! One module per game in the model: the game's position and answer types, its sizes,
//! and its native input and output format, behind [`Model`](crate::kind::Model).

pub mod chip;
pub mod cut;
pub mod hackenbush;
pub mod paint;
pub mod staircase;

pub use chip::{ChipAnswer, ChipPos};
pub use cut::{CutAnswer, CutPos};
pub use hackenbush::{HackenbushAnswer, HackenbushPos};
pub use paint::{PaintAnswer, PaintPos};
pub use staircase::{StaircaseAnswer, StaircasePos};
