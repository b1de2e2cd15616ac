class Greeter
  def hello
    "hello"
  end

  alias hi hello
  alias :hey :hello

  def hello
    "new hello"
  end
end

g = Greeter.new
p g.hello
p g.hi
p g.hey
p Greeter.instance_methods(false).sort

$old_global = 5
alias $new_global $old_global
$new_global = 6
p $old_global
