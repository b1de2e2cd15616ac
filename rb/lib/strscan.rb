# StringScanner, the standard library's (MRI 3.1 loads strscan 3.0.1 with
# `require "strscan"`): lexical scanning of a String by a byte position,
# with MRI's methods, return values, quirks and messages. Patterns are
# Regexps, or Strings where MRI takes them (the methods that match at the
# position). Without `fixed_anchor: true` a Regexp sees only the rest of
# the string (`\A` and `^` match at the position), as in MRI.
#
# Matching is rhizome's `__strscan_match` (src/core/regexp.rs), which
# answers the byte offsets of the match and its groups; the scanner keeps
# them, as MRI keeps its match registers. Left out: a scanner made with
# `allocate` and never initialized (MRI's "uninitialized StringScanner
# object"), and Regexps at a position inside a multi-byte character
# (they never match there) or on a String that is not valid UTF-8
# (rhizome's Regexps raise ArgumentError on one).

class StringScanner
  class Error < StandardError
  end

  Version = "3.0.1".freeze
  Id = "$Id$".freeze

  def self.must_C_version
    self
  end

  def initialize(string, dup = false, fixed_anchor: false)
    @string = __string_value(string)
    @curr = 0
    @prev = 0
    @matched = false
    @regs = nil
    @nregs = 0
    @regex = nil
    @fixed_anchor = fixed_anchor ? true : false
  end

  # MRI copies the position and the last match, not the anchor mode nor
  # the Regexp named groups are looked up in.
  def initialize_copy(other)
    super
    @regex = nil
    @fixed_anchor = false
  end

  def fixed_anchor?
    @fixed_anchor
  end

  def string
    @string
  end

  def string=(string)
    @string = __string_value(string)
    @curr = 0
    @matched = false
    string
  end

  def concat(string)
    @string << __string_value(string)
    self
  end
  alias_method :<<, :concat

  def pos
    @curr
  end
  alias_method :pointer, :pos

  def pos=(n)
    i = __num2long(n)
    len = @string.bytesize
    i += len if i < 0
    raise RangeError, "index out of range" if i < 0 || i > len
    @curr = i
  end
  alias_method :pointer=, :pos=

  def charpos
    @string.byteslice(0, @curr).size
  end

  def reset
    @curr = 0
    @matched = false
    self
  end

  def terminate
    @curr = @string.bytesize
    @matched = false
    self
  end

  def clear
    warn("StringScanner#clear is obsolete; use #terminate instead", uplevel: 0) if $VERBOSE
    terminate
  end

  def scan(pattern)
    @matched = false
    @regex = pattern if Regexp === pattern
    regs = __strscan_match(pattern, @string, @curr, true, @fixed_anchor)
    __matched(pattern, regs, true, true)
  end

  def match?(pattern)
    @matched = false
    @regex = pattern if Regexp === pattern
    regs = __strscan_match(pattern, @string, @curr, true, @fixed_anchor)
    __matched(pattern, regs, false, false)
  end

  def skip(pattern)
    @matched = false
    @regex = pattern if Regexp === pattern
    regs = __strscan_match(pattern, @string, @curr, true, @fixed_anchor)
    __matched(pattern, regs, true, false)
  end

  def check(pattern)
    @matched = false
    @regex = pattern if Regexp === pattern
    regs = __strscan_match(pattern, @string, @curr, true, @fixed_anchor)
    __matched(pattern, regs, false, true)
  end

  def scan_full(pattern, advance, return_string)
    @matched = false
    @regex = pattern if Regexp === pattern
    regs = __strscan_match(pattern, @string, @curr, true, @fixed_anchor)
    __matched(pattern, regs, advance, return_string)
  end

  def scan_until(pattern)
    @matched = false
    @regex = pattern if Regexp === pattern
    regs = __strscan_match(pattern, @string, @curr, false, @fixed_anchor)
    __matched(pattern, regs, true, true)
  end

  def exist?(pattern)
    @matched = false
    @regex = pattern if Regexp === pattern
    regs = __strscan_match(pattern, @string, @curr, false, @fixed_anchor)
    __matched(pattern, regs, false, false)
  end

  def skip_until(pattern)
    @matched = false
    @regex = pattern if Regexp === pattern
    regs = __strscan_match(pattern, @string, @curr, false, @fixed_anchor)
    __matched(pattern, regs, true, false)
  end

  def check_until(pattern)
    @matched = false
    @regex = pattern if Regexp === pattern
    regs = __strscan_match(pattern, @string, @curr, false, @fixed_anchor)
    __matched(pattern, regs, false, true)
  end

  def search_full(pattern, advance, return_string)
    @matched = false
    @regex = pattern if Regexp === pattern
    regs = __strscan_match(pattern, @string, @curr, false, @fixed_anchor)
    __matched(pattern, regs, advance, return_string)
  end

  def getch
    @matched = false
    return nil if eos?
    len = @string.byteslice(@curr, 4)[0].bytesize
    __step(len)
  end

  def get_byte
    @matched = false
    return nil if eos?
    __step(1)
  end

  def getbyte
    warn("StringScanner#getbyte is obsolete; use #get_byte instead", uplevel: 0) if $VERBOSE
    get_byte
  end

  def peek(len)
    len = __num2long(len)
    return @string.byteslice(0, 0) if eos?
    raise ArgumentError, "negative string size (or size too big)" if len < 0
    @string.byteslice(@curr, len)
  end

  def peep(len)
    warn("StringScanner#peep is obsolete; use #peek instead", uplevel: 0) if $VERBOSE
    peek(len)
  end

  def unscan
    raise Error, "unscan failed: previous match record not exist" unless @matched
    @curr = @prev
    @matched = false
    self
  end

  def beginning_of_line?
    return nil if @curr > @string.bytesize
    return true if @curr == 0
    @string.getbyte(@curr - 1) == 10
  end
  alias_method :bol?, :beginning_of_line?

  def eos?
    @curr >= @string.bytesize
  end

  def empty?
    warn("StringScanner#empty? is obsolete; use #eos? instead", uplevel: 0) if $VERBOSE
    eos?
  end

  def rest?
    !eos?
  end

  def rest
    return @string.byteslice(0, 0) if eos?
    @string.byteslice(@curr, @string.bytesize - @curr)
  end

  def rest_size
    return 0 if eos?
    @string.bytesize - @curr
  end

  def restsize
    warn("StringScanner#restsize is obsolete; use #rest_size instead", uplevel: 0) if $VERBOSE
    rest_size
  end

  def matched?
    @matched
  end

  def matched
    return nil unless @matched
    __range(@regs[0], @regs[1])
  end

  def matched_size
    return nil unless @matched
    @regs[1] - @regs[0]
  end

  def pre_match
    return nil unless @matched
    __range(0, @regs[0])
  end

  def post_match
    return nil unless @matched
    __range(@regs[1], @string.bytesize)
  end

  def [](index)
    return nil unless @matched
    if Symbol === index || String === index
      return nil unless @regex
      i = __named_group(index.to_s)
      raise IndexError, "undefined group name reference: #{index}" unless i
    else
      i = __num2long(index)
    end
    __group(i)
  end

  def size
    return nil unless @matched
    @regs.size / 2
  end

  # A group that did not take part is "" here (MRI reads its registers
  # without checking), nil in `[]`.
  def captures
    return nil unless @matched
    result = []
    i = 2
    while i < @regs.size
      start = @regs[i]
      result << (start.nil? ? "" : __range(start, @regs[i + 1]))
      i += 2
    end
    result
  end

  def values_at(*indexes)
    return nil unless @matched
    result = []
    k = 0
    while k < indexes.size
      index = indexes[k]
      if Symbol === index || String === index
        if @regex
          i = __named_group(index.to_s)
          raise IndexError, "undefined group name reference: #{index}" unless i
          result << __group(i)
        else
          result << nil
        end
      else
        result << __group(__num2long(index))
      end
      k += 1
    end
    result
  end

  def inspect
    return "#<#{self.class} fin>" if eos?
    after = __dump(rest_size > 5 ? @string.byteslice(@curr, 5) + "..." : rest)
    return "#<#{self.class} #{@curr}/#{@string.bytesize} @ #{after}>" if @curr == 0
    before = @curr > 5 ? "..." + @string.byteslice(@curr - 5, 5) : @string.byteslice(0, @curr)
    "#<#{self.class} #{@curr}/#{@string.bytesize} #{__dump(before)} @ #{after}>"
  end

  private

  # Records what `__strscan_match` answered for `pattern` (the offsets of
  # a match; for no match nil, or a Regexp's register count): moves past
  # a match when `advance`, and answers the text from the position to the
  # match's end when `return_string`, else its length.
  def __matched(pattern, regs, advance, return_string)
    if Integer === regs
      @nregs = regs
      return nil
    end
    return nil unless regs
    @matched = true
    if Regexp === pattern
      @regs = regs
      @nregs = regs.size / 2
    else
      @regs = __registers(regs[0], regs[1])
    end
    @prev = @curr
    finish = regs[1]
    @curr = finish if advance
    if return_string
      __range(@prev, finish)
    else
      finish - @prev
    end
  end

  # `getch` and `get_byte`: moves `len` bytes on, recorded as a match.
  def __step(len)
    rest = @string.bytesize - @curr
    len = rest if len > rest
    @prev = @curr
    @curr += len
    @matched = true
    @regs = __registers(@prev, @curr)
    __range(@prev, @curr)
  end

  # The registers of a match that is not a Regexp's: the match, and as
  # many groups (none taking part) as the registers held before, as MRI
  # clears its registers without resizing them.
  def __registers(start, finish)
    @nregs = 1 if @nregs < 1
    regs = [start, finish]
    (@nregs - 1).times { regs << nil << nil }
    regs
  end

  # The bytes from `start` to `finish` of the string as it is now (nil
  # past its end).
  def __range(start, finish)
    len = @string.bytesize
    return nil if start > len
    finish = len if finish > len
    @string.byteslice(start, finish - start)
  end

  # Group `i` of the last match (negative from the end).
  def __group(i)
    count = @regs.size / 2
    i += count if i < 0
    return nil if i < 0 || i >= count
    start = @regs[2 * i]
    return nil if start.nil?
    __range(start, @regs[2 * i + 1])
  end

  # The number of the group named `name` in the last Regexp: the last of
  # the groups of that name that took part, or the last of them.
  def __named_group(name)
    numbers = @regex.named_captures[name]
    return nil unless numbers
    numbers.reverse_each do |n|
      return n if @regs[2 * n] && n < @regs.size / 2
    end
    numbers.last
  end

  # MRI's `String#dump` of bytes (as of a binary String: every byte past
  # ASCII is `\xHH`).
  def __dump(text)
    out = +"\""
    i = 0
    len = text.bytesize
    while i < len
      b = text.getbyte(i)
      case b
      when 34 then out << "\\\""
      when 92 then out << "\\\\"
      when 10 then out << "\\n"
      when 13 then out << "\\r"
      when 9 then out << "\\t"
      when 12 then out << "\\f"
      when 11 then out << "\\v"
      when 8 then out << "\\b"
      when 7 then out << "\\a"
      when 27 then out << "\\e"
      when 35
        following = text.getbyte(i + 1)
        out << (following == 36 || following == 64 || following == 123 ? "\\#" : "#")
      else
        if b >= 32 && b < 127
          out << b
        else
          out << format("\\x%02X", b)
        end
      end
      i += 1
    end
    out << "\""
  end
end

ScanError = StringScanner::Error unless defined?(ScanError)
