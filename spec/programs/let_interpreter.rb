# A tiny functional language: a hand-written tokenizer (no Regexp), a
# recursive-descent parser producing an AST of small classes, and an
# evaluator with closures, `let rec`, a call-depth limit kept with ensure, and
# errors reported through a hierarchy of exception classes. Random programs
# come from a seeded generator so the workload can grow.
#
# Usage: let_interpreter.rb [N] -- evaluate N generated programs (default 40).
# Benchmark: `ruby let_interpreter.rb 12000` takes about 1.7 s on MRI 3.1.2 (1.4 s with --yjit).

class LangError < StandardError
  PHASE = "error"

  def initialize(message, position = nil)
    super(position ? "#{message} at #{position}" : message)
  end

  def phase = self.class::PHASE
end

class LexError < LangError; PHASE = "lex error"; end
class ParseError < LangError; PHASE = "parse error"; end
class EvalError < LangError; PHASE = "runtime error"; end
class UnboundVariable < EvalError; end
class TypeMismatch < EvalError; end
class DivisionByZero < EvalError; end
class TooDeep < EvalError; end

Token = Struct.new(:type, :text, :pos)

class Lexer
  KEYWORDS = %w[let rec in if then else fun true false]
  TWO_CHAR = ["->", "<=", ">=", "==", "!="]
  ONE_CHAR = "+-*/%()<>="

  def initialize(source)
    @src, @pos = source, 0
  end

  def tokens
    result = []
    loop do
      @pos += 1 while @pos < @src.size && (@src[@pos] == " " || @src[@pos] == "\n")
      return result << Token.new(:eof, "end of input", @pos) if @pos >= @src.size
      result << next_token
    end
  end

  def digit?(c) = c >= "0" && c <= "9"
  def letter?(c) = (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_"

  def next_token
    start = @pos
    c = @src[@pos]
    if digit?(c)
      @pos += 1 while @pos < @src.size && digit?(@src[@pos])
      return Token.new(:num, @src[start...@pos], start)
    end
    if letter?(c)
      @pos += 1 while @pos < @src.size && (letter?(@src[@pos]) || digit?(@src[@pos]))
      word = @src[start...@pos]
      return Token.new(KEYWORDS.include?(word) ? word.to_sym : :ident, word, start)
    end
    op = TWO_CHAR.include?(@src[@pos, 2]) ? @src[@pos, 2] : c
    raise LexError.new("unexpected character '#{c}'", start) unless op.size == 2 || ONE_CHAR.include?(c)
    @pos += op.size
    Token.new(:op, op, start)
  end
end

class Node
  def evaluate(_env, _interp)
    raise NotImplementedError, "#{self.class} cannot be evaluated"
  end
end

class Lit < Node
  def initialize(value)
    @value = value
  end

  def evaluate(_env, _interp) = @value
  def to_s = @value.to_s
end

class Var < Node
  def initialize(name, pos)
    @name, @pos = name, pos
  end

  def evaluate(env, _interp) = env.lookup(@name, @pos)
  def to_s = @name
end

class BinOp < Node
  def initialize(op, left, right, pos)
    @op, @left, @right, @pos = op, left, right, pos
  end

  def to_s = "(#{@left} #{@op} #{@right})"

  def evaluate(env, interp)
    interp.step
    a = @left.evaluate(env, interp)
    b = @right.evaluate(env, interp)
    unless a.is_a?(Integer) && b.is_a?(Integer)
      raise TypeMismatch.new("'#{@op}' needs integers, got #{a} and #{b}", @pos)
    end
    raise DivisionByZero.new("division by zero", @pos) if b == 0 && (@op == "/" || @op == "%")
    a.public_send(@op, b)
  end
end

class If < Node
  def initialize(cond, yes, no, pos)
    @cond, @yes, @no, @pos = cond, yes, no, pos
  end

  def to_s = "(if #{@cond} then #{@yes} else #{@no})"

  def evaluate(env, interp)
    c = @cond.evaluate(env, interp)
    raise TypeMismatch.new("condition is #{c}, not a boolean", @pos) unless c == true || c == false
    c ? @yes.evaluate(env, interp) : @no.evaluate(env, interp)
  end
end

class Let < Node
  def initialize(name, value, body, rec)
    @name, @value, @body, @rec = name, value, body, rec
  end

  def to_s = "(let #{@rec ? 'rec ' : ''}#{@name} = #{@value} in #{@body})"

  def evaluate(env, interp)
    inner = Env.new(@name, nil, env)
    inner.value = @value.evaluate(@rec ? inner : env, interp)
    @body.evaluate(inner, interp)
  end
end

class Fun < Node
  def initialize(param, body)
    @param, @body = param, body
  end

  def evaluate(env, _interp) = Closure.new(@param, @body, env)
  def to_s = "(fun #{@param} -> #{@body})"
end

class Call < Node
  def initialize(callee, arg, pos)
    @callee, @arg, @pos = callee, arg, pos
  end

  def to_s = "(#{@callee} #{@arg})"

  def evaluate(env, interp)
    f = @callee.evaluate(env, interp)
    raise TypeMismatch.new("cannot call #{f}", @pos) unless f.is_a?(Closure)
    arg = @arg.evaluate(env, interp)
    interp.frame(@pos) { f.body.evaluate(Env.new(f.param, arg, f.env), interp) }
  end
end

Closure = Struct.new(:param, :body, :env) do
  def to_s = "<fun #{param}>"
end

class Env
  attr_reader :name, :parent
  attr_accessor :value

  def initialize(name, value, parent)
    @name, @value, @parent = name, value, parent
  end

  def lookup(name, pos)
    env = self
    while env
      return env.value if env.name == name
      env = env.parent
    end
    raise UnboundVariable.new("unbound variable '#{name}'", pos)
  end
end

class Parser
  LEVELS = [["<", "<=", ">", ">=", "==", "!="], ["+", "-"], ["*", "/", "%"]]
  STARTS_PRIMARY = [:num, :ident, :true, :false]

  def initialize(tokens)
    @tokens, @i = tokens, 0
  end

  def parse
    expression.tap { expect(:eof) }
  end

  private

  def peek = @tokens[@i]
  def op?(text) = peek.type == :op && peek.text == text

  def advance
    @i += 1
    @tokens[@i - 1]
  end

  def expect(type, text = nil)
    return advance if peek.type == type && (text.nil? || peek.text == text)
    wanted = text ? "'#{text}'" : type.to_s
    raise ParseError.new("expected #{wanted} but found '#{peek.text}'", peek.pos)
  end

  def expression
    case peek.type
    when :let
      advance
      recursive = peek.type == :rec
      advance if recursive
      name = expect(:ident).text
      expect(:op, "=")
      value = expression
      expect(:in)
      Let.new(name, value, expression, recursive)
    when :if
      pos = advance.pos
      cond = expression
      expect(:then)
      yes = expression
      expect(:else)
      If.new(cond, yes, expression, pos)
    when :fun
      advance
      param = expect(:ident).text
      expect(:op, "->")
      Fun.new(param, expression)
    else
      binary
    end
  end

  def binary(level = 0)
    return unary if level == LEVELS.size
    left = binary(level + 1)
    while peek.type == :op && LEVELS[level].include?(peek.text)
      tok = advance
      left = BinOp.new(tok.text, left, binary(level + 1), tok.pos)
    end
    left
  end

  def unary
    return application unless op?("-")
    pos = advance.pos
    BinOp.new("-", Lit.new(0), unary, pos)
  end

  def application
    node = primary
    while STARTS_PRIMARY.include?(peek.type) || op?("(")
      node = Call.new(node, primary, peek.pos)
    end
    node
  end

  def primary
    tok = peek
    case tok.type
    when :num then Lit.new(advance.text.to_i)
    when :ident then Var.new(advance.text, tok.pos)
    when :true, :false then Lit.new(advance.type == :true)
    else
      raise ParseError.new("unexpected '#{tok.text}'", tok.pos) unless op?("(")
      advance
      expression.tap { expect(:op, ")") }
    end
  end
end

class Interpreter
  PRELUDE = Env.new("ten", 10, Env.new("answer", 42, nil))
  attr_reader :steps, :max_depth

  def initialize(depth_limit = 200)
    @depth_limit = depth_limit
    @depth = @max_depth = @steps = 0
  end

  def step = @steps += 1
  def depth_balanced? = @depth == 0

  def frame(pos)
    @depth += 1
    @max_depth = @depth if @depth > @max_depth
    raise TooDeep.new("call depth exceeds #{@depth_limit}", pos) if @depth > @depth_limit
    yield
  ensure
    @depth -= 1
  end

  def run(source)
    tree = Parser.new(Lexer.new(source).tokens).parse
    [tree, tree.evaluate(PRELUDE, self).to_s]
  end
end

class ProgramGenerator
  NAMES = %w[a b c d]

  def initialize(seed)
    @state = seed
  end

  def program = expr(3, [])

  private

  # A linear congruential generator, so the programs are the same everywhere.
  def next_int(bound)
    @state = (@state * 1103515245 + 12345) % 2147483648
    (@state >> 10) % bound
  end

  def expr(depth, scope)
    return leaf(scope) if depth == 0
    case next_int(10)
    when 0, 1
      name = NAMES[next_int(NAMES.size)]
      "(let #{name} = #{expr(depth - 1, scope)} in #{expr(depth - 1, scope + [name])})"
    when 2
      "(if #{expr(depth - 1, scope)} < #{leaf(scope)} then #{expr(depth - 1, scope)} else #{leaf(scope)})"
    when 3
      "(fun x -> x * #{expr(depth - 1, scope)} - x) (#{expr(depth - 1, scope)})"
    else
      op = ["+", "-", "*", "/", "%", "+"][next_int(6)]
      "(#{expr(depth - 1, scope)} #{op} #{expr(depth - 1, scope)})"
    end
  end

  def leaf(scope)
    return scope[next_int(scope.size)] if !scope.empty? && next_int(3) == 0
    next_int(60) == 0 ? "z" : next_int(12).to_s
  end
end

count = ARGV[0] ? ARGV[0].to_i : 40

fixed = [
  "1 + 2 * 3 - -(3 - 10) * -2",
  "let x = 5 in let y = x * x in y - x",
  "let rec fact = fun n -> if n <= 1 then 1 else n * fact (n - 1) in fact 25",
  "let rec fib = fun n -> if n < 2 then n else fib (n - 1) + fib (n - 2) in fib 15",
  "let add = fun x -> fun y -> x + y in let add5 = add 5 in add5 10 + add 1 2",
  "let twice = fun f -> fun x -> f (f x) in twice (fun x -> x * 3) 7",
  "let rec sum = fun n -> if n == 0 then 0 else n + sum (n - 1) in sum 100",
  "if 3 > 2 then answer else ten",
  "1 + ",
  "3 $ 4",
  "y + 1",
  "10 / (5 - 5)",
  "let t = true in 1 + t",
  "if 1 then 2 else 3",
  "4 5",
  "(fun x -> x x) (fun x -> x x)",
  "let rec down = fun n -> if n == 0 then 0 else down (n - 1) in down 500",
  "(1 + 2"
]

puts "== fixed programs =="
interp = Interpreter.new
fixed.each do |source|
  puts source
  tree, result = interp.run(source)
  puts "  ast: #{tree}", "  => #{result}"
rescue LangError => e
  puts "  #{e.phase}: #{e.message} (#{e.class})"
end
puts "steps=#{interp.steps} max_depth=#{interp.max_depth} balanced=#{interp.depth_balanced?}"

puts "== generated programs =="
generator = ProgramGenerator.new(424242)
outcomes = Hash.new(0)
checksum = 0
count.times do |i|
  source = generator.program
  line = begin
    result = Interpreter.new.run(source)[1]
    outcomes["ok"] += 1
    checksum = (checksum * 31 + result.to_i) % 1_000_000_007
    "=> #{result}"
  rescue EvalError => e
    outcomes[e.class.name] += 1
    "#{e.phase}: #{e.message} (#{e.class})"
  end
  puts "#{i + 1}. #{source.size > 70 ? source[0, 67] + '...' : source}", "   #{line}" if i < 40
end
puts outcomes.keys.sort.map { |k| "#{k}=#{outcomes[k]}" }.join(" ")
puts "checksum=#{checksum}"
# spec: skip-mode gc-stress 9.3 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
