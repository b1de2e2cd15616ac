# JSON, the standard library's (MRI 3.1 loads json 2.6.1 with
# `require "json"`): parsing JSON text into Hashes, Arrays, Strings,
# Integers, Floats, true, false and nil, and generating it from them with
# `to_json`, `JSON.generate`, `JSON.pretty_generate` and `JSON.dump`.
#
# MRI's parser and generator are C (a Ragel state machine); these are
# Ruby that follow those machines byte by byte, so that what they accept
# and the errors they raise are MRI's, messages included: a ParserError
# names the line of json's C source MRI reports (`859: unexpected token
# at '...'`, the text from where the machine stopped, up to a NUL byte),
# a NestingError the depth, a GeneratorError a NaN or infinite Float or a
# String that is not UTF-8.
#
# Parser options: max_nesting (100 unless given; false, nil or 0 for no
# limit), allow_nan, symbolize_names, freeze, object_class, array_class,
# create_additions with create_id (objects naming a class that answers
# json_creatable? become `klass.json_create(hash)`). State options:
# indent, space, space_before, object_nl, array_nl, allow_nan,
# ascii_only, escape_slash, max_nesting, depth. Left out: the parser's
# decimal_class and match_string, JSON::GenericObject (MRI's needs
# ostruct, which MRI's json loads with it), the json/add extensions,
# String#to_json_raw, and JSON.parser=/generator= (these are the only
# parser and generator).

module JSON
  VERSION = "2.6.1"
  VERSION_ARRAY = VERSION.split(".").map(&:to_i)
  VERSION_MAJOR = VERSION_ARRAY[0]
  VERSION_MINOR = VERSION_ARRAY[1]
  VERSION_BUILD = VERSION_ARRAY[2]

  NaN = 0.0 / 0
  Infinity = 1.0 / 0
  MinusInfinity = -Infinity

  class JSONError < StandardError
    def self.wrap(exception)
      obj = new("Wrapped(#{exception.class}): #{exception.message.inspect}")
      obj.set_backtrace exception.backtrace
      obj
    end
  end
  class ParserError < JSONError; end
  class NestingError < ParserError; end
  class CircularDatastructure < NestingError; end
  class GeneratorError < JSONError; end
  UnparserError = GeneratorError
  class MissingUnicodeSupport < JSONError; end

  module Ext
    # The parser: `JSON::Parser.new(source, **options).parse`.
    class Parser
      def initialize(source, **opts)
        raise TypeError, "already initialized instance" if @source
        if opts.empty?
          @max_nesting = 100
          @allow_nan = false
          @symbolize_names = false
          @freeze = false
          @create_additions = false
          @create_id = nil
          @object_class = nil
          @array_class = nil
        else
          if opts.key?(:max_nesting)
            max_nesting = opts[:max_nesting]
            if max_nesting
              unless max_nesting.is_a?(Integer) && max_nesting.bit_length < 63
                raise TypeError, "wrong argument type #{JSON.__send__(:__class_name, max_nesting)} (expected Integer)"
              end
              @max_nesting = max_nesting
            else
              @max_nesting = 0
            end
          else
            @max_nesting = 100
          end
          @allow_nan = opts[:allow_nan] ? true : false
          @symbolize_names = opts[:symbolize_names] ? true : false
          @freeze = opts[:freeze] ? true : false
          @create_additions = opts[:create_additions] ? true : false
          if @symbolize_names && @create_additions
            raise ArgumentError, "options :symbolize_names and :create_additions cannot be  used in conjunction"
          end
          @create_id = opts.key?(:create_id) ? opts[:create_id] : JSON.create_id
          @object_class = opts[:object_class]
          @array_class = opts[:array_class]
        end
        @source = __string_value(source)
        # The text is read as UTF-8 (MRI's convert_encoding).
        @source = @source.dup.force_encoding(::Encoding::UTF_8) unless @source.encoding == ::Encoding::UTF_8
        @len = @source.bytesize
      end

      def source
        @source.dup
      end

      # JSON text: a value with whitespace and comments around it.
      def parse
        q = __skip(0)
        raise __unexpected(859, ~q) if q < 0
        c = @source.getbyte(q)
        raise __unexpected(859, q) unless __begin_value?(c)
        np = __value(q, 0)
        raise __unexpected(859, q) unless np
        result = @value
        q = __skip(np)
        raise __unexpected(859, ~q) if q < 0
        raise __unexpected(859, q) if q < @len
        result
      end

      private

      # Whether byte `c` can start a value: `"`, `-`, a digit, `I`, `N`,
      # `[`, `f`, `n`, `t` or `{`.
      def __begin_value?(c)
        case c
        when 34, 45, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 73, 78, 91, 102, 110, 116, 123
          true
        else
          false
        end
      end

      # The ParserError of json's C line `line`, showing the source from
      # byte `p` (to its end or a NUL byte).
      def __unexpected(line, p)
        ParserError.new("#{line}: unexpected token at '#{__rest(p)}'")
      end

      def __rest(p)
        rest = @source.byteslice(p, @len - p)
        nul = rest.index("\0")
        nul ? rest[0, nul] : rest
      end

      # Skips whitespace and comments from `p`: the position of the next
      # byte (the length at the end), or `~q` when the text goes wrong at
      # `q` (a `/` not starting a comment, or the end inside a comment).
      def __skip(p)
        src = @source
        while true
          c = src.getbyte(p)
          if c == 32 || c == 10 || c == 13 || c == 9
            p += 1
          elsif c == 47
            c = src.getbyte(p + 1)
            if c == 42
              p += 2
              while true
                c = src.getbyte(p)
                return ~@len if c.nil?
                p += 1
                if c == 42 && src.getbyte(p) == 47
                  p += 1
                  break
                end
              end
            elsif c == 47
              p += 2
              while true
                c = src.getbyte(p)
                return ~@len if c.nil?
                p += 1
                break if c == 10
              end
            else
              return ~(p + 1)
            end
          else
            return p
          end
        end
      end

      # A value at `p` (a byte that can start one): its end, with the
      # value in @value; nil when a literal does not match. A String or an
      # object that goes wrong answers `p`, where the caller then fails.
      def __value(p, depth)
        c = @source.getbyte(p)
        np =
          case c
          when 34
            __string(p, false) || p
          when 91
            __array(p, depth + 1)
          when 123
            __object(p, depth + 1) || p
          when 110
            __literal(p, "null", nil)
          when 116
            __literal(p, "true", true)
          when 102
            __literal(p, "false", false)
          when 78
            return nil unless @source.byteslice(p, 3) == "NaN"
            raise __unexpected(225, p) unless @allow_nan
            @value = NaN
            p + 3
          when 73
            return nil unless @source.byteslice(p, 8) == "Infinity"
            # MRI shows the text from the byte before the literal.
            raise ParserError, "232: unexpected token at '#{p > 0 ? __rest(p - 1) : ""}'" unless @allow_nan
            @value = Infinity
            p + 8
          else
            if c == 45 && @len - p >= 9 && @source.byteslice(p, 9) == "-Infinity"
              raise __unexpected(249, p) unless @allow_nan
              @value = MinusInfinity
              p + 9
            else
              __number(p)
            end
          end
        @value.freeze if @freeze && np
        np
      end

      def __literal(p, word, value)
        return nil unless @source.byteslice(p, word.bytesize) == word
        @value = value
        p + word.bytesize
      end

      # A number at `p`: a Float if one is there, else an Integer; the end
      # of what was read, or `p` when neither is there.
      def __number(p)
        src = @source
        q = p
        q += 1 if src.getbyte(q) == 45
        c = src.getbyte(q)
        if c == 48
          q += 1
          zero = true
        elsif c && c >= 49 && c <= 57
          q += 1
          q += 1 while (c = src.getbyte(q)) && c >= 48 && c <= 57
          zero = false
        else
          return p
        end
        int_end = q
        c = src.getbyte(q)
        float_end = nil
        if c == 46
          r = q + 1
          c = src.getbyte(r)
          if c && c >= 48 && c <= 57
            r += 1
            r += 1 while (c = src.getbyte(r)) && c >= 48 && c <= 57
            if c == 69 || c == 101
              float_end = __exponent(r)
            elsif c != 45 && c != 46
              float_end = r
            end
          end
        elsif c == 69 || c == 101
          float_end = __exponent(q)
        end
        if float_end
          @value = src.byteslice(p, float_end - p).to_f
          return float_end
        end
        # An Integer: a leading 0 must not be followed by a digit.
        c = src.getbyte(int_end)
        return p if zero && c && c >= 48 && c <= 57
        @value = src.byteslice(p, int_end - p).to_i
        int_end
      end

      # The end of a Float whose exponent starts at `q` (the `e`), or nil.
      def __exponent(q)
        src = @source
        q += 1
        c = src.getbyte(q)
        if c == 43 || c == 45
          q += 1
          c = src.getbyte(q)
        end
        return nil unless c && c >= 48 && c <= 57
        q += 1
        q += 1 while (c = src.getbyte(q)) && c >= 48 && c <= 57
        return nil if c == 69 || c == 101 || c == 45 || c == 46
        q
      end

      # A String at `p` (its `"`): the position after its closing quote,
      # with the String (a Symbol for a name under symbolize_names) in
      # @value; nil when it does not end well.
      def __string(p, name)
        src = @source
        q = p + 1
        escaped = false
        while true
          c = src.getbyte(q)
          return nil if c.nil?
          break if c == 34
          if c == 92
            escaped = true
            c = src.getbyte(q + 1)
            return nil if c.nil? || c < 32
            if c == 117
              i = q + 2
              while i < q + 6
                h = src.getbyte(i)
                return nil unless h && ((h >= 48 && h <= 57) || (h >= 65 && h <= 70) || (h >= 97 && h <= 102))
                i += 1
              end
              q += 6
            else
              q += 2
            end
          elsif c < 32
            return nil
          else
            q += 1
          end
        end
        string = escaped ? __unescape(p + 1, q) : src.byteslice(p + 1, q - p - 1)
        @value = name && @symbolize_names ? string.to_sym : string
        q + 1
      end

      # The text of a String's bytes `from...to` with its escapes undone,
      # as json's C does (an unknown escape is the character itself; a
      # high surrogate without a `\u` after it is `?`, which swallows the
      # next character).
      def __unescape(from, to)
        src = @source
        buf = +""
        p = pe = from
        while pe < to
          if src.getbyte(pe) != 92
            pe += 1
            next
          end
          buf << src.byteslice(p, pe - p) if pe > p
          pe += 1
          case src.getbyte(pe)
          when 110 then buf << "\n"
          when 114 then buf << "\r"
          when 116 then buf << "\t"
          when 34 then buf << "\""
          when 92 then buf << "\\"
          when 98 then buf << "\b"
          when 102 then buf << "\f"
          when 117
            ch = src.byteslice(pe + 1, 4).to_i(16)
            pe += 4
            if ch & 0xFC00 == 0xD800
              pe += 1
              if pe > to - 6
                raise ParserError, "521: incomplete surrogate pair at '#{__rest(p)}'"
              end
              if src.getbyte(pe) == 92 && src.getbyte(pe + 1) == 117
                low = src.byteslice(pe + 2, 4).to_i(16)
                ch = ((ch & 0x3F) << 10) | ((((ch >> 6) & 0xF) + 1) << 16) | (low & 0x3FF)
                pe += 5
                buf << ch
              else
                buf << "?"
              end
            elsif ch & 0xF800 == 0xD800
              # A lone low surrogate: its three bytes, not UTF-8.
              buf << (0xE0 | (ch >> 12)).chr << (0x80 | ((ch >> 6) & 0x3F)).chr << (0x80 | (ch & 0x3F)).chr
            else
              buf << ch
            end
          else
            p = pe
            next
          end
          pe += 1
          p = pe
        end
        buf << src.byteslice(p, pe - p)
      end

      # An array at `p` (its `[`), `depth` deep: the position after its
      # `]`. Everything that goes wrong inside raises ParserError here.
      def __array(p, depth)
        if @max_nesting != 0 && depth > @max_nesting
          raise NestingError, "nesting of #{depth} is too deep"
        end
        result = @array_class ? @array_class.new : []
        src = @source
        q = __skip(p + 1)
        raise __unexpected(451, ~q) if q < 0
        c = src.getbyte(q)
        if c == 93
          @value = result
          return q + 1
        end
        while true
          raise __unexpected(451, q) unless __begin_value?(c)
          np = __value(q, depth)
          raise __unexpected(451, q) unless np
          result << @value
          q = __skip(np)
          raise __unexpected(451, ~q) if q < 0
          c = src.getbyte(q)
          if c == 44
            q = __skip(q + 1)
            raise __unexpected(451, ~q) if q < 0
            c = src.getbyte(q)
          elsif c == 93
            @value = result
            return q + 1
          else
            raise __unexpected(451, q)
          end
        end
      end

      # An object at `p` (its `{`), `depth` deep: the position after its
      # `}`, or nil when it goes wrong.
      def __object(p, depth)
        if @max_nesting != 0 && depth > @max_nesting
          raise NestingError, "nesting of #{depth} is too deep"
        end
        result = @object_class ? @object_class.new : {}
        src = @source
        q = __skip(p + 1)
        return nil if q < 0
        c = src.getbyte(q)
        return __object_end(result, q + 1) if c == 125
        while true
          return nil unless c == 34
          np = __string(q, true)
          return nil unless np
          key = @value
          q = __skip(np)
          return nil if q < 0 || src.getbyte(q) != 58
          q = __skip(q + 1)
          return nil if q < 0
          c = src.getbyte(q)
          return nil unless __begin_value?(c)
          np = __value(q, depth)
          return nil unless np
          result[key] = @value
          q = __skip(np)
          return nil if q < 0
          c = src.getbyte(q)
          if c == 44
            q = __skip(q + 1)
            return nil if q < 0
            c = src.getbyte(q)
          elsif c == 125
            return __object_end(result, q + 1)
          else
            return nil
          end
        end
      end

      # An object read whole: with create_additions, made into the object
      # of the class it names.
      def __object_end(result, np)
        if @create_additions
          name = result[@create_id]
          unless name.nil?
            klass = JSON.deep_const_get(name)
            result = klass.json_create(result) if klass.json_creatable?
          end
        end
        @value = result
        np
      end
    end

    module Generator
      # How `generate` lays JSON out, and how deep it is.
      class State
        def self.from_state(opts)
          if opts.is_a?(self)
            opts
          elsif opts.is_a?(::Hash)
            new(opts)
          else
            new
          end
        end

        def initialize(opts = nil)
          @indent = nil
          @space = nil
          @space_before = nil
          @object_nl = nil
          @array_nl = nil
          @allow_nan = false
          @ascii_only = false
          @escape_slash = false
          @max_nesting = 100
          @depth = 0
          @buffer_initial_length = 1024
          configure(opts) unless opts.nil?
        end

        def configure(opts)
          unless opts.is_a?(::Hash)
            if opts.respond_to?(:to_hash)
              opts = opts.to_hash
            elsif opts.respond_to?(:to_h)
              opts = opts.to_h
            else
              raise TypeError, "can't convert #{JSON.__send__(:__class_name, opts)} into Hash"
            end
          end
          @indent = __layout(opts[:indent]) if opts[:indent]
          @space = __layout(opts[:space]) if opts[:space]
          @space_before = __layout(opts[:space_before]) if opts[:space_before]
          @object_nl = __layout(opts[:object_nl]) if opts[:object_nl]
          @array_nl = __layout(opts[:array_nl]) if opts[:array_nl]
          @max_nesting = opts.key?(:max_nesting) ? __fixnum(opts[:max_nesting]) : 100
          @depth = opts.key?(:depth) ? __fixnum(opts[:depth]) : 0
          if opts.key?(:buffer_initial_length)
            length = __fixnum(opts[:buffer_initial_length])
            @buffer_initial_length = length if length > 0
          end
          @allow_nan = opts[:allow_nan] ? true : false
          @ascii_only = opts[:ascii_only] ? true : false
          @escape_slash = opts[:escape_slash] ? true : false
          self
        end
        alias merge configure

        def indent
          @indent || ""
        end

        def indent=(indent)
          @indent = __layout(indent)
        end

        def space
          @space || ""
        end

        def space=(space)
          @space = __layout(space)
        end

        def space_before
          @space_before || ""
        end

        def space_before=(space_before)
          @space_before = __layout(space_before)
        end

        def object_nl
          @object_nl || ""
        end

        def object_nl=(object_nl)
          @object_nl = __layout(object_nl)
        end

        def array_nl
          @array_nl || ""
        end

        def array_nl=(array_nl)
          @array_nl = __layout(array_nl)
        end

        attr_reader :max_nesting, :depth, :buffer_initial_length

        def max_nesting=(depth)
          @max_nesting = __fixnum(depth)
        end

        def depth=(depth)
          @depth = __fixnum(depth)
        end

        def buffer_initial_length=(length)
          length = __fixnum(length)
          @buffer_initial_length = length if length > 0
        end

        def check_circular?
          @max_nesting != 0
        end

        def allow_nan?
          @allow_nan
        end

        def ascii_only?
          @ascii_only
        end

        def escape_slash?
          @escape_slash
        end

        def escape_slash=(enable)
          @escape_slash = enable ? true : false
        end

        def [](name)
          if respond_to?(name)
            __send__(name)
          else
            instance_variable_get("@#{name}") if instance_variable_defined?("@#{name}")
          end
        end

        def []=(name, value)
          if respond_to?(name_writer = "#{name}=")
            __send__ name_writer, value
          else
            instance_variable_set "@#{name}", value
          end
        end

        def to_h
          {
            indent: indent, space: space, space_before: space_before,
            object_nl: object_nl, array_nl: array_nl, allow_nan: @allow_nan,
            ascii_only: @ascii_only, max_nesting: @max_nesting,
            escape_slash: @escape_slash, depth: @depth,
            buffer_initial_length: @buffer_initial_length
          }
        end
        alias to_hash to_h

        def generate(obj)
          buf = +""
          __generate(buf, obj)
          buf
        end

        private

        def __layout(text)
          unless text.is_a?(String)
            raise TypeError, "wrong argument type #{JSON.__send__(:__class_name, text)} (expected String)"
          end
          text.dup
        end

        # An option that is a Fixnum (false or nil for 0).
        def __fixnum(value)
          return 0 unless value
          unless value.is_a?(Integer) && value.bit_length < 63
            raise TypeError, "wrong argument type #{JSON.__send__(:__class_name, value)} (expected Integer)"
          end
          value
        end

        # Appends the JSON of `obj` to `buf`: Hash, Array and String (of
        # those very classes), nil, true, false, Integer and Float here,
        # anything else by its `to_json(state)` (or `to_s` as a String).
        def __generate(buf, obj)
          klass = obj.class
          if klass == ::Hash
            __generate_object(buf, obj)
          elsif klass == ::Array
            __generate_array(buf, obj)
          elsif klass == ::String
            __generate_string(buf, obj)
          elsif obj.nil?
            buf << "null"
          elsif obj == false
            buf << "false"
          elsif obj == true
            buf << "true"
          elsif klass == ::Integer
            buf << obj.to_s
          elsif klass == ::Float
            __generate_float(buf, obj)
          elsif obj.respond_to?(:to_json)
            json = obj.to_json(self)
            unless json.is_a?(String)
              raise TypeError, "wrong argument type #{JSON.__send__(:__class_name, json)} (expected String)"
            end
            buf << json
          else
            text = obj.to_s
            unless text.is_a?(String)
              raise TypeError, "wrong argument type #{JSON.__send__(:__class_name, text)} (expected String)"
            end
            __generate_string(buf, text)
          end
        end

        # `Object#to_json`: the JSON of the object's `to_s`.
        def __generate_to_s(obj)
          text = obj.to_s
          unless text.is_a?(String)
            raise TypeError, "wrong argument type #{JSON.__send__(:__class_name, text)} (expected String)"
          end
          generate(text)
        end

        def __generate_object(buf, hash)
          depth = @depth += 1
          if @max_nesting != 0 && depth > @max_nesting
            @depth -= 1
            raise NestingError, "nesting of #{@depth} is too deep"
          end
          separator = "#{@space_before}:#{@space}"
          buf << "{"
          first = true
          hash.each_pair do |key, value|
            buf << "," unless first
            first = false
            buf << @object_nl if @object_nl
            buf << @indent * depth if @indent
            key_class = key.class
            text =
              if key_class == ::String
                key
              elsif key_class == ::Symbol
                key.to_s
              else
                key.to_s
              end
            unless text.is_a?(String)
              raise TypeError, "wrong argument type #{JSON.__send__(:__class_name, text)} (expected String)"
            end
            __generate(buf, text)
            buf << separator
            __generate(buf, value)
          end
          depth = @depth -= 1
          if @object_nl
            buf << @object_nl
            buf << @indent * depth if @indent
          end
          buf << "}"
        end

        def __generate_array(buf, array)
          depth = @depth += 1
          if @max_nesting != 0 && depth > @max_nesting
            @depth -= 1
            raise NestingError, "nesting of #{@depth} is too deep"
          end
          buf << "["
          buf << @array_nl if @array_nl
          delimiter = @array_nl ? ",#{@array_nl}" : ","
          i = 0
          while i < array.length
            buf << delimiter if i > 0
            buf << @indent * depth if @indent
            __generate(buf, array[i])
            i += 1
          end
          depth = @depth -= 1
          if @array_nl
            buf << @array_nl
            buf << @indent * depth if @indent
          end
          buf << "]"
        end

        def __generate_float(buf, float)
          unless @allow_nan
            if float.infinite?
              raise GeneratorError, "1000: #{float} not allowed in JSON"
            elsif float.nan?
              raise GeneratorError, "1003: #{float} not allowed in JSON"
            end
          end
          buf << float.to_s
        end

        def __generate_string(buf, string)
          # Other encodings' bytes are taken as UTF-8, as MRI's generator
          # does when it cannot convert them.
          string = string.dup.force_encoding(::Encoding::UTF_8) unless string.encoding == ::Encoding::UTF_8
          __check_utf8(string) unless string.valid_encoding?
          buf << "\""
          if @ascii_only
            buf << string.gsub(@escape_slash ? %r{[\x00-\x1f"\\/]|[^\x00-\x7f]} : /[\x00-\x1f"\\]|[^\x00-\x7f]/) { |c|
              __escape(c) || __unicode_escape(c.ord)
            }
          elsif string.match?(@escape_slash ? %r{[\x00-\x1f"\\/]} : /[\x00-\x1f"\\]/)
            buf << string.gsub(@escape_slash ? %r{[\x00-\x1f"\\/]} : /[\x00-\x1f"\\]/) { |c|
              __escape(c) || format("\\u%04x", c.ord)
            }
          else
            buf << string
          end
          buf << "\""
        end

        # The short escape of a character, if it has one.
        def __escape(c)
          case c
          when "\"" then "\\\""
          when "\\" then "\\\\"
          when "/" then "\\/"
          when "\n" then "\\n"
          when "\r" then "\\r"
          when "\t" then "\\t"
          when "\f" then "\\f"
          when "\b" then "\\b"
          end
        end

        # `\uXXXX` of a character (a surrogate pair past the BMP).
        def __unicode_escape(code)
          return format("\\u%04x", code) if code < 0x10000
          code -= 0x10000
          format("\\u%04x\\u%04x", 0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF))
        end

        # The GeneratorError of a String that is not valid UTF-8, worded as
        # json's C words the first bad character it reaches.
        def __check_utf8(string)
          len = string.bytesize
          i = 0
          while i < len
            lead = string.getbyte(i)
            size =
              if lead < 0xC0 then 1
              elsif lead < 0xE0 then 2
              elsif lead < 0xF0 then 3
              elsif lead < 0xF8 then 4
              elsif lead < 0xFC then 5
              else 6
              end
            if i + size > len
              raise GeneratorError, "partial character in source, but hit end"
            end
            unless __legal_utf8?(string, i, size)
              raise GeneratorError, "source sequence is illegal/malformed utf-8"
            end
            i += size
          end
        end

        # ConvertUTF's isLegalUTF8 of the `size` bytes at `i`.
        def __legal_utf8?(string, i, size)
          return false if size > 4
          lead = string.getbyte(i)
          if size > 1
            k = size - 1
            while k > 1
              b = string.getbyte(i + k)
              return false if b < 0x80 || b > 0xBF
              k -= 1
            end
            second = string.getbyte(i + 1)
            return false if second > 0xBF
            case lead
            when 0xE0 then return false if second < 0xA0
            when 0xED then return false if second > 0x9F
            when 0xF0 then return false if second < 0x90
            when 0xF4 then return false if second > 0x8F
            else return false if second < 0x80
            end
          end
          return false if lead >= 0x80 && lead < 0xC2
          lead <= 0xF4
        end
      end

      # The `to_json` methods json adds to the core classes.
      module GeneratorMethods
        module Object
          def to_json(state = nil)
            State.from_state(state).__send__(:__generate_to_s, self)
          end
        end

        module Hash
          def to_json(state = nil)
            buf = +""
            State.from_state(state).__send__(:__generate_object, buf, self)
            buf
          end
        end

        module Array
          def to_json(state = nil)
            buf = +""
            State.from_state(state).__send__(:__generate_array, buf, self)
            buf
          end
        end

        module Integer
          def to_json(state = nil)
            to_s
          end
        end

        module Float
          def to_json(state = nil)
            buf = +""
            State.from_state(state).__send__(:__generate_float, buf, self)
            buf
          end
        end

        module String
          def to_json(state = nil)
            buf = +""
            State.from_state(state).__send__(:__generate_string, buf, self)
            buf
          end
        end

        module TrueClass
          def to_json(state = nil)
            "true"
          end
        end

        module FalseClass
          def to_json(state = nil)
            "false"
          end
        end

        module NilClass
          def to_json(state = nil)
            "null"
          end
        end
      end
    end
  end

  ::Object.include(Ext::Generator::GeneratorMethods::Object)
  ::Hash.include(Ext::Generator::GeneratorMethods::Hash)
  ::Array.include(Ext::Generator::GeneratorMethods::Array)
  ::Integer.include(Ext::Generator::GeneratorMethods::Integer)
  ::Float.include(Ext::Generator::GeneratorMethods::Float)
  ::String.include(Ext::Generator::GeneratorMethods::String)
  ::TrueClass.include(Ext::Generator::GeneratorMethods::TrueClass)
  ::FalseClass.include(Ext::Generator::GeneratorMethods::FalseClass)
  ::NilClass.include(Ext::Generator::GeneratorMethods::NilClass)

  Parser = Ext::Parser
  State = Ext::Generator::State
  SAFE_STATE_PROTOTYPE = State.new
  FAST_STATE_PROTOTYPE = State.new(indent: "", space: "", object_nl: "", array_nl: "", max_nesting: false)
  PRETTY_STATE_PROTOTYPE = State.new(indent: "  ", space: " ", object_nl: "\n", array_nl: "\n")

  @parser = Ext::Parser
  @generator = Ext::Generator
  @state = Ext::Generator::State
  @create_id = nil

  class << self
    attr_reader :parser, :generator
    attr_accessor :state, :load_default_options, :dump_default_options

    def [](object, opts = {})
      if object.respond_to? :to_str
        JSON.parse(object.to_str, opts)
      else
        JSON.generate(object, opts)
      end
    end

    def create_id=(new_value)
      @create_id = new_value.dup.freeze
    end

    def create_id
      @create_id || "json_class"
    end

    def deep_const_get(path)
      path.to_s.split(/::/).inject(::Object) do |p, c|
        if c.empty?
          p
        elsif p.const_defined?(c, true)
          p.const_get(c)
        else
          begin
            p.const_get(c)
          rescue NameError => e
            raise ArgumentError, "can't get const #{path}: #{e}"
          end
        end
      end
    end

    def create_fast_state
      State.new(indent: "", space: "", object_nl: "", array_nl: "", max_nesting: false)
    end

    def create_pretty_state
      State.new(indent: "  ", space: " ", object_nl: "\n", array_nl: "\n")
    end

    private

    # How MRI names a value in "wrong argument type X": nil, true and
    # false by value, anything else by class.
    def __class_name(value)
      case value
      when nil, true, false then value.inspect
      else value.class.to_s
      end
    end
  end

  self.load_default_options = {
    max_nesting: false,
    allow_nan: true,
    allow_blank: true,
    create_additions: true
  }

  self.dump_default_options = {
    max_nesting: false,
    allow_nan: true,
    escape_slash: false
  }

  module_function

  def parse(source, opts = {})
    Parser.new(source, **(opts || {})).parse
  end

  def parse!(source, opts = {})
    opts = { max_nesting: false, allow_nan: true }.merge(opts)
    Parser.new(source, **(opts || {})).parse
  end

  def load_file(filespec, opts = {})
    parse(File.read(filespec), opts)
  end

  def load_file!(filespec, opts = {})
    parse!(File.read(filespec), opts)
  end

  def generate(obj, opts = nil)
    if State === opts
      state, opts = opts, nil
    else
      state = State.new
    end
    if opts
      opts = __hash_of(opts)
      state = state.configure(opts)
    end
    state.generate(obj)
  end

  def unparse(obj, opts = nil)
    generate(obj, opts)
  end

  def fast_generate(obj, opts = nil)
    if State === opts
      state, opts = opts, nil
    else
      state = JSON.create_fast_state
    end
    state.configure(__hash_of(opts)) if opts
    state.generate(obj)
  end

  def fast_unparse(obj, opts = nil)
    fast_generate(obj, opts)
  end

  def pretty_generate(obj, opts = nil)
    if State === opts
      state, opts = opts, nil
    else
      state = JSON.create_pretty_state
    end
    state.configure(__hash_of(opts)) if opts
    state.generate(obj)
  end

  def pretty_unparse(obj, opts = nil)
    pretty_generate(obj, opts)
  end

  def load(source, proc = nil, options = {})
    opts = load_default_options.merge options
    if source.respond_to? :to_str
      source = source.to_str
    elsif source.respond_to? :to_io
      source = source.to_io.read
    elsif source.respond_to?(:read)
      source = source.read
    end
    if opts[:allow_blank] && (source.nil? || source.empty?)
      source = "null"
    end
    result = parse(source, opts)
    recurse_proc(result, &proc) if proc
    result
  end

  def restore(source, proc = nil, options = {})
    load(source, proc, options)
  end

  def recurse_proc(result, &proc)
    case result
    when Array
      result.each { |x| recurse_proc x, &proc }
      proc.call result
    when Hash
      result.each { |x, y| recurse_proc x, &proc; recurse_proc y, &proc }
      proc.call result
    else
      proc.call result
    end
  end

  def dump(obj, anIO = nil, limit = nil)
    if anIO and limit.nil?
      anIO = anIO.to_io if anIO.respond_to?(:to_io)
      unless anIO.respond_to?(:write)
        limit = anIO
        anIO = nil
      end
    end
    opts = JSON.dump_default_options
    opts = opts.merge(max_nesting: limit) if limit
    result = generate(obj, opts)
    if anIO
      anIO.write result
      anIO
    else
      result
    end
  rescue JSON::NestingError
    raise ArgumentError, "exceed depth limit"
  end

  # The options Hash `generate` and its kin take (a Hash, or what
  # `to_hash` or `to_h` gives).
  def __hash_of(opts)
    if opts.respond_to? :to_hash
      opts.to_hash
    elsif opts.respond_to? :to_h
      opts.to_h
    else
      raise TypeError, "can't convert #{opts.class} into Hash"
    end
  end
  private_class_method :__hash_of
end

module ::Kernel
  private

  def j(*objs)
    objs.each do |obj|
      puts JSON.generate(obj, allow_nan: true, max_nesting: false)
    end
    nil
  end

  def jj(*objs)
    objs.each do |obj|
      puts JSON.pretty_generate(obj, allow_nan: true, max_nesting: false)
    end
    nil
  end

  def JSON(object, *args)
    if object.respond_to? :to_str
      JSON.parse(object.to_str, args.first)
    else
      JSON.generate(object, args.first)
    end
  end
end

class ::Class
  def json_creatable?
    respond_to?(:json_create)
  end
end
