//! `casedispatch`: a `case` whose `when`s are all literals jumps through a
//! table instead of testing them one by one (MRI's `opt_case_dispatch`).
//!
//! ```ruby
//! case code            # load %tmp0; casedispatch 1=>9 2=>12 :x=>15 else=>18
//! when 1 then :one     # the `when` checks follow, as without the table
//! when 2 then :two
//! when :x then :ex
//! end
//! ```
//!
//! `pattern === subject` for a literal pattern is equality of values, so a
//! hash of the literals answers every `when` at once: a subject that is an
//! Integer, a Float, a Symbol, a String, nil, true or false either equals
//! one of them (the body of its first `when`) or none (the `else`). That
//! holds while `===` of the literals' classes is the core's; once a program
//! redefines one (or for any other subject, whose `==` the core's `===`
//! may call), the instruction falls through to the checks, which call
//! `===` as Ruby says.
//!
//! Keys follow the core's `===`: `1 == 1.0`, so an integral Float looks
//! up as its Integer (a Float literal too); a String matches by bytes, and
//! one that is not ASCII only in the encoding of the literal.

use crate::case_table::{CaseKey, CaseLookup};
use crate::core::integer::float_of;
use crate::encoding::Encoding;
use crate::method::LoadedMethod;
use crate::object::{RBignum, RString};
use crate::value::Value;
use crate::vm::Vm;

impl Vm {
    /// Runs `casedispatch table` of `method` on `subject`: the instruction
    /// to jump to, or None to go on to the `when` checks.
    pub(crate) fn case_dispatch(
        &self,
        method: &LoadedMethod,
        table: u32,
        subject: Value,
    ) -> Option<u32> {
        // The subject classified once: a String (looked up by its bytes),
        // a key, or neither (its `==` may decide: the checks run).
        let string = subject.get::<RString>();
        let key = match string {
            Some(_) => None,
            None => Some(self.case_key(subject)?),
        };
        if !self.case_tables_decide() {
            return None;
        }
        let lookup = method
            .case_lookups
            .get(table as usize)?
            .get_or_init(|| CaseLookup::new(&method.code, table));
        if let Some(string) = string {
            let bytes = string.bytes();
            let Some((target, literal)) = lookup.string_target(&bytes) else {
                return Some(lookup.otherwise);
            };
            // Equal bytes are an equal String when ASCII, else only in
            // the literal's encoding.
            let encoding: Encoding = method.code.literal_encoding(literal as usize).into();
            if string.encoding() != encoding && !bytes.is_ascii() {
                return None;
            }
            return Some(target);
        }
        key.map(|key| lookup.target(&key))
    }

    /// Whether `===` of every class a case table's literals can be of
    /// (Integer, Float, Symbol, String, nil, true, false) is the core's,
    /// so that a table answers for all their `when`s.
    pub(crate) fn case_tables_decide(&self) -> bool {
        let classes = [
            self.c.integer,
            self.c.float,
            self.c.symbol,
            self.c.string,
            self.c.nil,
            self.c.true_class,
            self.c.false_class,
        ];
        let natives =
            self.core_methods_stand(&self.native_case_equalities, classes, self.sym.case_eq);
        !natives.contains(&false)
    }

    /// The key a subject other than a String looks up as.
    fn case_key(&self, subject: Value) -> Option<CaseKey> {
        if subject.is_fixnum() {
            Some(CaseKey::Integer(subject.fixnum_value()))
        } else if subject.is_nil() {
            Some(CaseKey::Nil)
        } else if subject == Value::TRUE {
            Some(CaseKey::True)
        } else if subject == Value::FALSE {
            Some(CaseKey::False)
        } else if let Some(sym) = subject.as_symbol() {
            Some(CaseKey::Symbol(sym))
        } else if let Some(f) = float_of(subject) {
            Some(CaseKey::of_float(f))
        } else {
            subject
                .get::<RBignum>()
                .map(|big| CaseKey::Bignum(big.value.clone()))
        }
    }
}
