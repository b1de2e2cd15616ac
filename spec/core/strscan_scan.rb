# StringScanner (strscan 3.0.1): scanning at and after the scan pointer,
# the last match and its groups, moving the pointer, inspect, and the
# errors, ending with an uncaught StringScanner::Error.
require "strscan"

def try(label)
  result = yield
  puts "#{label}: #{result.inspect}"
rescue StandardError => e
  puts "#{label}: #{e.class}: #{e.message}"
end

s = StringScanner.new("test string here")
try(:scan) { s.scan(/\w+/) }
try(:state) { [s.pre_match, s.post_match, s.matched, s.matched_size, s.pos, s.matched?] }
try(:no_match) { s.scan(/\w+/) }
try(:after_fail) { [s.matched?, s.matched, s.pre_match, s.post_match, s[0], s.size, s.captures, s.matched_size] }
try(:scan_until) { s.scan_until(/str/) }
try(:state) { [s.pre_match, s.post_match, s.matched, s.matched_size, s.pos, s[0], s.size, s.captures] }
try(:string_pattern) { s.scan("ing") }
try(:inspect) { s.inspect }
try(:unscan) { s.unscan.pos }
try(:peek) { [s.peek(3), s.peek(0), s.peek(100)] }
try(:rest) { [s.rest, s.rest_size, s.rest?, s.eos?] }
try(:skip) { s.skip(/ing /) }
try(:skip_until) { s.skip_until(/e/) }
try(:check) { [s.check(/re/), s.pos, s.matched] }
try(:check_until) { [s.check_until(/e/), s.pos, s.matched, s.pre_match] }
try(:match?) { [s.match?(/r/), s.match?(/x/), s.pos] }
try(:exist?) { [s.exist?(/e/), s.exist?(/z/), s.pos] }
try(:scan_full) { [s.scan_full(/r/, false, true), s.pos, s.scan_full(/r/, true, false), s.pos] }
try(:search_full) { [s.search_full(/e/, false, false), s.pos, s.search_full(/e/, true, true), s.pos] }
try(:eos) { [s.eos?, s.rest, s.rest_size, s.scan(/./), s.getch, s.get_byte, s.peek(2), s.inspect] }

# Groups: numbered, named (the last of a name that took part), negative.
s = StringScanner.new("ab(cd)")
try(:groups) { s.scan(/(?<x>a)(?<y>z)?(b)?/) }
try(:refs) { [s[:x], s["x"], s[:y], s[0], s[1], s[2], s[3], s[-1], s[-3], s[-4], s.size] }
try(:captures) { [s.captures, s.values_at(0, 1, -1, 9, :x)] }
try(:bad_name) { s[:nope] }
try(:bad_name_string) { s["nope"] }
try(:bad_index) { s[nil] }
try(:float_index) { s[1.9] }
try(:after_string) { s.scan("("); [s[:x], s[0], s[1], s.size, s.captures] }
s = StringScanner.new("2024-06-30")
s.scan(/(\d+)-(\d+)(-(\d+))?(x)?/)
try(:numbered) { [s[1], s[2], s[4], s[5], s.captures, s.size] }
s = StringScanner.new("ab")
s.scan(/(?<n>a)|(?<n>b)/)
try(:dup_name) { s[:n] }
s.scan(/(?<n>a)|(?<n>b)/)
try(:dup_name2) { s[:n] }

# getch and get_byte work on characters and bytes; positions are bytes.
s = StringScanner.new("héllo wörld")
try(:multibyte) { [s.scan(/h./), s.pos, s.charpos] }
try(:inspect_mb) { s.inspect }
try(:get_byte) { [s.get_byte, s.pos, s.inspect] }
try(:getch) { [s.getch, s.getch, s.scan(/./), s.matched, s.pre_match] }
try(:inspect_mb2) { s.inspect }
try(:peek_bytes) { [StringScanner.new("a\u3042").peek(2).bytes, StringScanner.new("\u3042").getch] }

# Anchors: \A and ^ match at the pointer, look-behind sees nothing
# before it; with fixed_anchor: true they see the whole string.
s = StringScanner.new("line1\nline2\n")
try(:bol) { [s.bol?, s.scan(/line/), s.beginning_of_line?, s.scan(/1\n/), s.bol?] }
try(:caret) { [s.scan(/^line/), s.scan(/\A2/), s.scan(/$/), s.matched?, s.scan(/\n/)] }
try(:end) { [s.pos, s.eos?, s.bol?, s.scan(/$/), s.scan(/\z/), s.scan_until(/$/)] }
s = StringScanner.new("abcabc")
s.pos = 3
try(:anchor) { [s.scan(/\Aabc/), s.pos] }
s.pos = 3
try(:lookbehind) { s.scan(/(?<=c)abc/) }
s = StringScanner.new("abcabc", fixed_anchor: true)
s.pos = 3
try(:fixed) { [s.fixed_anchor?, s.scan(/\Aabc/), s.scan(/(?<=c)abc/), s.pre_match, s.matched] }
try(:not_fixed) { StringScanner.new("x").fixed_anchor? }

# Moving the pointer.
s = StringScanner.new("test string")
try(:pos=) { [s.pos = 7, s.rest, s.pointer] }
try(:neg_pos) { s.pos = -3; [s.pos, s.rest] }
try(:send_pos) { s.send(:pos=, -2) }
try(:float_pos) { s.pos = 2.7; s.pos }
try(:pointer=) { s.pointer = 4; s.rest }
try(:reset) { s.scan(/ /); s.reset; [s.pos, s.matched?] }
try(:terminate) { [s.terminate.pos, s.eos?, s.matched?] }
try(:string=) { [s.string = "new", s.pos, s.string] }
try(:concat) { s << "er"; s.concat("!"); s.string }
str = +"shared"
s = StringScanner.new(str)
s.scan(/sha/)
str << " text"
try(:shared) { [s.rest, s.string.equal?(str)] }
str.replace("s")
try(:shrunk) { [s.eos?, s.rest, s.rest_size, s.scan(/a/), s.bol?, s.inspect, s.peek(1), s.getch] }

# inspect.
try(:inspect_start) { StringScanner.new("abcdefghij").inspect }
try(:inspect_mid) { x = StringScanner.new("abcdefghij"); x.pos = 3; x.inspect }
try(:inspect_esc) { x = StringScanner.new("ab\ncd\"ef\#{x}"); x.pos = 3; x.inspect }
try(:inspect_short) { [StringScanner.new("a").inspect, StringScanner.new("").inspect] }
class MyScanner < StringScanner; end
try(:inspect_sub) { MyScanner.new("xy").inspect }

# Odd matches.
try(:empty_match) { x = StringScanner.new("aaa"); [x.scan(/a*?/), x.pos, x.scan(//), x.skip(/a*/)] }
try(:skip_string) { x = StringScanner.new("abc"); [x.skip("ab"), x.match?("c"), x.check("c"), x.scan("c"), x.scan("")] }
try(:string_regs) { x = StringScanner.new("abc"); x.scan("ab"); [x.pre_match, x.post_match, x.matched, x[0], x[1], x.size, x.captures] }
try(:getch_regs) { x = StringScanner.new("abc"); x.scan(/(a)(b)?/); x.getch; [x.matched, x.size, x.captures, x[1]] }
try(:failed_regs) { x = StringScanner.new("abc"); x.scan(/(x)(y)/); x.scan("a"); [x.size, x.captures] }
try(:dup) { x = StringScanner.new("abc"); x.scan(/(?<a>a)/); y = x.dup; [y.pos, y.matched, y[:a], y.fixed_anchor?] }
try(:unscan_getch) { x = StringScanner.new("abc"); x.getch; x.unscan.pos }
try(:no_groups) { x = StringScanner.new("abc"); [x.size, x.captures, x[0], x.matched_size, x.values_at(0), x.pre_match] }

# Errors.
s = StringScanner.new("abc")
try(:scan_int) { s.scan(5) }
try(:scan_nil) { s.scan(nil) }
try(:until_string) { s.scan_until("b") }
try(:until_nil) { s.skip_until(nil) }
try(:exist_string) { s.exist?("a") }
try(:negative_peek) { s.peek(-1) }
try(:peek_nil) { s.peek(nil) }
try(:pos_range) { s.pos = 100 }
try(:pos_neg_range) { s.pos = -4 }
try(:pos_nil) { s.pos = nil }
try(:pos_string) { s.pos = "1" }
try(:new_int) { StringScanner.new(5) }
try(:new_keyword) { StringScanner.new("x", foo: 1) }
try(:string_int) { s.string = 5 }
try(:concat_int) { s.concat(5) }
try(:unscan) { s.unscan }
try(:classes) { [StringScanner::Error.superclass, ScanError, StringScanner::Version, StringScanner.must_C_version] }

# Errors are reported from the method called, as MRI's C methods are.
s = StringScanner.new("abc")
s.scan(/(?<a>a)/)
begin
  s.values_at(0, :nope)
rescue IndexError => e
  p e.backtrace
end
begin
  s.values_at(nil)
rescue TypeError => e
  p e.backtrace
end
begin
  s.scan_until("b")
rescue TypeError => e
  p e.backtrace
end
begin
  StringScanner.new(3)
rescue TypeError => e
  p e.backtrace
end

# The obsolete names warn when $VERBOSE.
s = StringScanner.new("ab")
$VERBOSE = true
try(:obsolete) { [s.peep(1), s.getbyte, s.restsize, s.empty?, s.clear.pos] }
$VERBOSE = false
try(:quiet) { [s.reset.peep(1), s.getbyte, s.restsize, s.empty?, s.clear.pos] }

s = StringScanner.new("xyz")
s.scan(/x/)
s.unscan
s.unscan
