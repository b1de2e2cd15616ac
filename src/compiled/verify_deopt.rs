//! Checking a deoptimisation against the interpreter
//! (`--jit-verify-deopt`).
//!
//! A deoptimisation rebuilds the interpreter's frame from a map of where
//! compiled code keeps each value. A wrong map (a local read from a stale
//! register, a Float unboxed twice, a stack slot left out) does not crash:
//! the interpreter goes on with the wrong value, and the program prints a
//! wrong answer much later, if at all. This check catches such a frame
//! where it is built.
//!
//! Where the method's code only computes, its frame at any point is a
//! function of its receiver and arguments (which the method never
//! changes). So the check runs the method again in the interpreter, in a
//! scratch frame, from its first instruction with the rebuilt receiver
//! and arguments, until it reaches the instruction the deoptimisation
//! resumes at with the same locals and operands:
//!
//! ```text
//! def sum(n)             compiled code deoptimises at `i < n` with
//!   i = 0; s = 0.0         i = 3, s = 3.0, operands [3, 10]
//!   while i < n          re-run: i = 0 .. [0, 10] no, i = 1 .. [1, 10]
//!     s += i               no, ... i = 3, s = 3.0, [3, 10]: the same frame
//!     i += 1
//!   end
//!   s
//! end
//! ```
//!
//! The interpreter runs each instruction of the re-run (`Vm::run_one`),
//! except the branches, which the check follows itself (so that no back
//! edge counts towards compiling or on-stack replacement), and the
//! Integer and Float operations of a send, which it computes with the
//! interpreter's own inline path (`Vm::basic_op`) without recording their
//! kinds in the profile. Any other instruction (a call, a write to an
//! instance variable, an allocation that is not a String literal) could
//! have effects outside the frame: the check gives up, and the
//! deoptimisation goes on unchecked. It also gives up after
//! [`STEP_BUDGET`] instructions.
//!
//! Values are compared by identity, except Floats (by value: a Float
//! boxed twice is two objects) and String literals (by content: each run
//! of a literal makes a new String). A re-run that returns, or reaches
//! the resume point only with other values, means the rebuilt frame is
//! not one the interpreter can be in: the check panics with both frames.
//!
//! Only a frame with nothing inlined into it at the resume point is
//! checked, and only at a guard (not after a call or for a transfer,
//! whose frames depend on what the call did).

use crate::method::LoadedMethod;
use crate::object::RString;
use crate::value::Value;
use crate::vm::Vm;
use bytecode::Insn;
use std::rc::Rc;

/// Instructions a re-run may take before the check gives up.
pub const STEP_BUDGET: usize = 100_000;

/// What the check found.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The interpreter reaches the resume point with the rebuilt frame.
    Same,
    /// The code up to the resume point does more than compute (the
    /// instruction that does), or runs too long.
    Unverifiable(&'static str),
    /// The interpreter never reaches the resume point with the rebuilt
    /// frame: what it had there the last time, or why not.
    Differs(String),
}

impl Vm {
    /// Runs `method` again from its start with the receiver and arguments
    /// of `frame`, the frame a deoptimisation rebuilt, in a scratch frame
    /// on top of the value stack, and compares (see the module doc).
    pub fn verify_rebuilt_frame(
        &mut self,
        method: &Rc<LoadedMethod>,
        frame: &deopt::FrameValues,
    ) -> Verdict {
        let code = &method.code;
        if !frame.pending.is_empty() || code.handler_running_at(frame.ip as usize).is_some() {
            // Only an exception gets there.
            return Verdict::Unverifiable("a rescue or ensure clause");
        }
        let base = self.context.stack.len();
        let argc = frame.args.len();
        self.context.stack.push(Value::from_bits(frame.receiver));
        self.context
            .stack
            .extend(frame.args.iter().map(|&bits| Value::from_bits(bits)));
        let locals = self.context.stack.len();
        self.context
            .stack
            .resize(locals + code.locals.len(), Value::NIL);
        let operands = self.context.stack.len();
        let saved_ip = self.context.frames.last().map(|f| f.ip);
        let target = frame.ip as usize;
        // The closest the re-run came: (values that differ, how).
        let mut closest: Option<(usize, String)> = None;
        let mut ip = 0;
        let mut steps = 0;
        let verdict = loop {
            if ip == target {
                match self.frame_difference(frame, locals, operands) {
                    None => break Verdict::Same,
                    Some((count, how)) => {
                        if closest.as_ref().is_none_or(|(fewest, _)| count < *fewest) {
                            closest = Some((count, how));
                        }
                    }
                }
            }
            steps += 1;
            if steps > STEP_BUDGET {
                break Verdict::Unverifiable("the re-run is too long");
            }
            let Some(&insn) = code.insns.get(ip) else {
                break Verdict::Unverifiable("the code ends");
            };
            match insn {
                Insn::Jump(to) => ip = to as usize,
                Insn::Branch { target: to, .. } => {
                    let taken = self.context.stack.pop().is_some_and(|v| v.truthy());
                    ip = if taken { to as usize } else { ip + 1 };
                }
                Insn::BranchNil(to) => {
                    let nil = self.context.stack.pop().is_some_and(|v| v.is_nil());
                    ip = if nil { to as usize } else { ip + 1 };
                }
                Insn::Send(site) => {
                    let state = &method.sites[site as usize];
                    let call = &code.sites[site as usize];
                    if !self.numeric_op_inline(state) || call.argc != 1 || call.flags != 0 {
                        break Verdict::Unverifiable("a call");
                    }
                    let top = self.context.stack.len() - 1;
                    let (a, b) = (self.context.stack[top - 1], self.context.stack[top]);
                    if !(self.is_number(a) && self.is_number(b)) {
                        break Verdict::Unverifiable("a call");
                    }
                    // The inline path, else the core method (`Float#+`
                    // given an Integer): neither has effects.
                    let result = match self.basic_op(state.op, a, b) {
                        Ok(Some(result)) => Ok(result),
                        Ok(None) => self.call(a, call.name, &[b]),
                        Err(control) => Err(control),
                    };
                    let Ok(result) = result else {
                        break Verdict::Unverifiable("an instruction raised");
                    };
                    self.context.stack.truncate(top);
                    self.context.stack[top - 1] = result;
                    ip += 1;
                }
                Insn::PushSelf
                | Insn::Arg(_)
                | Insn::HasArg(_)
                | Insn::Load(_)
                | Insn::Store(_)
                | Insn::Push(_)
                | Insn::Not
                | Insn::Pop
                | Insn::Dup
                | Insn::GetIvar(_) => {
                    // Nothing here raises or calls (a String literal
                    // allocates, which may collect: the scratch frame is
                    // on the value stack).
                    if self.run_one(method, base, argc, ip, usize::MAX).is_err() {
                        break Verdict::Unverifiable("an instruction raised");
                    }
                    ip += 1;
                }
                Insn::Return => {
                    break Verdict::Differs(closest.map_or_else(
                        || format!("the method returns without reaching instruction {target}"),
                        |(_, how)| how,
                    ))
                }
                _ => break Verdict::Unverifiable("an instruction with effects"),
            }
        };
        self.context.stack.truncate(base);
        if let (Some(ip), Some(frame)) = (saved_ip, self.context.frames.last_mut()) {
            frame.ip = ip;
        }
        verdict
    }

    /// How the scratch frame (locals from `locals`, operands from
    /// `operands`) differs from `frame`'s locals and operands: how many
    /// values differ, and the two frames; None when none does.
    fn frame_difference(
        &self,
        frame: &deopt::FrameValues,
        locals: usize,
        operands: usize,
    ) -> Option<(usize, String)> {
        let stack = &self.context.stack[operands..];
        let differing_locals = frame
            .locals
            .iter()
            .filter(|&&(slot, bits)| {
                !self.same_value(
                    self.context.stack[locals + slot as usize],
                    Value::from_bits(bits),
                )
            })
            .count();
        let differing_operands = if stack.len() == frame.stack.len() {
            stack
                .iter()
                .zip(&frame.stack)
                .filter(|&(&a, &b)| !self.same_value(a, Value::from_bits(b)))
                .count()
        } else {
            stack.len().max(frame.stack.len())
        };
        let count = differing_locals + differing_operands;
        if count == 0 {
            return None;
        }
        let show = |value: Value| self.describe_for_check(value);
        let rebuilt_locals: Vec<String> = frame
            .locals
            .iter()
            .map(|&(slot, bits)| format!("{slot}={}", show(Value::from_bits(bits))))
            .collect();
        let rerun_locals: Vec<String> = frame
            .locals
            .iter()
            .map(|&(slot, _)| {
                format!(
                    "{slot}={}",
                    show(self.context.stack[locals + slot as usize])
                )
            })
            .collect();
        let rebuilt_stack: Vec<String> = frame
            .stack
            .iter()
            .map(|&bits| show(Value::from_bits(bits)))
            .collect();
        let rerun_stack: Vec<String> = stack.iter().map(|&v| show(v)).collect();
        let how = format!(
            "rebuilt locals [{}] stack [{}]; the interpreter had locals [{}] stack [{}]",
            rebuilt_locals.join(", "),
            rebuilt_stack.join(", "),
            rerun_locals.join(", "),
            rerun_stack.join(", "),
        );
        Some((count, how))
    }

    /// An Integer or a Float (whose operations have no effects while
    /// nobody redefined them).
    fn is_number(&self, value: Value) -> bool {
        let class = self.class_of(value);
        class == self.c.integer || class == self.c.float
    }

    /// The same value, as the check compares (see the module doc).
    fn same_value(&self, a: Value, b: Value) -> bool {
        if a == b {
            return true;
        }
        let (a_float, b_float) = (
            crate::core::integer::float_of(a),
            crate::core::integer::float_of(b),
        );
        if let (Some(x), Some(y)) = (a_float, b_float) {
            return x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan());
        }
        match (a.get::<RString>(), b.get::<RString>()) {
            (Some(x), Some(y)) => *x.bytes() == *y.bytes(),
            _ => false,
        }
    }

    /// A value in a check's report: immediates and Floats by value, other
    /// objects by class.
    fn describe_for_check(&self, value: Value) -> String {
        if let Some(number) = value.as_fixnum() {
            return number.to_string();
        }
        if let Some(x) = crate::core::integer::float_of(value) {
            return format!("{x:?}");
        }
        match value {
            Value::NIL => "nil".into(),
            Value::TRUE => "true".into(),
            Value::FALSE => "false".into(),
            Value::UNDEF => "undef".into(),
            _ => format!("a {}", self.class_name(self.class_of(value))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::MethodBody;
    use crate::vm::VmOptions;

    const SUM: &str =
        "def sum(n)\n  i = 0\n  s = 0.0\n  while i < n\n    s += i\n    i += 1\n  end\n  s\nend\n";

    /// A VM that has run `source`, with the frame of its method `name`
    /// pushed, and the method.
    fn frame_of(source: &str, name: &str) -> (Box<Vm>, Rc<LoadedMethod>) {
        let mut vm = Vm::new(VmOptions::default());
        assert_eq!(
            vm.run_program("verify.rb", source.as_bytes().to_vec(), &[]),
            0
        );
        let name = vm.symbols.intern(name);
        let object = vm.c.object;
        let entry = vm.find_method(object, name).expect("the method");
        let MethodBody::Bytecode(method) = &entry.body else {
            panic!("a Ruby method")
        };
        let method = method.clone();
        vm.push_method_frame(&entry, &method, None, None);
        (vm, method)
    }

    /// The frame at the loop's `i < n` (`n`, `i` and `s` in slots 0, 1
    /// and 2), with `i` = `i`, `s` = `s`, and the operands `i`, `n`.
    fn at_loop_test(
        vm: &mut Vm,
        method: &LoadedMethod,
        n: i64,
        i: i64,
        s: f64,
    ) -> deopt::FrameValues {
        let test = method
            .code
            .insns
            .iter()
            .position(|insn| matches!(insn, Insn::Send(site) if method.code.sites[*site as usize].name == vm.symbols.intern("<")))
            .expect("the loop test");
        let s = vm.new_float(s);
        deopt::FrameValues {
            method: method.id,
            ip: test as u32,
            receiver: vm.main.bits(),
            args: vec![Value::small(n).bits()],
            env: None,
            pending: vec![],
            locals: vec![
                (0, Value::small(n).bits()),
                (1, Value::small(i).bits()),
                (2, s.bits()),
            ],
            stack: vec![Value::small(i).bits(), Value::small(n).bits()],
        }
    }

    #[test]
    fn a_frame_the_interpreter_reaches_is_the_same() {
        let (mut vm, method) = frame_of(SUM, "sum");
        let frame = at_loop_test(&mut vm, &method, 10, 3, 3.0);
        let depth = vm.context.stack.len();
        assert_eq!(vm.verify_rebuilt_frame(&method, &frame), Verdict::Same);
        assert_eq!(vm.context.stack.len(), depth, "the scratch frame is gone");
    }

    #[test]
    fn a_wrong_local_differs() {
        let (mut vm, method) = frame_of(SUM, "sum");
        // After three rounds `s` is 0 + 1 + 2 = 3.0, not 4.0.
        let frame = at_loop_test(&mut vm, &method, 10, 3, 4.0);
        let Verdict::Differs(why) = vm.verify_rebuilt_frame(&method, &frame) else {
            panic!("a frame with s = 4.0 at i = 3 passed");
        };
        assert!(why.contains("2=4.0"), "{why}");
        assert!(why.contains("2=3.0"), "{why}");
    }

    #[test]
    fn a_call_before_the_resume_point_cannot_be_checked() {
        let source = "def twice(x)\n  y = x.to_s\n  y + y\nend\n";
        let (mut vm, method) = frame_of(source, "twice");
        let last = method.code.insns.len() as u32 - 1;
        let x = Value::small(4).bits();
        let frame = deopt::FrameValues {
            method: method.id,
            ip: last,
            receiver: vm.main.bits(),
            args: vec![x],
            env: None,
            locals: vec![],
            pending: vec![],
            stack: vec![],
        };
        assert_eq!(
            vm.verify_rebuilt_frame(&method, &frame),
            Verdict::Unverifiable("a call")
        );
    }
}
