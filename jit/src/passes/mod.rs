//! The passes, one file each, in the order the pipeline runs them (see the
//! crate docs).

pub mod canonicalise;
pub mod constant_fold;
pub mod dead_code;
pub mod deopt_maps;
pub mod deoptimise;
pub mod gvn;
pub mod inline_caching;
pub mod inlining;
pub mod intrinsics;
pub mod no_choice_phis;
pub mod redundant_guards;
pub mod redundant_loads;
pub mod refloat;
pub mod tag_untag;
