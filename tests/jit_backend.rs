//! Snapshot tests of the back end: the LIR lowering makes of a compiled
//! method (explicit tags, fused compare-and-jumps, deoptimisation sites
//! with the maps they roll back to), compared with inline snapshots as the
//! pass tests in `jit_passes.rs` compare graphs.

use rhizome::compiled::lir_after_run;

/// The seed's `add`: two kind guards and a checked add on the fixnums
/// (`(a - 1) + b`, whose overflow flag is the range check). With no side
/// effect before them, all three sites roll back to index 0, whose map is
/// the method's entry (receiver and arguments).
#[test]
fn guards_before_any_side_effect_roll_back_to_the_entry() {
    let lir = lir_after_run(
        "def add(a, b)\n  a + b\nend\n2000.times { |i| add(i, 1) }\n",
        "add",
    );
    insta::assert_snapshot!(lir, @r"
    b0:
      v0 = param self
      v1 = param arg 0
      v2 = param arg 1
      guard v1 & 0x1 != 0 else site 0
      guard v2 & 0x1 != 0 else site 1
      v7 = sub v1, 0x1
      v6 = tagged_add v7, v2 check site 2
      return v6
    site 0: kind fixnum -> @0 [v0, v1, v2]
    site 1: kind fixnum -> @0 [v0, v1, v2]
    site 2: overflow -> @0 [v0, v1, v2]
    ");
}

/// A loop counting to `n`: the condition is fused into the branch (`gt`
/// on the two fixnums: they compare as their integers do, no Bool value),
/// the counter's phi is a block parameter passed by the jumps and stays a
/// fixnum (`tagged_add v3, 0x2` is `i += 1`: nothing is untagged or
/// tagged), and the back edge polls for invalidation (rolling back, like
/// the guards, to the loop's test at @15).
#[test]
fn a_loop_condition_is_a_compare_and_jump() {
    let lir = lir_after_run(
        "def count(n)\n  i = 0\n  while i < n\n    i += 1\n  end\n  i\nend\n20.times { count(100) }\n",
        "count",
    );
    insta::assert_snapshot!(lir, @r"
    b0:
      v0 = param self
      v1 = param arg 0
      jump b1(0x1)
    b1(v3):
      guard v1 & 0x1 != 0 else site 0
      branch v1 gt v3 ? b2 : b3
    b2:
      v6 = add v3, 0x2
      poll site 1
      jump b1(v6)
    b3:
      return v3
    site 0: kind fixnum -> @11 [v0, v1, v1, v3, v3, v1]
    site 1: invalidated -> @11 [v0, v1, v1, v3, v3, v1]
    ");
}

/// A recursive call to a Ruby method whose receiver's class is guarded is
/// unrolled three times: each inlined copy tests its own `n == 0` on the fixnum
/// `n - 1` (the arithmetic works on fixnums, `tagged_sub`, and nothing is
/// untagged). The innermost copy's recursive call is made only past
/// `count`'s guard clause, inlined (an `n - 1` of 0 gives 0 without the
/// call: early exit). It is a native call, which
/// tries the callee's compiled code first and goes through the runtime
/// (`call_direct`, no lookup) while it has none; after its receiver and
/// argument it passes the values of the inlined frames it does not pass
/// already (`v4`, `v6`, `v8`: each frame's `n`), which name them in
/// backtraces. A poll follows the call, resuming after it with its result,
/// and the sites after it rebuild all four frames (`@17 @17 @17 @19`: the
/// outer frames wait in their calls).
#[test]
fn a_recursive_call_is_unrolled_three_times_then_a_native_call() {
    let lir = lir_after_run(
        "def count(n)\n  if n == 0\n    0\n  else\n    count(n - 1) + 1\n  end\nend\n2000.times { count(3) }\n",
        "count",
    );
    insta::assert_snapshot!(without_class_words(&lir), @r"
    b0:
      v0 = param self
      v1 = param arg 0
      guard v1 & 0x1 != 0 else site 0
      branch v1 ne 0x1 ? b1 : b14
    b1:
      v4 = tagged_sub v1, 0x2 check site 1
      guard kind v0 Heap { offset: 8, word: CLASS, byte: false } else site 2
      branch v4 ne 0x1 ? b2 : b12
    b2:
      v6 = tagged_sub v4, 0x2 check site 3
      branch v6 ne 0x1 ? b3 : b10
    b3:
      v8 = tagged_sub v6, 0x2 check site 4
      branch v8 ne 0x1 ? b4 : b8
    b4:
      v10 = tagged_sub v8, 0x2 check site 5
      branch v10 ne 0x1 ? b5 : b6
    b5:
      v11 = call native recursive or call_direct(ctx, 0x0, 0x800000010000000d, 0x2, [v0, v10, v4, v6, v8]) pending
      poll site 6
      jump b7(v11)
    b6:
      jump b7(0x1)
    b7(v12):
      guard v12 & 0x1 != 0 else site 7
      v15 = tagged_add v12, 0x2 check site 8
      jump b9(v15)
    b8:
      jump b9(0x1)
    b9(v16):
      v19 = tagged_add v16, 0x2 check site 9
      jump b11(v19)
    b10:
      jump b11(0x1)
    b11(v20):
      v23 = tagged_add v20, 0x2 check site 10
      jump b13(v23)
    b12:
      jump b13(0x1)
    b13(v24):
      v27 = tagged_add v24, 0x2 check site 11
      jump b15(v27)
    b14:
      jump b15(0x1)
    b15(v28):
      return v28
    site 0: kind fixnum -> @0 [v0, v1]
    site 1: overflow -> @0 [v0, v1]
    site 2: kind Object -> @0 [v0, v1]
    site 3: overflow -> @0 [v0, v1]
    site 4: overflow -> @0 [v0, v1]
    site 5: overflow -> @0 [v0, v1]
    site 6: invalidated -> @13 @13 @13 @13 after call [v0, v1, v0, v4, v0, v6, v0, v8]
    site 7: kind fixnum -> @13 @13 @13 @15 [v0, v1, v0, v4, v0, v6, v0, v8, v12, 0x3]
    site 8: overflow -> @13 @13 @13 @15 [v0, v1, v0, v4, v0, v6, v0, v8, v12, 0x3]
    site 9: overflow -> @13 @13 @15 [v0, v1, v0, v4, v0, v6, v16, 0x3]
    site 10: overflow -> @13 @15 [v0, v1, v0, v4, v20, 0x3]
    site 11: overflow -> @15 [v0, v1, v24, 0x3]
    ");
}

/// The LIR with class addresses (long numbers that change from run to
/// run) as `CLASS`; small words (kind bytes) stay.
fn without_class_words(lir: &str) -> String {
    let mut out = String::new();
    let mut rest = lir;
    while let Some(at) = rest.find("word: ") {
        let (before, after) = rest.split_at(at + "word: ".len());
        out.push_str(before);
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        out.push_str(if digits > 2 {
            "CLASS"
        } else {
            &after[..digits]
        });
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// A method with `rescue`: its call does not return a pending transfer
/// (`pending` is gone); a `transfer` checks the result and hands the frame,
/// as it is at the call, to the interpreter's handlers. (The `$!` it saves
/// first is a table read.)
#[test]
fn a_call_in_a_method_with_rescue_has_a_transfer_site() {
    let lir = lir_after_run(
        "def parse(s)\n  Integer(s)\nrescue ArgumentError\n  0\nend\n2000.times { |i| parse(i.to_s) }\n",
        "parse",
    );
    insta::assert_snapshot!(without_class_words(&lir), @r"
    b0:
      v0 = param self
      v1 = param arg 0
      v2 = call global_get(0x13)
      guard kind v0 Heap { offset: 8, word: CLASS, byte: false } else site 0
      v3 = call call_core(ctx, 0x0, 0x8000000000000006, 0x2, [v0, v1])
      transfer v3 site 1
      poll site 2
      return v3
    site 0: kind Object -> @0 [v0, v1]
    site 1: transfer -> @6 transfer [v0, v1, v2]
    site 2: invalidated -> @6 after call [v0, v1, v2]
    ");
}

/// Instance variables of a small object live in its cell: after the shape
/// guard (fused: the shape is loaded only from an object, else it is -1),
/// `@a` is one load, and `@a = ...` a frozen test and one store. A write
/// that adds `@b` also stores the new shape and slot count.
#[test]
fn embedded_instance_variables_are_loads_and_stores() {
    let lir = lir_after_run(
        "class P\n  def initialize = @a = 1\n  def grow\n    @b = @a\n  end\nend\n2000.times { P.new.grow }\n",
        "grow",
    );
    insta::assert_snapshot!(without_class_words(&lir), @r"
    b0:
      v0 = param self
      v1 = load_shape v0 [16] if Heap { offset: 0, word: 1, byte: true }
      guard v1 eq 0x7 else site 0
      v2 = load [v0 + 24]
      guard kind v0 Heap { offset: 8, word: CLASS, byte: false } else site 1
      v3 = load [v0 + 0]
      guard v3 & 0x200 == 0 else site 2
      store [v0 + 32], v2
      store32 [v0 + 16], 0x8
      store32 [v0 + 20], 0x2
      return v2
    site 0: shape -> @0 [v0]
    site 1: kind P -> @0 [v0]
    site 2: frozen -> @0 [v0]
    ");
}

/// An Array's elements are read and written in place: after the kind and
/// bounds guards, `a[i]` loads the Array's buffer and then the element,
/// and `a[i] = ...` tests the frozen bit and stores into the buffer. The
/// length is one load too. No helper is called.
#[test]
fn array_elements_are_loads_and_stores() {
    let lir = lir_after_run(
        "def bump(a, i)\n  a[i] = a[i] + 1\nend\n2000.times { bump([1, 2], 1) }\n",
        "bump",
    );
    insta::assert_snapshot!(without_class_words(&lir), @r"
    b0:
      v0 = param self
      v1 = param arg 0
      v2 = param arg 1
      guard kind v1 Heap { offset: 8, word: CLASS, byte: false } else site 0
      guard v2 & 0x1 != 0 else site 1
      v3 = load [v1 + 32]
      v4 = untag v2
      guard v2 ge 0x1 else site 2
      guard v4 lt v3 else site 3
      v6 = load [v1 + 24]
      v5 = load [v6 + 8*v4 + 0]
      guard v5 & 0x1 != 0 else site 4
      v9 = tagged_add v5, 0x2 check site 5
      v10 = load [v1 + 0]
      guard v10 & 0x200 == 0 else site 6
      v11 = load [v1 + 24]
      store [v11 + 8*v4 + 0], v9
      return v9
    site 0: kind Array -> @0 [v0, v1, v2]
    site 1: kind fixnum -> @0 [v0, v1, v2]
    site 2: bounds -> @0 [v0, v1, v2]
    site 3: bounds -> @0 [v0, v1, v2]
    site 4: kind fixnum -> @0 [v0, v1, v2]
    site 5: overflow -> @0 [v0, v1, v2]
    site 6: frozen -> @0 [v0, v1, v2]
    ");
}

/// `s[i]` of a String and an Integer: after the kind guards, one call of
/// the `string_char_at` helper, which makes the character's String
/// without a frame (nil outside the String).
#[test]
fn a_string_index_is_a_helper_call() {
    let lir = lir_after_run(
        "def at(s, i) = s[i]\n2000.times { |i| at(\"abc\", i % 4) }\n",
        "at",
    );
    insta::assert_snapshot!(without_class_words(&lir), @r"
    b0:
      v0 = param self
      v1 = param arg 0
      v2 = param arg 1
      guard kind v1 Heap { offset: 8, word: CLASS, byte: false } else site 0
      guard v2 & 0x1 != 0 else site 1
      v3 = untag v2
      v4 = call string_char_at(ctx, v1, v3)
      return v4
    site 0: kind String -> @0 [v0, v1, v2]
    site 1: kind fixnum -> @0 [v0, v1, v2]
    ");
}

/// Float arithmetic unboxes its operands and boxes its result inline:
/// a flonum is decoded and made by a few shifts and masks in the compiled
/// code, and the runtime is called only for a heap Float (a helper named
/// after the instruction's `else`), not for every value.
#[test]
fn floats_are_boxed_and_unboxed_inline() {
    let lir = lir_after_run(
        "def mul(a, b) = a * b\n2000.times { |i| mul(i * 0.5, 1.5) }\n",
        "mul",
    );
    let floats: Vec<&str> = lir
        .lines()
        .map(str::trim)
        .filter(|line| line.contains("float") || line.contains("call"))
        .collect();
    insta::assert_snapshot!(floats.join("\n"), @r"
    v3 = unbox_float v2 (else call unbox_float)
    v4 = unbox_float v1 (else call unbox_float)
    v5 = float_mul v4, v3
    v6 = box_float v5 (else call box_float)
    ");
}

/// `walk(i + 1, &block)` of a block parameter only passed on: the send
/// passes the frame's block (`BLOCK_FORWARD`, no Proc, no operand), so it
/// can still be bound to `walk` and called natively, with the caller's
/// block in the callee's activation record. The `yield` calls the frame's
/// block through a helper of its own, and nothing else reads the block (a
/// read would materialise the frame of a native call).
#[test]
fn a_forwarded_block_is_passed_by_a_native_call() {
    let lir = lir_after_run(
        "def walk(i, &block)\n  return if i == 0\n  yield i\n  walk(i - 1, &block)\nend\n300.times { walk(3) { } }\n",
        "walk",
    );
    let calls: Vec<&str> = lir
        .lines()
        .filter(|line| line.contains("call "))
        .map(str::trim)
        .collect();
    insta::assert_snapshot!(without_class_words(&calls.join("\n")), @r"
    v3 = call yield_block(ctx, 0x1b8, 0xb, 0x1, [v1]) pending
    v6 = call native with block or call_direct(ctx, 0x0, 0x8000000000000011, 0x2, [v0, v5]) pending
    site 1: invalidated -> @11 after call [v0, v1, v1]
    site 4: invalidated -> @17 after call [v0, v1]
    ");
}

/// `when :num` while `Symbol#===` is the core's: an identity test, fused
/// into the branch as one compare with the Symbol's word.
#[test]
fn a_symbol_when_is_an_identity_compare() {
    let lir = lir_after_run(
        "def kind(t)\n  case t\n  when :num then 1\n  else 2\n  end\nend\n300.times { kind(:num); kind(:x) }\n",
        "kind",
    );
    let branches: Vec<&str> = lir
        .lines()
        .filter(|line| line.contains("branch"))
        .map(str::trim)
        .collect();
    // The Symbol's word depends on how many names were interned before.
    let symbol = format!("0x{:x}", symbol_bits(&lir));
    insta::assert_snapshot!(branches.join("\n").replace(&symbol, "SYMBOL"), @"branch v1 eq SYMBOL ? b1 : b2");
}

/// The immediate a `branch ... eq 0x...` compares with.
fn symbol_bits(lir: &str) -> u64 {
    let at = lir.find("eq 0x").expect("a compare with an immediate") + "eq 0x".len();
    let digits: String = lir[at..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    let bits = u64::from_str_radix(&digits, 16).expect("hex digits");
    assert_eq!(bits & 0xff, 0x0c, "a static Symbol's tag");
    bits
}
