//! The n smallest or largest elements, chosen as MRI chooses them.
//!
//! `min(n)`, `max(n)`, `min_by(n)` and `max_by(n)` do not sort: MRI's
//! `rb_nmin_run` keeps a buffer of up to `4 * n` candidates, and whenever
//! it fills, a quickselect partitions it around a middle pivot and keeps
//! the best `n`, remembering the worst kept one as a limit that later
//! elements must beat to enter. At the end the survivors are sorted
//! (stably, as glibc's `qsort_r`) and, for the maximum, reversed. Which of
//! several equal elements survive depends on all of that, so rhizome runs
//! the same steps to give the same answer:
//!
//! ```ruby
//! (1..30).to_a.max_by(3) { |x| x % 5 }   # => [24, 4, 14]
//! ```

use super::array::{merge_sort, Comparer};
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use std::cmp::Ordering;

/// One candidate: the value, and what it is compared by (its key for the
/// `_by` forms, else itself).
#[derive(Clone, Copy)]
struct Candidate {
    key: Value,
    value: Value,
}

/// The `n` best of `values` (compared by `keys` when given) in MRI's
/// order: smallest first, or largest first when `largest`. The caller
/// keeps every value and key alive in Ruby Arrays.
pub fn nmin_run(
    vm: &mut Vm,
    values: &[Value],
    keys: Option<&[Value]>,
    n: usize,
    largest: bool,
    comparer: &Comparer,
) -> VmResult<Vec<Value>> {
    if n == 0 {
        return Ok(Vec::new());
    }
    let buffer_max = n.saturating_mul(4);
    let mut buffer: Vec<Candidate> = Vec::with_capacity(buffer_max.min(values.len()));
    let mut limit: Option<Value> = None;
    let directed = |ordering: Ordering| {
        if largest {
            ordering.reverse()
        } else {
            ordering
        }
    };
    for (i, &value) in values.iter().enumerate() {
        let key = keys.map_or(value, |keys| keys[i]);
        if let Some(limit) = limit {
            if directed(comparer.compare(vm, key, limit)?) != Ordering::Less {
                continue;
            }
        }
        buffer.push(Candidate { key, value });
        if buffer.len() == buffer_max {
            limit = Some(filter(vm, &mut buffer, n, largest, comparer)?);
        }
    }
    filter(vm, &mut buffer, n, largest, comparer)?;
    merge_sort(vm, &mut buffer, &mut |vm, a: Candidate, b: Candidate| {
        comparer.compare(vm, a.key, b.key)
    })?;
    let mut result: Vec<Value> = buffer.into_iter().map(|c| c.value).collect();
    if largest {
        result.reverse();
    }
    Ok(result)
}

/// MRI's `nmin_filter`: quickselect until the best `n` lead the buffer,
/// then drop the rest. Answers the last pivot (the new limit). A buffer of
/// `n` or fewer is left alone.
fn filter(
    vm: &mut Vm,
    buffer: &mut Vec<Candidate>,
    n: usize,
    largest: bool,
    comparer: &Comparer,
) -> VmResult<Value> {
    if buffer.len() <= n {
        return Ok(buffer.last().map_or(Value::NIL, |c| c.key));
    }
    // Signed, as in MRI: `right - pivots` reaches -1 when every element
    // equals the pivot.
    let n = n as isize;
    let (mut left, mut right) = (0isize, buffer.len() as isize - 1);
    let store_index = loop {
        let pivot_index = left + (right - left) / 2;
        let mut pivots = 1;
        buffer.swap(pivot_index as usize, right as usize);
        let pivot = right as usize;
        let mut store = left;
        let mut i = left;
        while i <= right - pivots {
            let mut c = comparer.compare(vm, buffer[i as usize].key, buffer[pivot].key)?;
            if largest {
                c = c.reverse();
            }
            if c == Ordering::Equal {
                buffer.swap(i as usize, (right - pivots) as usize);
                pivots += 1;
                continue;
            }
            if c == Ordering::Less {
                buffer.swap(i as usize, store as usize);
                store += 1;
            }
            i += 1;
        }
        let mut j = store;
        let mut i = right;
        while right - pivots < i {
            if j <= i {
                buffer.swap(j as usize, i as usize);
                j += 1;
            }
            i -= 1;
        }
        if store <= n && n <= store + pivots {
            break store as usize;
        }
        if n < store {
            right = store - 1;
        } else {
            left = store + pivots;
        }
    };
    let limit = buffer[store_index].key;
    buffer.truncate(n as usize);
    Ok(limit)
}
