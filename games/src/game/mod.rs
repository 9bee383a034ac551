//! One module per game in the model: the game's position and answer types, its sizes,
//! and its native input and output format, behind [`Model`](crate::kind::Model).

pub mod chip;
pub mod cut;
pub mod hackenbush;
pub mod paint;
pub mod staircase;
