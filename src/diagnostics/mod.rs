//! Diagnostics.
pub mod did_you_mean;
pub mod error_highlight;
