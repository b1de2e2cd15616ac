//! Which parameters a method's code depends on the kind of.
//!
//! Compiled code specialises on the kinds of the values it dispatches on:
//! the receiver of a send, the operands of a basic operation (`a + b`),
//! the value a `case` tests. A parameter that the method only stores (in an
//! instance variable, an Array) or returns is the same code whatever its
//! kind. Call-target splitting asks this: a split that narrows the kinds a
//! caller passes in a parameter pays only if the callee depends on them.
//!
//! ```ruby
//! def append(elem)           # elem: stored only
//!   @storage[@last] = elem   # `[]=` dispatches on @storage, not on elem
//! end
//! def add(a, b) = a + b      # a: a receiver; b: an operand of `+`
//! def double(x) = add(x, x)  # x: passed on (depends on what `add` does)
//! ```
//!
//! [`param_uses`] runs the operand stack abstractly over the bytecode (a
//! worklist over instructions; each stack slot holds the parameter it is
//! known to be, or nothing) and reports the parameters used as receivers
//! (`specialised`: `a` above) and those passed on as arguments of a send
//! (`passed`: `x` as arguments 1 and 2 of `add`; `b` as argument 1 of
//! `+`), which only the runtime can follow, through the callee its inline
//! cache found. Where it cannot see (a parameter captured by a block,
//! copied to another variable, spread, or consumed by an instruction it
//! does not model), it says the parameter is specialised: the answer errs
//! towards "depends on the kind".

use crate::method::{call_flags, Method};
use crate::Insn;

/// What [`param_uses`] found for one method.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParamUses {
    /// Bit `i`: the method dispatches on the kind of its parameter `i`
    /// (0-based; a method with more than 64 parameters has every bit set).
    pub specialised: u64,
    /// Parameters passed on as arguments of sends.
    pub passed: Vec<PassedParam>,
}

/// A parameter passed on as an argument of a send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassedParam {
    /// The send's call-site index.
    pub site: u32,
    /// The argument's position (1 is the first argument after the
    /// receiver).
    pub position: u32,
    /// The parameter (0-based).
    pub param: u32,
}

impl ParamUses {
    /// Whether parameter `param` is a receiver or otherwise dispatched on
    /// in the method's own code.
    pub fn is_specialised(&self, param: u32) -> bool {
        param >= 64 || self.specialised & (1 << param) != 0
    }

    fn everything() -> ParamUses {
        ParamUses {
            specialised: u64::MAX,
            passed: Vec::new(),
        }
    }
}

/// A stack slot: the parameter it holds, if known.
type Slot = Option<u32>;

/// The abstract state before an instruction: what the operand stack and
/// the local variables hold.
#[derive(Clone, Debug)]
struct State {
    stack: Vec<Slot>,
    locals: Vec<Slot>,
}

/// The parameters `method` dispatches on and passes on (see the module
/// doc). A method with optional, rest, post or keyword parameters, or with
/// rescue/ensure handlers, is not analysed: every parameter counts as
/// specialised.
pub fn param_uses(method: &Method) -> ParamUses {
    let plain_params = method.optional == 0
        && !method.rest
        && method.post == 0
        && method.keywords.is_empty()
        && !method.keyword_rest;
    if !plain_params || !method.handlers.is_empty() || method.required > 64 {
        return ParamUses::everything();
    }
    let mut uses = ParamUses::default();
    let count = method.insns.len();
    let mut states: Vec<Option<State>> = vec![None; count];
    let mut work = Vec::new();
    if count > 0 {
        states[0] = Some(State {
            stack: Vec::new(),
            locals: vec![None; method.locals.len()],
        });
        work.push(0usize);
    }
    while let Some(ip) = work.pop() {
        let Some(mut state) = states[ip].clone() else {
            continue;
        };
        let insn = method.insns[ip];
        step(method, insn, &mut state, &mut uses);
        for next in successors(insn, ip, count) {
            let changed = match &mut states[next] {
                slot @ None => {
                    *slot = Some(state.clone());
                    true
                }
                Some(known) => {
                    let stack = join(&mut known.stack, &state.stack);
                    join(&mut known.locals, &state.locals) || stack
                }
            };
            if changed {
                work.push(next);
            }
        }
    }
    uses.passed.sort_by_key(|p| (p.site, p.position, p.param));
    uses.passed.dedup();
    uses
}

/// Joins `incoming` into `known` (a slot stays known where both agree);
/// true when `known` changed.
fn join(known: &mut Vec<Slot>, incoming: &[Slot]) -> bool {
    let mut changed = false;
    if incoming.len() < known.len() {
        known.truncate(incoming.len());
        changed = true;
    }
    for (slot, other) in known.iter_mut().zip(incoming) {
        if slot.is_some() && slot != other {
            *slot = None;
            changed = true;
        }
    }
    changed
}

/// Where control goes after `insn` at `ip`.
fn successors(insn: Insn, ip: usize, count: usize) -> impl Iterator<Item = usize> {
    let next = (!insn.ends_flow() && ip + 1 < count).then_some(ip + 1);
    let target = insn.target().map(|t| t as usize).filter(|&t| t < count);
    next.into_iter().chain(target)
}

/// Pops one slot (nothing known when the stack is empty).
fn pop(stack: &mut Vec<Slot>) -> Slot {
    stack.pop().flatten()
}

fn specialise(uses: &mut ParamUses, slot: Slot) {
    if let Some(param) = slot {
        uses.specialised |= 1 << param;
    }
}

/// Runs `insn` on the abstract `state`, noting the uses of parameters.
fn step(method: &Method, insn: Insn, state: &mut State, uses: &mut ParamUses) {
    let stack = &mut state.stack;
    match insn {
        Insn::Jump(_) => {}
        Insn::Arg(param) => stack.push(Some(param)),
        Insn::Load(local) => stack.push(state.locals.get(local as usize).copied().flatten()),
        Insn::Store(local) => {
            let value = pop(stack);
            if let Some(slot) = state.locals.get_mut(local as usize) {
                *slot = value;
            }
        }
        Insn::Dup => {
            let top = stack.last().copied().flatten();
            stack.push(top);
        }
        // Stored, returned, tested for truth or dropped: no dispatch.
        Insn::Pop
        | Insn::Return
        | Insn::SetIvar(_)
        | Insn::SetGlobal(_)
        | Insn::SetCvar(_)
        | Insn::SetConst(_)
        | Insn::Branch { .. }
        | Insn::BranchNil(_) => {
            pop(stack);
        }
        Insn::Not => {
            pop(stack);
            stack.push(None);
        }
        Insn::NewArray(n) => {
            stack.truncate(stack.len().saturating_sub(n as usize));
            stack.push(None);
        }
        Insn::ArrayAppend => {
            pop(stack);
            pop(stack);
            stack.push(None);
        }
        Insn::Send(site) => {
            let Some(call) = method.sites.get(site as usize) else {
                return specialise_all(stack, uses);
            };
            if call.flags & call_flags::BLOCK_ARG != 0 {
                let block = pop(stack);
                specialise(uses, block);
            }
            let plain = call.flags & call_flags::NOT_PLAIN & !call_flags::BLOCK_ARG == 0;
            let mut args: Vec<Slot> = (0..call.argc).map(|_| pop(stack)).collect();
            args.reverse();
            for (index, arg) in args.into_iter().enumerate() {
                match arg {
                    Some(param) if plain => uses.passed.push(PassedParam {
                        site,
                        position: index as u32 + 1,
                        param,
                    }),
                    other => specialise(uses, other),
                }
            }
            let receiver = pop(stack);
            specialise(uses, receiver);
            stack.push(None);
        }
        Insn::PushSelf
        | Insn::Push(_)
        | Insn::GetIvar(_)
        | Insn::GetCvar(_)
        | Insn::GetConst(_)
        | Insn::GetGlobal(_)
        | Insn::LoadEnv { .. }
        | Insn::HasArg(_)
        | Insn::BlockParam
        | Insn::GetSpecial(_) => stack.push(None),
        // Anything else may dispatch on what it consumes (`case`/`when`,
        // interpolation, a spread, `super`, a yield to an unknown block, a
        // variable a block captures): every parameter on the stack counts.
        other => {
            specialise_all(stack, uses);
            let effect = crate::compile::stack_effect(&other, &method.sites);
            if effect < 0 {
                stack.truncate(stack.len().saturating_sub(effect.unsigned_abs() as usize));
            } else {
                stack.extend(std::iter::repeat_n(None, effect as usize));
            }
        }
    }
}

/// Marks every parameter on the stack as specialised.
fn specialise_all(stack: &[Slot], uses: &mut ParamUses) {
    for &slot in stack {
        specialise(uses, slot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The uses of the method named `name` in `source`.
    fn uses_of(source: &str, name: &str) -> ParamUses {
        param_uses(&crate::method_in(source, name))
    }

    #[test]
    fn a_receiver_is_specialised_and_an_argument_is_passed_on() {
        let uses = uses_of("def add(a, b) = a + b", "add");
        assert!(uses.is_specialised(0));
        assert!(!uses.is_specialised(1));
        assert_eq!(
            uses.passed,
            vec![PassedParam {
                site: 0,
                position: 1,
                param: 1
            }]
        );
    }

    #[test]
    fn a_stored_parameter_is_not_specialised() {
        let uses = uses_of(
            "def append(e)\n  @s[@i] = e\n  @last = e\n  e\nend",
            "append",
        );
        assert!(!uses.is_specialised(0));
        assert_eq!(uses.passed.len(), 1, "passed to []= as argument 2");
        assert_eq!(uses.passed[0].position, 2);
    }

    #[test]
    fn both_arms_of_a_branch_are_followed() {
        let uses = uses_of(
            "def pick(c, x, y)\n  if c\n    x.foo\n  else\n    y\n  end\nend",
            "pick",
        );
        assert!(!uses.is_specialised(0), "only tested for truth");
        assert!(uses.is_specialised(1));
        assert!(!uses.is_specialised(2));
    }

    #[test]
    fn what_it_cannot_follow_counts_as_specialised() {
        let captured = uses_of("def each_of(x) = [1].each { |e| x.foo(e) }", "each_of");
        assert!(captured.is_specialised(0));
        let copied = uses_of("def copy(x)\n  y = x\n  y.foo\nend", "copy");
        assert!(copied.is_specialised(0), "followed through a copy");
        let matched = uses_of("def m(x)\n  case x\n  when 1 then 2\n  end\nend", "m");
        assert!(matched.is_specialised(0));
        let optional = uses_of("def o(x, y = 1) = x", "o");
        assert!(optional.is_specialised(0) && optional.is_specialised(1));
    }
}
