//! How deep a method's operand stack can get: the bound that lets the
//! interpreter push an instruction's result without a capacity check.
//!
//! MRI checks once, as a frame is pushed, that the VM stack has room for
//! the frame's deepest operand stack (`CHECK_VM_STACK_OVERFLOW`, with the
//! `stack_max` its compiler computed); every push after that is a plain
//! store. rhizome does the same: [`Method::max_operand_depth`] runs the
//! operand depth over the code (a worklist from the first instruction and
//! from every exception handler, each with the depth it starts at), and
//! the interpreter checks the room on entering a frame.
//!
//! ```text
//! def f(a) = [a, a + 1]      0 arg a       depth 0 -> 1
//!                            1 arg a       1 -> 2
//!                            2 push 1      2 -> 3    <- deepest: 3
//!                            3 send + 1    3 -> 2
//!                            4 newarray 2  2 -> 1
//!                            5 return      1 -> 0
//! ```
//!
//! Where paths meet, the deeper depth is kept, so the result bounds every
//! path: the compiler leaves the same depth on each (the handlers' depths
//! rely on it), and a path that grew the stack around a loop would make
//! the depth grow without end, which is reported rather than bounded.

use crate::compile::stack_effect;
use crate::method::{HandlerKind, Method};

/// How many times, per instruction, the walk may find a deeper path to
/// it. Paths that meet leave the same depth (or, at worst, a few
/// different ones); a loop that leaves more on the stack each time around
/// would raise its depths forever.
const DEEPER_PATHS_PER_INSTRUCTION: usize = 4;

impl Method {
    /// The most operands this method's code has on the stack at once (the
    /// depth before or after any instruction), or why there is no bound:
    /// an instruction taking more operands than a path leaves, or depths
    /// growing without end around a loop.
    pub fn max_operand_depth(&self) -> Result<u32, String> {
        let mut walk = Walk {
            method: self,
            depth_at: vec![None; self.insns.len()],
            work: Vec::new(),
            raises_left: DEEPER_PATHS_PER_INSTRUCTION * (self.insns.len() + 1),
        };
        if !self.insns.is_empty() {
            walk.reach(0, 0)?;
        }
        for handler in &self.handlers {
            let exception = i64::from(handler.kind == HandlerKind::Rescue);
            walk.reach(
                handler.target as usize,
                i64::from(handler.depth) + exception,
            )?;
        }
        let mut deepest = 0;
        while let Some(at) = walk.work.pop() {
            let depth = walk.depth_at[at].expect("a reached instruction has a depth");
            let insn = &self.insns[at];
            let after = depth + i64::from(stack_effect(insn, &self.sites));
            if after < 0 {
                return Err(format!(
                    "instruction {at} of {:?} takes more operands than it has",
                    self.name
                ));
            }
            deepest = deepest.max(depth).max(after);
            if !insn.ends_flow() {
                walk.reach(at + 1, after)?;
            }
            if let Some(target) = insn.target() {
                walk.reach(target as usize, after)?;
            }
            if let crate::Insn::CaseDispatch(table) = *insn {
                for target in self.case_tables[table as usize].targets() {
                    walk.reach(target as usize, after)?;
                }
            }
        }
        u32::try_from(deepest)
            .map_err(|_| format!("the operand stack of {:?} is too deep", self.name))
    }
}

/// The walk of [`Method::max_operand_depth`]: the deepest depth found so
/// far at each instruction, and the instructions to go on from.
struct Walk<'a> {
    method: &'a Method,
    depth_at: Vec<Option<i64>>,
    work: Vec<usize>,
    raises_left: usize,
}

impl Walk<'_> {
    /// A path reaches instruction `at` with `depth` operands.
    fn reach(&mut self, at: usize, depth: i64) -> Result<(), String> {
        let name = self.method.name;
        let slot = self
            .depth_at
            .get_mut(at)
            .ok_or_else(|| format!("a path of {name:?} runs to {at}, past its end"))?;
        if slot.is_some_and(|known| known >= depth) {
            return Ok(());
        }
        if slot.is_some() {
            self.raises_left = self.raises_left.checked_sub(1).ok_or_else(|| {
                format!("the operand stack of {name:?} grows without end at {at}")
            })?;
        }
        *slot = Some(depth);
        self.work.push(at);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{compile_file, SymbolTable};

    /// The bound of the method named `name` in `source`.
    fn depth_of(source: &str, name: &str) -> u32 {
        let mut symbols = SymbolTable::default();
        let main = compile_file(source.as_bytes(), "t.rb", &mut symbols).expect("compiles");
        let wanted = symbols.intern(name);
        let method = main
            .children
            .iter()
            .find(|child| child.name == wanted)
            .expect("the method");
        method.max_operand_depth().expect("a bound")
    }

    #[test]
    fn an_array_literal_is_as_deep_as_its_elements_and_an_operation() {
        assert_eq!(depth_of("def f(a) = [a, a + 1]", "f"), 3);
    }

    #[test]
    fn a_call_is_as_deep_as_its_receiver_and_arguments() {
        assert_eq!(depth_of("def f(o) = o.g(1, 2, 3, 4)", "f"), 5);
    }

    #[test]
    fn branches_and_loops_keep_their_depth() {
        let source = "def f(n)\n  i = 0\n  while i < n\n    i += 1 if i.odd?\n  end\n  i\nend\n";
        assert_eq!(depth_of(source, "f"), 2);
    }

    #[test]
    fn a_rescue_clause_starts_from_its_handler_depth() {
        let source = "def f(x)\n  [x, begin\n    x.g\n  rescue => e\n    [e, e, e]\n  end]\nend\n";
        assert_eq!(depth_of(source, "f"), 4);
    }

    #[test]
    fn every_method_of_a_program_has_a_bound() {
        let source = "class A\n  def m(*a, k: 1, &b)\n    case a.size\n    when 1 then yield 1, 2\n    when 2 then b.call(*a)\n    else a.each { |x| return x if x }\n    end\n  ensure\n    @x = [1, 2].map { _1 }\n  end\nend\n";
        let mut symbols = SymbolTable::default();
        let main = compile_file(source.as_bytes(), "t.rb", &mut symbols).expect("compiles");
        fn check(method: &crate::Method) {
            method.max_operand_depth().expect("a bound");
            method.children.iter().for_each(|child| check(child));
        }
        check(&main);
    }

    #[test]
    fn an_instruction_taking_more_than_a_path_leaves_is_reported() {
        let mut symbols = SymbolTable::default();
        let main = compile_file(b"def f = 1", "t.rb", &mut symbols).expect("compiles");
        let mut method = (*main.children[0]).clone();
        method.insns.insert(0, crate::Insn::Pop);
        let error = method.max_operand_depth().expect_err("no bound");
        assert!(error.contains("takes more operands"), "{error}");
    }

    #[test]
    fn a_loop_that_grows_the_stack_is_reported() {
        let mut symbols = SymbolTable::default();
        let main = compile_file(b"def f = 1", "t.rb", &mut symbols).expect("compiles");
        let mut method = (*main.children[0]).clone();
        method.insns = vec![crate::Insn::PushSelf, crate::Insn::Jump(0)];
        let error = method.max_operand_depth().expect_err("no bound");
        assert!(error.contains("grows without end"), "{error}");
    }
}
