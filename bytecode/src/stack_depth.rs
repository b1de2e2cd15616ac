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
//!
//! The walk keeps the shallowest depth at each instruction too, and checks
//! that every path leaves at least the operands the instruction takes
//! ([`Method::operands_taken`]; `send + 1` takes two, `dup` one): that is
//! what lets the interpreter pop an operand without checking that there is
//! one, as the bound lets it push one without checking for room.

use crate::compile::stack_effect;
use crate::insn::quickened_sends;
use crate::method::{HandlerKind, Method};
use crate::{DefinedKind, Insn};

/// How many times, per instruction, the walk may find a path to it that
/// leaves a depth outside those known. Paths that meet leave the same
/// depth (or, at worst, a few different ones); a loop that leaves more on
/// the stack each time around would raise its depths forever.
const DEEPER_PATHS_PER_INSTRUCTION: usize = 4;

impl Method {
    /// The most operands this method's code has on the stack at once (the
    /// depth before or after any instruction), or why there is no bound:
    /// an instruction taking more operands than a path leaves, a `load` or
    /// `store` of a local the method does not have, or depths growing
    /// without end around a loop.
    pub fn max_operand_depth(&self) -> Result<u32, String> {
        let mut walk = Walk {
            method: self,
            depths_at: vec![None; self.insns.len()],
            work: Vec::new(),
            raises_left: DEEPER_PATHS_PER_INSTRUCTION * (self.insns.len() + 1),
        };
        if !self.insns.is_empty() {
            walk.reach(0, Depths::exactly(0))?;
        }
        for handler in &self.handlers {
            let exception = i64::from(handler.kind == HandlerKind::Rescue);
            let depth = i64::from(handler.depth) + exception;
            walk.reach(handler.target as usize, Depths::exactly(depth))?;
        }
        let mut deepest = 0;
        while let Some(at) = walk.work.pop() {
            let before = walk.depths_at[at].expect("a reached instruction has depths");
            let insn = &self.insns[at];
            if before.shallowest < i64::from(self.operands_taken(insn)) {
                return Err(format!(
                    "instruction {at} of {:?} takes more operands than a path to it leaves",
                    self.name
                ));
            }
            if let Insn::Load(slot) | Insn::Store(slot) = *insn {
                if slot as usize >= self.locals.len() {
                    return Err(format!(
                        "instruction {at} of {:?} names local {slot} of {}",
                        self.name,
                        self.locals.len()
                    ));
                }
            }
            let effect = i64::from(stack_effect(insn, &self.sites));
            let after = Depths {
                shallowest: before.shallowest + effect,
                deepest: before.deepest + effect,
            };
            deepest = deepest.max(before.deepest).max(after.deepest);
            if !insn.ends_flow() {
                walk.reach(at + 1, after)?;
            }
            if let Some(target) = insn.target() {
                walk.reach(target as usize, after)?;
            }
            if let Insn::CaseDispatch(table) = *insn {
                for target in self.case_tables[table as usize].targets() {
                    walk.reach(target as usize, after)?;
                }
            }
        }
        u32::try_from(deepest)
            .map_err(|_| format!("the operand stack of {:?} is too deep", self.name))
    }
}

impl Method {
    /// How many operands `insn` takes from the top of the stack (pops, or
    /// reads in place: `dup` takes one and leaves two). With
    /// [`crate::compile`]'s net effect of each instruction, it says how
    /// many it pushes.
    pub fn operands_taken(&self, insn: &Insn) -> u32 {
        match *insn {
            Insn::Jump(_)
            | Insn::GetSpecial(_)
            | Insn::GetIvar(_)
            | Insn::GetCvar(_)
            | Insn::LoadEnv { .. }
            | Insn::BlockParam
            | Insn::BlockProxy
            | Insn::Lambda(_)
            | Insn::EndEnsure
            | Insn::PushSelf
            | Insn::Arg(_)
            | Insn::HasArg(_)
            | Insn::Load(_)
            | Insn::Push(_)
            | Insn::OptArgs(_)
            | Insn::GetConst(_)
            | Insn::GetGlobal(_)
            | Insn::DefineMethod(_)
            | Insn::Unsupported(_) => 0,
            Insn::Defined {
                kind: DefinedKind::PublicMethod | DefinedKind::ScopedConstant,
                ..
            } => 1,
            Insn::Defined { .. } => 0,
            Insn::Not
            | Insn::ToS
            | Insn::ToRegexp(_)
            | Insn::SetLastMatch
            | Insn::GetConstFrom(_)
            | Insn::DefineModule(_)
            | Insn::OpenSingleton(_)
            | Insn::DefineSingletonMethod(_)
            | Insn::SetConst(_)
            | Insn::SetGlobal(_)
            | Insn::SetIvar(_)
            | Insn::SetCvar(_)
            | Insn::StoreEnv { .. }
            | Insn::BreakBlock
            | Insn::ReturnFromBlock
            | Insn::Reraise
            | Insn::BranchNil(_)
            | Insn::Undef
            | Insn::Destructure { .. }
            | Insn::YieldSplat { .. }
            | Insn::Dup
            | Insn::Store(_)
            | Insn::Branch { .. }
            | Insn::Return
            | Insn::Pop
            | Insn::CaseDispatch(_) => 1,
            Insn::DefineClass(_)
            | Insn::SetConstIn(_)
            | Insn::RescueMatch
            | Insn::ArrayAppend
            | Insn::ArrayConcat
            | Insn::CheckMatch { .. }
            | Insn::NewRange { .. }
            | Insn::Alias => 2,
            Insn::NewHash(pairs) => 2 * pairs,
            Insn::Yield { argc, .. } => argc,
            Insn::NewArray(n) | Insn::Concat(n) | Insn::NewArrayExtremum { count: n, .. } => n,
            Insn::InvokeSuper(site) | Insn::Send(site) | quickened_sends!(site) => {
                self.sites[site as usize].popped() as u32
            }
        }
    }
}

/// The shallowest and the deepest operand stack the paths found so far
/// leave at an instruction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Depths {
    shallowest: i64,
    deepest: i64,
}

impl Depths {
    fn exactly(depth: i64) -> Depths {
        Depths {
            shallowest: depth,
            deepest: depth,
        }
    }

    /// Both paths' depths in one range.
    fn join(self, other: Depths) -> Depths {
        Depths {
            shallowest: self.shallowest.min(other.shallowest),
            deepest: self.deepest.max(other.deepest),
        }
    }
}

/// The walk of [`Method::max_operand_depth`]: the depths found so far at
/// each instruction, and the instructions to go on from.
struct Walk<'a> {
    method: &'a Method,
    depths_at: Vec<Option<Depths>>,
    work: Vec<usize>,
    raises_left: usize,
}

impl Walk<'_> {
    /// A path reaches instruction `at` leaving `depths` operands.
    fn reach(&mut self, at: usize, depths: Depths) -> Result<(), String> {
        let name = self.method.name;
        let slot = self
            .depths_at
            .get_mut(at)
            .ok_or_else(|| format!("a path of {name:?} runs to {at}, past its end"))?;
        let joined = slot.map_or(depths, |known| known.join(depths));
        if *slot == Some(joined) {
            return Ok(());
        }
        if slot.is_some() {
            self.raises_left = self.raises_left.checked_sub(1).ok_or_else(|| {
                format!("the operand stack of {name:?} grows without end at {at}")
            })?;
        }
        *slot = Some(joined);
        self.work.push(at);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{compile_file, SymbolTable};

    /// The bound of the method named `name` in `source`.
    fn depth_of(source: &str, name: &str) -> u32 {
        crate::method_in(source, name)
            .max_operand_depth()
            .expect("a bound")
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
        let mut method = crate::method_in("def f = 1", "f");
        method.insns.insert(0, crate::Insn::Pop);
        let error = method.max_operand_depth().expect_err("no bound");
        assert!(error.contains("takes more operands"), "{error}");
    }

    #[test]
    fn no_instruction_pushes_a_negative_count() {
        let source = "class A\n  def m(*a, k: 1, &b)\n    x, *y = a\n    h = { k => y, 1 => 2 }\n    s = \"#{x}-#{h}\"\n    raise unless defined?(x.foo) && A::B\n    yield s, [*a, *y]\n  rescue TypeError, ArgumentError => e\n    /#{s}/ =~ s ? $~ : (1..k)\n  end\n  alias n m\nend\n";
        let mut symbols = SymbolTable::default();
        let main = compile_file(source.as_bytes(), "t.rb", &mut symbols).expect("compiles");
        fn check(method: &crate::Method) {
            for insn in &method.insns {
                let effect = crate::compile::stack_effect(insn, &method.sites);
                let pushed = i64::from(method.operands_taken(insn)) + i64::from(effect);
                assert!(pushed >= 0, "{insn:?} takes fewer than it removes");
            }
            method.children.iter().for_each(|child| check(child));
        }
        check(&main);
    }

    #[test]
    fn a_path_leaving_too_few_operands_is_reported() {
        let mut method = crate::method_in("def f = 1", "f");
        // The branch's path reaches the `pop` with nothing on the stack,
        // the other with two: the deepest depth would allow the `pop`,
        // the shallowest does not.
        method.insns = vec![
            crate::Insn::PushSelf,
            crate::Insn::Branch {
                target: 4,
                profile: 0,
            },
            crate::Insn::PushSelf,
            crate::Insn::PushSelf,
            crate::Insn::Pop,
            crate::Insn::Return,
        ];
        let error = method.max_operand_depth().expect_err("no bound");
        assert!(error.contains("takes more operands"), "{error}");
    }

    #[test]
    fn a_local_the_method_lacks_is_reported() {
        let mut method = crate::method_in("def f(x) = x", "f");
        let slot = method.locals.len() as u32;
        method.insns.insert(0, crate::Insn::Load(slot));
        method.insns.insert(1, crate::Insn::Pop);
        let error = method.max_operand_depth().expect_err("no bound");
        assert!(error.contains("names local"), "{error}");
    }

    #[test]
    fn a_loop_that_grows_the_stack_is_reported() {
        let mut method = crate::method_in("def f = 1", "f");
        method.insns = vec![crate::Insn::PushSelf, crate::Insn::Jump(0)];
        let error = method.max_operand_depth().expect_err("no bound");
        assert!(error.contains("grows without end"), "{error}");
    }
}
